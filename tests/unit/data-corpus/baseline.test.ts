import { describe, expect, it } from 'vitest';
import { inspectData } from '@/lib/data-check';
import { runCase, type CorpusCase } from './harness';

/* The corpus harness itself: the shipped data is clean, and a case that names the wrong place fails. */

describe('data corpus harness', () => {
  it('finds neither errors nor warnings in the shipped data', () => {
    expect(inspectData()).toEqual({ errors: [], warnings: [] });
  });

  const wrongType: CorpusCase = {
    name: 'a price written as a word',
    file: 'catalogue/properties.json',
    edit: (file) => file.set([3, 'Price'], 'cheap'),
    expect: { refused: { file: 'data/catalogue/properties.json', record: /record #3 \(ID \d+, \w\w\)/, field: 'Price' } },
  };

  it('passes a case whose refusal is where it says', () => {
    runCase(wrongType);
  });

  it('fails a case whose refusal is elsewhere', () => {
    expect(() => runCase({ ...wrongType, expect: { refused: { file: 'data/catalogue/properties.json', field: 'Zip' } } })).toThrow(/expected a refusal/);
  });
});
