import { describe, expect, it } from 'vitest';
import { checkedCatalogue } from '../checked-catalogue';
import { epcImagePath, epcLabel, epcLabels, epcLabelText, needsRenovationNotice, regionOf, type EpcRegion } from '@/lib/epc';

describe('regionOf', () => {
  it.each([
    ['1000', 'brussels'],
    ['1299', 'brussels'],
    ['1300', 'wallonia'],
    ['1499', 'wallonia'],
    ['1500', 'flanders'],
    ['3999', 'flanders'],
    ['4000', 'wallonia'],
    ['7999', 'wallonia'],
    ['8000', 'flanders'],
    ['9999', 'flanders'],
  ] as const)('Belgian postcode %s is in %s', (zip, region) => {
    expect(regionOf(zip, 10)).toBe(region);
  });

  it('decides Luxembourg by country before any postcode range', () => {
    expect(regionOf('1000', 50)).toBe('luxembourg');
    expect(regionOf('4000', 50)).toBe('luxembourg');
    expect(regionOf('9000', 50)).toBe('luxembourg');
  });

  it('refuses postcodes and countries it cannot place rather than guessing a certificate', () => {
    expect(() => regionOf('0999', 10)).toThrow(RangeError);
    expect(() => regionOf('123', 10)).toThrow(RangeError);
    expect(() => regionOf('1000', 20)).toThrow(RangeError);
  });
});

describe('epcLabels', () => {
  it('lists the image codes of each region in order, best first', () => {
    expect(epcLabels.flanders).toEqual(['a_plus', 'a', 'b', 'c', 'd', 'e', 'f']);
    expect(epcLabels.brussels).toEqual(['a_plus', 'a', 'a_sub', 'b_plus', 'b', 'b_sub', 'c_plus', 'c', 'c_sub', 'd_plus', 'd', 'd_sub', 'e_plus', 'e', 'e_sub', 'f_plus', 'f', 'f_sub', 'g']);
    expect(epcLabels.wallonia).toEqual(['a_plusplus', 'a_plus', 'a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(epcLabels.luxembourg).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']);
  });
});

describe('epcLabel from EnergyPerformance (inclusive upper bounds)', () => {
  it.each([
    [-0.5, 'a_plus'],
    [0, 'a'],
    [100, 'a'],
    [100.5, 'b'],
    [200, 'b'],
    [200.1, 'c'],
    [300, 'c'],
    [300.1, 'd'],
    [400, 'd'],
    [400.1, 'e'],
    [500, 'e'],
    [500.1, 'f'],
    [1200, 'f'],
  ])('Flanders %s is %s', (value, label) => {
    expect(epcLabel('flanders', value, undefined)).toBe(label);
  });

  it.each([
    [-1, 'a_plus'],
    [0, 'a'],
    [23, 'a'],
    [23.5, 'a_sub'],
    [45, 'a_sub'],
    [46, 'b_plus'],
    [62, 'b_plus'],
    [63, 'b'],
    [79, 'b'],
    [80, 'b_sub'],
    [95, 'b_sub'],
    [96, 'c_plus'],
    [113, 'c_plus'],
    [114, 'c'],
    [132, 'c'],
    [133, 'c_sub'],
    [150, 'c_sub'],
    [151, 'd_plus'],
    [170, 'd_plus'],
    [171, 'd'],
    [190, 'd'],
    [191, 'd_sub'],
    [210, 'd_sub'],
    [211, 'e_plus'],
    [232, 'e_plus'],
    [233, 'e'],
    [253, 'e'],
    [254, 'e_sub'],
    [275, 'e_sub'],
    [276, 'f_plus'],
    [298, 'f_plus'],
    [299, 'f'],
    [322, 'f'],
    [322.5, 'f_sub'],
    [323, 'f_sub'],
    [345, 'f_sub'],
    [345.5, 'g'],
    [346, 'g'],
  ])('Brussels %s is %s', (value, label) => {
    expect(epcLabel('brussels', value, undefined)).toBe(label);
  });

  it.each([
    [-0.1, 'a_plusplus'],
    [0, 'a_plus'],
    [45, 'a_plus'],
    [45.1, 'a'],
    [85, 'a'],
    [85.1, 'b'],
    [170, 'b'],
    [170.1, 'c'],
    [255, 'c'],
    [255.1, 'd'],
    [340, 'd'],
    [340.1, 'e'],
    [425, 'e'],
    [425.1, 'f'],
    [510, 'f'],
    [510.1, 'g'],
  ])('Wallonia %s is %s', (value, label) => {
    expect(epcLabel('wallonia', value, undefined)).toBe(label);
  });

  it('prefers the number over the label text', () => {
    expect(epcLabel('flanders', 150, 'A')).toBe('b');
  });

  it('gives every region only codes of its own list', () => {
    const values = [-10, 0, 50, 100, 150, 250, 350, 450, 550, 1000];
    for (const region of ['flanders', 'brussels', 'wallonia'] as EpcRegion[]) {
      for (const value of values) expect(epcLabels[region]).toContain(epcLabel(region, value, undefined));
    }
  });
});

