export { brusselsDateTime, formatDate } from './date';
export { cleanDescription, htmlToText } from './description';
export { formatPhone, phoneHref } from './phone';
export { formatEuro, formatEuroFor, listingPrice } from './price';
export { searchName, slugify } from './slug';
