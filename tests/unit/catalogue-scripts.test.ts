import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The staff commands of the CRM pull run as npm runs them (tsx, which runs a script of this
 * package as CommonJS): a top-level await there fails before the first line runs.
 */

const root = path.resolve(__dirname, '../..');
const folder = mkdtempSync(path.join(tmpdir(), 'catalogue-scripts-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function run(script: string, env: Record<string, string>) {
  const { OMNICASA_URL: _, ...rest } = process.env;
  return spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'scripts', script)], { cwd: root, env: { ...rest, ...env }, encoding: 'utf8', timeout: 60_000 });
}

describe('catalogue:status and catalogue:pull', () => {
  it('catalogue:status reads the run records of the database it is given', () => {
    const result = run('catalogue-status.ts', { DATABASE_URL: `file:${path.join(folder, 'site.db')}` });
    expect(result.stderr).not.toMatch(/Transform failed/);
    expect(result.stdout).toContain('No pull has run yet');
    expect(result.status).toBe(0);
  });

  it('catalogue:pull says that no CRM is configured, and pulls nothing', () => {
    const result = run('catalogue-pull.ts', { DATABASE_URL: `file:${path.join(folder, 'pull.db')}` });
    expect(result.stderr).not.toMatch(/Transform failed/);
    expect(result.stderr).toContain('No CRM is configured');
    expect(result.status).toBe(1);
  });
});