describe('epcLabel from the label text', () => {
  it('is used without a finite EnergyPerformance', () => {
    expect(epcLabel('flanders', null, 'B')).toBe('b');
    expect(epcLabel('flanders', undefined, 'C')).toBe('c');
    expect(epcLabel('flanders', Number.NaN, 'D')).toBe('d');
    expect(epcLabel('flanders', Number.POSITIVE_INFINITY, 'E')).toBe('e');
  });

  it('reads plus, double plus and minus, trimmed and in any case', () => {
    expect(epcLabel('flanders', null, ' a+ ')).toBe('a_plus');
    expect(epcLabel('wallonia', null, 'A++')).toBe('a_plusplus');
    expect(epcLabel('brussels', null, 'A-')).toBe('a_sub');
    expect(epcLabel('brussels', null, 'b+')).toBe('b_plus');
    expect(epcLabel('brussels', null, 'C-')).toBe('c_sub');
    expect(epcLabel('brussels', null, 'c\u2212')).toBe('c_sub');
  });

  it('returns only labels that exist in the region', () => {
    expect(epcLabel('flanders', null, 'G')).toBeUndefined();
    expect(epcLabel('flanders', null, 'B-')).toBeUndefined();
    expect(epcLabel('brussels', null, 'A++')).toBeUndefined();
    expect(epcLabel('wallonia', null, 'B+')).toBeUndefined();
    expect(epcLabel('luxembourg', null, 'I')).toBe('i');
    expect(epcLabel('luxembourg', null, 'J')).toBeUndefined();
  });

  it('uses only the text in Luxembourg, which has no numeric bands here', () => {
    expect(epcLabel('luxembourg', 50, 'C')).toBe('c');
    expect(epcLabel('luxembourg', 50, null)).toBeUndefined();
  });

  it('is undefined without a number or a readable text', () => {
    expect(epcLabel('flanders', null, null)).toBeUndefined();
    expect(epcLabel('flanders', undefined, '')).toBeUndefined();
    expect(epcLabel('flanders', null, 'not known')).toBeUndefined();
    expect(epcLabel('flanders', null, 'AB')).toBeUndefined();
  });
});

describe('epcLabelText and epcImagePath', () => {
  it('prints labels as on the certificate', () => {
    expect(epcLabelText('a_plusplus')).toBe('A++');
    expect(epcLabelText('a_plus')).toBe('A+');
    expect(epcLabelText('b_sub')).toBe('B-');
    expect(epcLabelText('g')).toBe('G');
  });

  it('round-trips every code through the label text', () => {
    for (const region of Object.keys(epcLabels) as EpcRegion[]) {
      for (const label of epcLabels[region]) expect(epcLabel(region, null, epcLabelText(label))).toBe(label);
    }
  });

  it('points at the generated image of the region', () => {
    expect(epcImagePath('brussels', 'c_plus')).toBe('/images/epc/brussels/c_plus.png');
  });
});

describe('needsRenovationNotice (issue 13, item 5: a Flemish rule)', () => {
  it.each(['e', 'f'])('is shown for a Flemish sale labelled %s', (label) => {
    expect(needsRenovationNotice('flanders', label, 'sale')).toBe(true);
  });

  it.each(['a_plus', 'a', 'b', 'c', 'd'])('is not shown for a Flemish label %s', (label) => {
    expect(needsRenovationNotice('flanders', label, 'sale')).toBe(false);
  });

  it.each([
    ['wallonia', 'e'],
    ['wallonia', 'f'],
    ['wallonia', 'g'],
    ['brussels', 'e'],
    ['brussels', 'f_sub'],
    ['luxembourg', 'f'],
  ] as const)('is not shown in %s, whatever the label (%s)', (region, label) => {
    expect(needsRenovationNotice(region, label, 'sale')).toBe(false);
  });

  it('is not shown for rentals or without a label', () => {
    expect(needsRenovationNotice('flanders', 'e', 'rent')).toBe(false);
    expect(needsRenovationNotice('flanders', undefined, 'sale')).toBe(false);
  });
});

describe('the demo snapshot (npm run generate:catalogue)', () => {
  // The generator writes the certificate's label next to its value: it must be the label the
  // listing page computes from that value, or the data and the page disagree (4000055 once said
  // "A" where the page showed "A-").
  it('labels every energy value as lib/epc does', () => {
    const records = checkedCatalogue().properties.filter((property) => typeof property.EnergyPerformance === 'number');
    expect(records.length).toBeGreaterThan(40);
    const disagreements = records.flatMap((property) => {
      const region = regionOf(property.Zip, property.CountryID);
      const code = epcLabel(region, property.EnergyPerformance, null);
      const expected = code === undefined ? undefined : epcLabelText(code);
      return property.EPCLabelText === expected ? [] : [`${property.ID} (${property.language}): ${property.EnergyPerformance} in ${region} is ${expected}, data says ${property.EPCLabelText}`];
    });
    expect(disagreements).toEqual([]);
  });
});
