import { z } from 'zod';
import { listingCard, type ListingCard } from '../alerts/card';
import { alertUnsubscribeEndpoint } from '../alerts/endpoints';
import { parseCriteria } from '../alerts/criteria';
import { criteriaLines } from '../alerts/criteria-text';
import { alertConfirmationToken, alertConfirmationTtlDays, unsubscribeToken } from '../alerts/token';
import { getListing } from '../catalogue';
import { getDefaultLanguage, getSite, isSupportedLanguage, type Language } from '../config';
import type { AlertEventRow, AlertSubscriptionRow } from '../db';
import { formatEuro, listingPrice } from '../format';
import { translatorFor } from '../i18n/messages';
import { imageUrl } from '../media/image-url';
import { pictureSrc } from '../media/picture-src';
import { href } from '../pages';
import { escape, labelled, refusable, render, signed, type Mail } from './compose';
import { agencyAddress, siteOrigin } from './transport';

/*
 * The mails of the alerts (lib/alerts): the confirmation link of a search or a follow, and the
 * alert itself, a card per listing, with the search's criteria in words, a manage link and an
 * unsubscribe link that works without signing in (and RFC 8058 headers for a one-click one).
 */

const pictureWidth = 600;

const languageOf = (subscription: AlertSubscriptionRow): Language => (isSupportedLanguage(subscription.language) ? subscription.language : getDefaultLanguage());

const absolute = (path: string) => (path.startsWith('/') ? siteOrigin() + path : path);

/**
 * The confirmation link of a subscription just made, in the visitor's language. `waiting`: the
 * other subscriptions of the mailbox the same link confirms (one such mail a day per mailbox).
 */
export function alertConfirmMail(subscription: AlertSubscriptionRow, waiting = 0): Mail {
  const language = languageOf(subscription);
  const t = translatorFor(language, 'alerts');
  const agency = getSite().siteInfo.name;
  const link = siteOrigin() + href({ page: 'alert-link', action: 'confirm', token: alertConfirmationToken(subscription.id) }, language);
  const search = subscription.kind === 'search';
  const criteria = parseCriteria(subscription.criteria);
  const followed = subscription.kind === 'follow' ? followedCard(subscription, language) : undefined;
  const paragraphs = [
    translatorFor(language, 'mail')('greetingAnonymous'),
    t(search ? 'confirmIntroSearch' : 'confirmIntroFollow', { agency }),
    ...(followed ? [`${followed.title}\n${absolute(followed.path)}`] : []),
    ...(waiting > 0 ? [t('confirmAlsoWaiting', { count: waiting })] : []),
  ];
  const lines = criteria ? criteriaLines(criteria, language) : [];
  const body = render(language, [...paragraphs], lines, undefined);
  const closing = render(language, [t('confirmAction', { days: alertConfirmationTtlDays }), t('confirmIgnore', { days: alertConfirmationTtlDays })], [], { label: t('confirmLink'), url: link });
  return {
    to: subscription.email,
    replyTo: agencyAddress(),
    subject: t(search ? 'confirmSubjectSearch' : 'confirmSubjectFollow', { agency }),
    ...signed(refusable({ text: `${body.text}\n\n${closing.text}`, html: `${body.html}\n${closing.html}` }, subscription.email, language), language),
  };
}

/** The followed listing's title and page, while it is in the catalogue. */
function followedCard(subscription: AlertSubscriptionRow, language: Language): { title: string; path: string } | undefined {
  const listing = subscription.property_id === null ? undefined : getListing(subscription.property_id, language);
  return listing ? { title: listing.title, path: href({ page: 'property', id: listing.id }, language) } : undefined;
}

const eventDetail = z.object({ from: z.union([z.number(), z.string(), z.null()]).optional(), to: z.union([z.number(), z.string(), z.null()]).optional(), card: listingCard });

type AlertItem = { event: AlertEventRow['event']; from?: number | string | null; to?: number | string | null; card: ListingCard };

function itemsOf(events: readonly AlertEventRow[]): AlertItem[] {
  return events.flatMap((event) => {
    try {
      const detail = eventDetail.safeParse(JSON.parse(event.detail));
      return detail.success ? [{ event: event.event, ...detail.data }] : [];
    } catch {
      return [];
    }
  });
}

/** What happened to a followed listing, in words; nothing for a search's new match. */
function changeText(item: AlertItem, language: Language): string | undefined {
  const t = translatorFor(language, 'alerts');
  // As the card writes its price (and the site every listing's).
  const money = (value: number | string | null | undefined) => (typeof value === 'number' ? formatEuro(value) : translatorFor(language, 'property')('priceOnDemand'));
  if (item.event === 'price') return t('events.price', { from: money(item.from), to: money(item.to) });
  if (item.event === 'removed') return t('events.removed');
  if (item.event !== 'status') return undefined;
  // On offer again is "back", after an option as after a sale or a rental that fell through.
  return item.to === 'sold' ? t('events.sold') : item.to === 'rented' ? t('events.rented') : item.to === 'under-option' ? t('events.option') : t('events.back');
}

function cardText(item: AlertItem, language: Language, price: string): string {
  const t = translatorFor(language, 'alerts');
  const change = changeText(item, language);
  return [
    `${item.card.typeName} – ${item.card.zip} ${item.card.town}`,
    price,
    ...(change ? [change] : []),
    ...(item.event === 'removed' ? [] : [labelled(t('view'), absolute(item.card.path), language)]),
  ].join('\n');
}

