import { getAgencyLanguage } from '../config';
import { noticeLine, readNotice } from '../catalogue/crm/refusal-notices';
import { translatorFor } from '../i18n/messages';
import { render, type Mail } from './compose';
import { agencyAddress } from './transport';

/** Lines in one mail: a CRM that refuses thousands at once is told the first ones and where the rest are. */
const maxLines = 100;

/**
 * The agency's mail about refused CRM records, in the agency's language; the problems themselves
 * in check:data's words (file, record, field, message), as npm run catalogue:status lists them.
 * Undefined when none is left to tell (all corrected before the mail went out).
 */
export function catalogueRefusalMail(stored: readonly string[]): Mail | undefined {
  const lines = stored.flatMap((json) => {
    const notice = readNotice(json);
    return notice ? [noticeLine(notice)] : [];
  });
  if (lines.length === 0) return undefined;
  const t = translatorFor(getAgencyLanguage(), 'mail');
  const shown = lines.slice(0, maxLines);
  const list = shown.map((line) => `- ${line}`).join('\n');
  const paragraphs = [
    t('catalogueRefusedIntro', { count: lines.length }),
    list,
    ...(lines.length > shown.length ? [t('catalogueRefusedMore', { count: lines.length - shown.length })] : []),
    t('catalogueRefusedKept'),
    t('catalogueRefusedFix'),
  ];
  return { to: agencyAddress(), subject: t('catalogueRefusedSubject', { count: lines.length }), ...render(getAgencyLanguage(), paragraphs, []) };
}
