import { sanitizeHtml } from '@/lib/html';
import styles from './property-sections.module.css';

/** A listing's or a project's description from the CRM, sanitized; nothing at all when it is empty. */
export function DescriptionSection({ id, heading, html }: { id: string; heading: string; html: string }) {
  if (!html.trim()) return null;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <div className={styles.description} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
    </section>
  );
}
