/** The tables as Kysely sees them. Dates are ISO-8601 UTC text; payloads are JSON text. */

export type RequestRow = {
  id: string;
  form: string;
  lang: string;
  property_id: number | null;
  project_id: number | null;
  email: string | null;
  name: string | null;
  /** The validated fields, as JSON. */
  payload: string;
  /** The page the request was sent from. */
  source: string | null;
  created_at: string;
};

export type UploadRow = {
  id: string;
  request_id: string;
  field: string;
  file_name: string;
  mime: string;
  size: number;
  path: string;
};

type BookingRow = {
  id: string;
  slot_id: number;
  property_id: number;
  request_id: string;
  status: string;
  created_at: string;
};

/**
 * A newsletter sign-up waiting for, or given, the address's confirmation (double opt-in). One row
 * per sign-up request that was sent a confirmation link; an address is subscribed once one of its
 * rows is confirmed. Only the SHA-256 of the link's token is kept.
 */
type NewsletterSignupRow = {
  request_id: string;
  email: string;
  /** The mailbox (lib/security/address-key); null for a sign-up made before issue 35's last step. */
  email_key: string | null;
  token_hash: string;
  expires_at: string;
  confirmed_at: string | null;
  created_at: string;
};

type DocumentRequestRow = {
  email: string;
  property_id: number;
  request_id: string;
  created_at: string;
};

/** 'owner-reset' and 'owner-invite' carry their own payload ({@link OwnerResetPayload}) instead of a request. */
export type OutboxKind =
  | 'agency-mail'
  | 'visitor-mail'
  | 'friend-mail'
  | 'webhook'
  | 'owner-reset'
  | 'owner-invite'
  | 'newsletter-confirm'
  /** An alert's confirmation link goes with its request; an alert mail carries its own payload, { subscriptionId }. */
  | 'alert-confirm'
  | 'alert-mail'
  /**
   * The link to a searcher's first password, asked from the page of a confirmed alert's link; its
   * payload names the subscription ({ subscriptionId }), never an address typed by anyone.
   */
  | 'searcher-setup'
  /** The link that confirms a request posted without JavaScript (request_confirmations); it goes with its request. */
  | 'request-confirm'
  /** Refused CRM records for the agency: the notices that name the job (catalogue_notices.job_id), payload {}. */
  | 'catalogue-refusals'
  /** The request as a call to the agency's CRM (lib/mail/crm-lead); a confirmed search alert's becomes a search profile. */
  | 'crm-lead'
  /** A search profile ended on the site, or by the CRM's own mail link, unsubscribed in the CRM; payload CrmUnsubscribePayload. */
  | 'crm-unsubscribe';

/**
 * 'site': an alert deleted on the site, whose request's profile the CRM holds (found again by the
 * request id; `requestKept`: the request stays, and the job is listed with it); 'link': the encrypted ids of the CRM's own alert mail's unsubscribe link.
 */
export type CrmUnsubscribePayload = { kind: 'site'; requestId: string; email: string; requestKept?: boolean } | { kind: 'link'; personIdCrypt: string; demandIdCrypt: string };
/** 'refused': the receiver answered no to the job itself (a CRM refusing a field); it is not tried again, and staff see why. */
type OutboxStatus = 'pending' | 'delivered' | 'refused';

export type OutboxRow = {
  id: string;
  /** The request delivered, or null for a job that carries its own payload. */
  request_id: string | null;
  /** A job's own data, as JSON (never a secret: a reset token is made when the mail is sent). */
  payload: string | null;
  kind: OutboxKind;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  /** 1 when the last attempt could not reach the server: the probe makes the job due when it answers. */
  unreachable: number;
  delivered_at: string | null;
  created_at: string;
};

/**
 * The payload of an 'owner-reset' job (the address typed in the form, and the page's language) and
 * of an 'owner-invite' job (the owner's address and language).
 */
export type OwnerResetPayload = { email: string; language: string };

