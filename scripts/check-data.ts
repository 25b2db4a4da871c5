/*
 * npm run check:data [-- --catalogue <dir>] [-- --site <dir>]
 * Validates data/catalogue and data/site (or the given copies) and prints every problem found.
 */
import { parseArgs } from 'node:util';
import { checkData, formatDataIssues } from '../lib/data-check';

const { values } = parseArgs({ options: { catalogue: { type: 'string' }, site: { type: 'string' } } });
const issues = checkData({ catalogueDir: values.catalogue, siteDir: values.site });
if (issues.length > 0) {
  console.error(formatDataIssues(issues));
  process.exit(1);
}
console.log('Site data is valid: data/catalogue and data/site.');
