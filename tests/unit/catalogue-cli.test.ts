import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * npm run catalogue:pull and catalogue:status start at all: tsx runs the scripts as CommonJS (the
 * package has no "type": "module"), where a top-level await does not compile.
 */

const root = path.resolve(__dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const dir = mkdtempSync(path.join(tmpdir(), 'catalogue-cli-'));
const env = { ...process.env, OMNICASA_URL: '', DATABASE_URL: `file:${path.join(dir, 'site.db')}` };
const run = (script: string) => spawnSync(tsx, [script], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });

describe('the catalogue scripts', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('catalogue:pull with no CRM configured says so and exits 1', () => {
    const result = run('scripts/catalogue-pull.ts');
    expect(result.stderr).toContain('No CRM is configured (OMNICASA_URL is not set)');
    expect(result.status).toBe(1);
  }, 60_000);

  it('catalogue:status before any pull says so and exits 0', () => {
    const result = run('scripts/catalogue-status.ts');
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('No pull has run yet');
    expect(result.status).toBe(0);
  }, 60_000);
});
