import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

it('next build stops before compiling when the data is invalid, naming file, record and field', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'agency-build-'));
  try {
    cpSync(path.join(root, 'data/catalogue'), dir, { recursive: true });
    const file = path.join(dir, 'properties.json');
    const wrapped = JSON.parse(readFileSync(file, 'utf8'));
    wrapped.records[7].Goal = 'sale';
    writeFileSync(file, JSON.stringify(wrapped));
    const result = spawnSync(path.join(root, 'node_modules/.bin/next'), ['build'], {
      cwd: root,
      env: { ...process.env, CATALOGUE_DIR: dir, NEXT_DIST_DIR: path.join('var', 'refused-build') },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/data\/catalogue\/properties\.json › record #7 \(ID \d+, \w\w\) › field Goal/);
    expect(result.stdout + result.stderr).not.toContain('Compiled successfully');
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(path.join(root, 'var', 'refused-build'), { recursive: true, force: true });
  }
}, 120_000);
