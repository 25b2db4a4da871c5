import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compareManifests, readManifest, recordExportChanges } from '@/lib/export/file-changes';

/* The static export says which files changed since the last export (issue 36 item 7). */

const root = mkdtempSync(path.join(tmpdir(), 'export-changes-'));
const out = path.join(root, 'out');

function exportFiles(files: Record<string, string>): void {
  rmSync(out, { recursive: true, force: true });
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(out, name)), { recursive: true });
    writeFileSync(path.join(out, name), body);
  }
}

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the changes of an export', () => {
  it('counts every file as added the first time, then only what was added, changed or removed', () => {
    exportFiles({ 'nl/index.html': 'home', 'nl/te-koop/index.html': 'list', 'fr/a-vendre/mons/maison/4000001/index.html': 'maison' });
    const first = recordExportChanges(out);
    expect(first).toMatchObject({ previous: false, changed: [], removed: [] });
    expect(first.added).toEqual(['fr/a-vendre/mons/maison/4000001/index.html', 'nl/index.html', 'nl/te-koop/index.html']);

    exportFiles({ 'nl/index.html': 'home', 'nl/te-koop/index.html': 'list, cheaper', 'nl/te-koop/bergen/huis/4000002/index.html': 'huis' });
    const second = recordExportChanges(out);
    expect(second).toMatchObject({
      previous: true,
      added: ['nl/te-koop/bergen/huis/4000002/index.html'],
      changed: ['nl/te-koop/index.html'],
      removed: ['fr/a-vendre/mons/maison/4000001/index.html'],
    });
    expect(readFileSync(second.listFile, 'utf8')).toBe('+ nl/te-koop/bergen/huis/4000002/index.html\n~ nl/te-koop/index.html\n- fr/a-vendre/mons/maison/4000001/index.html\n');

    const third = recordExportChanges(out);
    expect(third).toMatchObject({ added: [], changed: [], removed: [] });
    expect(readFileSync(third.listFile, 'utf8')).toBe('');
  });

  it('takes an unreadable previous manifest for none: every file is added, nothing is claimed unchanged', () => {
    for (const broken of ['{not json', '[]', JSON.stringify({ 'a.html': 'not-a-hash' })]) {
      writeFileSync(`${out}.manifest.json`, broken);
      expect(readManifest(`${out}.manifest.json`)).toBeUndefined();
    }
    expect(compareManifests(undefined, { 'a.html': 'a'.repeat(64) })).toEqual({ added: ['a.html'], changed: [], removed: [] });
  });
});
