import { getMenu, type Language } from '../config';
import { checkPath } from '../pages/check-path';
import { href, type Route } from '../pages';
import { allowedOrigins } from '../security/origin';
import { draftAnchor } from '../form-kinds/definitions';
import { draftCookieNames, draftCookieValues, draftTtlSeconds, keptValues, newDraftId, type FormDraft } from './draft';
import { draftParam } from './draft-id';
import { formKinds, type FormName } from '../form-kinds/table';

/*
 * The answers to a form posted without JavaScript. A failure sends the visitor back (303) to the
 * page the form is on, which shows the form again with what they typed and each error next to its
 * field (lib/forms/draft.ts carries them); a success clears that draft.
 */

type Failure = { error: string; fieldErrors?: Record<string, { code: string }> };

const secure = () => process.env.NODE_ENV === 'production';

function cookie(name: string, value: string, path: string, maxAge: number): string {
  return `${name}=${value}; Path=${path}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure() ? '; Secure' : ''}`;
}

/** The menu page that carries a contact module of this form, for a post that came without a Referer. */
function pageWithForm(form: FormName): Route | undefined {
  const entry = getMenu().find((candidate) => candidate.status !== 'Draft' && candidate.params.modules?.some((module) => module.relations.type === 'contact' && module.relations.id === form));
  return entry ? { page: 'menu', id: entry.id } : undefined;
}

/** A route the form can be on, from what the post said: the listing, the project, the page. */
function fallbackRoute(form: FormName, fields: Readonly<Record<string, unknown>>): Route {
  const about = formKinds[form].definition.about;
  const id = Number(fields.propertyId ?? fields.projectId);
  if (about === 'property' && Number.isInteger(id) && id > 0) return { page: 'property', id };
  if (about === 'project' && Number.isInteger(id) && id > 0) return { page: 'project', id };
  return pageWithForm(form) ?? { page: 'home' };
}

export class PlainPost {
  private fields: Readonly<Record<string, unknown>> = {};

  constructor(
    private readonly form: FormName,
    private readonly request: Request,
  ) {}

  /** What the visitor sent, once the body is read (before that, a failure keeps no values). */
  remember(fields: Readonly<Record<string, unknown>>): void {
    this.fields = fields;
  }

  /** The language the post named, once it is read. */
  language(): string | undefined {
    return typeof this.fields.lang === 'string' ? this.fields.lang : undefined;
  }

  /**
   * The page path the visitor posted from: the Referer of this site or of an exported copy
   * (ALLOWED_ORIGINS), if it is a page of the site; else the page that carries the form.
   */
  private pagePath(language: Language): string {
    const referer = this.request.headers.get('referer');
    if (referer) {
      try {
        const url = new URL(referer);
        const own = new URL(this.request.url).origin;
        if (url.origin === own || allowedOrigins().includes(url.origin)) {
          const check = checkPath(url.pathname);
          if (check.kind === 'ok') return href(check.resolved.route, check.resolved.language).split('?')[0] ?? '/';
        }
      } catch {
        // An unreadable Referer: the form's own page below.
      }
    }
    return href(fallbackRoute(this.form, this.fields), language).split('?')[0] ?? '/';
  }

  /** Back to the form's page, which shows the form again with the values and the errors. */
  failed(body: Failure, language: Language, headers: Record<string, string> = {}): Response {
    const path = this.pagePath(language);
    const about = Number(this.fields.propertyId ?? this.fields.projectId);
    const draft: FormDraft = {
      id: newDraftId(),
      form: this.form,
      about: Number.isInteger(about) && about > 0 ? about : undefined,
      values: keptValues(this.fields, Object.keys(formKinds[this.form].schema.shape)),
      errors: Object.fromEntries(Object.entries(body.fieldErrors ?? {}).map(([field, error]) => [field, error.code])),
      status: body.error,
    };
    const response = new Response(null, { status: 303, headers: { location: `${path}?${draftParam}=${draft.id}#${draftAnchor}`, 'cache-control': 'no-store', ...headers } });
    const chunks = draftCookieValues(draft);
    draftCookieNames.forEach((name, index) => {
      const chunk = chunks[index];
      response.headers.append('set-cookie', chunk ? cookie(name, chunk, path, draftTtlSeconds) : cookie(name, '', path, 0));
    });
    return response;
  }

  /** On to the thank-you page; the draft of an earlier failure on this page is no longer needed. */
  succeeded(location: string, language: Language, headers: Record<string, string> = {}): Response {
    const response = new Response(null, { status: 303, headers: { location, ...headers } });
    // The draft's cookie belongs to the page's path, so this post never carries it: clear it blindly.
    const path = this.pagePath(language);
    for (const name of draftCookieNames) response.headers.append('set-cookie', cookie(name, '', path, 0));
    return response;
  }
}
