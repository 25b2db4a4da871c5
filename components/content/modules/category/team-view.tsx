import { SiteImage } from '@/components/ui/site-image';
import { getTranslations } from 'next-intl/server';
import { localise, type Language, type TeamMember } from '@/lib/config';
import { formatPhone, phoneHref } from '@/lib/format';
import { perRowStyle } from '@/components/ui/grid-style';
import grid from '@/components/ui/grid.module.css';
import { DetailRow } from '../detail-row';
import { Heading, type HeadingLevel } from '../heading';
import styles from './team-view.module.css';

/** "Sophie Lambert" → "SL": stands in for a missing photo. */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase())
    .slice(0, 2)
    .join('');
}

/** The agents (ons-team-view): photo, name, role and how to reach them. */
export async function TeamView({ members, language, perRow, headingLevel }: { members: TeamMember[]; language: Language; perRow: number; headingLevel: HeadingLevel }) {
  const t = await getTranslations({ locale: language, namespace: 'content' });
  return (
    <ul className={grid.cards} style={perRowStyle(perRow)}>
      {members.map((member) => (
        <li key={member.id} className={styles.member}>
          {member.photo ? (
            // The name right below says who it is; the alt text would only repeat it.
            <SiteImage src={member.photo} alt="" width={160} height={160} className={styles.photo} />
          ) : (
            <span className={styles.initials} aria-hidden="true">
              {initials(member.name)}
            </span>
          )}
          <Heading level={headingLevel} className={styles.name}>
            {member.name}
          </Heading>
          <p className={styles.role}>{localise(member.role, language)}</p>
          <dl className={styles.contacts}>
            <DetailRow term={t('phone')}>
              <a href={phoneHref(member.directPhone)}>{formatPhone(member.directPhone)}</a>
            </DetailRow>
            <DetailRow term={t('mobile')}>
              <a href={phoneHref(member.mobilePhone)}>{formatPhone(member.mobilePhone)}</a>
            </DetailRow>
            <DetailRow term={t('email')}>
              <a href={`mailto:${member.email}`}>
                {/* A narrow card breaks the address after the @, never at a hyphen or dot. */}
                <span className={styles.unbroken}>{member.email.split('@')[0]}@</span>
                <wbr />
                <span className={styles.unbroken}>{member.email.split('@')[1]}</span>
              </a>
            </DetailRow>
          </dl>
        </li>
      ))}
    </ul>
  );
}
