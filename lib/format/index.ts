export { formatDate } from './date';
export { cleanDescription, htmlToText } from './description';
export { formatPhone, phoneHref } from './phone';
export { formatEuro, listingPrice } from './price';
export { searchName, slugify } from './slug';
