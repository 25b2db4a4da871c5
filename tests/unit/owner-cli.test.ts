import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSmtpSink } from './smtp-sink';
import { freshPostgresUrl } from './test-stores';

/*
 * The staff command for owners (issue 13, item 23), against a database file or schema and a
 * loopback mail server, in this process and (an invitation, a wrong command) as staff run it: `invite` mails the owner their link in their language and `list`
 * shows the invitation; `revoke` ends the owner's sessions and links, and no forgotten-password
 * link opens the account again until a new invitation.
 */

process.env.SITE_SECRET = 'unit-test-secret';

const { getOwners } = await import('@/lib/catalogue');
const { closeStore, openStore, setStore, enqueueJob } = await import('@/lib/db');
const { logIn, ownerOfSession, setPasswordWithToken } = await import('@/lib/auth/owner-auth');
const { deliverJob } = await import('@/lib/mail/outbox-worker');
const { runOwnerCommand } = await import('@/lib/server/owner-command');
const { default: fr } = await import('@/messages/fr.json');
const { default: nl } = await import('@/messages/nl.json');

const directory = mkdtempSync(join(tmpdir(), 'owner-cli-'));
/** The database staff's command and the site share: a file for SQLite, a server's schema for PostgreSQL. */
const databases: { name: string; url: () => Promise<string> }[] = [
  { name: 'sqlite', url: async () => `file:${join(directory, 'site.db')}` },
  ...(process.env.TEST_POSTGRES_URL ? [{ name: 'postgres', url: () => freshPostgresUrl() }] : []),
];
let databaseUrl = '';
const siteUrl = 'https://www.immo-hainaut.be';
const smtp = useSmtpSink(siteUrl, () => setStore(undefined));

/**
 * The command in this process (lib/server/owner-command.ts), with its exit code and output: each
 * `tsx` process took 2 to 6 s to start, and this file ran 26 of them.
 */
async function owner(...args: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await runOwnerCommand(args, { log: (line) => lines.push(line), error: (line) => lines.push(line) });
  return { code, out: lines.join('\n') };
}

