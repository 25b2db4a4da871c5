import type { Attachment } from 'nodemailer/lib/mailer';
import { getAppointmentSlots, getProject, getProperty, getType, type Owner } from '../catalogue';
import { agencyPostalAddress, getAgencyLanguage, getDefaultLanguage, getSite, isSupportedLanguage, type Language } from '../config';
import { requestAnswers, type MailNotSent, type StoredRequest } from '../db';
import { documentLinkTtlDays } from '../db/retention';
import { documentLinkExpiry, signedDocumentPath } from '../documents/signed-link';
import { brusselsDateTime, formatDate, formatEuroFor, formatPhone, listingPrice } from '../format';
import { formKinds, isFormName } from '../form-kinds/table';
import { href } from '../pages';
import { isMessageKey } from '../i18n/message-keys';
import { frenchOf } from '../i18n/french';
import { referenceMessages, translatorFor } from '../i18n/messages';
import { imageUrl } from '../media/image-url';
import { pictureSrc } from '../media/picture-src';
import { requestConfirmationToken, requestLinkTtlDays } from '../forms/request-link';
import { confirmationToken, confirmationTtlDays } from '../newsletter/token';
import { refusalUrl } from './refusal-token';
import { agencyAddress, siteOrigin } from './transport';

export type Mail = {
  to: string;
  cc?: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  attachments?: Attachment[];
};

export const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Fields kept out of e-mails: secrets and what the e-mail already says elsewhere. */
const hiddenFields = new Set(['passwordHash', 'privacy', 'propertyId', 'projectId']);

/** Answers in euros, written as the reader's locale writes money. */
const moneyFields = new Set(['amount', 'priceMin', 'priceMax', 'budget', 'income1', 'income2']);
/** The unit a form's label names ("Prix maximum (€)"): the mail writes it with the amount, once. */
const unitInLabel = /\s*\(€[^)]*\)\s*$/u;

/**
 * contact-demand (a valuation): the property's type and address, which the form asks beside the
 * visitor's contact details; the mail labels them as the property's and lists them after the contact.
 */
const valuationFields = ['propertyType', 'street', 'houseNumber', 'box', 'zip', 'city'];

/*
 * An offer can be made by two buyers. Buyer B's answers are the fields named personB…; when a
 * request has any, the person fields without that prefix are buyer A's, and both get labelled
 * with their buyer, so that two "First name" lines cannot be confused. New personB… fields are
 * labelled by the same rule without a change here.
 */
const personBPrefix = /^personB(?=[A-Z])/;
/** The answers that say who someone is and where they live. */
const personFields = new Set(['title', 'firstName', 'lastName', 'name', 'email', 'phone', 'mobile', 'street', 'houseNumber', 'box', 'zip', 'city', 'country', 'birthDate']);
const personBBase = (field: string) => field.replace(personBPrefix, '').replace(/^[A-Z]/, (letter) => letter.toLowerCase());

export type Line = { label: string; value: string };
/** `field` names the answer, so that staff output (lib/leads) can give each one its own column. */
export type RequestLine = Line & { field: string };

export function slotText(propertyId: number, slotId: number): string {
  const slot = getAppointmentSlots(propertyId).find((candidate) => candidate.ID === slotId);
  if (!slot) return String(slotId);
  return `${formatDate(slot.Start.slice(0, 10))} ${slot.Start.slice(11, 16)}–${slot.End.slice(11, 16)}`;
}

/**
 * Every answer of the visitor, labelled and with options, dates and amounts spelled out in
 * `language`. An unticked box is no answer: it is left out like an empty field, so a form
 * without a newsletter box never reports "Newsletter: No".
 */
