import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { forgotPasswordAction, loginAction, setPasswordAction } from '@/lib/auth/actions';
import type { Language } from '@/lib/config';
import { href } from '@/lib/pages';
import { authTexts } from './auth-texts';
import { LazyForgotPasswordForm, LazyLoginForm, LazySetPasswordForm } from './auth-forms-lazy';
import styles from './owner.module.css';

/** A page of the portal's door: its title, its lines of help, the form, then any link. */
function DoorPage({ title, intro, form, children }: { title: string; intro: string | readonly string[]; form: ReactNode; children?: ReactNode }) {
  return (
    <div className={styles.narrow}>
      <h1>{title}</h1>
      {(typeof intro === 'string' ? [intro] : intro).map((line) => (
        <p key={line}>{line}</p>
      ))}
      {form}
      {children}
    </div>
  );
}

/**
 * The door of the owners' portal and of the searchers' space: e-mail and password, and the way to
 * a forgotten password. Its help speaks to both before the form, since both sign in here.
 */
export async function LoginPage({ language }: { language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'login' });
  const searcher = await getTranslations({ locale: language, namespace: 'searcher' });
  return (
    <DoorPage
      title={t('title')}
      intro={[t('intro'), searcher('loginHint')]}
      form={<LazyLoginForm texts={authTexts(language)} action={loginAction.bind(null, language)} forgotHref={href({ page: 'forgot-password' }, language)} />}
    />
  );
}

export async function ForgotPasswordPage({ language }: { language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'portal' });
  return (
    <DoorPage title={t('forgotTitle')} intro={t('forgotIntro')} form={<LazyForgotPasswordForm texts={authTexts(language)} action={forgotPasswordAction.bind(null, language)} />}>
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
      title={t('setTitle')}
      intro={t('setIntro')}
      form={<LazySetPasswordForm texts={authTexts(language)} action={setPasswordAction.bind(null, language)} forgotHref={href({ page: 'forgot-password' }, language)} />}
    />
  );
}
