export { formatEuro } from './price';
export { searchName, slugify } from './slug';
