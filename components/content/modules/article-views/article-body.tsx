import { sanitizeHtml } from '@/lib/html';
import styles from './article-body.module.css';

/*
 * Article bodies are HTML written in the CRM: they only reach the page through the allow-list
 * sanitizer. Bodies are written with h2 as their top heading; under a module heading they move
 * down so the page outline stays in order.
 */

/** Moves the headings of sanitized HTML down by `levels` (h2 → h3 …), never below h6. */
function shiftHeadings(html: string, levels: number): string {
  if (levels <= 0) return html;
  // Safe on sanitizer output only: its tags carry no attributes and its text has every < escaped.
  return html.replace(/<(\/?)h([2-6])>/g, (_, slash: string, level: string) => `<${slash}h${Math.min(Number(level) + levels, 6)}>`);
}

/** The sanitized body of an article; `topLevel` is the heading level its h2 should become. */
export function ArticleBody({ html, topLevel = 2, className }: { html: string; topLevel?: 2 | 3 | 4 | 5; className?: string }) {
  const safe = shiftHeadings(sanitizeHtml(html), topLevel - 2);
  return <div className={className ? `${styles.body} ${className}` : styles.body} dangerouslySetInnerHTML={{ __html: safe }} />;
}
