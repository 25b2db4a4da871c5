import { ProjectRequest } from '@/components/forms/project-request';
import { SiteLink } from '@/components/ui/site-link';
import { getTranslations } from 'next-intl/server';
import { getProjects, type ProjectView } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { formatEuro, formatNumber, townLine } from '@/lib/format';
import { href } from '@/lib/pages';
import { CatalogueCard } from './catalogue-card';
import { DescriptionSection } from './description-section';
import { galleryProps } from './gallery-props';
import { LazyPropertyGallery } from './gallery-lazy';
import cardStyles from './property-card.module.css';
import listStyles from './property-list.module.css';
import styles from './property-sections.module.css';

/** The new-build projects of a language, or 'No projects are currently available.'. */
export async function ProjectsPage({ language }: { language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'projects' });
  const photo = await getTranslations({ locale: language, namespace: 'list' });
  const projects = getProjects(language);
  return (
    <>
      <h1>{t('title')}</h1>
      {projects.length === 0 ? (
        <p className={styles.notice}>{t('empty')}</p>
      ) : (
        <ul className={listStyles.list}>
          {projects.map((project, index) => (
            <li key={project.id}>
              <CatalogueCard
                picture={project.picture}
                alt={photo('pictureAlt', { title: project.name, town: project.town.name })}
                loading={index < 2 ? 'eager' : 'lazy'}
                heading="h2"
                title={project.name}
                href={href({ page: 'project', id: project.id }, language)}
                town={townLine(project.town)}
              >
                <p className={cardStyles.town}>{t('unitCount', { count: project.units.length })}</p>
              </CatalogueCard>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** One project: description, pictures, address and its units. */
export async function ProjectDetail({ project, language }: { project: ProjectView; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'projects' });
  const property = await getTranslations({ locale: language, namespace: 'property' });
  const forms = await getTranslations({ locale: language, namespace: 'forms.names' });
  const facts = await getTranslations({ locale: language, namespace: 'facts.values' });
  const place = `${project.street ? `${project.street.street}, ` : ''}${townLine(project.town)}`;
  const floorText = (floor: number | undefined) => (floor === undefined ? '' : floor === 0 ? facts('groundFloor') : String(floor));
  return (
    <article>
      <p>
        <SiteLink href={href({ page: 'projects' }, language)}>{t('title')}</SiteLink>
      </p>
      <h1>{project.name}</h1>
      <p>{place}</p>
      {project.pictures.length > 0 ? <LazyPropertyGallery {...await galleryProps(project.pictures, project.name, language)} /> : <p className={styles.notice}>{property('noPhoto')}</p>}
      <DescriptionSection id="project-description" heading={property('description')} html={project.description} />
      {/* Unnamed: the table's scrolling region inside carries the name, and two landmarks of one name are one too many (axe landmark-unique). */}
      <section className={styles.section}>
        <h2 id="units">{t('units')}</h2>
        {/* On a phone the table scrolls inside its own box, never the page. */}
        <div className={styles.tableBox} role="region" aria-labelledby="units" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('floor')}</th>
                <th scope="col">{t('unit')}</th>
                <th scope="col">{t('bedrooms')}</th>
                <th scope="col">{t('surface')}</th>
                <th scope="col">{t('price')}</th>
                <th scope="col">{t('status')}</th>
              </tr>
            </thead>
            <tbody>
              {project.units.map((unit) => (
                <tr key={unit.listingId}>
                  <td>{floorText(unit.floor)}</td>
                  <td>
                    <SiteLink href={href({ page: 'property', id: unit.listingId }, language)}>{unit.name}</SiteLink>
                  </td>
                  <td>{unit.listing?.rooms.bedrooms ?? ''}</td>
                  <td className={styles.amount}>{unit.listing?.surfaces.living === undefined ? '' : `${formatNumber(unit.listing.surfaces.living)} m²`}</td>
                  <td className={styles.amount}>{unit.price === undefined ? property('priceOnDemand') : formatEuro(unit.price)}</td>
                  <td>{unit.sold ? t('sold') : t('available')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {/* Its place in words, as a listing's page has it (no map is drawn without a tile source, see lib/map). */}
      <section className={styles.section} aria-labelledby="project-location">
        <h2 id="project-location">{property('location')}</h2>
        <p className={styles.place}>{place}</p>
        <p>
          <a href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(place)}`} rel="noopener noreferrer" target="_blank">
            {property('viewTownOnMap', { town: project.town.name })}
          </a>
        </p>
      </section>
      <section className={styles.section} aria-labelledby="project-request">
        <h2 id="project-request">{forms('contact-construction')}</h2>
        <ProjectRequest projectId={project.id} language={language} />
      </section>
    </article>
  );
}
