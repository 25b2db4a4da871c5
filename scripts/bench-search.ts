/*
 * npm run bench:search -- --url http://127.0.0.1:PORT [--listings 5000] [--language fr] [--cpu 4]
 *
 * The home search at a catalogue size: the size of its index (raw and gzip) built from a
 * generated catalogue (demo-data/scale-catalogue.ts, kept in var/bench/catalogue-N), and the time
 * of each keystroke in the panel at 4x CPU slowdown, in Chromium, on the site at --url (a
 * `next start` of this code, whatever its catalogue): the page's request for the index is
 * answered with the generated one, which is all the panel knows of the catalogue. A keystroke's
 * time is the Event Timing API's duration (input to the next paint, 8 ms steps) of its longest
 * event (keydown, input, keyup), as INP reads it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { createConsent, essentialOnly, storageEntries } from '../lib/consent';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    listings: { type: 'string', default: '5000' },
    language: { type: 'string', default: 'fr' },
    cpu: { type: 'string', default: '4' },
  },
});
if (!values.url) throw new Error('--url is required: the address of a running `next start` of this code');
const base = values.url.replace(/\/$/, '');
const listings = Number(values.listings);
const language = values.language ?? 'fr';
const root = process.cwd();
const catalogueDir = join(root, `var/bench/catalogue-${listings}`);
const cpuSlowdown = Number(values.cpu);

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function generateCatalogue(): void {
  if (existsSync(join(catalogueDir, 'properties.json'))) return;
  console.log(`Generating a catalogue of ${listings} listings into ${catalogueDir}…`);
  const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
  const result = spawnSync(process.execPath, [tsx, '--tsconfig', 'demo-data/tsconfig.json', 'demo-data/scale-catalogue.ts', String(listings), catalogueDir], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`demo-data/scale-catalogue.ts failed (exit ${result.status})`);
}

/** The index the route would answer for the generated catalogue (read through CATALOGUE_DIR). */
async function indexJson(): Promise<string> {
  process.env.CATALOGUE_DIR = catalogueDir;
  const { buildSearchIndex } = await import('../lib/search');
  const { getEnabledLanguages } = await import('../lib/config');
  const lang = getEnabledLanguages().find((candidate) => candidate === language);
  if (!lang) throw new Error(`${language} is not an enabled language`);
  return JSON.stringify(buildSearchIndex(lang));
}

type Keystroke = { label: string; ms: number; options: number };

async function keystrokes(index: string): Promise<Keystroke[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.route(
      (url) => url.pathname === `/api/search-index/${language}/`,
      (route) => route.fulfill({ contentType: 'application/json', body: index }),
    );
    // A stored choice: the consent dialog, which is modal, would keep the field from taking focus.
    await page.addInitScript(
      (entries) => {
        for (const [key, value] of entries) window.localStorage.setItem(key, value);
      },
      storageEntries(createConsent(essentialOnly, new Date())),
    );
    await page.goto(`${base}/${language}/`, { waitUntil: 'networkidle' });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    // Every input event's duration since the last reset; read after each keystroke has painted.
    const durations = await page.evaluateHandle(() => {
      const measured: number[] = [];
      // Chromium's default threshold is 104 ms; 16 is the lowest it allows.
      const options: PerformanceObserverInit & { durationThreshold: number } = { type: 'event', durationThreshold: 16, buffered: true };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry instanceof PerformanceEventTiming) measured.push(entry.duration);
      }).observe(options);
      return measured;
    });
    const input = page.locator('main').getByRole('combobox');
    await input.focus();
    await page.getByRole('listbox').filter({ visible: true }).getByRole('option').first().waitFor();
    const steps: [label: string, keys: string[]][] = [
      ['type "7"', ['7']],
      ['type "0" (70)', ['0']],
      ['type "0" (700)', ['0']],
      ['type "0" (7000)', ['0']],
      ['clear the field (select all, Backspace)', ['Control+A', 'Backspace']],
      ['type "m"', ['m']],
      ['type "o" (mo)', ['o']],
      ['Backspace (m)', ['Backspace']],
      ['Backspace (empty)', ['Backspace']],
      ['type "4"', ['4']],
    ];
    const results: Keystroke[] = [];
    for (const [label, keys] of steps) {
      await durations.evaluate((measured) => measured.splice(0));
      for (const key of keys) await input.press(key);
      // Two frames and a pause: the last keystroke's render and paint are then measured.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300)))));
      const measured = await durations.evaluate((list) => [...list]);
      const options = await page.getByRole('listbox').filter({ visible: true }).getByRole('option').count();
      // Below the observer's 16 ms threshold an event is not reported: counted as under 16 ms.
      results.push({ label, ms: Math.max(0, ...measured), options });
    }
    return results;
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  generateCatalogue();
  const index = await indexJson();
  console.log(`Search index at ${listings} listings (/api/search-index/${language}/): ${kB(index.length)}, ${kB(gzipSync(index).length)} gzip`);
  const results = await keystrokes(index);
  console.log(`Keystrokes in the home search panel at ${cpuSlowdown}x CPU slowdown (Event Timing duration, input to next paint; 0 = under 16 ms):`);
  for (const result of results) console.log(`  ${result.label.padEnd(42)} ${String(Math.round(result.ms)).padStart(4)} ms   ${result.options} options drawn`);
  console.log(`Longest keystroke: ${Math.max(...results.map((result) => result.ms))} ms`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
