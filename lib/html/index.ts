export { sanitizeHtml } from './sanitize';
