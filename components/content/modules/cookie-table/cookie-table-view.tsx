import { getTranslations } from 'next-intl/server';
import { CookieSettingsLink } from '@/components/consent/cookie-settings-link';
import { getSite, type Language } from '@/lib/config';
import { cookieSettingsAnchor, type Purpose } from '@/lib/consent';
import { companyPrivacyPolicy, configuredSetters, configuredStorage, setterCompany, type Lifetime } from '@/lib/consent/storage-table';
import { Heading, type HeadingLevel } from '../heading';
import styles from './cookie-table.module.css';

const purposeLabel = { analytics_storage: 'analyticsStorage', ad_storage: 'adStorage', ad_user_data: 'adUserData', ad_personalization: 'adPersonalization' } as const satisfies Record<Purpose, string>;

/**
 * The cookie policy's list of every cookie and storage key (lib/consent/storage-table.ts), the
 * site's own and those of the tags the agency configured only, then how to change the choice:
 * the target of the footer's "Cookie settings" link, which without JavaScript leads here.
 */
export async function CookieTableView({ language, headingLevel }: { language: Language; headingLevel: HeadingLevel }) {
  const t = await getTranslations({ locale: language, namespace: 'cookieTable' });
  const tConsent = await getTranslations({ locale: language, namespace: 'consent' });
  const { siteInfo } = getSite();
  const ids = { analyticsId: siteInfo.analyticsId, adsId: siteInfo.adsId, tagManagerId: siteInfo.tagManagerId, socialPixelId: siteInfo.socialPixelId };
  const setters = configuredSetters(ids);
  const lifetime = (value: Lifetime) => (typeof value === 'string' ? t(value) : t(value.unit, { count: value.count }));
  const list = new Intl.ListFormat(language, { type: 'conjunction' });
  const captionId = `cookie-table-${language}`;
  return (
    <div className={styles.cookies}>
      {/* A region that scrolls sideways on a phone, reachable by keyboard (WCAG 2.1.1). */}
      <div className={styles.scroll} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className={styles.table}>
          <caption id={captionId}>{t('caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('name')}</th>
              <th scope="col">{t('kind')}</th>
              <th scope="col">{t('setBy')}</th>
              <th scope="col">{t('use')}</th>
              <th scope="col">{t('consent')}</th>
              <th scope="col">{t('lifetime')}</th>
            </tr>
          </thead>
          <tbody>
            {configuredStorage(ids).map((entry) => (
              <tr key={`${entry.kind}/${entry.name}`}>
                <th scope="row">
                  <code>{entry.name}</code>
                </th>
                <td>{t(`kinds.${entry.kind}`)}</td>
                <td>
                  {entry.setBy === 'site' ? (
                    t('setters.site')
                  ) : (
                    <a href={companyPrivacyPolicy[setterCompany[entry.setBy]]} rel="noopener" target="_blank">
                      {t(`setters.${entry.setBy}`)}
                    </a>
                  )}
                </td>
                <td>{t(`uses.${entry.use}`)}</td>
                <td>{entry.needs.length === 0 ? t('consentNeeded.no') : t('consentNeeded.yes', { purposes: list.format(entry.needs.map((purpose) => tConsent(purposeLabel[purpose]))) })}</td>
                <td>{lifetime(entry.lifetime)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {setters.length === 0 ? <p>{t('noTags')}</p> : null}
      {setters.includes('tagManager') ? <p>{t('tagManagerNote')}</p> : null}
      <section id={cookieSettingsAnchor} className={styles.settings} aria-labelledby={`${cookieSettingsAnchor}-title`}>
        <Heading level={headingLevel} id={`${cookieSettingsAnchor}-title`}>
          {t('settingsTitle')}
        </Heading>
        <p>{t('settingsText')}</p>
        <p>{t('noScript')}</p>
        <p>
          <CookieSettingsLink label={tConsent('settingsLink')} href={`#${cookieSettingsAnchor}`} />
        </p>
      </section>
    </div>
  );
}
