import Link from 'next/link';
import { GoalLinks } from '@/components/catalogue/goal-links';
import { PropertyList } from '@/components/catalogue/property-list';
import { getProperties } from '@/lib/catalogue';
import { getArticles, getSite, getTeam, localise, type Language, type Module } from '@/lib/config';
import { href } from '@/lib/i18n';

/** The published modules of a menu page, in their configured order. */
export async function MenuModules({ modules, language }: { modules: Module[]; language: Language }) {
  const visible = modules.filter((module) => module.status === 'Published').sort((a, b) => a.sort - b.sort || a.position - b.position);
  return (
    <>
      {visible.map((module) => (
        <section key={module.id} aria-labelledby={`module-${module.id}`}>
          <h2 id={`module-${module.id}`}>{localise(module.title, language)}</h2>
          <ModuleBody module={module} language={language} />
        </section>
      ))}
    </>
  );
}

async function ModuleBody({ module, language }: { module: Module; language: Language }) {
  const { type, id } = module.relations;
  switch (type) {
    case 'property-list': {
      const properties = getProperties(language, { goal: id === 'rent' ? 'rent' : 'sale' }).filter((property) => property.Status === 1)
        .sort((a, b) => b.CreatedDate.localeCompare(a.CreatedDate));
      return <PropertyList properties={properties.slice(0, module.maxItems)} language={language} perRow={module.numberItemOfRow} />;
    }
    case 'category': {
      if (id === 'team') {
        return (
          <ul>
            {getTeam().map((member) => (
              <li key={member.id}>
                <strong>{member.name}</strong> – {localise(member.role, language)}
              </li>
            ))}
          </ul>
        );
      }
      return (
        <ul>
          {getArticles()
            .filter((article) => article.category === id)
            .map((article) => (
              <li key={article.id}>
                <Link href={href({ page: 'article', id: article.id }, language)}>{localise(article.title, language)}</Link>
                <p>{localise(article.summary, language)}</p>
              </li>
            ))}
        </ul>
      );
    }
    case 'article': {
      const article = getArticles().find((candidate) => candidate.id === id);
      return article ? <p>{localise(article.summary, language)}</p> : null;
    }
    case 'contact': {
      const { siteInfo } = getSite();
      return (
        <address>
          {siteInfo.name}
          <br />
          {siteInfo.street}, {siteInfo.zip} {localise(siteInfo.city, language)}
          <br />
          <a href={`mailto:${siteInfo.email}`}>{siteInfo.email}</a>
        </address>
      );
    }
    case 'stats-view':
      return <GoalLinks language={language} withCounts />;
  }
}