export function requestLines(request: StoredRequest, language: Language): RequestLine[] {
  const t = translatorFor(language, 'forms');
  const mail = translatorFor(language, 'mail');
  const payload = requestAnswers(request);
  const options = referenceMessages.forms.options;
  // A code without a text (an old draft, a changed form) is shown as the visitor sent it.
  const option = (group: 'title' | 'contactDevice' | 'goal' | 'contactSlots', value: unknown) => {
    const code = String(value);
    if (group === 'title') return isMessageKey(options.title, code) ? t(`options.title.${code}`) : code;
    if (group === 'goal') return isMessageKey(options.goal, code) ? t(`options.goal.${code}`) : code;
    if (group === 'contactSlots') return isMessageKey(options.contactSlots, code) ? t(`options.contactSlots.${code}`) : code;
    return isMessageKey(options.contactDevice, code) ? t(`options.contactDevice.${code}`) : code;
  };
  const labelOf = (field: string) => (isMessageKey(referenceMessages.forms.fields, field) ? t(`fields.${field}`) : undefined);
  const buyerBFields = new Set(
    Object.keys(payload)
      .filter((field) => personBPrefix.test(field))
      .map(personBBase),
  );
  const buyerOf = (field: string): 'A' | 'B' | undefined =>
    buyerBFields.size === 0 ? undefined : personBPrefix.test(field) ? 'B' : personFields.has(field) || buyerBFields.has(field) ? 'A' : undefined;
  const lines: (RequestLine & { buyer?: 'A' | 'B'; valuation?: boolean })[] = [];
  for (const [field, value] of Object.entries(payload)) {
    if (hiddenFields.has(field) || value === undefined || value === null || value === '' || value === false || (Array.isArray(value) && value.length === 0)) continue;
    const buyer = buyerOf(field);
    // Buyer B's answers are read like buyer A's: personBTitle is a title, personBBirthDate a date.
    const kind = buyer === 'B' ? personBBase(field) : field;
    const named = labelOf(field) ?? labelOf(kind) ?? field;
    const own = moneyFields.has(kind) && typeof value === 'number' ? named.replace(unitInLabel, '') : named;
    const valuation = request.form === 'contact-demand' && valuationFields.includes(field);
    const label = buyer ? mail('buyerField', { field: own, buyer }) : valuation ? mail('valuationField', { field: own }) : own;
    let text: string;
    if (typeof value === 'boolean') text = t('options.yes');
    else if (kind === 'title' || kind === 'contactDevice' || kind === 'goal') text = option(kind, value);
    else if (kind === 'contactSlots' && Array.isArray(value)) text = value.map((slot) => option('contactSlots', slot)).join(', ');
    else if ((kind === 'types' && Array.isArray(value)) || kind === 'propertyType') {
      text = (Array.isArray(value) ? value : [value]).map((id) => getType(Number(id), language)?.Name ?? String(id)).join(', ');
    } else if (kind === 'zones' && Array.isArray(value)) text = value.map((zone) => String(zone).replace(/^(.*)\|(\d{4})$/, '$1 ($2)')).join(', ');
    else if (kind === 'slotId' && request.property_id) text = slotText(request.property_id, Number(value));
    else if (moneyFields.has(kind) && typeof value === 'number') text = formatEuroFor(value, language);
    else if (/date$/i.test(kind) && typeof value === 'string') text = formatDate(value);
    else if (Array.isArray(value)) text = value.join(', ');
    else text = String(value);
    lines.push({ field, label, value: text, buyer, valuation });
  }
  for (const upload of request.uploads) lines.push({ field: upload.field, label: labelOf(upload.field) ?? upload.field, value: `${upload.file_name} (${Math.ceil(upload.size / 1024)} kB)` });
  // Buyer A, then buyer B, then the offer itself: each person's answers together; the property
  // to value after the visitor's own answers, in the order of an address.
  const rank = (line: { buyer?: 'A' | 'B'; valuation?: boolean }) => (line.buyer === 'A' ? 0 : line.buyer === 'B' ? 1 : line.valuation ? 3 : 2);
  const order = (line: { field: string; valuation?: boolean }, index: number) => (line.valuation ? valuationFields.indexOf(line.field) : index);
  return lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => rank(a.line) - rank(b.line) || order(a.line, a.index) - order(b.line, b.index))
    .map(({ line: { field, label, value } }) => ({ field, label, value }));
}

type Subject = { reference: string; title: string; link: string; managerEmail?: string };
export type Link = { label: string; url: string };

