import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { supportedLanguages } from '@/lib/config';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));
}

function load(language: string): Tree {
  return JSON.parse(readFileSync(path.join(__dirname, '../../messages', `${language}.json`), 'utf8')) as Tree;
}

function valueAt(tree: Tree, key: string): string | Tree | undefined {
  return key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
}

describe('messages', () => {
  const all = Object.fromEntries(supportedLanguages.map((language) => [language, load(language)]));
  const union = [...new Set(supportedLanguages.flatMap((language) => keys(all[language]!)))].sort();

  it.each(supportedLanguages)('%s has every key that any other language has', (language) => {
    const own = new Set(keys(all[language]!));
    expect(union.filter((key) => !own.has(key))).toEqual([]);
  });

  it.each(supportedLanguages)('%s has no empty text and no placeholder', (language) => {
    const tree = all[language]!;
    const bad = keys(tree).filter((key) => {
      const value = valueAt(tree, key);
      return typeof value !== 'string' || value.trim() === '' || /TODO|FIXME|lorem ipsum/i.test(value);
    });
    expect(bad).toEqual([]);
  });

  it('uses the same ICU arguments in every language', () => {
    // French writes "de {agency}" as {deAgency}, elided before a vowel (d’Immo Hainaut): the same argument.
    const argumentsOf = (text: string) => [...text.matchAll(/\{(\w+)[,}]/g)].map((match) => (match[1] === 'deAgency' ? 'agency' : match[1])).sort();
    const mismatches = union.filter((key) => {
      const reference = JSON.stringify(argumentsOf(String(valueAt(all.en!, key))));
      return supportedLanguages.some((language) => JSON.stringify(argumentsOf(String(valueAt(all[language]!, key)))) !== reference);
    });
    expect(mismatches).toEqual([]);
  });

  it('translates the spec messages rather than copying the English', () => {
    expect(valueAt(all.en!, 'list.noResults')).toBe('No results were found for your search.');
    expect(valueAt(all.en!, 'property.notFoundTitle')).toBe('Property Not Found');
    expect(valueAt(all.en!, 'home.searchPlaceholder')).toBe('ID, Type, City');
    for (const language of ['nl', 'fr', 'de'] as const) {
      expect(valueAt(all[language]!, 'list.noResults')).not.toBe(valueAt(all.en!, 'list.noResults'));
    }
  });
});
