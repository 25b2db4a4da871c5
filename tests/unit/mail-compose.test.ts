import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getRequest, storeRequest, type NewRequest, type Store, type StoredRequest } from '@/lib/db';
import { agencyMail, friendMail, visitorMail, type Mail } from '@/lib/mail/compose';
import { siteSchema } from '@/lib/config/schemas';
import { listRecords } from '@/lib/data-file';
import { hashPassword } from '@/lib/security/password';
import { closeOpenedStores, testDatabases } from './test-stores';

/*
 * The e-mails a stored request turns into: the agency's copy in the agency's language (site.json
 * agencyLanguage) with every answer, the visitor's confirmation in the visitor's language, and the
 * listing for a friend.
 */

type Tree = { [key: string]: string | Tree };
type SiteFile = { languageDefault: string; agencyLanguage?: string; siteInfo: { name: string; email: string; zip: string; siteUrl: string; city: Record<string, string> } };
type ListingRecord = { ID: number; language: string; Status: number; City: string; TypeDescription: string; ManagerEmail?: string | null; Documents: { ID: number; Name: string; Url: string }[] };

const root = path.resolve(__dirname, '../..');
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const site = readJson('data/site/site.json') as SiteFile;
const listings = listRecords(readJson('data/catalogue/properties.json')) as ListingRecord[];
const messages = (language: string) => readJson(`messages/${language}.json`) as Tree;

function text(tree: Tree, key: string): string {
  const value = key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
  if (typeof value !== 'string') throw new Error(`no message ${key}`);
  return value;
}

const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_match, name: string) => String(values[name] ?? `{${name}}`));

const agencyLanguage = site.agencyLanguage ?? site.languageDefault;
/** The mails in these tests are French (the visitors' and, in site.json, the agency's): a no-break space before the colon. */
const colon = '\u00a0: ';
/** A form label without the unit the mail writes with the amount ("Prix maximum (€)"). */
const withoutUnit = (label: string) => label.replace(/\s*\(€[^)]*\)$/u, '');
const agencyMessages = messages(agencyLanguage);
const fr = messages('fr');

const listingId = 4000001;
const listing = (id: number, language: string) => {
  const record = listings.find((candidate) => candidate.ID === id && candidate.language === language);
  if (!record) throw new Error(`no listing ${id} in ${language}`);
  return record;
};

const visitor = { email: 'marie.dubois@example.be', name: 'Marie Dubois' };
const contactMePayload = {
  title: 'ms',
  firstName: 'Marie',
  lastName: 'Dubois',
  email: visitor.email,
  phone: '0470 12 34 56',
  remark: 'Is the garden south-facing? <b>Urgent</b> & important',
  contactSlots: ['10-13'],
  contactDevice: 'phone',
  newsletter: true,
  privacy: true,
  propertyId: listingId,
};

let store: Store;

async function stored(request: NewRequest): Promise<StoredRequest> {
  const result = await storeRequest(store, request);
  if (result.status !== 'stored') throw new Error(`not stored: ${result.status}`);
  const row = await getRequest(store, result.id);
  if (!row) throw new Error('stored request not found');
  return row;
}

const required = (mail: Mail | undefined): Mail => {
  if (!mail) throw new Error('no mail composed');
  return mail;
};

const savedEnv = { MAIL_TO: process.env.MAIL_TO, SITE_URL: process.env.SITE_URL };
const restore = (name: keyof typeof savedEnv) => {
  const value = savedEnv[name];
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
};