function subjectOf(request: StoredRequest, language: Language): Subject | undefined {
  const t = translatorFor(language, 'mail');
  if (request.property_id) {
    const property = getProperty(request.property_id, language);
    if (!property) return undefined;
    return {
      reference: t('reference', { id: property.id }),
      title: property.title,
      link: siteOrigin() + href({ page: 'property', id: property.id }, language),
      managerEmail: property.manager.email,
    };
  }
  if (request.project_id) {
    const project = getProject(request.project_id, language);
    if (!project) return undefined;
    return {
      reference: t('projectReference', { id: project.id }),
      title: project.title,
      link: siteOrigin() + href({ page: 'project', id: project.id }, language),
    };
  }
  return undefined;
}

/**
 * The signed links to a listing's documents for the visitor who asked for them, in their
 * language, each working for a week (lib/documents). The files themselves are never public.
 */
function documentLinks(request: StoredRequest, language: Language): Link[] {
  const property = request.property_id ? getProperty(request.property_id, language) : undefined;
  if (!property) return [];
  const expires = documentLinkExpiry(request.created_at);
  return property.documents.map((document) => ({
    label: document.name,
    url: siteOrigin() + signedDocumentPath({ listingId: property.id, documentId: document.id, language, expires }),
  }));
}

/** A paragraph, or a list of links (one "label: address" line each in the text part). */
export type Block = string | { links: Link[] };

/**
 * "label: value" as `language` writes it, as the pages do (messages format.label): French puts a
 * no-break space before the colon.
 */
export function labelled(label: string, value: string, language: Language): string {
  return `${translatorFor(language, 'format')('label', { label })} ${value}`;
}

export function render(language: Language, paragraphs: readonly Block[], lines: readonly Line[], link?: Link): { text: string; html: string } {
  const blocks = paragraphs.filter((block) => (typeof block === 'string' ? block !== '' : block.links.length > 0));
  const text = [
    blocks.map((block) => (typeof block === 'string' ? block : block.links.map((item) => labelled(item.label, item.url, language)).join('\n'))).join('\n\n'),
    lines.map((line) => labelled(line.label, line.value, language)).join('\n'),
    ...(link ? [labelled(link.label, link.url, language)] : []),
  ]
    .filter(Boolean)
    .join('\n\n');
  const html = [
    ...blocks.map((block) =>
      typeof block === 'string' ? `<p>${escape(block)}</p>` : `<ul>${block.links.map((item) => `<li><a href="${escape(item.url)}">${escape(item.label)}</a></li>`).join('')}</ul>`,
    ),
    lines.length
      ? `<table cellpadding="4" style="border-collapse:collapse">${lines.map((line) => `<tr><th align="left" valign="top">${escape(line.label)}</th><td>${escape(line.value).replace(/\n/g, '<br>')}</td></tr>`).join('')}</table>`
      : '',
    link ? `<p><a href="${escape(link.url)}">${escape(link.label)}</a></p>` : '',
  ].join('\n');
  return { text, html };
}

export const formTitle = (form: string, language: Language) => {
  const t = translatorFor(language, 'forms');
  return isMessageKey(referenceMessages.forms.names, form) ? t(`names.${form}`) : form;
};

/** A page the request names, as an address a mail program can open: paths get the site's origin. */
const absolute = (page: string) => (page.startsWith('/') && !page.startsWith('//') ? siteOrigin() + page : page);

/**
 * The agency's copy: every field, in the agency's language (site.json agencyLanguage), the time
 * on a Brussels clock, the listing's reference and absolute links. `attachments`: the request's
 * files, read by the sender wherever they are kept (another instance may have received them).
 */
