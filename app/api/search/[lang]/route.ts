import { perLanguage } from '@/lib/i18n/language-routes';
import { searchTarget } from '@/lib/search';

// The home search's form without JavaScript: `?q=` goes to the page it finds (lib/search).
export const GET = perLanguage((language, request) => {
  const query = new URL(request.url).searchParams.get('q') ?? '';
  return new Response(null, { status: 303, headers: { location: searchTarget(language, query.slice(0, 200)) } });
});
