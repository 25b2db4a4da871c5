import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { getProjects, type ProjectWithUnits } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { href } from '@/lib/i18n';
import { formatEuro } from '@/lib/format';

export async function ProjectsPage({ language }: { language: Language }) {
  const t = await getTranslations('projects');
  const projects = getProjects(language);
  return (
    <>
      <h1>{t('title')}</h1>
      {projects.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ul>
          {projects.map((project) => (
            <li key={project.ID}>
              <Link href={href({ page: 'project', id: project.ID }, language)}>{project.Name}</Link> – {project.Zip} {project.City} (
              {t('unitCount', { count: project.Units.length })})
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export async function ProjectDetail({ project, language }: { project: ProjectWithUnits; language: Language }) {
  const t = await getTranslations('projects');
  return (
    <article>
      <p>
        <Link href={href({ page: 'projects' }, language)}>{t('title')}</Link>
      </p>
      <h1>{project.Name}</h1>
      <p>
        {project.PublicAddress ? `${project.Street} ${project.HouseNumber}, ` : ''}
        {project.Zip} {project.City}
      </p>
      <h2>{t('units')}</h2>
      <table>
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
              <td>{unit.Floor}</td>
              <td>
                <Link href={href({ page: 'property', id: unit.PropertyID }, language)}>{unit.Name}</Link>
              </td>
              <td>{formatEuro(unit.Price)}</td>
              <td>{unit.Sold ? t('sold') : t('available')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
