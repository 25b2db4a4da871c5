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
import { runOwnerCommand } from '../lib/server/owner-command';

// The exit ends the process: the database pool and the mail transport would keep it alive.
void runOwnerCommand(process.argv.slice(2), console).then((code) => process.exit(code));
