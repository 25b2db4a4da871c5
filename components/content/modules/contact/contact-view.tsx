import { getTranslations } from 'next-intl/server';
import { ContactModuleForm, isContactModuleForm } from '@/components/forms/contact-module-form';
import { agencyPostalAddress, getSite, type Language } from '@/lib/config';
import { formatPhone, phoneHref } from '@/lib/format';
import { DetailRow } from '../detail-row';
import { Heading, type HeadingLevel } from '../heading';
import styles from './contact-view.module.css';

/**
 * A contact module: the form its relation names (site contact, valuation, search alert,
 * testimonial, job application), then the agency's own details for those who prefer to call.
 */
export async function ContactView({ language, headingLevel, form }: { language: Language; headingLevel: HeadingLevel; form?: string }) {
  const t = await getTranslations({ locale: language, namespace: 'content' });
  const { siteInfo } = getSite();
  const address = agencyPostalAddress(language);
  return (
    <div className={styles.contact}>
      {form && isContactModuleForm(form) ? (
        <div className={styles.form}>
          <ContactModuleForm form={form} language={language} />
        </div>
      ) : null}
      <Heading level={headingLevel} className={styles.title}>
        {t('contactDetails')}
      </Heading>
      <p className={styles.intro}>{t('contactIntro')}</p>
      <address className={styles.address}>
        <dl>
          <DetailRow term={t('address')}>
            {siteInfo.legalName}
            <br />
            {address.street}
            <br />
            {address.zip} {address.city}
          </DetailRow>
          <DetailRow term={t('phone')}>
            <a href={phoneHref(siteInfo.phone)}>{formatPhone(siteInfo.phone)}</a>
          </DetailRow>
          <DetailRow term={t('email')}>
            <a href={`mailto:${siteInfo.email}`}>{siteInfo.email}</a>
          </DetailRow>
        </dl>
      </address>
    </div>
  );
}
