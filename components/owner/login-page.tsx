import { getTranslations } from 'next-intl/server';
import { forgotPasswordAction, loginAction, setPasswordAction } from '@/lib/auth/actions';
import type { Language } from '@/lib/config';
import { href } from '@/lib/pages';
import { IslandIntl } from '@/components/layout/island-intl';
import { ForgotPasswordForm, LoginForm, SetPasswordForm } from './auth-forms';
import styles from './owner.module.css';

function PortalIntl({ language, children }: { language: Language; children: React.ReactNode }) {
  return (
    <IslandIntl language={language} namespaces={['portal']}>
      {children}
    </IslandIntl>
  );
}

/** The owner portal's door: e-mail and password, and the way to a forgotten password. */
export async function LoginPage({ language }: { language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'login' });
  return (
    <div className={styles.narrow}>
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      <PortalIntl language={language}>
        <LoginForm action={loginAction.bind(null, language)} forgotHref={href({ page: 'forgot-password' }, language)} />
      </PortalIntl>
    </div>
  );
}

export async function ForgotPasswordPage({ language }: { language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'portal' });
  return (
    <div className={styles.narrow}>
      <h1>{t('forgotTitle')}</h1>
      <p>{t('forgotIntro')}</p>
      <PortalIntl language={language}>
        <ForgotPasswordForm action={forgotPasswordAction.bind(null, language)} />
      </PortalIntl>
      <p>
        <a href={href({ page: 'login' }, language)}>{t('backToLogin')}</a>
      </p>
    </div>
  );
}

export async function SetPasswordPage({ language }: { language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'portal' });
  return (
    <div className={styles.narrow}>
      <h1>{t('setTitle')}</h1>
      <p>{t('setIntro')}</p>
      <PortalIntl language={language}>
        <SetPasswordForm action={setPasswordAction.bind(null, language)} forgotHref={href({ page: 'forgot-password' }, language)} />
      </PortalIntl>
    </div>
  );
}
