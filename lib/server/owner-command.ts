/*
 * The staff command for owners' access to the portal: invite, list, revoke (scripts/owner.ts runs it).
 */
import { inviteOwner, revokeOwner } from '../auth/owner-auth';
import { getOwners } from '../catalogue';
import { getEnabledLanguages, getDefaultLanguage } from '../config';
import { getStore, ownerAccess, type OwnerAccess } from '../db';
import { href } from '../pages';
import { deliverJob } from '../mail/outbox-worker';
import { siteOrigin } from '../mail/transport';

/** The agency's time, as dd-mm-yyyy hh:mm. */
const when = (iso: string) =>
  new Intl.DateTimeFormat('nl-BE', { timeZone: 'Europe/Brussels', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
    .format(new Date(iso))
    .replace(/\//g, '-')
    .replace(',', '');

function describeAccess(access: OwnerAccess): string {
  if (access.revokedAt) return `revoked on ${when(access.revokedAt)}`;
  if (access.passwordSet) return 'password set';
  if (access.invitedUntil) {
    const mail = access.inviteMail === 'delivered' ? 'invitation e-mailed' : access.inviteMail === 'pending' ? 'invitation e-mail waiting in the outbox' : 'link printed only';
    return `invited, no password yet (${mail}; link valid until ${when(access.invitedUntil)})`;
  }
  return 'not invited yet (or the invitation expired)';
}

/** Where the command writes: the terminal for staff (console), a list for the tests. */
export type CommandOutput = { log: (line: string) => void; error: (line: string) => void };

/**
 * `npm run owner -- …` (scripts/owner.ts), in the caller's process: its exit code (0 done, 1 no
 * such owner, 2 usage), its lines written to `out`.
 */
export async function runOwnerCommand(args: readonly string[], out: CommandOutput): Promise<number> {
  const [command, email, ...rest] = args;
  if (command === 'invite' && email && rest.length === 0) {
    const invited = await inviteOwner(email);
    if (!invited) {
      out.error(`No owner with the e-mail ${email} in data/catalogue/owners.json.`);
      return 1;
    }
    const { owner, token, jobId } = invited;
    const language = getEnabledLanguages().find((candidate) => candidate === owner.Language) ?? getDefaultLanguage();
    out.log(`Invitation for ${owner.FirstName} ${owner.LastName} (${owner.Email}), valid 7 days, usable once:`);
    out.log(`${siteOrigin()}${href({ page: 'set-password' }, language)}?token=${token}`);
    await deliverJob(jobId);
    const access = await ownerAccess(await getStore(), owner.Email);
    out.log(
      access.inviteMail === 'delivered'
        ? `The invitation was e-mailed to ${owner.Email} (in ${language}), with a link of its own; the first link used retires the other.`
        : `The invitation e-mail to ${owner.Email} (in ${language}) waits in the outbox: the site's server sends it when the mail server answers.`,
    );
    return 0;
  }
  if (command === 'revoke' && email && rest.length === 0) {
    const revoked = await revokeOwner(email);
    if (!revoked) {
      out.error(`No owner with the e-mail ${email} in data/catalogue/owners.json.`);
      return 1;
    }
    out.log(
      `Access of ${revoked.owner.FirstName} ${revoked.owner.LastName} (${revoked.owner.Email}) revoked: ${revoked.sessions} session(s) ended, ${revoked.links} open link(s) cancelled, ${revoked.hadPassword ? 'password deleted' : 'no password was set'}. Invite them again to give access back.`,
    );
    return 0;
  }
  if (command === 'list' && email === undefined) {
    const store = await getStore();
    for (const owner of getOwners()) {
      out.log(`${owner.Email.padEnd(36)} ${owner.Language}  listings ${owner.PropertyIDs.join(', ')}  ${describeAccess(await ownerAccess(store, owner.Email))}`);
    }
    return 0;
  }
  out.error('Usage: npm run owner -- invite <email> | npm run owner -- list | npm run owner -- revoke <email>');
  return 2;
}