type CaptchaUseRow = {
  id: string;
  used_at: string;
};

type OwnerAccountRow = { email: string; password_hash: string; updated_at: string };
/** 'searcher-reset': a searcher's forgotten password (lib/alerts/account), never an owner's link. */
export type OwnerTokenRow = { token_hash: string; email: string; purpose: 'invite' | 'reset' | 'searcher-reset'; expires_at: string; used_at: string | null };
/** Whose accounts a session or a link opens. */
export type AccountRealm = 'owner' | 'searcher';
type OwnerSessionRow = { token_hash: string; email: string; created_at: string; expires_at: string; realm: AccountRealm };
type OwnerRevocationRow = { email: string; revoked_at: string };
/** `client` as lib/security/client-address gives it; '' for failures recorded before it was kept. */
type LoginFailureRow = { email: string; client: string; device: string; failed_at: string };
type VisitCountRow = { property_id: number; day: string; count: number };
type VisitorDayRow = { day: string; property_id: number; visitor_hash: string };

/**
 * A search alert or a followed listing (lib/alerts). 'pending' until its address confirms the
 * link (only the link token's SHA-256 is kept), then 'active' or 'paused'. An unsubscribe deletes
 * the row and its events.
 */
export type AlertSubscriptionRow = {
  id: string;
  /** The form's request: what the agency and the CRM receive once the address confirms. */
  request_id: string;
  kind: 'search' | 'follow';
  email: string;
  /** The mailbox (lib/security/address-key); null for a subscription made before issue 35. */
  email_key: string | null;
  language: string;
  /** search: the criteria as JSON (lib/alerts/criteria); follow: null. */
  criteria: string | null;
  /** follow: the listing followed. */
  property_id: number | null;
  frequency: 'immediately' | 'daily' | 'weekly';
  status: 'pending' | 'active' | 'paused';
  token_hash: string;
  /** The confirmation link works until then. */
  expires_at: string;
  /**
   * Always null: the search form once took a password that became the address's account on
   * confirmation, which let anyone claim an address's account in advance (issue 35). Kept so that
   * the migrations stay as released; migration 0010 emptied it.
   */
  password_hash: string | null;
  created_at: string;
  confirmed_at: string | null;
  /** When the last alert mail of this subscription was queued (daily and weekly digests count from it). */
  last_sent_at: string | null;
  /**
   * The newest created_at among the subscriptions of the mailbox that the last mail carrying this
   * subscription's link counted: the link confirms those, never one posted after (null: not mailed).
   */
  link_covers_until: string | null;
};

/** What the alerts last saw of a listing: compared with the next deployed snapshot. */
export type CatalogueStateRow = {
  property_id: number;
  goal: string;
  state: string;
  /** null when the price is on demand. */
  price: number | null;
  /** The listing's card in each language, as JSON (lib/alerts/card), for a mail about a removed listing. */
  cards: string;
  seen_at: string;
};

/**
 * One thing to tell one subscription. `key` is unique per subscription, listing and change, so a
 * second run over the same snapshot writes nothing; a search's key has no change in it, so a
 * listing is announced to a search once ever. `job_id` is the outbox job that mails it.
 */
export type AlertEventRow = {
  key: string;
  subscription_id: string;
  property_id: number;
  event: 'new' | 'price' | 'status' | 'removed';
  /** { from, to, card } as JSON. */
  detail: string;
  created_at: string;
  job_id: string | null;
};

type SearcherAccountRow = { email: string; password_hash: string; updated_at: string };

/** One listing a searcher keeps (lib/favourites/account.ts); the address in lower case. */
type SearcherFavouriteRow = { email: string; property_id: number; added_at: string };

/** A fixed window of one rate limit (lib/security/rate-limit.ts); the key is a hash, never an address. */
type RateLimitRow = { key: string; count: number; expires_at: string };

