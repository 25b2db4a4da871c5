import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { siteSecretProblem } from '@/lib/security/secret';

/*
 * A production server without SITE_SECRET (or with a short one) refuses to start with one line
 * that says what to set; `npm start` (scripts/start.mjs) gives the embedded default its own kept
 * secret, so the README's first command still needs nothing else.
 */
const root = path.resolve(__dirname, '../..');

const startWithout = (env: Record<string, string>) => {
  const clean: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', NEXT_DIST_DIR: path.join('var', 'secret-start') };
  delete clean.SITE_SECRET;
  return spawnSync(path.join(root, 'node_modules/.bin/next'), ['start', '-p', '3197'], { cwd: root, env: { ...clean, ...env }, encoding: 'utf8', timeout: 60_000 });
};

it('names the variable and how to make one, only in production', () => {
  expect(siteSecretProblem({ NODE_ENV: 'production' })).toMatch(/^SITE_SECRET is not set: .*openssl rand -hex 32/);
  expect(siteSecretProblem({ NODE_ENV: 'production', SITE_SECRET: 'short' })).toContain('too short (5 characters, at least 32)');
  expect(siteSecretProblem({ NODE_ENV: 'production', SITE_SECRET: 'a'.repeat(32) })).toBeUndefined();
  expect(siteSecretProblem({ NODE_ENV: 'development' })).toBeUndefined();
});

it('next start refuses to start without SITE_SECRET, or with a short one, in one line', () => {
  const cases: Record<string, string>[] = [{}, { SITE_SECRET: 'e2e-site-secret' }];
  for (const env of cases) {
    const result = startWithout(env);
    expect(result.status).toBe(1);
    const lines = result.stderr
      .trim()
      .split('\n')
      .filter((line) => line.includes('SITE_SECRET'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('openssl rand -hex 32');
  }
}, 120_000);

it('npm start gives the embedded default a kept secret and goes past the check', () => {
  const clean: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', NEXT_DIST_DIR: path.join('var', 'secret-start') };
  delete clean.SITE_SECRET;
  delete clean.DATABASE_URL;
  // There is no build in that folder, so the server stops at the next step: it passed the check.
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '-p', '3198'], { cwd: root, env: clean, encoding: 'utf8', timeout: 60_000 });
  expect(result.stderr).not.toContain('SITE_SECRET');
  expect(result.stderr + result.stdout).toMatch(/production build/i);
  expect(readFileSync(path.join(root, 'var', 'site-secret'), 'utf8')).toMatch(/^\S{32,}$/);
}, 60_000);

it('npm start asks for SITE_SECRET when the database is PostgreSQL (several instances)', () => {
  const clean: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATABASE_URL: 'postgres://localhost/none' };
  delete clean.SITE_SECRET;
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '-p', '3198'], { cwd: root, env: clean, encoding: 'utf8', timeout: 60_000 });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('openssl rand -hex 32');
});
