import { getEnabledLanguages } from '@/lib/config';
import { getProperty } from '@/lib/catalogue';
import { compareColumn } from '@/lib/favourites/compare';

/*
 * One listing as a column of the comparison, for the static export: `npm run export` saves each
 * answer as a file (lib/favourites/compare-rows.ts, compareColumnUrl), and the export's comparison
 * page fetches the few it shows. The server's own comparison page reads the catalogue directly.
 */

type Context = { params: Promise<{ lang: string; id: string }> };

export async function GET(_request: Request, { params }: Context): Promise<Response> {
  const { lang, id } = await params;
  const language = getEnabledLanguages().find((candidate) => candidate === lang);
  const listing = language && /^\d{1,12}$/.test(id) ? getProperty(Number(id), language) : undefined;
  if (!language || !listing) return Response.json({ error: 'not found' }, { status: 404 });
  return Response.json(compareColumn(listing, language));
}
