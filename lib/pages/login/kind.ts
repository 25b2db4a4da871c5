import type { Language } from '../../config';
import { systemSlugs } from '../../config/system-slugs';
import { join, type PageKind, type View } from '../kind';

export type LoginRoute = { page: 'login' };
export type ForgotPasswordRoute = { page: 'forgot-password' };
export type SetPasswordRoute = { page: 'set-password' };

/*
 * The owner's way in: the login page and the two password pages under it. Prerendered, but they
 * post server actions, so a static export links them on the server.
 */

export const loginPage: PageKind<LoginRoute> = {
  firstSegment: { says: 'owner login page', slug: (language) => systemSlugs.login[language] },
  budget: 'login',
  view: () => import('./view').then((module) => module.LoginView),
  path: (_route, language) => join(language, [systemSlugs.login[language]]),
  match: (segments, _params, language) => (segments.length === 1 && segments[0] === systemSlugs.login[language] ? { page: 'login' } : undefined),
  routes: () => [{ page: 'login' }],
  serverOnly: true,
  indexable: () => false,
  crumbs: (route, _language, t) => [{ name: t('login.title'), route }],
  metadata: (_route, _language, t) => ({ title: t('login.title'), description: t('login.description') }),
};

function passwordPage<R extends ForgotPasswordRoute | SetPasswordRoute>(self: R, title: 'forgotTitle' | 'setTitle', intro: 'forgotIntro' | 'setIntro', view: () => Promise<View<R>>): PageKind<R> {
  const slug = (language: Language) => systemSlugs[self.page][language];
  return {
    budget: 'login',
    view,
    path: (_route, language) => join(language, [systemSlugs.login[language], slug(language)]),
    match: (segments, _params, language) => (segments.length === 2 && segments[0] === systemSlugs.login[language] && segments[1] === slug(language) ? { ...self } : undefined),
    routes: () => [{ ...self }],
    serverOnly: true,
    indexable: () => false,
    crumbs: (route, _language, t) => [
      { name: t('login.title'), route: { page: 'login' } },
      { name: t(`portal.${title}`), route },
    ],
    metadata: (_route, _language, t) => ({ title: t(`portal.${title}`), description: t(`portal.${intro}`) }),
  };
}

export const forgotPasswordPage = passwordPage<ForgotPasswordRoute>({ page: 'forgot-password' }, 'forgotTitle', 'forgotIntro', () => import('./view').then((module) => module.ForgotPasswordView));
export const setPasswordPage = passwordPage<SetPasswordRoute>({ page: 'set-password' }, 'setTitle', 'setIntro', () => import('./view').then((module) => module.SetPasswordView));
