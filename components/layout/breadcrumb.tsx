import { SiteLink } from '@/components/ui/site-link';
import { getTranslations } from 'next-intl/server';
import { getMenuEntry, localise, menuAncestors, type Language, type MenuEntry } from '@/lib/config';
import { href, menuEntryHref } from '@/lib/pages';
import styles from './breadcrumb.module.css';

/** Home › parents › this page, for menu entries whose breadcrumb flag is on. */
export async function Breadcrumb({ entry, language }: { entry: MenuEntry; language: Language }) {
  const t = await getTranslations({ locale: language });
  const trail: MenuEntry[] = menuAncestors(entry, getMenuEntry).reverse();
  return (
    <nav aria-label={t('meta.breadcrumb')} className={styles.breadcrumb}>
      <ol>
        <li>
          <SiteLink href={href({ page: 'home' }, language)}>{t('nav.home')}</SiteLink>
        </li>
        {trail.map((parent) => (
          <li key={parent.id}>
            <SiteLink href={menuEntryHref(parent, language)}>{localise(parent.params.title, language)}</SiteLink>
          </li>
        ))}
        <li aria-current="page">{localise(entry.params.title, language)}</li>
      </ol>
    </nav>
  );
}
