import { parseCriteria } from '../alerts/criteria';
import { criteriaLines } from '../alerts/criteria-text';
import { getListing } from '../catalogue';
import type { Language } from '../config';
import type { SubscriptionSummary } from '../db/alerts';
import { terminalText } from './safe-text';

/** A line per search alert or followed listing, for staff (npm run leads -- --alerts), in the agency's language. */
export function alertLines(subscriptions: readonly SubscriptionSummary[], language: Language): string[] {
  return subscriptions.map((subscription) => {
    const criteria = parseCriteria(subscription.criteria);
    const what =
      subscription.kind === 'search'
        ? criteria
          ? criteriaLines(criteria, language)
              .map((line) => `${line.label}: ${line.value}`)
              .join('; ')
          : ''
        : `#${subscription.property_id ?? ''} ${subscription.property_id === null ? '' : (getListing(subscription.property_id, language)?.title ?? '')}`;
    const state = `${subscription.status}, ${subscription.frequency}, ${subscription.told} told, ${subscription.waiting} waiting`;
    return terminalText(`${subscription.created_at.slice(0, 16).replace('T', ' ')}  ${subscription.kind}  ${subscription.email} (${subscription.language})  [${state}]  ${what}`);
  });
}
