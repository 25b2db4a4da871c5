import { ListingsPage } from '@/components/catalogue/listings-page';
import { PropertyDetail } from '@/components/catalogue/property-detail';
import { PropertyNotFound } from '@/components/catalogue/property-not-found';
import { ProjectDetail, ProjectsPage } from '@/components/catalogue/projects-page';
import { ArticlePage } from '@/components/content/article-page';
import { MenuPage } from '@/components/content/menu-page';
import { PageNotFound } from '@/components/content/page-not-found';
import { ThankYouPage } from '@/components/content/thank-you-page';
import { ForgotPasswordPage, LoginPage, SetPasswordPage } from '@/components/owner/login-page';
import { getProject, getProperty } from '@/lib/catalogue';
import { getArticles, getMenuEntry, type Language } from '@/lib/config';
import type { Route } from '@/lib/i18n';

/** The content of a route of app/[lang]/[...path]. */
export async function RouteView({ route, language }: { route: Route; language: Language }) {
  switch (route.page) {
    case 'home':
      return null;
    case 'for-sale':
    case 'for-rent':
      return <ListingsPage goal={route.page === 'for-sale' ? 'sale' : 'rent'} language={language} />;
    case 'property': {
      const property = getProperty(route.id, language);
      return property ? <PropertyDetail property={property} language={language} /> : <PropertyNotFound language={language} />;
    }
    case 'projects':
      return <ProjectsPage language={language} />;
    case 'project': {
      const project = getProject(route.id, language);
      return project ? <ProjectDetail project={project} language={language} /> : <PageNotFound language={language} />;
    }
    case 'thank-you':
      return <ThankYouPage form={route.form} language={language} />;
    case 'login':
      return <LoginPage language={language} />;
    case 'forgot-password':
      return <ForgotPasswordPage language={language} />;
    case 'set-password':
      return <SetPasswordPage language={language} />;
    case 'portal':
    case 'portal-listing':
      // Rendered per request by app/[lang]/owner-portal, never prerendered.
      return null;
    case 'newsletter-confirm':
      // Rendered per request by app/[lang]/newsletter-confirmation, never prerendered.
      return null;
    case 'article': {
      const article = getArticles().find((candidate) => candidate.id === route.id);
      return article ? <ArticlePage article={article} language={language} /> : <PageNotFound language={language} />;
    }
    case 'menu': {
      const entry = getMenuEntry(route.id);
      return entry ? <MenuPage entry={entry} language={language} /> : <PageNotFound language={language} />;
    }
  }
}
