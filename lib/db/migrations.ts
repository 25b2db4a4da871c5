/*
 * Forward-only migrations, applied in order on start (lib/db/migrate: one transaction, under a
 * lock). Each statement is SQL that SQLite and PostgreSQL both run (TEXT, INTEGER, no
 * AUTOINCREMENT, no SQLite-only functions). A migration never changes once released:
 * add a new one instead.
 */
export type Migration = { id: string; statements: readonly string[] };

export const migrations: readonly Migration[] = [
  {
    id: '0001-requests',
    statements: [
      `CREATE TABLE requests (
        id TEXT PRIMARY KEY,
        form TEXT NOT NULL,
        lang TEXT NOT NULL,
        property_id INTEGER,
        project_id INTEGER,
        email TEXT,
        name TEXT,
        payload TEXT NOT NULL,
        source TEXT,
        created_at TEXT NOT NULL
      )`,
      'CREATE INDEX requests_by_property ON requests (property_id, created_at)',
      'CREATE INDEX requests_by_date ON requests (created_at)',
      `CREATE TABLE uploads (
        id TEXT PRIMARY KEY,
        request_id TEXT NOT NULL REFERENCES requests (id),
        field TEXT NOT NULL,
        file_name TEXT NOT NULL,
        mime TEXT NOT NULL,
        size INTEGER NOT NULL,
        path TEXT NOT NULL
      )`,
      `CREATE TABLE bookings (
        id TEXT PRIMARY KEY,
        slot_id INTEGER NOT NULL,
        property_id INTEGER NOT NULL,
        request_id TEXT NOT NULL,
        status TEXT NOT NULL,
        created_at TEXT NOT NULL
      )`,
      'CREATE INDEX bookings_by_slot ON bookings (slot_id)',
      `CREATE TABLE document_requests (
        email TEXT NOT NULL,
        property_id INTEGER NOT NULL,
        request_id TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (email, property_id)
      )`,
      `CREATE TABLE outbox (
        id TEXT PRIMARY KEY,
        request_id TEXT NOT NULL REFERENCES requests (id),
        kind TEXT NOT NULL,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        locked_until TEXT,
        last_error TEXT,
        delivered_at TEXT,
        created_at TEXT NOT NULL
      )`,
      'CREATE INDEX outbox_due ON outbox (status, next_attempt_at)',
      `CREATE TABLE captcha_uses (
        id TEXT PRIMARY KEY,
        used_at TEXT NOT NULL
      )`,
    ],
  },
  {
    id: '0002-owner-portal',
    statements: [
      `CREATE TABLE owner_accounts (
        email TEXT PRIMARY KEY,
        password_hash TEXT NOT NULL,
        updated_at TEXT NOT NULL
      )`,
      `CREATE TABLE owner_tokens (
        token_hash TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        purpose TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT
      )`,
      `CREATE TABLE owner_sessions (
        token_hash TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL
      )`,
      `CREATE TABLE login_failures (
        email TEXT NOT NULL,
        failed_at TEXT NOT NULL
      )`,
      'CREATE INDEX login_failures_by_email ON login_failures (email, failed_at)',
      `CREATE TABLE visit_counts (
        property_id INTEGER NOT NULL,
        day TEXT NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (property_id, day)
      )`,
      `CREATE TABLE visitor_days (
        day TEXT NOT NULL,
        property_id INTEGER NOT NULL,
        visitor_hash TEXT NOT NULL,
        PRIMARY KEY (day, property_id, visitor_hash)
      )`,
    ],
  },
  {
    // A job carries a request or its own small JSON payload (a mail that is no request, such as a
    // password reset); `unreachable` marks a job that failed because the server could not be
    // reached, for the probe that makes it due again. SQLite cannot drop a NOT NULL, so the table
    // is rebuilt and its rows copied.
    id: '0003-outbox-jobs',
    statements: [
      `CREATE TABLE outbox_jobs (
        id TEXT PRIMARY KEY,
        request_id TEXT REFERENCES requests (id),
        payload TEXT,
        kind TEXT NOT NULL,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        locked_until TEXT,
        last_error TEXT,
        unreachable INTEGER NOT NULL DEFAULT 0,
        delivered_at TEXT,
        created_at TEXT NOT NULL,
        CHECK (request_id IS NOT NULL OR payload IS NOT NULL)
      )`,
      `INSERT INTO outbox_jobs (id, request_id, kind, status, attempts, next_attempt_at, locked_until, last_error, delivered_at, created_at)
        SELECT id, request_id, kind, status, attempts, next_attempt_at, locked_until, last_error, delivered_at, created_at FROM outbox`,
      'DROP TABLE outbox',
      'ALTER TABLE outbox_jobs RENAME TO outbox',
      'CREATE INDEX outbox_due ON outbox (status, next_attempt_at)',
      'CREATE INDEX outbox_by_request ON outbox (request_id)',
    ],
  },
  {
    // Newsletter double opt-in: one row per confirmation link sent. The per-address rules (one link
    // a day, none once confirmed) and the daily send-to-friend limits read these indexes. Sign-ups
    // stored before were subscriptions then, and the agency was mailed each: they stay confirmed
    // (their token hash is no SHA-256, so no link matches it).
    id: '0004-newsletter',
    statements: [
      `CREATE TABLE newsletter_signups (
        request_id TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        expires_at TEXT NOT NULL,
        confirmed_at TEXT,
        created_at TEXT NOT NULL
      )`,
      'CREATE INDEX newsletter_signups_by_email ON newsletter_signups (email, created_at)',
      `INSERT INTO newsletter_signups (request_id, email, token_hash, expires_at, confirmed_at, created_at)
        SELECT id, lower(email), 'before-double-opt-in:' || id, created_at, created_at, created_at FROM requests
        WHERE form = 'sign-newsletter' AND email IS NOT NULL`,
      'CREATE INDEX requests_by_form ON requests (form, created_at)',
    ],
  },
  {
    // Failures are counted per account and client, so that nobody can lock an owner out from elsewhere.
    id: '0005-login-failures',
    statements: ["ALTER TABLE login_failures ADD COLUMN client TEXT NOT NULL DEFAULT ''", 'CREATE INDEX login_failures_by_client ON login_failures (email, client, failed_at)'],
  },
  {
    // Staff revoke an owner (npm run owner -- revoke): the row keeps the account closed to
    // forgotten-password links until staff invite the owner again.
    id: '0006-owner-revocations',
    statements: [
      `CREATE TABLE owner_revocations (
        email TEXT PRIMARY KEY,
        revoked_at TEXT NOT NULL
      )`,
    ],
  },
  {
    // Search alerts and followed listings (lib/alerts): the subscriptions, what the alerts last saw
    // of the catalogue, the events told (unique per subscription, listing and change, so nothing
    // is told twice), and the searchers' accounts.
    id: '0007-alerts',
    statements: [
      `CREATE TABLE alert_subscriptions (
        id TEXT PRIMARY KEY,
        request_id TEXT NOT NULL REFERENCES requests (id),
        kind TEXT NOT NULL,
        email TEXT NOT NULL,
        language TEXT NOT NULL,
        criteria TEXT,
        property_id INTEGER,
        frequency TEXT NOT NULL,
        status TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        expires_at TEXT NOT NULL,
        password_hash TEXT,
        created_at TEXT NOT NULL,
        confirmed_at TEXT,
        last_sent_at TEXT
      )`,
      'CREATE INDEX alert_subscriptions_by_email ON alert_subscriptions (email)',
      'CREATE INDEX alert_subscriptions_by_request ON alert_subscriptions (request_id)',
      'CREATE INDEX alert_subscriptions_by_status ON alert_subscriptions (status, kind)',
      `CREATE TABLE catalogue_state (
        property_id INTEGER PRIMARY KEY,
        goal TEXT NOT NULL,
        state TEXT NOT NULL,
        price INTEGER,
        cards TEXT NOT NULL,
        seen_at TEXT NOT NULL
      )`,
      `CREATE TABLE alert_events (
        key TEXT PRIMARY KEY,
        subscription_id TEXT NOT NULL,
        property_id INTEGER NOT NULL,
        event TEXT NOT NULL,
        detail TEXT NOT NULL,
        created_at TEXT NOT NULL,
        job_id TEXT
      )`,
      'CREATE INDEX alert_events_by_subscription ON alert_events (subscription_id, job_id)',
      'CREATE INDEX alert_events_by_job ON alert_events (job_id)',
      `CREATE TABLE searcher_accounts (
        email TEXT PRIMARY KEY,
        password_hash TEXT NOT NULL,
        updated_at TEXT NOT NULL
      )`,
      // A searcher signs in as an owner does, with the same sessions and links: the realm tells
      // whose they are, so a searcher's session never opens an owner's portal of the same address.
      "ALTER TABLE owner_sessions ADD COLUMN realm TEXT NOT NULL DEFAULT 'owner'",
    ],
  },
  {
    // Shared state for several instances on one database: the fixed windows of the rate limits
    // (RATE_LIMIT_STORE=database) and the uploads' bytes (UPLOAD_STORE=database), as base64 text
    // so that the same statement holds on SQLite and PostgreSQL.
    id: '0008-shared-state',
    statements: [
      'CREATE TABLE rate_limits (key TEXT PRIMARY KEY, count INTEGER NOT NULL, expires_at TEXT NOT NULL)',
      'CREATE INDEX rate_limits_by_expiry ON rate_limits (expires_at)',
      'CREATE TABLE upload_contents (id TEXT PRIMARY KEY, content TEXT NOT NULL, created_at TEXT NOT NULL)',
    ],
  },
  {
    // A searcher's favourites, kept with the account so that they follow it across devices
    // (issue 19 item 3); the order is added_at's, newest first, at most 100 per address.
    id: '0009-searcher-favourites',
    statements: ['CREATE TABLE searcher_favourites (email TEXT NOT NULL, property_id INTEGER NOT NULL, added_at TEXT NOT NULL, PRIMARY KEY (email, property_id))'],
  },
  {
    // The search form no longer takes a password (issue 35: a stranger's password became the
    // address's account once the address confirmed). A password posted before this release must
    // not become an account either: confirmations no longer read the column, and it is emptied.
    id: '0010-alert-passwords-dropped',
    statements: ['UPDATE alert_subscriptions SET password_hash = NULL WHERE password_hash IS NOT NULL'],
  },
  {
    // Issue 35: the mail a form sends a visitor is counted per mailbox (lib/security/address-key), not
    // per typed address. mail_sends: each mail queued to a visitor or a friend (a visitor's copy,
    // a confirmation link, a friend's listing) with its mailbox, and for a friend's mail the sending
    // client (a keyed hash, never the address itself). mail_refusals: the mailboxes that used the
    // "I did not ask for this" link. An alert subscription keeps its mailbox too, so that one
    // link confirms every subscription of it.
    id: '0011-mail-addresses',
    statements: [
      'CREATE TABLE mail_sends (id TEXT PRIMARY KEY, address_key TEXT NOT NULL, kind TEXT NOT NULL, sender TEXT, request_id TEXT, sent_at TEXT NOT NULL)',
      'CREATE INDEX mail_sends_by_address ON mail_sends (address_key, kind, sent_at)',
      'CREATE INDEX mail_sends_by_sender ON mail_sends (kind, sender, sent_at)',
      'CREATE TABLE mail_refusals (address_key TEXT PRIMARY KEY, refused_at TEXT NOT NULL)',
      'ALTER TABLE alert_subscriptions ADD COLUMN email_key TEXT',
      'CREATE INDEX alert_subscriptions_by_email_key ON alert_subscriptions (email_key, status)',
    ],
  },
  {
    // A failure from a browser that proved a right password before (lib/auth/login-device.ts)
    // names that device: it counts toward the device's own lockout, not the account-wide one that
    // a handful of addresses could otherwise bring about (issue 35). '' is no such proof.
    id: '0012-login-devices',
    statements: ["ALTER TABLE login_failures ADD COLUMN device TEXT NOT NULL DEFAULT ''", 'CREATE INDEX login_failures_by_device ON login_failures (email, device, failed_at)'],
  },
  {
    // Issue 36: the catalogue pulled from the CRM. catalogue_runs: one row per pull, what it read
    // and published, for staff (npm run catalogue:status) and for the next run's cursor (the last
    // run with status 'published' or 'unchanged'). catalogue_lock: one row per lock name, held by
    // one process until lease_until, so that one instance pulls at a time.
    id: '0013-catalogue-runs',
    statements: [
      `CREATE TABLE catalogue_runs (
        id TEXT PRIMARY KEY,
        source TEXT NOT NULL,
        kind TEXT NOT NULL,
        status TEXT NOT NULL,
        started_at TEXT NOT NULL,
        ended_at TEXT,
        cursor_before TEXT,
        cursor_after TEXT,
        version TEXT,
        added INTEGER NOT NULL DEFAULT 0,
        changed INTEGER NOT NULL DEFAULT 0,
        withdrawn INTEGER NOT NULL DEFAULT 0,
        refused INTEGER NOT NULL DEFAULT 0,
        errors TEXT NOT NULL DEFAULT '[]',
        refusals TEXT NOT NULL DEFAULT '[]',
        retry_ids TEXT NOT NULL DEFAULT '[]',
        reconciled_at TEXT
      )`,
      'CREATE INDEX catalogue_runs_by_start ON catalogue_runs (started_at)',
      'CREATE TABLE catalogue_lock (name TEXT PRIMARY KEY, holder TEXT NOT NULL, acquired_at TEXT NOT NULL, lease_until TEXT NOT NULL)',
    ],
  },
  {
    // Issue 35: a link confirmed every subscription of its mailbox that waited when it was used,
    // also those posted after its mail went out, which the mail never counted (a stranger's follow
    // became active on the victim's click). link_covers_until: the newest created_at among the
    // subscriptions the last mail carrying this link counted; a link confirms no other of the
    // mailbox created after it. A link mailed before this release counted what waited when its
    // request's confirmation job was delivered.
    id: '0014-alert-link-covers',
    statements: [
      'ALTER TABLE alert_subscriptions ADD COLUMN link_covers_until TEXT',
      `UPDATE alert_subscriptions SET link_covers_until = (
        SELECT MAX(outbox.delivered_at) FROM outbox
        WHERE outbox.request_id = alert_subscriptions.request_id AND outbox.kind = 'alert-confirm' AND outbox.status = 'delivered'
      ) WHERE status = 'pending'`,
    ],
  },
  {
    // Issue 35: a post that passed only the no-JavaScript check (picture or spoken code, which a
    // program can read) waits for its address: one row per such request, with the SHA-256 of its
    // link's token. `plan`: what the confirmation queues (JSON: jobs, the agency's note, the slot
    // to book, the documents to record); `outcome`: 'slot-gone' when the chosen viewing time was
    // taken before the link was used; `link_covers_until` as for the alerts (0014).
    id: '0015-request-confirmations',
    statements: [
      `CREATE TABLE request_confirmations (
        request_id TEXT PRIMARY KEY,
        email_key TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        status TEXT NOT NULL,
        plan TEXT NOT NULL,
        outcome TEXT,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        confirmed_at TEXT,
        link_covers_until TEXT
      )`,
      'CREATE INDEX request_confirmations_by_mailbox ON request_confirmations (email_key, status, created_at)',
      'CREATE INDEX request_confirmations_by_expiry ON request_confirmations (status, expires_at)',
    ],
  },
  {
    // Issue 36: the agency is mailed once per refused CRM record and problem. A row is a problem
    // (file, record, field, message; its hash, which an index can hold whatever the message's
    // length) of the last good pull that was mailed, and the outbox job that mails it. A good run
    // that no longer finds the problem deletes its row, so the same problem coming back is new.
    id: '0016-catalogue-notices',
    statements: [
      `CREATE TABLE catalogue_notices (
        id TEXT PRIMARY KEY,
        source TEXT NOT NULL,
        problem TEXT NOT NULL,
        issue TEXT NOT NULL,
        job_id TEXT NOT NULL,
        noticed_at TEXT NOT NULL
      )`,
      'CREATE UNIQUE INDEX catalogue_notices_by_problem ON catalogue_notices (source, problem)',
      'CREATE INDEX catalogue_notices_by_job ON catalogue_notices (job_id)',
    ],
  },
  {
    // Issue 35: a mailbox that never used one of our links gets one mail a day from all the forms
    // together; one that did (it is its owner's) keeps each form's own allowance. A row is a
    // mailbox (lib/security/address-key) that confirmed a request, an alert or a sign-up. A newsletter
    // sign-up now keeps its mailbox too, as an alert does. The mailboxes that confirmed before
    // are carried over; a sign-up's address stands for its mailbox, which it is for most.
    id: '0017-confirmed-mailboxes',
    statements: [
      'CREATE TABLE confirmed_mailboxes (address_key TEXT PRIMARY KEY, confirmed_at TEXT NOT NULL)',
      'ALTER TABLE newsletter_signups ADD COLUMN email_key TEXT',
      `INSERT INTO confirmed_mailboxes (address_key, confirmed_at)
        SELECT address_key, MIN(confirmed_at) FROM (
          SELECT email_key AS address_key, confirmed_at FROM request_confirmations WHERE status = 'confirmed' AND confirmed_at IS NOT NULL
          UNION ALL SELECT email_key, confirmed_at FROM alert_subscriptions WHERE email_key IS NOT NULL AND status <> 'pending' AND confirmed_at IS NOT NULL
          UNION ALL SELECT LOWER(email), confirmed_at FROM newsletter_signups WHERE confirmed_at IS NOT NULL
        ) confirmed GROUP BY address_key`,
    ],
  },
];