export function agencyMail(request: StoredRequest, attachments: readonly Attachment[], notSent?: MailNotSent): Mail {
  const language = getAgencyLanguage();
  const t = translatorFor(language, 'mail');
  const subject = subjectOf(request, language);
  const lines = requestLines(request, language);
  const visitorLanguage = isSupportedLanguage(request.lang) ? request.lang : getDefaultLanguage();
  const received = brusselsDateTime(request.created_at);
  const intro = [
    t('agencyIntro', { form: formTitle(request.form, language), date: received.date, time: received.time }),
    t('visitorLanguage', { language: translatorFor(language, 'forms')(`languages.${visitorLanguage}`) }),
    ...(subject ? [`${labelled(subject.reference, subject.title, language)}`] : []),
    ...(request.source ? [t('sentFrom', { page: absolute(request.source) })] : []),
    ...(notSent ? [notSent.mail === 'slot' ? t('notSentSlotGone') : t(notSentKeys[notSent.mail][notSent.reason])] : []),
  ];
  const body = render(language, intro, lines, subject ? { label: t('viewListing'), url: subject.link } : undefined);
  return {
    to: agencyAddress(),
    cc: subject?.managerEmail && subject.managerEmail !== agencyAddress() ? subject.managerEmail : undefined,
    replyTo: request.email ?? undefined,
    subject: t('agencySubject', { form: formTitle(request.form, language), name: request.name ?? request.email ?? '', reference: subject?.reference ?? '' }).trim(),
    ...body,
    attachments: [...attachments],
  };
}

/** The line of the agency's mail that says which mail to a visitor was not sent, and why. */
const notSentKeys = {
  'visitor-copy': { recent: 'notSentCopyRecent', refused: 'notSentCopyRefused' },
  documents: { recent: 'notSentDocumentsRecent', refused: 'notSentDocumentsRefused' },
  friend: { recent: 'notSentFriendRefused', refused: 'notSentFriendRefused' },
} as const;

/** The viewing time a request booked, as the catalogue has it (never as the visitor sent it). */
function bookedSlot(request: StoredRequest): string | undefined {
  const slotId = requestAnswers(request).slotId;
  if (!request.property_id || typeof slotId !== 'number') return undefined;
  return getAppointmentSlots(request.property_id).some((slot) => slot.ID === slotId) ? slotText(request.property_id, slotId) : undefined;
}

/**
 * The visitor's confirmation, in their language. Anyone may type anyone's address into a form,
 * so the copy holds nothing the visitor typed (not even the name: a name is free text too) and no
 * link but the site's own: only fixed texts, the form's name and when it was received, the listing
 * or project as the catalogue names it, the slot booked, the documents' signed links, and the link
 * to refuse such mail (lib/mail/refusal-token).
 */
export function visitorMail(request: StoredRequest): Mail | undefined {
  if (!request.email) return undefined;
  const language: Language = isSupportedLanguage(request.lang) ? request.lang : getDefaultLanguage();
  const t = translatorFor(language, 'mail');
  const site = getSite();
  const subject = subjectOf(request, language);
  const form = isFormName(request.form) ? request.form : undefined;
  const definition = form ? formKinds[form].definition : undefined;
  const next = form ? translatorFor(language, 'thankYou')(`forms.${form}`) : '';
  const sendsDocuments = definition?.sendsDocuments === true;
  const documents = sendsDocuments ? documentLinks(request, language) : [];
  const received = brusselsDateTime(request.created_at);
  const slot = definition?.booksSlot ? bookedSlot(request) : undefined;
  const paragraphs: Block[] = [
    t('greetingAnonymous'),
    // Form names keep their capitals: German nouns and the polite "Sie" need them.
    t('received', { form: formTitle(request.form, language) }),
    t('receivedAt', { date: received.date, time: received.time }),
    next,
    ...(subject ? [`${labelled(subject.reference, subject.title, language)}`] : []),
    ...(slot ? [t('slotBooked', { slot })] : []),
    ...(sendsDocuments && subject ? (documents.length > 0 ? [t('documentsIntro', { days: documentLinkTtlDays }), { links: documents }] : [t('documentsFollow')]) : []),
    t('answersNotRepeated'),
  ];
  const body = render(language, paragraphs, [], subject ? { label: t('viewListing'), url: subject.link } : undefined);
  const names = { form: formTitle(request.form, language), agency: site.siteInfo.name, deAgency: frenchOfAgency() };
  const title = subject ? t('visitorSubjectListing', { ...names, listing: `${subject.title} (${subject.reference})` }) : t('visitorSubject', names);
  return { to: request.email, replyTo: agencyAddress(), subject: title, ...signed(refusable(body, request.email, language), language) };
}

