import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { getSite, localise, type Language } from '@/lib/config';
import { href, publishedMenuHrefs } from '@/lib/i18n';
import styles from './site-header.module.css';

/** The site header: the agency name and the published, top-level menu entries. */
export async function SiteHeader({ language }: { language: Language }) {
  const t = await getTranslations('meta');
  const site = getSite();
  const entries = publishedMenuHrefs(language).filter(({ entry }) => entry.parentId === null);
  return (
    <header className={styles.header}>
      <Link className={styles.brand} href={href({ page: 'home' }, language)}>
        {site.siteInfo.name}
      </Link>
      <nav aria-label={t('mainNavigation')}>
        <ul className={styles.menu}>
          {entries.map(({ entry, href: target }) => (
            <li key={entry.id}>
              <Link href={target}>{localise(entry.params.title, language)}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
