import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { readDocumentFile } from '@/lib/catalogue/documents';
import { readCatalogue } from '@/lib/catalogue/load';
import { catalogueFolder, pinCatalogueFolder } from '@/lib/catalogue/source-dir';

/*
 * Where the site reads its catalogue: CATALOGUE_DIR, else with the CRM configured the pulled
 * version var/catalogue/current names, else data/catalogue. The build and the server refuse to
 * go on, in one line, when the CRM is configured and nothing was pulled yet.
 */

const root = path.resolve(__dirname, '../..');
const bundled = path.join(root, 'data/catalogue');
const crm = { OMNICASA_URL: 'http://127.0.0.1:9/1.12/OmnicasaService.svc/', OMNICASA_CUSTOMER_NAME: 'agency', OMNICASA_CUSTOMER_PASSWORD: 'secret' };
const versionA = '20261201T090000Z-aaaaaa';
const versionB = '20261201T091000Z-bbbbbb';

let varDir: string;

/** A pulled version: the bundled snapshot with the first listing's price set to `price`. */
function publishVersion(version: string, price: number): string {
  const dir = path.join(varDir, version);
  cpSync(bundled, dir, { recursive: true });
  const file = path.join(dir, 'properties.json');
  const { records } = z.object({ records: z.array(z.looseObject({ ID: z.number(), Price: z.number() })) }).parse(JSON.parse(readFileSync(file, 'utf8')));
  const firstId = records[0]?.ID;
  writeFileSync(file, JSON.stringify({ records: records.map((record) => (record.ID === firstId ? { ...record, Price: price } : record)) }));
  writeFileSync(path.join(varDir, 'current'), `${version}\n`);
  return dir;
}

const firstPrice = (dir?: string) => {
  const result = readCatalogue(dir);
  if (!result.ok) throw new Error(result.issues.map((issue) => issue.message).join('; '));
  return result.snapshot.properties[0]?.Price;
};

beforeEach(() => {
  varDir = mkdtempSync(path.join(tmpdir(), 'agency-pulled-'));
  vi.stubEnv('CATALOGUE_DIR', '');
  vi.stubEnv('CATALOGUE_PINNED_DIR', '');
  vi.stubEnv('OMNICASA_URL', '');
  vi.stubEnv('CATALOGUE_PULL_DIR', varDir);
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  rmSync(varDir, { recursive: true, force: true });
});

