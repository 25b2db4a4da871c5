import { z } from 'zod';
import { catalogueLanguages, getProperties, type ListingSummary } from '../catalogue';
import { activeSubscriptions, existingEventKeys, queueAlertMail, readCatalogueState, recordAlertRun, subscriptionsWithUnsentEvents, type AlertSubscriptionRow, type Store } from '../db';

import { listingCard } from './card';
import { catalogueChanges, deployedListings, type SeenListing } from './changes';
import { parseCriteria } from './criteria';
import { planEvents, type ActiveSubscription, type PlannedEvent } from './plan';

/*
 * One alerts run: compare the deployed catalogue with the state last matched, write the events
 * (each once), then queue a mail for every subscription whose mail is due. On server start and
 * hourly (digests fall due), and by `npm run alerts`.
 */

const hourMs = 60 * 60 * 1000;
/**
 * A digest is due a day (a week) after the last one; an hour's slack, so that a run an hour
 * apart does not push it to the next day.
 */
const digestIntervalMs = { immediately: 0, daily: 24 * hourMs - hourMs, weekly: 7 * 24 * hourMs - hourMs } as const;

type Frequency = AlertSubscriptionRow['frequency'];

/** When a subscription's next mail may go: now for "immediately", else a day or a week after its last. */
function mailDueAt(frequency: Frequency, lastSentAt: string | null, now: Date): Date {
  if (frequency === 'immediately' || lastSentAt === null) return now;
  return new Date(Math.max(now.getTime(), Date.parse(lastSentAt) + digestIntervalMs[frequency]));
}

type PlannedMail = { subscriptionId: string; email: string; language: string; kind: string; frequency: Frequency; events: number; dueAt: Date; due: boolean };
export type AlertPlan = { baseline: boolean; events: PlannedEvent[]; mails: PlannedMail[]; queued: string[] };

function seenOf(rows: Awaited<ReturnType<typeof readCatalogueState>>): Map<number, SeenListing> {
  const seen = new Map<number, SeenListing>();
  for (const row of rows) {
    const cards: SeenListing['cards'] = {};
    try {
      for (const [language, card] of Object.entries(z.record(z.string(), z.unknown()).parse(JSON.parse(row.cards)))) {
        const parsed = listingCard.safeParse(card);
        if (parsed.success) cards[language] = parsed.data;
      }
    } catch {
      // A state row whose cards do not read is still a state: its changes go without a card.
    }
    seen.set(row.property_id, { id: row.property_id, goal: row.goal, state: row.state, price: row.price, cards });
  }
  return seen;
}

function subscriptionOf(row: AlertSubscriptionRow): ActiveSubscription | undefined {
  if (row.kind === 'follow') return row.property_id === null ? undefined : { id: row.id, kind: 'follow', language: row.language, propertyId: row.property_id };
  const criteria = parseCriteria(row.criteria);
  return criteria ? { id: row.id, kind: 'search', language: row.language, criteria } : undefined;
}

function deployedCatalogue(): ListingSummary[] {
  return catalogueLanguages.flatMap((language) => getProperties(language));
}

/**
 * `dryRun`: the plan only, nothing written. `listings`: the deployed snapshot (tests give their
 * own); by default the catalogue this process serves. The first run on an empty state records the
 * catalogue as it is and tells nobody: everything would be new.
 */
