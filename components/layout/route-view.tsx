import type { ReactNode } from 'react';
import { ListingsPage } from '@/components/catalogue/listings-page';
import { PropertyDetail } from '@/components/catalogue/property-detail';
import { PropertyNotFound } from '@/components/catalogue/property-not-found';
import { ProjectDetail, ProjectsPage } from '@/components/catalogue/projects-page';
import { ArticlePage } from '@/components/content/article-page';
import { HomePage } from '@/components/content/home-page';
import { MenuPage } from '@/components/content/menu-page';
import { PageNotFound } from '@/components/content/page-not-found';
import { ThankYouPage } from '@/components/content/thank-you-page';
import { FavouritesPage } from '@/components/favourites/favourites-page';
import { ForgotPasswordPage, LoginPage, SetPasswordPage } from '@/components/owner/login-page';
import { getProject, getProperty } from '@/lib/catalogue';
import { getArticles, getMenuEntry, type Language } from '@/lib/config';
import { isRouteOf, type PageName, type Route, type RouteOf } from '@/lib/pages';

type View<P extends PageName> = (route: RouteOf<P>, language: Language) => ReactNode;

/*
 * The component of each kind of page of app/[lang]/[...path] (the rest of what a kind is lives in
 * lib/pages/<kind>.ts). The owner portal and the newsletter confirmation draw nothing here: they
 * are rendered per request by their own routes under app/[lang].
 */
const views: { [P in PageName]: View<P> } = {
  home: (_route, language) => <HomePage language={language} />,
  'for-sale': (_route, language) => <ListingsPage goal="sale" language={language} />,
  'for-rent': (_route, language) => <ListingsPage goal="rent" language={language} />,
  property: (route, language) => {
    const property = getProperty(route.id, language);
    return property ? <PropertyDetail property={property} language={language} /> : <PropertyNotFound language={language} />;
  },
  projects: (_route, language) => <ProjectsPage language={language} />,
  project: (route, language) => {
    const project = getProject(route.id, language);
    return project ? <ProjectDetail project={project} language={language} /> : <PageNotFound language={language} />;
  },
  'thank-you': (route, language) => <ThankYouPage form={route.form} byMail={route.byMail === true} language={language} />,
  login: (_route, language) => <LoginPage language={language} />,
  'forgot-password': (_route, language) => <ForgotPasswordPage language={language} />,
  'set-password': (_route, language) => <SetPasswordPage language={language} />,
  portal: () => null,
  'portal-listing': () => null,
  'newsletter-confirm': () => null,
  'alert-link': () => null,
  'request-confirm': () => null,
  searcher: () => null,
  favourites: (_route, language) => <FavouritesPage language={language} />,
  compare: () => null,
  article: (route, language) => {
    const article = getArticles().find((candidate) => candidate.id === route.id);
    return article ? <ArticlePage article={article} language={language} /> : <PageNotFound language={language} />;
  },
  menu: (route, language) => {
    const entry = getMenuEntry(route.id);
    return entry ? <MenuPage entry={entry} language={language} /> : <PageNotFound language={language} />;
  },
};

function render<P extends PageName>(page: P, route: Route, language: Language): ReactNode {
  return isRouteOf(page, route) ? views[page](route, language) : null;
}

/** The content of a page of the site (app/[lang]/page.tsx, app/[lang]/[...path], app/[lang]/form-draft). */
export function RouteView({ route, language }: { route: Route; language: Language }) {
  return render(route.page, route, language);
}
