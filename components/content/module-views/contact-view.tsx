import { getTranslations } from 'next-intl/server';
import { getSite, localise, type Language } from '@/lib/config';
import { formatPhone, phoneHref } from '@/lib/format';
import { Heading, type HeadingLevel } from './heading';
import styles from './contact-view.module.css';

/**
 * A contact module. The request forms arrive later (step 4); until then visitors get the agency's
 * own details, in the section that links such as "#contact-form" already point to.
 */
export async function ContactView({ language, headingLevel }: { language: Language; headingLevel: HeadingLevel }) {
  const t = await getTranslations({ locale: language, namespace: 'content' });
  const { siteInfo } = getSite();
  return (
    <div className={styles.contact}>
      <Heading level={headingLevel} className={styles.title}>
        {t('contactDetails')}
      </Heading>
      <p className={styles.intro}>{t('contactIntro')}</p>
      <address className={styles.address}>
        <dl>
          <div>
            <dt>{t('address')}</dt>
            <dd>
              {siteInfo.legalName}
              <br />
              {siteInfo.street}
              <br />
              {siteInfo.zip} {localise(siteInfo.city, language)}
            </dd>
          </div>
          <div>
            <dt>{t('phone')}</dt>
            <dd>
              <a href={phoneHref(siteInfo.phone)}>{formatPhone(siteInfo.phone)}</a>
            </dd>
          </div>
          <div>
            <dt>{t('email')}</dt>
            <dd>
              <a href={`mailto:${siteInfo.email}`}>{siteInfo.email}</a>
            </dd>
          </div>
        </dl>
      </address>
    </div>
  );
}
