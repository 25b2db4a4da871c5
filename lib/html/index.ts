export { escapeHtml } from './escape';
export { sanitizeHtml, sanitizerRemovals, type SanitizerRemovals } from './sanitize';