function cardHtml(item: AlertItem, language: Language, price: string): string {
  const t = translatorFor(language, 'alerts');
  const change = changeText(item, language);
  const link = item.event === 'removed' ? undefined : absolute(item.card.path);
  const { picture } = item.card;
  const source = picture ? imageUrl(pictureSrc(picture.url), { width: pictureWidth, format: 'png' }) : undefined;
  const image =
    picture && source
      ? `<img src="${escape(absolute(source))}" alt="${escape(item.card.title)}" width="${pictureWidth}" height="${Math.round((pictureWidth * picture.height) / picture.width)}" style="max-width:100%;height:auto;display:block">`
      : '';
  return [
    '<div style="border:1px solid #ddd;margin:0 0 1rem;padding:0 0 .5rem;max-width:600px">',
    link && image ? `<a href="${escape(link)}">${image}</a>` : image,
    `<p style="margin:.5rem"><strong>${escape(item.card.typeName)} – ${escape(`${item.card.zip} ${item.card.town}`)}</strong><br>${escape(price)}</p>`,
    change ? `<p style="margin:.5rem"><strong>${escape(change)}</strong></p>` : '',
    link ? `<p style="margin:.5rem"><a href="${escape(link)}">${escape(t('view'))}</a></p>` : '',
    '</div>',
  ].join('');
}

/**
 * The alert of a subscription: its events as cards, in the subscriber's language, with the
 * headers of a one-click unsubscribe. Undefined when there is nothing to tell.
 */
export function alertMail(subscription: AlertSubscriptionRow, events: readonly AlertEventRow[]): { mail: Mail; headers: Record<string, string> } | undefined {
  const items = itemsOf(events);
  const first = items[0];
  if (!first) return undefined;
  const language = languageOf(subscription);
  const t = translatorFor(language, 'alerts');
  const tProperty = translatorFor(language, 'property');
  const agency = getSite().siteInfo.name;
  const priceOf = (item: AlertItem) => listingPrice(item.card.price, (word, values) => tProperty(word, values));
  const criteria = parseCriteria(subscription.criteria);
  const search = subscription.kind === 'search';
  const unsubscribe = siteOrigin() + href({ page: 'alert-link', action: 'unsubscribe', token: unsubscribeToken(subscription.id) }, language);
  // The space sends a visitor who is not signed in to the login page, which brings them back to it.
  const manage = siteOrigin() + href({ page: 'searcher' }, language);
  const intro = search ? t('searchIntro', { count: items.length }) : t('followIntro');
  const criteriaPart = criteria ? render(language, [t('yourSearch')], criteriaLines(criteria, language)) : { text: '', html: '' };
  const footer = render(language, [t('manageText')], [], undefined);
  const links = [
    { label: t('manage'), url: manage },
    { label: t('unsubscribe'), url: unsubscribe },
  ];
  const text = [
    translatorFor(language, 'mail')('greetingAnonymous'),
    intro,
    ...items.map((item) => cardText(item, language, priceOf(item))),
    criteriaPart.text,
    footer.text,
    links.map((link) => labelled(link.label, link.url, language)).join('\n'),
  ]
    .filter(Boolean)
    .join('\n\n');
  const html = [
    `<p>${escape(translatorFor(language, 'mail')('greetingAnonymous'))}</p>`,
    `<p>${escape(intro)}</p>`,
    ...items.map((item) => cardHtml(item, language, priceOf(item))),
    criteriaPart.html,
    footer.html,
    `<p>${links.map((link) => `<a href="${escape(link.url)}">${escape(link.label)}</a>`).join(' · ')}</p>`,
  ]
    .filter(Boolean)
    .join('\n');
  const subject = search ? t('searchSubject', { count: items.length, agency }) : t('followSubject', { title: first.card.title });
  const oneClick = `${siteOrigin()}${alertUnsubscribeEndpoint}?token=${encodeURIComponent(unsubscribeToken(subscription.id))}`;
  return {
    mail: { to: subscription.email, replyTo: agencyAddress(), subject, ...signed({ text, html }, language) },
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * The link to a searcher's first password, in the subscription's language: the site's link and the
 * site's words only, nothing anyone typed.
 */
export function searcherSetupMail(subscription: AlertSubscriptionRow, token: string): Mail {
  const language = languageOf(subscription);
  const t = translatorFor(language, 'alerts');
  const agency = getSite().siteInfo.name;
  const link = `${siteOrigin()}${href({ page: 'set-password' }, language)}?token=${encodeURIComponent(token)}`;
  const body = render(language, [translatorFor(language, 'mail')('greetingAnonymous'), t('setupText')], [], { label: t('setupLink'), url: link });
  return { to: subscription.email, subject: t('setupSubject', { agency }), ...signed(body, language) };
}

/** A searcher's one-time link to the set-password page (the owners' page and mail, in the searcher's words). */
export function searcherResetMail(email: string, token: string, language: Language): Mail {
  const t = translatorFor(language, 'alerts');
  const agency = getSite().siteInfo.name;
  const link = `${siteOrigin()}${href({ page: 'set-password' }, language)}?token=${encodeURIComponent(token)}`;
  const body = render(language, [translatorFor(language, 'mail')('greetingAnonymous'), t('resetText')], [], { label: t('resetLink'), url: link });
  return { to: email, subject: translatorFor(language, 'mail')('resetSubject', { agency }), ...signed(body, language) };
}