// The mails are made from the request as each database gives it back.
describe.each(testDatabases)('on $name', (database) => {
  beforeAll(async () => {
    delete process.env.MAIL_TO;
    delete process.env.SITE_URL;
    store = await database.open();
  });

  afterEach(() => {
    delete process.env.MAIL_TO;
    delete process.env.SITE_URL;
  });

  afterAll(async () => {
    await closeOpenedStores();
    restore('MAIL_TO');
    restore('SITE_URL');
  });

  const contactMe = () =>
    stored({
      form: 'contact-me',
      lang: 'fr',
      propertyId: listingId,
      email: visitor.email,
      name: visitor.name,
      payload: contactMePayload,
      jobs: ['agency-mail', 'visitor-mail'],
    });

  describe('agencyMail', () => {
    it('goes to the site e-mail address, or to MAIL_TO when it is set', async () => {
      const request = await contactMe();
      expect(agencyMail(request, []).to).toBe(site.siteInfo.email);
      process.env.MAIL_TO = 'leads@immo-hainaut.example';
      expect(agencyMail(request, []).to).toBe('leads@immo-hainaut.example');
    });

    it('lets the agency answer the visitor directly and copies the listing manager', async () => {
      const mail = agencyMail(await contactMe(), []);
      expect(mail.replyTo).toBe(visitor.email);
      const manager = listing(listingId, agencyLanguage).ManagerEmail;
      expect(manager).toBeTruthy();
      expect(manager).not.toBe(site.siteInfo.email);
      expect(mail.cc).toBe(manager);
    });

    it('lists every answer, labelled and spelled out in the agency language', async () => {
      const mail = agencyMail(await contactMe(), []);
      const label = (field: string) => text(agencyMessages, `forms.fields.${field}`);
      const option = (key: string) => text(agencyMessages, `forms.options.${key}`);
      const expectedLines = [
        `${label('title')}${colon}${option('title.ms')}`,
        `${label('firstName')}${colon}Marie`,
        `${label('lastName')}${colon}Dubois`,
        `${label('email')}${colon}${visitor.email}`,
        `${label('phone')}${colon}0470 12 34 56`,
        `${label('remark')}${colon}${contactMePayload.remark}`,
        `${label('contactSlots')}${colon}${option('contactSlots.10-13')}`,
        `${label('contactDevice')}${colon}${option('contactDevice.phone')}`,
        `${label('newsletter')}${colon}${option('yes')}`,
      ];
      const lines = mail.text.split('\n');
      for (const line of expectedLines) expect(lines).toContain(line);
    });

    it('names the listing by its reference and links to it with an absolute address', async () => {
      process.env.SITE_URL = 'https://www.immo-hainaut.example/';
      const mail = agencyMail(await contactMe(), []);
      const reference = fill(text(agencyMessages, 'mail.reference'), { id: listingId });
      expect(reference).toContain(String(listingId));
      expect(mail.text).toContain(reference);
      expect(mail.subject).toContain(reference);
      expect(mail.subject).toContain(visitor.name);
      const record = listing(listingId, agencyLanguage);
      expect(mail.text).toContain(`${reference}${colon}${record.TypeDescription} – ${record.City}`);

      const link = mail.text.split('\n').find((line) => line.startsWith(`${text(agencyMessages, 'mail.viewListing')}${colon}`));
      expect(link).toBeDefined();
      const url = (link ?? '').slice(text(agencyMessages, 'mail.viewListing').length + colon.length);
      expect(url).toMatch(/^https:\/\/www\.immo-hainaut\.example\/[^/]/);
      expect(url).toContain(`/${listingId}/`);
      expect(url).toContain(`/${agencyLanguage}/`);
      expect(mail.html).toContain(`href="${url}"`);
    });

    it('falls back to the configured site address for links', async () => {
      const mail = agencyMail(await contactMe(), []);
      expect(mail.text).toMatch(new RegExp(`${site.siteInfo.siteUrl.replace(/\/$/, '').replace(/[.:/]/g, '\\$&')}/\\S*/${listingId}/`));
    });

    it('tells the agency which language the visitor used', async () => {
      const mail = agencyMail(await contactMe(), []);
      expect(mail.text).toContain(fill(text(agencyMessages, 'mail.visitorLanguage'), { language: text(agencyMessages, 'forms.languages.fr') }));
    });

    it('never shows the privacy flag, and escapes what the visitor typed in the HTML version', async () => {
      const mail = agencyMail(await contactMe(), []);
      const privacyLabel = text(agencyMessages, 'forms.fields.privacy');
      expect(mail.text).not.toContain(privacyLabel);
      expect(mail.text).not.toMatch(/^privacy:/m);
      expect(mail.html).not.toContain(privacyLabel.slice(0, 20));
      expect(mail.html).not.toContain('<b>Urgent</b>');
      expect(mail.html).toContain('Urgent');
    });

    it('attaches the uploaded file and names it among the answers', async () => {
      const request = await stored({
        form: 'job-application',
        lang: 'en',
        email: visitor.email,
        name: visitor.name,
        payload: { ...contactMePayload, propertyId: undefined },
        uploads: [{ field: 'cv', file_name: 'cv.pdf', mime: 'application/pdf', size: 2048, path: '/var/uploads/0b8e.pdf' }],
        jobs: ['agency-mail', 'visitor-mail'],
      });
      const files = [{ filename: 'cv.pdf', content: Buffer.from('%PDF-1.4'), contentType: 'application/pdf' }];
      const mail = agencyMail(request, files);
      expect(mail.attachments).toEqual(files);
      expect(mail.text.split('\n')).toContain(`${text(agencyMessages, 'forms.fields.cv')}${colon}cv.pdf (2 kB)`);
    });
  });

  describe('visitorMail', () => {
    it('is addressed to the visitor, in French, with the agency to answer to', async () => {
      const mail = required(visitorMail(await contactMe()));
      expect(mail.to).toBe(visitor.email);
      expect(mail.replyTo).toBe(site.siteInfo.email);
      expect(mail.subject).toContain(site.siteInfo.name);
      // Not even the name: anyone may type anyone's address (issue 35).
      expect(mail.text.split('\n')[0]).toBe(text(fr, 'mail.greetingAnonymous'));
      expect(mail.text).toContain(fill(text(fr, 'mail.received'), { form: text(fr, 'forms.names.contact-me') }));
      expect(mail.text).toContain(text(fr, 'thankYou.forms.contact-me'));
      expect(mail.text).toContain(text(fr, 'mail.answersNotRepeated'));
    });

    it('repeats none of the answers, but names the French listing reference and link and ends with the refusal link', async () => {
      const mail = required(visitorMail(await contactMe()));
      const lines = mail.text.split('\n');
      for (const part of [mail.text, mail.html, mail.subject]) {
        expect(part).not.toContain('Marie');
        expect(part).not.toContain('Dubois');
        expect(part).not.toContain('south-facing');
        expect(part).not.toContain('0470 12 34 56');
      }
      expect(lines).not.toContain(`${text(fr, 'forms.fields.title')}${colon}${text(fr, 'forms.options.title.ms')}`);
      expect(mail.text).toMatch(new RegExp(`${text(fr, 'mail.refusalLink')}${colon}https?://\\S+/api/mail/refuse/\\?token=[\\w.-]+&lang=fr`));
      const record = listing(listingId, 'fr');
      expect(mail.text).toContain(`${fill(text(fr, 'mail.reference'), { id: listingId })}${colon}${record.TypeDescription} – ${record.City}`);
      expect(mail.text).toMatch(new RegExp(`${text(fr, 'mail.viewListing')}${colon}https?://\\S+/fr/\\S*/${listingId}/`));
      expect(mail.text).not.toContain(text(fr, 'forms.fields.privacy'));
    });

    it('signs with the agency name, address in French and contact details', async () => {
      const mail = required(visitorMail(await contactMe()));
      expect(mail.text).toContain(site.siteInfo.name);
      const city = site.siteInfo.city.fr;
      expect(city).toBeTruthy();
      expect(mail.text).toContain(`${site.siteInfo.zip} ${city}`);
      expect(mail.text).toContain(site.siteInfo.email);
    });

    it('is not composed without an address', async () => {
      const noAddress = await stored({ form: 'testimonial', lang: 'fr', name: 'Marie', payload: { name: 'Marie', comment: 'Merci' }, jobs: ['agency-mail'] });
      expect(visitorMail(noAddress)).toBeUndefined();
    });
  });

  describe('a search alert account', () => {
    it('never shows the password hash to the agency or the visitor', async () => {
      const hash = await hashPassword('correct horse battery');
      const request = await stored({
        form: 'demand-register',
        lang: 'fr',
        email: visitor.email,
        name: visitor.name,
        payload: {
          title: 'ms',
          firstName: 'Marie',
          lastName: 'Dubois',
          email: visitor.email,
          phone: '0470 12 34 56',
          goal: 'sale',
          types: ['1'],
          zones: ['Mons|7000'],
          priceMax: 300000,
          newsletter: false,
          privacy: true,
          passwordHash: hash,
        },
        jobs: ['agency-mail', 'visitor-mail'],
      });
      const secret = hash.split('$').at(-1) ?? hash;
      for (const mail of [agencyMail(request, []), required(visitorMail(request))]) {
        for (const part of [mail.subject, mail.text, mail.html]) {
          expect(part).not.toContain(hash);
          expect(part).not.toContain(secret);
          expect(part).not.toContain('scrypt');
          expect(part).not.toMatch(/passwordHash/);
        }
      }
      // The rest of the search is still there, spelled out.
      const agency = agencyMail(request, []).text.split('\n');
      expect(agency).toContain(`${text(agencyMessages, 'forms.fields.goal')}${colon}${text(agencyMessages, 'forms.options.goal.sale')}`);
      expect(agency).toContain(`${text(agencyMessages, 'forms.fields.zones')}${colon}Mons (7000)`);
      expect(agency).toContain(
        `${withoutUnit(text(agencyMessages, 'forms.fields.priceMax'))}${colon}${new Intl.NumberFormat(`${agencyLanguage}-BE`, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(300000)}`,
      );
    });
  });

  describe('friendMail', () => {
    const sendToFriend = () =>
      stored({
        form: 'send-to-friend',
        lang: 'fr',
        propertyId: listingId,
        email: visitor.email,
        name: visitor.name,
        payload: {
          propertyId: listingId,
          firstName: 'Marie',
          lastName: 'Dubois',
          email: visitor.email,
          friendEmail: 'paul@example.be',
          remark: 'Regarde celle-ci, le jardin est superbe !',
          privacy: true,
        },
        jobs: ['agency-mail', 'friend-mail'],
      });

    it('goes to the friend with the listing link, answered by the agency, with nothing the sender typed', async () => {
      process.env.SITE_URL = 'https://www.immo-hainaut.example';
      const mail = required(friendMail(await sendToFriend()));
      expect(mail.to).toBe('paul@example.be');
      expect(mail.replyTo).toBe(site.siteInfo.email);
      expect(mail.subject).toBe(fill(text(fr, 'mail.friendSubject'), { deAgency: `d’${site.siteInfo.name}` }));
      expect(mail.text).toContain(fill(text(fr, 'mail.friendIntro'), { deAgency: `d’${site.siteInfo.name}` }));
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toContain('Regarde celle-ci');
        expect(part).not.toContain(visitor.name);
      }
      expect(mail.text).toContain(`${text(fr, 'mail.refusalLink')}${colon}https://www.immo-hainaut.example/api/mail/refuse/`);
      expect(mail.text).toMatch(new RegExp(`https://www\\.immo-hainaut\\.example/fr/\\S*/${listingId}/`));
      expect(mail.html).toContain(`/${listingId}/"`);
    });

    it('shows the friend none of the sender other answers', async () => {
      const mail = required(friendMail(await sendToFriend()));
      expect(mail.text).not.toContain(text(fr, 'forms.fields.privacy'));
      expect(mail.text).not.toContain(text(fr, 'mail.answersNotRepeated'));
    });

    it('is not composed for a request without a friend address', async () => {
      expect(friendMail(await contactMe())).toBeUndefined();
    });
  });

  describe('a document request', () => {
    const withDocuments = listings.find((record) => record.language === 'fr' && record.Status === 1 && record.Documents.length > 0);
    const withoutDocuments = listings.find((record) => record.language === 'fr' && record.Status === 1 && record.Documents.length === 0);

    const requestDocuments = (propertyId: number) =>
      stored({
        form: 'request-documents',
        lang: 'fr',
        propertyId,
        email: visitor.email,
        name: visitor.name,
        payload: { propertyId, title: 'ms', firstName: 'Marie', lastName: 'Dubois', email: visitor.email, phone: '0470 12 34 56', newsletter: false, privacy: true },
        jobs: ['agency-mail', 'visitor-mail'],
      });

    it('has listings with and without documents in the catalogue to test with', () => {
      expect(withDocuments).toBeDefined();
      expect(withoutDocuments).toBeDefined();
    });

    it('lists every document of the listing by name with a signed link, never its public address', async () => {
      if (!withDocuments) throw new Error('no listing with documents');
      process.env.SITE_URL = 'https://www.immo-hainaut.example';
      const mail = required(visitorMail(await requestDocuments(withDocuments.ID)));
      expect(mail.text).toContain(fill(text(fr, 'mail.documentsIntro'), { days: 7 }));
      for (const document of withDocuments.Documents) {
        const line = mail.text.split('\n').find((candidate) => candidate.startsWith(`${document.Name}${colon}`));
        expect(line, document.Name).toBeDefined();
        const url = new URL((line ?? '').slice(document.Name.length + 2));
        expect(url.origin).toBe('https://www.immo-hainaut.example');
        expect(url.pathname).toBe(`/api/documents/${withDocuments.ID}/${document.ID}/`);
        expect(url.searchParams.get('lang')).toBe('fr');
        expect(url.searchParams.get('signature')).toMatch(/^[\w-]{43}$/);
        expect(mail.html).toContain(`<a href="${url.href.replace(/&/g, '&#38;')}">`);
        expect(mail.text).not.toContain(document.Url);
      }
      expect(mail.text).not.toContain(text(fr, 'mail.documentsFollow'));
    });

    it('promises the documents by e-mail when the listing has none online', async () => {
      if (!withoutDocuments) throw new Error('no listing without documents');
      const mail = required(visitorMail(await requestDocuments(withoutDocuments.ID)));
      expect(mail.text).toContain(text(fr, 'mail.documentsFollow'));
      expect(mail.text).not.toContain(text(fr, 'mail.documentsIntro'));
    });
  });

  describe('the mails as visitors and staff read them (issue 39, item 16)', () => {
    const nbsp = '\u00a0';
    const siteContact = () =>
      stored({
        form: 'site-contact',
        lang: 'fr',
        email: visitor.email,
        name: visitor.name,
        payload: { firstName: 'Marie', lastName: 'Dubois', email: visitor.email, remark: 'Bonjour', privacy: true },
        jobs: ['agency-mail', 'visitor-mail'],
      });

    it('gives each form its own subject, naming the listing where there is one', async () => {
      const record = listing(listingId, 'fr');
      const aboutListing = required(visitorMail(await contactMe())).subject;
      expect(aboutListing).toContain(text(fr, 'forms.names.contact-me'));
      expect(aboutListing).toContain(`${record.TypeDescription} – ${record.City}`);
      expect(aboutListing).toContain(String(listingId));
      const general = required(visitorMail(await siteContact())).subject;
      expect(general).toContain(text(fr, 'forms.names.site-contact'));
      expect(general).not.toBe(aboutListing);
    });

    it("writes the agency's name after an elided de in French (d'Immo Hainaut), never 'de Immo'", async () => {
      const { newsletterConfirmMail } = await import('@/lib/mail/compose');
      const newsletter = await stored({ form: 'sign-newsletter', lang: 'fr', email: visitor.email, payload: { email: visitor.email, privacy: true }, jobs: ['newsletter-confirm'] });
      const friend = await stored({
        form: 'send-to-friend',
        lang: 'fr',
        propertyId: listingId,
        email: visitor.email,
        payload: { propertyId: listingId, email: visitor.email, friendEmail: 'paul@example.be', privacy: true },
        jobs: ['friend-mail'],
      });
      const mails = [visitorMail(await contactMe()), visitorMail(await siteContact()), newsletterConfirmMail(newsletter), friendMail(friend)].map(required);
      const name = site.siteInfo.name;
      for (const mail of mails) {
        expect(`${mail.subject}\n${mail.text}`).not.toContain(`de ${name}`);
      }
      expect(mails[0]!.subject).toMatch(new RegExp(`d['’]${name}`));
      expect(mails[2]!.text).toMatch(new RegExp(`d['’]${name}`));
    });

    it('elides before a vowel, and before an h only where the configuration says it is mute', async () => {
      const { frenchOf } = await import('@/lib/i18n/french');
      expect(frenchOf('Immo Hainaut')).toBe('d’Immo Hainaut');
      expect(frenchOf('Écrin Immobilier')).toBe('d’Écrin Immobilier');
      expect(frenchOf('Maison Dubois')).toBe('de Maison Dubois');
      expect(frenchOf('Hainaut Immo')).toBe('de Hainaut Immo');
      expect(frenchOf('Habitat Conseil', true)).toBe('d’Habitat Conseil');
    });

    it("sends a testimonial's author a confirmation", async () => {
      const testimonial = await stored({
        form: 'testimonial',
        lang: 'fr',
        email: visitor.email,
        name: 'Marie',
        payload: { name: 'Marie', comment: 'Merci', email: visitor.email, privacy: true },
        jobs: ['agency-mail', 'visitor-mail'],
      });
      const mail = required(visitorMail(testimonial));
      expect(mail.text).toContain(text(fr, 'thankYou.forms.testimonial'));
      expect(mail.subject).toContain(text(fr, 'forms.names.testimonial'));
      expect(mail.text).not.toContain('Merci\n');
    });

    it('puts a no-break space before the colon of every French label, as the pages do', async () => {
      const agency = agencyMail(await contactMe(), []);
      expect(agency.text.split('\n')).toContain(`${text(fr, 'forms.fields.firstName')}${nbsp}: Marie`);
      expect(agency.text).not.toMatch(/[^\s\u00a0]: /);
      const copy = required(visitorMail(await contactMe()));
      expect(copy.text).toContain(`${fill(text(fr, 'mail.reference'), { id: listingId })}${nbsp}: `);
      expect(copy.text).not.toMatch(/[^\s\u00a0]: /);
    });

    it('says the unit of an amount once', async () => {
      const search = await stored({
        form: 'demand-register',
        lang: 'fr',
        email: visitor.email,
        payload: { firstName: 'Marie', lastName: 'Dubois', email: visitor.email, goal: 'sale', priceMax: 350000, privacy: true },
        jobs: ['agency-mail'],
      });
      const lines = agencyMail(search, []).text.split('\n');
      const price = lines.find((line) => line.startsWith(text(fr, 'forms.fields.priceMax').replace(/\s*\(€\)$/, '')));
      expect(price).toMatch(/^Prix maximum\u00a0: 350\s000\s€$/u);
      expect(lines.join('\n')).not.toContain('(€)');
    });

    it("keeps the address of the property to value apart from the visitor's contact details", async () => {
      const valuation = await stored({
        form: 'contact-demand',
        lang: 'fr',
        email: visitor.email,
        name: visitor.name,
        payload: {
          firstName: 'Marie',
          lastName: 'Dubois',
          email: visitor.email,
          phone: '0470 12 34 56',
          street: 'Rue de Nimy',
          houseNumber: '12',
          remark: 'Jardin',
          propertyType: '1',
          zip: '7000',
          city: 'Mons',
          privacy: true,
        },
        jobs: ['agency-mail'],
      });
      const lines = agencyMail(valuation, []).text.split('\n');
      const property = (field: string) => fill(text(fr, 'mail.valuationField'), { field: text(fr, `forms.fields.${field}`) });
      for (const [field, value] of [
        ['street', 'Rue de Nimy'],
        ['houseNumber', '12'],
        ['zip', '7000'],
        ['city', 'Mons'],
      ] as const) {
        expect(lines).toContain(`${property(field)}${nbsp}: ${value}`);
      }
      const index = (start: string) => lines.findIndex((line) => line.startsWith(start));
      // The contact details together, then the property: its street is no longer between the phone and the remark.
      expect(index(property('street'))).toBeGreaterThan(index(text(fr, 'forms.fields.remark')));
      expect(index(property('city'))).toBeGreaterThan(index(property('street')));
    });
  });

  describe('the agency mail as staff read it (issue 13, item 24)', () => {
    const offerPayload = {
      propertyId: listingId,
      title: 'ms',
      firstName: 'Élise',
      lastName: 'Peeters',
      email: 'elise@example.be',
      phone: '0475 12 34 56',
      street: 'Rue de Nimy',
      houseNumber: '12',
      city: 'Mons',
      remark: '',
      contactSlots: [],
      newsletter: false,
      privacy: true,
      personBFirstName: 'Jan',
      personBLastName: 'Janssens',
      // Fields another form version may add for buyer B: labelled by the same rule.
      personBTitle: 'mr',
      personBEmail: 'jan@example.be',
      personBPhone: '0476 98 76 54',
      amount: 245000,
      amountInWords: 'deux cent quarante-cinq mille euros',
      startDate: '2027-01-04',
      endDate: '2027-01-18',
      place: 'Mons',
      signDate: '2027-01-04',
      conditions: '',
    };
    const offer = async (createdAt?: string) => {
      const request = await stored({
        form: 'purchase-offer',
        lang: 'nl',
        propertyId: listingId,
        email: 'elise@example.be',
        name: 'Élise Peeters',
        payload: offerPayload,
        source: `/nl/te-koop/bergen/huis/${listingId}/`,
        jobs: ['agency-mail', 'visitor-mail'],
      });
      return createdAt ? { ...request, created_at: createdAt } : request;
    };

    it('is written in the configured agency language, not the site default', async () => {
      expect(site.agencyLanguage).toBe('fr');
      expect(site.languageDefault).toBe('nl');
      const mail = agencyMail(await offer(), []);
      expect(mail.subject).toContain(text(fr, 'forms.names.purchase-offer'));
      expect(mail.text).toContain(fill(text(fr, 'mail.visitorLanguage'), { language: text(fr, 'forms.languages.nl') }));
      expect(mail.text.split('\n')).toContain(`${fill(text(fr, 'mail.buyerField'), { field: text(fr, 'forms.fields.firstName'), buyer: 'A' })}${colon}Élise`);
    });

    it('takes the agency language from site.json, validated; the key may be left out (languageDefault then applies)', () => {
      const config = readJson('data/site/site.json') as Record<string, unknown>;
      expect(siteSchema.safeParse(config).success).toBe(true);
      const wrong = siteSchema.safeParse({ ...config, agencyLanguage: 'es' });
      expect(wrong.success).toBe(false);
      expect(wrong.error?.issues[0]?.path).toEqual(['agencyLanguage']);
      const { agencyLanguage: _unused, ...withoutIt } = config;
      expect(siteSchema.parse(withoutIt).agencyLanguage).toBeUndefined();
    });

    it('gives the time on a Brussels clock, in winter and in summer', async () => {
      const winter = agencyMail(await offer('2026-01-15T23:30:00.000Z'), []);
      expect(winter.text).toContain(fill(text(fr, 'mail.agencyIntro'), { form: text(fr, 'forms.names.purchase-offer'), date: '16-01-2026', time: '00:30' }));
      const summer = agencyMail(await offer('2026-07-01T10:05:00.000Z'), []);
      expect(summer.text).toContain(fill(text(fr, 'mail.agencyIntro'), { form: text(fr, 'forms.names.purchase-offer'), date: '01-07-2026', time: '12:05' }));
      expect(summer.text).not.toContain('UTC');
    });

    it('labels each answer of an offer with its buyer, A or B, new buyer B fields included', async () => {
      const lines = agencyMail(await offer(), []).text.split('\n');
      const as = (field: string, buyer: 'A' | 'B') => fill(text(fr, 'mail.buyerField'), { field: text(fr, `forms.fields.${field}`), buyer });
      expect(lines).toContain(`${as('firstName', 'A')}${colon}Élise`);
      expect(lines).toContain(`${as('lastName', 'A')}${colon}Peeters`);
      expect(lines).toContain(`${as('email', 'A')}${colon}elise@example.be`);
      expect(lines).toContain(`${as('city', 'A')}${colon}Mons`);
      expect(lines).toContain(`${as('firstName', 'B')}${colon}Jan`);
      expect(lines).toContain(`${as('lastName', 'B')}${colon}Janssens`);
      expect(lines).toContain(`${as('title', 'B')}${colon}${text(fr, 'forms.options.title.mr')}`);
      expect(lines).toContain(`${as('email', 'B')}${colon}jan@example.be`);
      expect(lines).toContain(`${as('phone', 'B')}${colon}0476 98 76 54`);
      // Buyer A's answers come first, then buyer B's.
      expect(lines.indexOf(`${as('phone', 'A')}${colon}0475 12 34 56`)).toBeLessThan(lines.indexOf(`${as('firstName', 'B')}${colon}Jan`));
      // The offer itself carries no buyer.
      expect(lines).toContain(`${text(fr, 'forms.fields.place')}${colon}Mons`);
    });

    it('writes the amount as money in the agency locale (fr-BE), not as bare digits', async () => {
      const mail = agencyMail(await offer(), []);
      const amount = mail.text.split('\n').find((line) => line.startsWith(`${withoutUnit(text(fr, 'forms.fields.amount'))}${colon}`));
      expect(amount).toBeDefined();
      expect(amount).toMatch(/: 245\s000\s€$/u);
      expect(mail.text).not.toContain('245000');
    });

    it('has no newsletter line for a form without that box', async () => {
      const mail = agencyMail(await offer(), []);
      for (const language of ['nl', 'fr', 'en', 'de']) {
        const label = text(messages(language), 'forms.fields.newsletter');
        expect(mail.text).not.toContain(label);
        expect(mail.html).not.toContain(label);
      }
      expect(required(visitorMail(await offer())).text).not.toContain(text(messages('nl'), 'forms.fields.newsletter'));
    });

    it('only holds absolute links', async () => {
      process.env.SITE_URL = 'https://www.immo-hainaut.example';
      const mail = agencyMail(await offer(), []);
      expect(mail.text).toContain(fill(text(fr, 'mail.sentFrom'), { page: `https://www.immo-hainaut.example/nl/te-koop/bergen/huis/${listingId}/` }));
      const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
      expect(hrefs.length).toBeGreaterThan(0);
      for (const link of hrefs) expect(link).toMatch(/^https:\/\/www\.immo-hainaut\.example\//);
      // No path of the site stands alone in the text either.
      expect(mail.text).not.toMatch(/(^|[\s:(])\/(nl|fr|en|de|api|catalogue)\//m);
    });
  });
});
