import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { routing } from './routing';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    messages: (await import(`../../messages/${locale}.json`)).default,
    timeZone: 'Europe/Brussels',
    // A missing text must never reach a visitor: fail the render (and so the build) instead of
    // showing the key. Other errors keep next-intl's default behaviour.
    onError(error) {
      if (error.code === 'MISSING_MESSAGE') throw error;
      console.error(error);
    },
  };
});
