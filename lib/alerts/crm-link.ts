import { after } from 'next/server';
import { leadSinkFromEnv, type CrmDemand, type DemandLink } from '../catalogue/crm/omnicasa-leads';
import { endSearchesFromCrmLink, getStore, subscriptionsOf } from '../db';
import { backToPage, linkPostFailure, linkPostFields, postedLanguage } from '../posts/link-post';
import { deliverSoon } from '../outbox/deliver-soon';
import { href } from '../pages';
import { allowedOrigins, isSameOrigin } from '../security/origin';
import { parseCriteria } from './criteria';

/*
 * The unsubscribe link of the CRM's own alert mail (issue 38 item 5). Omnicasa mails the matches of
 * a search profile itself; its unsubscribe link, set by the agency to point here, carries the
 * profile's encrypted ids (GetDemandPerson IDCrypt / DemandIDCrypt). Opening the page only reads
 * the profile; its button ends the site's alert of the same search (registered from the site: the
 * site request id in the profile's comment; or the same address and criteria) and queues the CRM's
 * UnsubscribeDemandPerson in the outbox, in one transaction. Ids that name nothing change nothing.
 */

/** What the page of a CRM link shows: reading only. */
export type CrmLinkState = 'subscribed' | 'unsubscribed' | 'unknown' | 'unavailable';

/** Encrypted ids are the CRM's text: any printable characters, within the length of such a token. */
const linkOf = (person: string | null | undefined, demand: string | null | undefined): DemandLink | undefined => {
  const shaped = (value: string | null | undefined): value is string => typeof value === 'string' && /^[\x21-\x7e]{1,200}$/.test(value);
  return shaped(person) && shaped(demand) ? { personIdCrypt: person, demandIdCrypt: demand } : undefined;
};

export async function crmLinkState(person: string | undefined, demand: string | undefined): Promise<CrmLinkState> {
  const link = linkOf(person, demand);
  const sink = leadSinkFromEnv();
  if (!link || !sink) return 'unknown';
  const found = await sink.demandOfLink(link);
  if (typeof found === 'string') return found;
  return found.unsubscribed ? 'unsubscribed' : 'subscribed';
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item) => b.includes(item));

/** The site's searches a CRM profile is: the one it was registered from, or those of its address with its criteria. */
async function searchesOf(demand: CrmDemand): Promise<string[]> {
  const searches = (await subscriptionsOf(await getStore(), demand.email)).filter((subscription) => subscription.kind === 'search');
  const registered = searches.filter((subscription) => subscription.request_id === demand.siteRequestId);
  if (registered.length > 0) return registered.map((subscription) => subscription.id);
  return searches
    .filter((subscription) => {
      const criteria = parseCriteria(subscription.criteria);
      return criteria !== undefined && criteria.goal === demand.goal && sameSet(criteria.zips, demand.zips) && criteria.priceMin === demand.priceMin && criteria.priceMax === demand.priceMax;
    })
    .map((subscription) => subscription.id);
}

/** The page of the link (its ids in the query), after a post; `done` once the button was honoured. */
const pageOf = (link: DemandLink | undefined, language: ReturnType<typeof postedLanguage>, done = false) =>
  href({ page: 'alert-link', action: 'crm-unsubscribe', person: link?.personIdCrypt, demand: link?.demandIdCrypt, done }, language);

/** The page's button: same origin only (the ids are in the CRM's mail, not a secret of the site's). */
export async function crmUnsubscribeRequest(request: Request): Promise<Response> {
  if (!isSameOrigin(request, allowedOrigins())) {
    await request.body?.cancel();
    return linkPostFailure(postedLanguage(undefined), 403, 'forbidden');
  }
  const fields = await linkPostFields(request);
  if (fields instanceof Response) return fields;
  const language = postedLanguage(fields.get('lang'));
  const link = linkOf(fields.get('person'), fields.get('demand'));
  const sink = leadSinkFromEnv();
  if (!link || !sink) return backToPage(pageOf(link, language));
  try {
    const demand = await sink.demandOfLink(link);
    // Ids that name nothing, or a CRM that does not answer: nothing changes, and the page says which.
    if (typeof demand === 'string') return backToPage(pageOf(link, language));
    const ended = await endSearchesFromCrmLink(await getStore(), await searchesOf(demand), link);
    after(() => deliverSoon({ jobId: ended.jobId }));
  } catch (error) {
    console.error('[alerts] the CRM link unsubscribe failed', error);
    return linkPostFailure(language, 500, 'apiError');
  }
  return backToPage(pageOf(link, language, true));
}