/** `npm run owner -- …` as staff run it, with its output; the sink answers while it runs (no blocking exec). */
function ownerScript(...args: string[]): Promise<{ code: number; out: string }> {
  const env = { ...process.env, DATABASE_URL: databaseUrl, SITE_URL: siteUrl, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` };
  return new Promise((resolve) =>
    execFile(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/owner.ts', ...args], { env, encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, out: `${stdout}${stderr}` }),
    ),
  );
}

const listLine = async (email: string) => (await owner('list')).out.split('\n').find((line) => line.startsWith(email)) ?? '';
const linkToken = (text: string) => /https:\/\/www\.immo-hainaut\.be\/(\w\w)\/[^\s"<]+\?token=([\w-]+)/.exec(text);

const frenchOwner = getOwners().find((candidate) => candidate.Language === 'fr')!;
const dutchOwner = getOwners().find((candidate) => candidate.Language === 'nl')!;

let store: Awaited<ReturnType<typeof openStore>>;
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe.each(databases)('npm run owner on $name', (database) => {
  beforeAll(async () => {
    databaseUrl = await database.url();
    store = await openStore(databaseUrl);
    setStore(store);
  });
  afterAll(async () => {
    setStore(undefined);
    await closeStore(store);
  });

  it("invite: e-mails the link in the owner's language, and list shows the invitation", { timeout: 180_000 }, async () => {
    expect(await listLine(dutchOwner.Email)).toContain('not invited yet');
    smtp.received = [];
    const invited = await owner('invite', dutchOwner.Email);
    expect(invited.code).toBe(0);
    expect(linkToken(invited.out)?.[1]).toBe('nl');
    expect(invited.out).toContain('e-mailed');

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual([dutchOwner.Email]);
    expect(mail!.raw).toMatch(/^Subject: .*eigenaarsaccount/im);
    expect(mail!.body).toContain(`Beste ${dutchOwner.FirstName} ${dutchOwner.LastName},`);
    expect(mail!.body).toContain(nl.mail.inviteBody.split('\n')[2]!.replace('{agency}', 'Immo Hainaut').slice(0, 40));
    const mailed = linkToken(mail!.body);
    expect(mailed?.[1]).toBe('nl');

    // Right after the invitation, staff see it, not "not invited yet".
    const line = await listLine(dutchOwner.Email);
    expect(line).toContain('invited, no password yet (invitation e-mailed');
    expect(line).not.toContain('not invited yet');

    // The mailed link works; the printed one is retired by it.
    const chosen = await setPasswordWithToken(mailed![2]!, 'a good password');
    expect(chosen.ok).toBe(true);
    expect(await setPasswordWithToken(linkToken(invited.out)![2]!, 'another password')).toEqual({ ok: false, reason: 'invalid-link' });
    expect(await listLine(dutchOwner.Email)).toContain('password set');
  });

  it('invite: a French owner gets the French mail', { timeout: 120_000 }, async () => {
    smtp.received = [];
    // Through the script staff run, in a process of its own.
    const invited = await ownerScript('invite', frenchOwner.Email);
    expect(invited.code).toBe(0);
    expect(invited.out).toContain('e-mailed');
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.body).toContain(`Bonjour ${frenchOwner.FirstName} ${frenchOwner.LastName},`);
    expect(smtp.received[0]!.body).toContain(fr.mail.inviteBody.split('\n')[2]!.replace('{agency}', 'Immo Hainaut').slice(0, 40));
    expect(linkToken(smtp.received[0]!.body)?.[1]).toBe('fr');
  });

  it('revoke: ends the sessions and links, and keeps the account closed until a new invitation', { timeout: 180_000 }, async () => {
    const session = await logIn(dutchOwner.Email, 'a good password', '192.0.2.10');
    expect(session.ok).toBe(true);
    const sessionToken = session.ok ? session.token : undefined;
    expect(await ownerOfSession(sessionToken)).toMatchObject({ Email: dutchOwner.Email });
    const pendingInvite = linkToken((await owner('invite', dutchOwner.Email)).out)![2]!;

    const revoked = await owner('revoke', dutchOwner.Email);
    expect(revoked.code).toBe(0);
    // The session the new password opened and the one of the login.
    expect(revoked.out).toContain('2 session(s) ended');
    expect(await ownerOfSession(sessionToken)).toBeUndefined();
    expect((await logIn(dutchOwner.Email, 'a good password', '192.0.2.10')).ok).toBe(false);
    expect(await setPasswordWithToken(pendingInvite, 'sneaking back in')).toEqual({ ok: false, reason: 'invalid-link' });
    expect(await listLine(dutchOwner.Email)).toContain('revoked on');

    // Forgot-password sends no link to a revoked owner.
    smtp.received = [];
    await deliverJob(await enqueueJob(store, 'owner-reset', { email: dutchOwner.Email, language: 'nl' }));
    expect(smtp.received).toHaveLength(0);

    // Inviting again gives access back.
    const again = await owner('invite', dutchOwner.Email);
    expect(again.code).toBe(0);
    expect(await listLine(dutchOwner.Email)).toContain('invited, no password yet');
    expect((await setPasswordWithToken(linkToken(again.out)![2]!, 'welcome back')).ok).toBe(true);
  });

  it("refuses an address that is no owner's, and a command it does not know", { timeout: 120_000 }, async () => {
    expect(await owner('revoke', 'nobody@example.be')).toMatchObject({ code: 1, out: expect.stringContaining('No owner') });
    expect(await owner('invite', 'nobody@example.be')).toMatchObject({ code: 1 });
    expect(await owner('remove', dutchOwner.Email)).toMatchObject({ code: 2, out: expect.stringContaining('revoke') });
    expect(await ownerScript('remove', dutchOwner.Email)).toMatchObject({ code: 2, out: expect.stringContaining('revoke') });
  });
});
