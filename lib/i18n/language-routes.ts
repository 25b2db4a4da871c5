import { getEnabledLanguages, type Language } from '../config';

/*
 * The route handlers under app/api/<name>/[lang]/ answer per enabled language: the segment is
 * checked here, once, so a handler only ever sees a language the site serves.
 */

type LanguageContext = { params: Promise<{ lang: string }> };

/** A handler that answers 404 for a language the site does not serve, else what `answer` gives. */
export function perLanguage(answer: (language: Language, request: Request) => Response | Promise<Response>) {
  return async (request: Request, { params }: LanguageContext): Promise<Response> => {
    const { lang } = await params;
    const language = getEnabledLanguages().find((candidate) => candidate === lang);
    if (!language) return Response.json({ error: 'unknown language' }, { status: 404 });
    return answer(language, request);
  };
}

/** The static params of such a route when it is built once per language. */
export const languageParams = (): { lang: Language }[] => getEnabledLanguages().map((lang) => ({ lang }));
