/*
 * npm run check:data [-- --catalogue <dir>] [-- --site <dir>] [-- --public <dir>]
 * Validates the catalogue the site reads (data/catalogue, or with the CRM configured the pulled
 * version var/catalogue/current names) and data/site, or the given copies, and prints every
 * problem found: errors (exit 1, the build refuses them) and warnings (printed; the site works around them).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { catalogueFolder } from '../lib/catalogue/source-dir';
import { formatDataIssues, formatDataWarnings, inspectData } from '../lib/data-check';

const { values } = parseArgs({ options: { catalogue: { type: 'string' }, site: { type: 'string' }, public: { type: 'string' } } });
const { errors, warnings } = inspectData({ catalogueDir: values.catalogue, siteDir: values.site, publicDir: values.public });
if (warnings.length > 0) console.warn(`${formatDataWarnings(warnings)}\n`);
if (errors.length > 0) {
  console.error(formatDataIssues(errors));
  process.exit(1);
}
const folder = catalogueFolder();
const catalogue = values.catalogue ?? (folder.ok ? path.relative(process.cwd(), folder.dir) : 'data/catalogue');
console.log(`Site data is valid: ${catalogue} and ${values.site ?? 'data/site'}.`);
