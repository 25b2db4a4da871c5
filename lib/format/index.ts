export { townLine } from './address';
export { brusselsClock, brusselsDateTime, formatDate } from './date';
export { cleanDescription, htmlToText, textTeaser } from './description';
export { formatPhone, phoneHref } from './phone';
export { formatNumber } from './number';
export { formatEuro, formatEuroFor, listingPrice } from './price';
export { searchName, slugify } from './slug';