export async function runAlerts(store: Store, options: { dryRun?: boolean; now?: Date; listings?: readonly ListingSummary[] } = {}): Promise<AlertPlan> {
  const now = options.now ?? new Date();
  const stateRows = await readCatalogueState(store);
  const baseline = stateRows.length === 0;
  const seen = seenOf(stateRows);
  const deployed = deployedListings(options.listings ?? deployedCatalogue());
  const subscriptionRows = await activeSubscriptions(store);
  const subscriptions = subscriptionRows.map(subscriptionOf).filter((subscription) => subscription !== undefined);
  const planned = baseline ? [] : planEvents(catalogueChanges(seen, deployed), subscriptions);
  const known = await existingEventKeys(
    store,
    planned.map((event) => event.key),
  );
  const events = planned.filter((event) => !known.has(event.key));

  if (!options.dryRun) {
    await recordAlertRun(
      store,
      {
        events: events.map((event) => ({ key: event.key, subscription_id: event.subscriptionId, property_id: event.propertyId, event: event.event, detail: JSON.stringify(event.detail) })),
        states: [...deployed.values()].map((listing) => ({ property_id: listing.id, goal: listing.goal, state: listing.state, price: listing.price, cards: JSON.stringify(listing.cards) })),
        removed: [...seen.keys()].filter((id) => !deployed.has(id)),
      },
      now,
    );
  }

  // The mails: the events already waiting (a digest not yet due) and, in a dry run, the planned ones.
  const waiting = await subscriptionsWithUnsentEvents(store);
  const byId = new Map(waiting.map((row) => [row.id, { ...row }]));
  if (options.dryRun) {
    for (const event of events) {
      const row = subscriptionRows.find((candidate) => candidate.id === event.subscriptionId);
      if (!row) continue;
      const entry = byId.get(row.id) ?? { id: row.id, frequency: row.frequency, last_sent_at: row.last_sent_at, email: row.email, language: row.language, kind: row.kind, events: 0 };
      entry.events += 1;
      byId.set(row.id, entry);
    }
  }
  const mails: PlannedMail[] = [...byId.values()]
    .sort((a, b) => a.email.localeCompare(b.email) || a.id.localeCompare(b.id))
    .map((row) => {
      const dueAt = mailDueAt(row.frequency, row.last_sent_at, now);
      return { subscriptionId: row.id, email: row.email, language: row.language, kind: row.kind, frequency: row.frequency, events: row.events, dueAt, due: dueAt.getTime() <= now.getTime() };
    });
  const queued: string[] = [];
  if (!options.dryRun) {
    for (const mail of mails) {
      if (!mail.due) continue;
      const jobId = await queueAlertMail(store, mail.subscriptionId, now);
      if (jobId) queued.push(jobId);
    }
  }
  return { baseline, events, mails, queued };
}

const alertsTimer = globalThis as typeof globalThis & { __alertsTimer?: NodeJS.Timeout };

export type AlertsSchedule = {
  /**
   * Whether this process serves the newest published catalogue, after a reload if one is due
   * (lib/server/catalogue-reload.ts): a run over an older version would tell followers of changes
   * the newest undid and record its state as seen. Behind, the run is skipped; the instances that
   * serve the newest run the alerts after their reload.
   */
  upToDate?: () => Promise<boolean>;
  log?: Pick<Console, 'log' | 'error'>;
};

/** On server start: a run now (a new snapshot was deployed by the rebuild), then hourly for the digests. */
export async function startAlerts(getStore: () => Promise<Store>, schedule: AlertsSchedule = {}): Promise<void> {
  if (alertsTimer.__alertsTimer) return;
  const log = schedule.log ?? console;
  const run = async () => {
    try {
      if (schedule.upToDate && !(await schedule.upToDate())) {
        log.log('[alerts] skipped: this instance is behind the newest published catalogue; they run after its reload');
        return;
      }
      const plan = await runAlerts(await getStore());
      if (plan.events.length > 0 || plan.queued.length > 0) log.log(`[alerts] ${plan.events.length} event(s), ${plan.queued.length} mail(s) queued`);
    } catch (error) {
      log.error('[alerts] the run failed; the next hour tries again', error);
    }
  };
  alertsTimer.__alertsTimer = setInterval(run, hourMs);
  alertsTimer.__alertsTimer.unref();
  await run();
}

/** Ends the hourly runs (a test's own schedule). */
export function stopAlerts(): void {
  clearInterval(alertsTimer.__alertsTimer);
  alertsTimer.__alertsTimer = undefined;
}
