import { ProjectRequest } from '@/components/forms/project-request';
import { IslandIntl } from '@/components/layout/island-intl';
import Image from 'next/image';
import { SiteLink } from '@/components/ui/site-link';
import { getTranslations } from 'next-intl/server';
import { getProjects, type ProjectWithUnits } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { formatEuro, townLine } from '@/lib/format';
import { sanitizeHtml } from '@/lib/html';
import { href } from '@/lib/pages';
import { pictureSrc } from '@/lib/media/picture-src';
import { galleryProps } from './gallery-props';
import { PropertyGallery } from './property-gallery';
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
            <li key={project.ID}>
              <article className={cardStyles.card}>
                <div className={cardStyles.media}>
                  {project.XLargePictureItem ? (
                    <Image
                      src={pictureSrc(project.XLargePictureItem.Url)}
                      width={project.XLargePictureItem.Width}
                      height={project.XLargePictureItem.Height}
                      alt={photo('photoOf', { title: project.Name, town: project.City })}
                      sizes="(max-width: 766px) 100vw, (max-width: 1279px) 50vw, 300px"
                      loading={index < 2 ? 'eager' : 'lazy'}
                    />
                  ) : null}
                </div>
                <div className={cardStyles.body}>
                  <h2 className={cardStyles.title}>
                    <SiteLink href={href({ page: 'project', id: project.ID }, language)} className={cardStyles.link}>
                      {project.Name}
                    </SiteLink>
                  </h2>
                  <p className={cardStyles.town}>{townLine(project)}</p>
                  <p className={cardStyles.town}>{t('unitCount', { count: project.Units.length })}</p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** One project: description, pictures, address and its units. */
export async function ProjectDetail({ project, language }: { project: ProjectWithUnits; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'projects' });
  const property = await getTranslations({ locale: language, namespace: 'property' });
  const forms = await getTranslations({ locale: language, namespace: 'forms.names' });
  const facts = await getTranslations({ locale: language, namespace: 'facts.values' });
  // The listing's own floor where there is one, so the table says what the unit's page says; a
  // plot or a house has none.
  const floorOf = (unit: ProjectWithUnits['Units'][number]) => {
    const floor = unit.property ? unit.property.Floor : unit.Floor;
    return floor == null ? '' : floor === 0 ? facts('groundFloor') : String(floor);
  };
  return (
    <article>
      <p>
        <SiteLink href={href({ page: 'projects' }, language)}>{t('title')}</SiteLink>
      </p>
      <h1>{project.Name}</h1>
      <p>
        {project.PublicAddress ? `${project.Street} ${project.HouseNumber}, ` : ''}
        {townLine(project)}
      </p>
      {project.XLargePictureItems.length > 0 ? (
        <IslandIntl language={language} namespaces={['property', 'gallery']}>
          <PropertyGallery {...await galleryProps(project.XLargePictureItems, project.Name, language)} />
        </IslandIntl>
      ) : (
        <p className={styles.notice}>{property('noPhoto')}</p>
      )}
      {project.DescriptionA.trim() ? (
        <section className={styles.section} aria-labelledby="project-description">
          <h2 id="project-description">{property('description')}</h2>
          <div className={styles.description} dangerouslySetInnerHTML={{ __html: sanitizeHtml(project.DescriptionA) }} />
        </section>
      ) : null}
      <section className={styles.section} aria-labelledby="units">
        <h2 id="units">{t('units')}</h2>
        {/* On a phone the table scrolls inside its own box, never the page. */}
        <div className={styles.tableBox} role="region" aria-labelledby="units" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('floor')}</th>
                <th scope="col">{t('unit')}</th>
                <th scope="col">{t('price')}</th>
                <th scope="col">{t('status')}</th>
              </tr>
            </thead>
            <tbody>
              {project.Units.map((unit) => (
                <tr key={unit.PropertyID}>
                  <td>{floorOf(unit)}</td>
                  <td>
                    <SiteLink href={href({ page: 'property', id: unit.PropertyID }, language)}>{unit.Name}</SiteLink>
                  </td>
                  <td className={styles.amount}>{unit.Price === null ? property('priceOnDemand') : formatEuro(unit.Price)}</td>
                  <td>{unit.Sold ? t('sold') : t('available')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className={styles.section} aria-labelledby="project-request">
        <h2 id="project-request">{forms('contact-construction')}</h2>
        <ProjectRequest projectId={project.ID} language={language} />
      </section>
    </article>
  );
}