/** Every mail to a visitor or a friend ends with the link to refuse any more (lib/mail/refusal-route). */
export function refusable(body: { text: string; html: string }, to: string, language: Language): { text: string; html: string } {
  const t = translatorFor(language, 'mail');
  const url = refusalUrl(to, language);
  return {
    text: `${body.text}\n\n${t('refusalIntro')}\n${labelled(t('refusalLink'), url, language)}`,
    html: `${body.html}\n<p>${escape(t('refusalIntro'))}<br><a href="${escape(url)}">${escape(t('refusalLink'))}</a></p>`,
  };
}

/** "de" and the agency's name in French, elided where French elides it (d’Immo Hainaut); the other languages leave it unused. */
function frenchOfAgency(): string {
  const { siteInfo } = getSite();
  return frenchOf(siteInfo.name, siteInfo.frenchMuteH);
}

/** The agency's name, address and contact details under a mail to a visitor. */
export function signed(body: { text: string; html: string }, language: Language): { text: string; html: string } {
  const { siteInfo } = getSite();
  const address = agencyPostalAddress(language);
  const signature = `${siteInfo.name}\n${address.street}, ${address.zip} ${address.city}\n${formatPhone(siteInfo.phone)} · ${siteInfo.email}`;
  return { text: `${body.text}\n\n${signature}`, html: `${body.html}<p>${escape(signature).replace(/\n/g, '<br>')}</p>` };
}

/**
 * sign-newsletter: the link that confirms the subscription, in the visitor's language. The link
 * is the same in every attempt of this mail (lib/newsletter/token).
 */
export function newsletterConfirmMail(request: StoredRequest): Mail | undefined {
  if (!request.email) return undefined;
  const language: Language = isSupportedLanguage(request.lang) ? request.lang : getDefaultLanguage();
  const t = translatorFor(language, 'mail');
  const agency = getSite().siteInfo.name;
  const link = siteOrigin() + href({ page: 'newsletter-confirm', token: confirmationToken(request.id) }, language);
  const body = render(
    language,
    [t('greetingAnonymous'), t('newsletterIntro', { agency, deAgency: frenchOfAgency() }), t('newsletterConfirm', { days: confirmationTtlDays }), t('newsletterIgnore')],
    [],
    {
      label: t('newsletterLink'),
      url: link,
    },
  );
  return { to: request.email, replyTo: agencyAddress(), subject: t('newsletterSubject', { agency, deAgency: frenchOfAgency() }), ...signed(refusable(body, request.email, language), language) };
}

/**
 * The link that confirms a request posted without JavaScript, in the visitor's language. As the
 * copy, it holds nothing the visitor typed and no link but the site's own: the form's name, when
 * it came, the listing or project as the catalogue names it, the link, and how many other
 * requests of the address the same link confirms (`waiting`, one such mail a day per mailbox).
 */
export function requestConfirmMail(request: StoredRequest, waiting: number): Mail | undefined {
  if (!request.email) return undefined;
  const language: Language = isSupportedLanguage(request.lang) ? request.lang : getDefaultLanguage();
  const t = translatorFor(language, 'mail');
  const agency = getSite().siteInfo.name;
  const subject = subjectOf(request, language);
  const received = brusselsDateTime(request.created_at);
  const link = siteOrigin() + href({ page: 'request-confirm', token: requestConfirmationToken(request.id) }, language);
  const paragraphs: Block[] = [
    t('greetingAnonymous'),
    t('requestConfirmIntro', { agency, form: formTitle(request.form, language), date: received.date, time: received.time }),
    ...(subject ? [`${labelled(subject.reference, subject.title, language)}`] : []),
    ...(waiting > 0 ? [t('requestConfirmAlsoWaiting', { count: waiting })] : []),
    t('requestConfirmAction', { days: requestLinkTtlDays }),
    t('requestConfirmIgnore', { days: requestLinkTtlDays }),
  ];
  const body = render(language, paragraphs, [], { label: t('requestConfirmLink'), url: link });
  return { to: request.email, replyTo: agencyAddress(), subject: t('requestConfirmSubject', { agency, deAgency: frenchOfAgency() }), ...signed(refusable(body, request.email, language), language) };
}

