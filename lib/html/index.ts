export { sanitizeHtml, sanitizerRemovals } from './sanitize';
