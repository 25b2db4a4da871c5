export { escapeHtml } from './escape';
export { sanitizeHtml } from './sanitize';