describe('the catalogue folder', () => {
  it('is data/catalogue with nothing configured, even when a pulled version is there', () => {
    publishVersion(versionA, 123_456);
    expect(catalogueFolder()).toEqual({ ok: true, dir: bundled, pulled: false });
    expect(firstPrice()).not.toBe(123_456);
  });

  it('is the version var/catalogue/current names when the CRM is configured, for the loader and the documents', async () => {
    for (const [name, value] of Object.entries(crm)) vi.stubEnv(name, value);
    const dir = publishVersion(versionA, 123_456);
    expect(catalogueFolder()).toEqual({ ok: true, dir, pulled: true });
    expect(firstPrice()).toBe(123_456);

    mkdirSync(path.join(dir, 'documents'), { recursive: true });
    writeFileSync(path.join(dir, 'documents', 'only-pulled.pdf'), '%PDF-1.4 pulled');
    expect((await readDocumentFile('https://crm.example/docs/only-pulled.pdf'))?.bytes.toString()).toBe('%PDF-1.4 pulled');
  });

  it('is CATALOGUE_DIR when set, whatever the CRM', () => {
    for (const [name, value] of Object.entries(crm)) vi.stubEnv(name, value);
    publishVersion(versionA, 123_456);
    const copy = path.join(varDir, 'copy');
    cpSync(bundled, copy, { recursive: true });
    vi.stubEnv('CATALOGUE_DIR', copy);
    expect(catalogueFolder()).toEqual({ ok: true, dir: copy, pulled: false });
  });

  it('says to run the pull first when the CRM is configured and nothing was published', () => {
    for (const [name, value] of Object.entries(crm)) vi.stubEnv(name, value);
    const expected = 'The CRM is configured (OMNICASA_URL) but no catalogue has been pulled yet: run `npm run catalogue:pull` first, then build or start again.';
    expect(catalogueFolder()).toEqual({ ok: false, problem: expected });
    expect(readCatalogue()).toEqual({ ok: false, issues: [{ file: 'var/catalogue/current', message: expected }] });
    // A pointer naming a folder that is not there is no catalogue either.
    writeFileSync(path.join(varDir, 'current'), `${versionB}\n`);
    expect(catalogueFolder().ok).toBe(false);
  });

  it('stays the version pinned when a pull publishes another', () => {
    for (const [name, value] of Object.entries(crm)) vi.stubEnv(name, value);
    const dirA = publishVersion(versionA, 111_111);
    expect(pinCatalogueFolder()).toEqual({ ok: true, dir: dirA, pulled: true });
    const dirB = publishVersion(versionB, 222_222);
    expect(catalogueFolder()).toEqual({ ok: true, dir: dirA, pulled: true });
    expect(firstPrice()).toBe(111_111);
    vi.stubEnv('CATALOGUE_PINNED_DIR', '');
    expect(catalogueFolder()).toEqual({ ok: true, dir: dirB, pulled: true });
  });

  it("finds a pinned version's documents in the newest version once its own folder is pruned", async () => {
    for (const [name, value] of Object.entries(crm)) vi.stubEnv(name, value);
    const dirA = publishVersion(versionA, 111_111);
    pinCatalogueFolder();
    mkdirSync(path.join(dirA, 'documents'), { recursive: true });
    writeFileSync(path.join(dirA, 'documents', 'plan.pdf'), '%PDF-1.4 version A');
    const dirB = publishVersion(versionB, 222_222);
    mkdirSync(path.join(dirB, 'documents'), { recursive: true });
    writeFileSync(path.join(dirB, 'documents', 'plan.pdf'), '%PDF-1.4 version B');
    const plan = async () => (await readDocumentFile('https://crm.example/docs/plan.pdf'))?.bytes.toString();
    // The version the pages show first.
    expect(await plan()).toBe('%PDF-1.4 version A');
    rmSync(dirA, { recursive: true });
    expect(await plan()).toBe('%PDF-1.4 version B');
  });
});

describe('build and start with the CRM configured and nothing pulled', () => {
  it('next build stops at its config with the one line', async () => {
    for (const [name, value] of Object.entries(crm)) vi.stubEnv(name, value);
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void errors.push(String(line)));
    vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${String(code)}`);
    });
    const { default: config } = await import('../../next.config');
    await expect(config(PHASE_PRODUCTION_BUILD)).rejects.toThrow('exit 1');
    expect(errors.join('\n').trim()).toBe('The CRM is configured (OMNICASA_URL) but no catalogue has been pulled yet: run `npm run catalogue:pull` first, then build or start again.');
  });

  it('check:data and the export say so too; check:data names the version it checked once there is one', () => {
    const tsx = path.join(root, 'node_modules/.bin/tsx');
    const env = { ...process.env, ...crm, CATALOGUE_DIR: '', CATALOGUE_PINNED_DIR: '', CATALOGUE_PULL_DIR: varDir };
    for (const script of ['scripts/check-data.ts', 'scripts/export.ts']) {
      const result = spawnSync(tsx, [script], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
      expect(result.status, script).toBe(1);
      expect(result.stderr, script).toContain('no catalogue has been pulled yet: run `npm run catalogue:pull` first');
      // The export stops before its build, not in it.
      expect(result.stdout, script).not.toContain('Building the static-export variant');
    }
    const dir = publishVersion(versionA, 123_456);
    const checked = spawnSync(tsx, ['scripts/check-data.ts'], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
    expect(checked.status).toBe(0);
    expect(checked.stdout).toContain(`Site data is valid: ${path.relative(root, dir)} and data/site.`);
  }, 120_000);

  it('next start exits 1 saying so before it looks for a build', () => {
    const result = spawnSync(path.join(root, 'node_modules/.bin/next'), ['start', '-p', '3197'], {
      cwd: root,
      env: { ...process.env, ...crm, CATALOGUE_DIR: '', CATALOGUE_PULL_DIR: varDir, NEXT_DIST_DIR: path.join('var', 'refused-start-crm') },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('The CRM is configured (OMNICASA_URL) but no catalogue has been pulled yet: run `npm run catalogue:pull` first, then build or start again.');
  }, 60_000);
});