/** An upload's bytes when uploads live in the database (UPLOAD_STORE=database), base64 on every dialect. */
type UploadContentRow = { id: string; content: string; created_at: string };
/** A mail queued to a visitor's or a friend's mailbox; `sent_at`: when it is due (a confirmation may wait a day). */
type MailSendRow = {
  id: string;
  address_key: string;
  kind: 'visitor-copy' | 'documents' | 'confirmation' | 'friend' | 'newsletter' | 'request-confirmation';
  sender: string | null;
  request_id: string | null;
  sent_at: string;
};
type MailRefusalRow = { address_key: string; refused_at: string };
/** A mailbox that used one of our links (lib/db/mailboxes): its owner reads it. */
type ConfirmedMailboxRow = { address_key: string; confirmed_at: string };

/** One pull of the catalogue from the CRM (lib/db/catalogue-runs.ts); errors, refusals and retry_ids are JSON lists. */
export type CatalogueRunRow = {
  id: string;
  source: string;
  kind: 'full' | 'incremental';
  status: 'running' | 'published' | 'unchanged' | 'failed';
  started_at: string;
  ended_at: string | null;
  cursor_before: string | null;
  cursor_after: string | null;
  version: string | null;
  added: number;
  changed: number;
  withdrawn: number;
  refused: number;
  errors: string;
  refusals: string;
  retry_ids: string;
  /** When this run compared every current ID with the CRM (a full run does). */
  reconciled_at: string | null;
};

/**
 * A request that passed only the no-JavaScript check, waiting for its address to confirm it
 * (lib/forms/pending-request): until then it reaches neither the agency, nor the CRM, nor the
 * leads. Only the SHA-256 of the link's token is kept.
 */
export type RequestConfirmationRow = {
  request_id: string;
  /** The mailbox (lib/security/address-key): one confirmation mail a day to it. */
  email_key: string;
  token_hash: string;
  status: 'pending' | 'confirmed';
  /** What the confirmation queues, as JSON ({@link ConfirmationPlan} of lib/db/request-confirmations). */
  plan: string;
  /** 'slot-gone': the viewing time chosen was taken before the link was used. */
  outcome: string | null;
  created_at: string;
  expires_at: string;
  confirmed_at: string | null;
  /** As an alert's: the newest created_at of the mailbox's requests the last mail of this link counted. */
  link_covers_until: string | null;
};
/** A refused CRM record's problem as it was mailed to the agency (lib/catalogue/crm/refusal-notices.ts). */
type CatalogueNoticeRow = { id: string; source: string; problem: string; issue: string; job_id: string; noticed_at: string };

type CatalogueLockRow = { name: string; holder: string; acquired_at: string; lease_until: string };

export type Database = {
  catalogue_runs: CatalogueRunRow;
  catalogue_lock: CatalogueLockRow;
  catalogue_notices: CatalogueNoticeRow;
  rate_limits: RateLimitRow;
  upload_contents: UploadContentRow;
  mail_sends: MailSendRow;
  mail_refusals: MailRefusalRow;
  confirmed_mailboxes: ConfirmedMailboxRow;
  alert_subscriptions: AlertSubscriptionRow;
  catalogue_state: CatalogueStateRow;
  alert_events: AlertEventRow;
  searcher_accounts: SearcherAccountRow;
  searcher_favourites: SearcherFavouriteRow;
  owner_accounts: OwnerAccountRow;
  owner_tokens: OwnerTokenRow;
  owner_sessions: OwnerSessionRow;
  owner_revocations: OwnerRevocationRow;
  login_failures: LoginFailureRow;
  visit_counts: VisitCountRow;
  visitor_days: VisitorDayRow;
  requests: RequestRow;
  uploads: UploadRow;
  bookings: BookingRow;
  document_requests: DocumentRequestRow;
  outbox: OutboxRow;
  captcha_uses: CaptchaUseRow;
  newsletter_signups: NewsletterSignupRow;
  request_confirmations: RequestConfirmationRow;
};
