'use client';

import type {} from 'altcha/types/react';
import { useLocale, useMessages, useTranslations } from 'next-intl';
import type { AltchaWidgetElement } from 'altcha';
import { useCallback, useEffect, useRef, useState } from 'react';
import { serverUrl } from '@/lib/config/deployment';
import { altchaField } from '@/lib/forms/field-names';
import { isMessageKey } from '@/lib/i18n/message-keys';
import { ErrorText, Label, useFieldError } from './fields';
import { useRequestFormSettings } from './form-context';
import styles from './forms.module.css';

/*
 * The spam check of every form but the newsletter (design.md §9), in one place.
 * With JavaScript: the ALTCHA widget, a proof-of-work challenge the browser solves by itself while
 * the visitor fills in the form; nothing to see, read or hear. Its script, this site's own file, is
 * loaded when the form first comes on screen (a listing's forms wait in closed disclosures).
 * Without JavaScript (<noscript>): a framed page of the server with a picture and, for a visitor
 * who cannot see it, a player of a spoken code; one field takes either answer.
 */

function isWidget(element: HTMLElement): element is AltchaWidgetElement {
  return 'verify' in element && typeof element.verify === 'function' && 'getState' in element;
}

export function CaptchaField() {
  const t = useTranslations('forms');
  // The widget's strings are named as its own i18n keys (forms.altcha).
  const { altcha: widgetTexts } = useMessages().forms;
  const language = useLocale();
  const { form, idPrefix } = useRequestFormSettings();
  const [widgetReady, setWidgetReady] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const message = useFieldError('captcha');
  const errorId = `${idPrefix}-captcha-error`;

  useEffect(() => {
    let current = true;
    const load = () =>
      void import('altcha').then(() => {
        if (!current) return;
        // The widget's texts in the page's language; its footer (a link to altcha.org) stays empty.
        const strings: Record<string, string> = { footer: '', ariaLinkLabel: '' };
        for (const key of Object.keys(widgetTexts)) if (isMessageKey(widgetTexts, key)) strings[key] = t(`altcha.${key}`);
        globalThis.$altcha.i18n.set(language, { ...globalThis.$altcha.i18n.get('en'), ...strings });
        setWidgetReady(true);
      });
    const element = container.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      load();
      return () => {
        current = false;
      };
    }
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      load();
    });
    observer.observe(element);
    return () => {
      current = false;
      observer.disconnect();
    };
  }, [language, t, widgetTexts]);

  // The widget starts on a focus inside its form. It arrives as the form comes on screen, so a
  // visitor may already be in a field (often the last one, the privacy box): start it then, not
  // at the next field or at the submit.
  const startIfInForm = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    const onLoad = () => {
      if (isWidget(element) && element.closest('form')?.contains(document.activeElement) && String(element.getState()) === 'unverified') void element.verify();
    };
    element.addEventListener('load', onLoad);
    return () => element.removeEventListener('load', onLoad);
  }, []);

  const challenge = serverUrl(`/api/altcha/${form}/`);
  const frame = serverUrl(`/api/captcha/${form}/?lang=${language}`);
  const frameName = `${idPrefix}-captcha-frame`;
  const inputId = `${idPrefix}-captcha`;
  const helpId = `${idPrefix}-captcha-help`;
  return (
    <div ref={container} className={`${styles.field} ${styles.wide} ${styles.captcha}`} data-captcha>
      {widgetReady && challenge ? (
        <altcha-widget
          ref={startIfInForm}
          challenge={challenge}
          name={altchaField}
          language={language}
          auto="onfocus"
          configuration={JSON.stringify({ hideFooter: true, hideLogo: true, humanInteractionSignature: false })}
        />
      ) : null}
      <ErrorText id={errorId} message={message} />
      <noscript>
        <div className={styles.captchaFallback}>
          <iframe name={frameName} src={frame} title={t('captcha.frameTitle')} className={styles.captchaFrame} />
          <a href={frame} target={frameName} className={styles.linkButton}>
            {t('ui.newCaptcha')}
          </a>
          <Label htmlFor={inputId} text={t('fields.captcha')} required />
          <input id={inputId} name="captcha" type="text" aria-required="true" autoComplete="off" aria-describedby={helpId} />
          <p id={helpId} className={styles.help}>
            {t('ui.captchaHelp')}
          </p>
        </div>
      </noscript>
    </div>
  );
}
