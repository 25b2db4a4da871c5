import type { Attachment } from 'nodemailer/lib/mailer';
import { getAppointmentSlots, getProject, getProperty, getType } from '../catalogue';
import { getDefaultLanguage, getSite, isSupportedLanguage, localise, type Language } from '../config';
import type { StoredRequest } from '../db';
import { formatDate, formatPhone } from '../format';
import { formDefinitions } from '../forms/definitions';
import { isFormName } from '../forms/schemas';
import { href } from '../i18n';
import { translatorFor } from '../i18n/messages';
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

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Fields kept out of e-mails: secrets and what the e-mail already says elsewhere. */
const hiddenFields = new Set(['passwordHash', 'privacy', 'propertyId', 'projectId']);

type Line = { label: string; value: string };

function slotText(propertyId: number, slotId: number): string {
  const slot = getAppointmentSlots(propertyId).find((candidate) => candidate.ID === slotId);
  if (!slot) return String(slotId);
  return `${formatDate(slot.Start.slice(0, 10))} ${slot.Start.slice(11, 16)}–${slot.End.slice(11, 16)}`;
}

/** Every answer of the visitor, labelled and with options spelled out in `language`. */
export function requestLines(request: StoredRequest, language: Language): Line[] {
  const t = translatorFor(language, 'forms');
  const payload = JSON.parse(request.payload) as Record<string, unknown>;
  const option = (group: string, value: unknown) =>
    t.has(`options.${group}.${String(value)}` as 'options.title.mr') ? t(`options.${group}.${String(value)}` as 'options.title.mr') : String(value);
  const lines: Line[] = [];
  for (const [field, value] of Object.entries(payload)) {
    if (hiddenFields.has(field) || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    const label = t.has(`fields.${field}` as 'fields.email') ? t(`fields.${field}` as 'fields.email') : field;
    let text: string;
    if (typeof value === 'boolean') text = value ? t('options.yes') : t('options.no');
    else if (field === 'title' || field === 'contactDevice' || field === 'goal') text = option(field, value);
    else if (field === 'contactSlots' && Array.isArray(value)) text = value.map((slot) => option('contactSlots', slot)).join(', ');
    else if ((field === 'types' && Array.isArray(value)) || field === 'propertyType') {
      text = (Array.isArray(value) ? value : [value]).map((id) => getType(Number(id), language)?.Name ?? String(id)).join(', ');
    } else if (field === 'zones' && Array.isArray(value)) text = value.map((zone) => String(zone).replace(/^(.*)\|(\d{4})$/, '$1 ($2)')).join(', ');
    else if (field === 'slotId' && request.property_id) text = slotText(request.property_id, Number(value));
    else if (/date$/i.test(field) && typeof value === 'string') text = formatDate(value);
    else if (Array.isArray(value)) text = value.join(', ');
    else text = String(value);
    lines.push({ label, value: text });
  }
  for (const upload of request.uploads) lines.push({ label: t(`fields.${upload.field}` as 'fields.email'), value: `${upload.file_name} (${Math.ceil(upload.size / 1024)} kB)` });
  return lines;
}

type Subject = { reference: string; title: string; link: string; managerEmail?: string; documents: { name: string; url: string }[] };

function subjectOf(request: StoredRequest, language: Language): Subject | undefined {
  const t = translatorFor(language, 'mail');
  if (request.property_id) {
    const property = getProperty(request.property_id, language);
    if (!property) return undefined;
    return {
      reference: t('reference', { id: property.ID }),
      title: `${property.TypeDescription} – ${property.City}`,
      link: siteOrigin() + href({ page: 'property', id: property.ID }, language),
      managerEmail: property.ManagerEmail,
      documents: property.Documents.map((document) => ({ name: document.Name, url: document.Url.startsWith('/') ? siteOrigin() + document.Url : document.Url })),
    };
  }
  if (request.project_id) {
    const project = getProject(request.project_id, language);
    if (!project) return undefined;
    return {
      reference: t('projectReference', { id: project.ID }),
      title: `${project.Name} – ${project.City}`,
      link: siteOrigin() + href({ page: 'project', id: project.ID }, language),
      documents: [],
    };
  }
  return undefined;
}

function render(paragraphs: readonly string[], lines: readonly Line[], link?: { label: string; url: string }): { text: string; html: string } {
  const text = [
    paragraphs.filter(Boolean).join('\n\n'),
    lines.map((line) => `${line.label}: ${line.value}`).join('\n'),
    ...(link ? [`${link.label}: ${link.url}`] : []),
  ]
    .filter(Boolean)
    .join('\n\n');
  const html = [
    ...paragraphs.filter(Boolean).map((paragraph) => `<p>${escape(paragraph)}</p>`),
    lines.length
      ? `<table cellpadding="4" style="border-collapse:collapse">${lines.map((line) => `<tr><th align="left" valign="top">${escape(line.label)}</th><td>${escape(line.value).replace(/\n/g, '<br>')}</td></tr>`).join('')}</table>`
      : '',
    link ? `<p><a href="${escape(link.url)}">${escape(link.label)}</a></p>` : '',
  ].join('\n');
  return { text, html };
}

const formTitle = (form: string, language: Language) => {
  const t = translatorFor(language, 'forms');
  return t.has(`names.${form}` as 'names.contact-me') ? t(`names.${form}` as 'names.contact-me') : form;
};

/** The agency's copy: every field, in the agency's language, with the listing's reference and link. */
export function agencyMail(request: StoredRequest): Mail {
  const language = getDefaultLanguage();
  const t = translatorFor(language, 'mail');
  const subject = subjectOf(request, language);
  const lines = requestLines(request, language);
  const visitorLanguage = isSupportedLanguage(request.lang) ? request.lang : language;
  const intro = [
    t('agencyIntro', { form: formTitle(request.form, language), date: formatDate(request.created_at.slice(0, 10)), time: request.created_at.slice(11, 16) }),
    t('visitorLanguage', { language: translatorFor(language, 'forms')(`languages.${visitorLanguage}` as 'languages.nl') }),
    ...(subject ? [`${subject.reference}: ${subject.title}`] : []),
    ...(request.source ? [t('sentFrom', { page: request.source })] : []),
  ];
  const body = render(intro, lines, subject ? { label: t('viewListing'), url: subject.link } : undefined);
  return {
    to: agencyAddress(),
    cc: subject?.managerEmail && subject.managerEmail !== agencyAddress() ? subject.managerEmail : undefined,
    replyTo: request.email ?? undefined,
    subject: t('agencySubject', { form: formTitle(request.form, language), name: request.name ?? request.email ?? '', reference: subject?.reference ?? '' }).trim(),
    ...body,
    attachments: request.uploads.map((upload) => ({ filename: upload.file_name, path: upload.path, contentType: upload.mime })),
  };
}

/** The visitor's confirmation, in their language: what happens next and what they sent. */
export function visitorMail(request: StoredRequest): Mail | undefined {
  if (!request.email) return undefined;
  const language: Language = isSupportedLanguage(request.lang) ? request.lang : getDefaultLanguage();
  const t = translatorFor(language, 'mail');
  const site = getSite();
  const subject = subjectOf(request, language);
  const thankYou = isFormName(request.form) ? formDefinitions[request.form].thankYou : undefined;
  const next = thankYou ? translatorFor(language, 'thankYou')(`forms.${thankYou}`) : '';
  const paragraphs = [
    request.name ? t('greeting', { name: request.name }) : t('greetingAnonymous'),
    // Form names keep their capitals: German nouns and the polite "Sie" need them.
    t('received', { form: formTitle(request.form, language) }),
    next,
    ...(subject ? [`${subject.reference}: ${subject.title}`] : []),
    ...(request.form === 'request-documents' && subject
      ? subject.documents.length > 0
        ? [t('documentsIntro'), ...subject.documents.map((document) => `${document.name}: ${document.url}`)]
        : [t('documentsFollow')]
      : []),
    t('yourAnswers'),
  ];
  const body = render(paragraphs, requestLines(request, language), subject ? { label: t('viewListing'), url: subject.link } : undefined);
  const signature = `\n\n${site.siteInfo.name}\n${site.siteInfo.street}, ${site.siteInfo.zip} ${localise(site.siteInfo.city, language)}\n${formatPhone(site.siteInfo.phone)} · ${site.siteInfo.email}`;
  return {
    to: request.email,
    replyTo: agencyAddress(),
    subject: t('visitorSubject', { agency: site.siteInfo.name }),
    text: body.text + signature,
    html: `${body.html}<p>${escape(signature.trim()).replace(/\n/g, '<br>')}</p>`,
  };
}

/** send-to-friend: the listing, sent to the friend in the sender's language. */
export function friendMail(request: StoredRequest): Mail | undefined {
  const payload = JSON.parse(request.payload) as Record<string, unknown>;
  if (typeof payload.friendEmail !== 'string') return undefined;
  const language: Language = isSupportedLanguage(request.lang) ? request.lang : getDefaultLanguage();
  const t = translatorFor(language, 'mail');
  const subject = subjectOf(request, language);
  if (!subject) return undefined;
  const sender = request.name ?? request.email ?? '';
  const paragraphs = [t('friendIntro', { name: sender }), `${subject.reference}: ${subject.title}`, ...(typeof payload.remark === 'string' && payload.remark ? [payload.remark] : [])];
  const body = render(paragraphs, [], { label: t('viewListing'), url: subject.link });
  return { to: payload.friendEmail, replyTo: request.email ?? undefined, subject: t('friendSubject', { name: sender }), ...body };
}

/** What the CRM webhook receives. */
export function webhookPayload(request: StoredRequest) {
  return {
    id: request.id,
    form: request.form,
    language: request.lang,
    propertyId: request.property_id,
    projectId: request.project_id,
    email: request.email,
    name: request.name,
    createdAt: request.created_at,
    source: request.source,
    fields: Object.fromEntries(Object.entries(JSON.parse(request.payload) as Record<string, unknown>).filter(([field]) => field !== 'passwordHash')),
    uploads: request.uploads.map((upload) => ({ field: upload.field, fileName: upload.file_name, mime: upload.mime, size: upload.size })),
  };
}