/** Width of the listing's picture in the friend's mail; one the image route makes. */
const friendPictureWidth = 600;

/**
 * send-to-friend: the listing (title, price, picture, link to it on this site) in the sender's
 * language. Nothing the sender typed reaches the friend, not their name nor a note: anyone may type
 * any address, and the agency's name must not carry a stranger's words. Answers go to the agency.
 */
export function friendMail(request: StoredRequest): Mail | undefined {
  const payload = requestAnswers(request);
  if (typeof payload.friendEmail !== 'string') return undefined;
  const language: Language = isSupportedLanguage(request.lang) ? request.lang : getDefaultLanguage();
  const t = translatorFor(language, 'mail');
  const subject = subjectOf(request, language);
  const property = request.property_id ? getProperty(request.property_id, language) : undefined;
  if (!subject || !property) return undefined;
  const agency = getSite().siteInfo.name;
  const tProperty = translatorFor(language, 'property');
  const price = t('friendPrice', { price: listingPrice(property.price, (word, values) => tProperty(word, values)) });
  const footer = t('friendFooter', { agency, deAgency: frenchOfAgency() });
  const listing = `${labelled(subject.reference, subject.title, language)}`;
  const view = t('viewListing');
  const text = [t('friendIntro', { agency, deAgency: frenchOfAgency() }), `${listing}\n${price}`, labelled(view, subject.link, language), footer].join('\n\n');

  const { picture } = property;
  const pictureUrl = picture ? imageUrl(pictureSrc(picture.url), { width: friendPictureWidth, format: 'png' }) : undefined;
  const html = [
    `<p>${escape(t('friendIntro', { agency, deAgency: frenchOfAgency() }))}</p>`,
    picture && pictureUrl
      ? `<p><a href="${escape(subject.link)}"><img src="${escape(pictureUrl.startsWith('/') ? siteOrigin() + pictureUrl : pictureUrl)}" alt="${escape(subject.title)}" width="${friendPictureWidth}" height="${Math.round((friendPictureWidth * picture.height) / picture.width)}" style="max-width:100%;height:auto"></a></p>`
      : '',
    `<p><strong>${escape(listing)}</strong><br>${escape(price)}</p>`,
    `<p><a href="${escape(subject.link)}">${escape(view)}</a></p>`,
    `<p style="color:#555;font-size:small">${escape(footer)}</p>`,
  ]
    .filter(Boolean)
    .join('\n');
  return { to: payload.friendEmail, replyTo: agencyAddress(), subject: t('friendSubject', { agency, deAgency: frenchOfAgency() }), ...refusable({ text, html }, payload.friendEmail, language) };
}

/** An owner's one-time link to choose a new password, in `language`. */
/** A mail to an owner with their one-time link to the set-password page. */
function ownerLinkMail(owner: Owner, token: string, language: Language, keys: { subject: 'resetSubject' | 'inviteSubject'; body: 'resetBody' | 'inviteBody' }): Mail {
  const t = translatorFor(language, 'mail');
  const agency = getSite().siteInfo.name;
  const link = `${siteOrigin()}${href({ page: 'set-password' }, language)}?token=${encodeURIComponent(token)}`;
  const text = t(keys.body, { name: `${owner.FirstName} ${owner.LastName}`, link, agency, email: owner.Email });
  const anchor = `<a href="${escape(link)}">${escape(link)}</a>`;
  const html = text
    .split('\n\n')
    .map((paragraph) => `<p>${escape(paragraph).split(escape(link)).join(anchor).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return { to: owner.Email, subject: t(keys.subject, { agency }), text, html };
}

export function ownerResetMail(owner: Owner, token: string, language: Language): Mail {
  return ownerLinkMail(owner, token, language, { subject: 'resetSubject', body: 'resetBody' });
}

export function ownerInviteMail(owner: Owner, token: string, language: Language): Mail {
  return ownerLinkMail(owner, token, language, { subject: 'inviteSubject', body: 'inviteBody' });
}
