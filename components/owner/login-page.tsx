import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { forgotPasswordAction, loginAction, setPasswordAction } from '@/lib/auth/actions';
import type { Language } from '@/lib/config';
import { href } from '@/lib/pages';
import { IslandIntl } from '@/components/layout/island-intl';
import { LazyForgotPasswordForm, LazyLoginForm, LazySetPasswordForm } from './auth-forms-lazy';
import styles from './owner.module.css';

/** A page of the portal's door: its title, a line of help, the form (an island with the portal's messages), then any link. */
function DoorPage({ language, title, intro, form, children }: { language: Language; title: string; intro: string; form: ReactNode; children?: ReactNode }) {
  return (
    <div className={styles.narrow}>
      <h1>{title}</h1>
      <p>{intro}</p>
      <IslandIntl language={language} namespaces={['portal']}>
        {form}
      </IslandIntl>
      {children}
    </div>
  );
}

/** The owner portal's door: e-mail and password, and the way to a forgotten password. */
export async function LoginPage({ language }: { language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'login' });
  const searcher = await getTranslations({ locale: language, namespace: 'searcher' });
  return (
    <DoorPage
      language={language}
      title={t('title')}
      intro={t('intro')}
      form={<LazyLoginForm action={loginAction.bind(null, language)} forgotHref={href({ page: 'forgot-password' }, language)} />}
    >
      <p>{searcher('loginHint')}</p>
    </DoorPage>
  );
}

export async function ForgotPasswordPage({ language }: { language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'portal' });
  return (
    <DoorPage language={language} title={t('forgotTitle')} intro={t('forgotIntro')} form={<LazyForgotPasswordForm action={forgotPasswordAction.bind(null, language)} />}>
      <p>
        <a href={href({ page: 'login' }, language)}>{t('backToLogin')}</a>
      </p>
    </DoorPage>
  );
}

export async function SetPasswordPage({ language }: { language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'portal' });
  return (
    <DoorPage
      language={language}
      title={t('setTitle')}
      intro={t('setIntro')}
      form={<LazySetPasswordForm action={setPasswordAction.bind(null, language)} forgotHref={href({ page: 'forgot-password' }, language)} />}
    />
  );
}
