/*
 * npm run owner -- invite <email>   prints a one-time link (valid 7 days) to set the password
 * npm run owner -- list             the owners of the snapshot and whether they have a password
 *
 * Uses DATABASE_URL (default file:var/site.db) and SITE_URL for the link's address.
 */
import { issuePasswordToken } from '../lib/auth/owner-auth';
import { getOwners } from '../lib/catalogue';
import { getEnabledLanguages, getDefaultLanguage } from '../lib/config';
import { getOwnerPasswordHash, getStore } from '../lib/db';
import { href } from '../lib/i18n/urls';
import { siteOrigin } from '../lib/mail/transport';

async function main(): Promise<number> {
  const [command, email] = process.argv.slice(2);
  if (command === 'invite' && email) {
    const issued = await issuePasswordToken(email, 'invite');
    if (!issued) {
      console.error(`No owner with the e-mail ${email} in data/catalogue/owners.json.`);
      return 1;
    }
    const language = getEnabledLanguages().find((candidate) => candidate === issued.owner.Language) ?? getDefaultLanguage();
    console.log(`Invitation for ${issued.owner.FirstName} ${issued.owner.LastName} (${issued.owner.Email}), valid 7 days, usable once:`);
    console.log(`${siteOrigin()}${href({ page: 'set-password' }, language)}?token=${issued.token}`);
    return 0;
  }
  if (command === 'list') {
    const store = await getStore();
    for (const owner of getOwners()) {
      const hasPassword = (await getOwnerPasswordHash(store, owner.Email)) !== undefined;
      console.log(`${owner.Email.padEnd(36)} ${owner.Language}  listings ${owner.PropertyIDs.join(', ')}  ${hasPassword ? 'password set' : 'not invited yet'}`);
    }
    return 0;
  }
  console.error('Usage: npm run owner -- invite <email> | npm run owner -- list');
  return 2;
}

void main().then((code) => process.exit(code));
