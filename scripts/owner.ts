/*
 * npm run owner -- invite <email>   e-mails the owner a one-time link (valid 7 days) to set their
 *                                   password, in their language, and prints a link for staff
 * npm run owner -- list             the owners of the snapshot and where their access stands
 * npm run owner -- revoke <email>   closes an owner's access: sessions end, links stop working,
 *                                   no forgotten-password link until they are invited again
 *
 * Uses DATABASE_URL (default file:var/site.db), SITE_URL for the links' address and SMTP_URL for
 * the mail; without a reachable mail server the invitation waits in the outbox, and the site's
 * server sends it.
 */
import { inviteOwner, revokeOwner } from '../lib/auth/owner-auth';
import { getOwners } from '../lib/catalogue';
import { getEnabledLanguages, getDefaultLanguage } from '../lib/config';
import { getStore, ownerAccess, type OwnerAccess } from '../lib/db';
import { href } from '../lib/pages';
import { deliverJob } from '../lib/mail/outbox-worker';
import { siteOrigin } from '../lib/mail/transport';

/** The agency's time, as dd-mm-yyyy hh:mm. */
const when = (iso: string) =>
  new Intl.DateTimeFormat('nl-BE', { timeZone: 'Europe/Brussels', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso)).replace(/\//g, '-').replace(',', '');

function describeAccess(access: OwnerAccess): string {
  if (access.revokedAt) return `revoked on ${when(access.revokedAt)}`;
  if (access.passwordSet) return 'password set';
  if (access.invitedUntil) {
    const mail = access.inviteMail === 'delivered' ? 'invitation e-mailed' : access.inviteMail === 'pending' ? 'invitation e-mail waiting in the outbox' : 'link printed only';
    return `invited, no password yet (${mail}; link valid until ${when(access.invitedUntil)})`;
  }
  return 'not invited yet (or the invitation expired)';
}

async function main(): Promise<number> {
  const [command, email, ...rest] = process.argv.slice(2);
  if (command === 'invite' && email && rest.length === 0) {
    const invited = await inviteOwner(email);
    if (!invited) {
      console.error(`No owner with the e-mail ${email} in data/catalogue/owners.json.`);
      return 1;
    }
    const { owner, token, jobId } = invited;
    const language = getEnabledLanguages().find((candidate) => candidate === owner.Language) ?? getDefaultLanguage();
    console.log(`Invitation for ${owner.FirstName} ${owner.LastName} (${owner.Email}), valid 7 days, usable once:`);
    console.log(`${siteOrigin()}${href({ page: 'set-password' }, language)}?token=${token}`);
    await deliverJob(jobId);
    const access = await ownerAccess(await getStore(), owner.Email);
    console.log(
      access.inviteMail === 'delivered'
        ? `The invitation was e-mailed to ${owner.Email} (in ${language}), with a link of its own; the first link used retires the other.`
        : `The invitation e-mail to ${owner.Email} (in ${language}) waits in the outbox: the site's server sends it when the mail server answers.`,
    );
    return 0;
  }
  if (command === 'revoke' && email && rest.length === 0) {
    const revoked = await revokeOwner(email);
    if (!revoked) {
      console.error(`No owner with the e-mail ${email} in data/catalogue/owners.json.`);
      return 1;
    }
    console.log(
      `Access of ${revoked.owner.FirstName} ${revoked.owner.LastName} (${revoked.owner.Email}) revoked: ${revoked.sessions} session(s) ended, ${revoked.links} open link(s) cancelled, ${revoked.hadPassword ? 'password deleted' : 'no password was set'}. Invite them again to give access back.`,
    );
    return 0;
  }
  if (command === 'list' && email === undefined) {
    const store = await getStore();
    for (const owner of getOwners()) {
      console.log(`${owner.Email.padEnd(36)} ${owner.Language}  listings ${owner.PropertyIDs.join(', ')}  ${describeAccess(await ownerAccess(store, owner.Email))}`);
    }
    return 0;
  }
  console.error('Usage: npm run owner -- invite <email> | npm run owner -- list | npm run owner -- revoke <email>');
  return 2;
}

void main().then((code) => process.exit(code));
