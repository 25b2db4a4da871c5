import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkData, formatDataIssues } from '@/lib/data-check';
import { listRecords } from '@/lib/data-file';

const root = path.resolve(__dirname, '../..');
const copies: string[] = [];

/** A broken copy of both data folders: `edit` changes one JSON file of it in place. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the edits break the data files on purpose, into shapes no type of the site describes
function brokenCopy(folder: 'catalogue' | 'site', file: string, edit: (data: any) => void) {
  const dir = mkdtempSync(path.join(tmpdir(), 'agency-data-'));
  copies.push(dir);
  cpSync(path.join(root, 'data/catalogue'), path.join(dir, 'catalogue'), { recursive: true });
  cpSync(path.join(root, 'data/site'), path.join(dir, 'site'), { recursive: true });
  const target = path.join(dir, folder, file);
  const data = JSON.parse(readFileSync(target, 'utf8'));
  // A list file is wrapped as { "$schema": …, "records": [...] }: the edit works on its records.
  edit(listRecords(data));
  writeFileSync(target, JSON.stringify(data));
  return { catalogueDir: path.join(dir, 'catalogue'), siteDir: path.join(dir, 'site') };
}

function messageFor(dirs: { catalogueDir: string; siteDir: string }): string {
  const issues = checkData(dirs);
  expect(issues.length).toBeGreaterThan(0);
  return formatDataIssues(issues);
}

afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('data validation', () => {
  it('accepts the shipped data', () => {
    expect(checkData()).toEqual([]);
  });

  it('refuses an agency address whose street and town are not in the same language versions (a French street with a Dutch town)', () => {
    const dirs = brokenCopy('site', 'site.json', (site) => {
      site.siteInfo.street = 'Grand-Place 12';
    });
    expect(messageFor(dirs)).toMatch(/site\.json.*street.*same language versions/);
  });

  it('names file, record and field for a wrong type', () => {
    let id = 0;
    const dirs = brokenCopy('catalogue', 'properties.json', (properties) => {
      id = properties[3].ID;
      properties[3].Price = 'cheap';
    });
    expect(messageFor(dirs)).toMatch(new RegExp(`data/catalogue/properties\\.json › record #3 \\(ID ${id}, \\w\\w\\) › field Price: .*number.*got "cheap"`));
  });

  it('names a missing field', () => {
    const dirs = brokenCopy('catalogue', 'properties.json', (properties) => {
      delete properties[0].City;
    });
    expect(messageFor(dirs)).toMatch(/data\/catalogue\/properties\.json › record #0 \(ID \d+, \w\w\) › field City: this field is missing; every record needs it/);
  });

  it('refuses an unknown WebID', () => {
    const dirs = brokenCopy('catalogue', 'properties.json', (properties) => {
      properties[5].WebID = 99;
    });
    expect(messageFor(dirs)).toMatch(/properties\.json › record #5 \(ID \d+, \w\w\) › field WebID: unknown WebID 99/);
  });

  it('refuses a duplicate ID', () => {
    const dirs = brokenCopy('catalogue', 'properties.json', (properties) => {
      properties.push(structuredClone(properties[0]));
    });
    expect(messageFor(dirs)).toMatch(/properties\.json › record #\d+ \(ID \d+, \w\w\): duplicate of record #0/);
  });

  it('refuses a town whose postcode is not 4 digits', () => {
    const dirs = brokenCopy('catalogue', 'cities.json', (cities) => {
      cities.all[2].Zip = '700';
    });
    expect(messageFor(dirs)).toMatch(/data\/catalogue\/cities\.json › all\[2\] › field Zip: a Belgian or Luxembourg postcode has exactly 4 digits.* \(got "700"\)/);
  });

  it('refuses a menu path with a typographic apostrophe (U+2019)', () => {
    const dirs = brokenCopy('site', 'menu.json', (menu) => {
      const entry = menu.find((candidate: { id: string }) => candidate.id === 'demand-register');
      entry.params.path.en = 'i\u2019m-looking-for';
    });
    const message = messageFor(dirs);
    expect(message).toMatch(/data\/site\/menu\.json › record #\d+ \(id demand-register\) › field params\.path\.en: contains a typographic apostrophe \(U\+2019\)/);
  });

  it('refuses a placeholder the home search does not know, naming the file, the field and the tokens it knows', () => {
    const dirs = brokenCopy('site', 'site.json', (site) => {
      site.homeSearch.description.text.fr = 'FOR_SALE_TOTL biens à vendre et FOR_RENT_TOTAL à louer';
      site.homeSearch.secondDescription.text = 'Plus de NEW_LISTINGS_COUNT nouveautés';
    });
    const text = messageFor(dirs);
    expect(text).toMatch(/site\.json.*homeSearch\.description\.text\.fr.*FOR_SALE_TOTL.*FOR_SALE_TOTAL.*FOR_RENT_TOTAL/);
    expect(text).toMatch(/site\.json.*homeSearch\.secondDescription\.text.*NEW_LISTINGS_COUNT/);
    expect(text).not.toMatch(/FOR_RENT_TOTAL[^,]*unknown/);
  });

  it('leaves out of the page a placeholder that got past the check, never showing it raw', async () => {
    const { fillPlaceholders } = await import('@/lib/config/placeholders');
    expect(fillPlaceholders('FOR_SALE_TOTAL biens à vendre et FOR_RENT_TOTL à louer', { FOR_SALE_TOTAL: '12', FOR_RENT_TOTAL: '7' })).toBe('12 biens à vendre et à louer');
  });

  it('refuses a default language that is not enabled', () => {
    const dirs = brokenCopy('site', 'site.json', (site) => {
      site.languageDefault = 'de';
    });
    expect(messageFor(dirs)).toContain('data/site/site.json › field languageDefault: the default language "de" is not enabled');
  });

  it('lists every problem at once, one per line', () => {
    const dirs = brokenCopy('catalogue', 'properties.json', (properties) => {
      properties[0].Zip = 'abc';
      properties[1].Goal = 3;
    });
    const message = messageFor(dirs);
    expect(message).toMatch(/^Invalid site data \(\d+ problems\):/);
    expect(message).toContain('field Zip');
    expect(message).toContain('field Goal');
  });

  // Two runs of the command, each a tsx start and a full read of the data: room on a busy machine.
  it('npm run check:data exits 1 with the message on a broken copy, 0 on the real data', { timeout: 120_000 }, () => {
    const dirs = brokenCopy('catalogue', 'types.json', (types) => {
      types[0].ShowOrder = 9;
    });
    const tsx = path.join(root, 'node_modules/.bin/tsx');
    let output = '';
    let status = 0;
    try {
      execFileSync(tsx, ['scripts/check-data.ts', '--catalogue', dirs.catalogueDir, '--site', dirs.siteDir], { cwd: root, stdio: 'pipe' });
    } catch (error) {
      const failure = error as { status: number; stderr: Buffer };
      status = failure.status;
      output = failure.stderr.toString();
    }
    expect(status).toBe(1);
    expect(output).toMatch(/data\/catalogue\/types\.json › record #0 \(ID \d+, \w\w\) › field ShowOrder/);
    expect(execFileSync(tsx, ['scripts/check-data.ts'], { cwd: root }).toString()).toContain('Site data is valid');
  });
});

describe('one line per mistake', () => {
  it('names the language records of a listing together when they share the mistake, and keeps different mistakes apart', () => {
    const message = 'the coordinates look swapped';
    const issue = (index: number, language: string, text = message) => ({
      file: 'data/catalogue/properties.json',
      record: { index, label: `ID 4000001, ${language}` },
      field: 'GoogleX',
      message: text,
    });
    const text = formatDataIssues([issue(0, 'nl'), issue(1, 'fr'), issue(2, 'en'), issue(3, 'de'), issue(4, 'nl', 'another problem')]);
    expect(text).toContain('Invalid site data (5 problems)');
    expect(text).toContain('data/catalogue/properties.json › records #0, #1, #2, #3 (ID 4000001: nl, fr, en, de) › field GoogleX: the coordinates look swapped');
    expect(text).toContain('data/catalogue/properties.json › record #4 (ID 4000001, nl) › field GoogleX: another problem');
    expect(text.split('\n')).toHaveLength(3);
  });
});

describe('a manager who is not in the team', () => {
  it('is named once per listing record, on ManagerEmail', () => {
    let email = '';
    const dirs = brokenCopy('catalogue', 'properties.json', (file) => {
      const records = Array.isArray(file) ? file : file.records;
      email = records[0].ManagerEmail;
      for (const record of records.filter((candidate: { ID: number }) => candidate.ID === records[0].ID)) record.ManagerEmail = 'nobody@immo-hainaut.be';
    });
    expect(email).not.toBe('');
    const issues = checkData(dirs).filter((issue) => issue.field === 'ManagerEmail');
    expect(issues).toHaveLength(4);
    expect(new Set(issues.map((issue) => issue.record?.index)).size).toBe(4);
    expect(issues[0]?.message).toBe('"nobody@immo-hainaut.be" is not a member of data/site/team.json');
  });
});
