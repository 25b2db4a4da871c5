// node tooling/test/copy-site-with-german.mjs <dir>: a copy of data/site with German enabled, used by the
// German browser tests to prove that switching a language on is a configuration change only.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const target = process.argv[2];
if (!target) throw new Error('usage: copy-site-with-german.mjs <dir>');
cpSync('data/site', target, { recursive: true });
const file = path.join(target, 'site.json');
const site = JSON.parse(readFileSync(file, 'utf8'));
site.languageUse = site.languageUse.map((entry) => (entry.code === 'de' ? { ...entry, use: true } : entry));
// A test tag manager ID, so that the consent tests (tests/e2e/consent.german.spec.ts) see the tag
// manager load after consent; the shipped configuration has none.
site.siteInfo.tagManagerId = 'GTM-TEST123';
// A tile source, so that tests/e2e/home-map.german.spec.ts sees the home map over tiles; the test
// answers the archive's requests itself (the shipped site has no tiles and public/maps/ no file).
site.map = { ...site.map, tiles: { kind: 'pmtiles', file: '/maps/e2e-test.pmtiles', attribution: 'E2E test tiles', maxZoom: 14 } };
writeFileSync(file, `${JSON.stringify(site, null, 2)}\n`);
console.log(`German enabled in ${file}`);
