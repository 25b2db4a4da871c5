import { describe, expect, it } from 'vitest';
import { flemishAdvertWarnings } from '@/lib/catalogue/flemish-advert';
import { readCatalogue } from '@/lib/catalogue/load';
import type { Property } from '@/lib/catalogue/schemas';
import { inspectData } from '@/lib/data-check';

/*
 * Issue 39: a Flemish advertisement shows the flood scores (P and G), the EPC's unique code and,
 * for a home built before 2001, whether it has an asbestos certificate; the data check warns when
 * a Flemish listing lacks one. Wallonia has no such duty.
 */
const catalogue = readCatalogue('data/catalogue');
if (!catalogue.ok) throw new Error('the shipped catalogue does not read');
const records = catalogue.snapshot.properties;
// Flanders (8500), a house built in 1976; the shipped one has its asbestos inventory, taken away here.
const kortrijk = records.filter((property) => property.ID === 4000056).map((property) => ({ ...property, AsbestosType: null, AsbestosDate: null }));
const mons = records.filter((property) => property.ID === 4000001); // Wallonia (7000)
const file = 'data/catalogue/properties.json';
const complete = (property: Property): Property => ({ ...property, AsbestosType: 'Geen asbest', AsbestosDate: '2025-03-01' });
const fields = (properties: readonly Property[]) => flemishAdvertWarnings(properties, file).map((warning) => warning.field);

describe('the Flemish advertisement check', () => {
  it('warns nothing for a complete Flemish listing, once per listing across its languages', () => {
    expect(kortrijk).toHaveLength(4);
    expect(fields(kortrijk.map(complete))).toEqual([]);
  });

  it('warns, once, when a flood score or the EPC code is missing', () => {
    const missing = kortrijk.map((property) => ({ ...complete(property), PScore: null, GScore: undefined, EPCReference: ' ' }));
    const warnings = flemishAdvertWarnings(missing, file);
    expect(warnings.map((warning) => warning.field)).toEqual(['PScore', 'GScore', 'EPCReference']);
    expect(warnings.every((warning) => warning.severity === 'warning')).toBe(true);
    expect(warnings[0]?.message).toContain('a listing in Flanders (8500 Kortrijk) must show its flood P-score (parcel)');
    expect(warnings[0]?.record).toEqual({ index: 0, label: 'ID 4000056, nl' });
  });

  it('asks a home built before 2001, or of no known year, whether it has an asbestos certificate', () => {
    expect(fields(kortrijk)).toEqual(['AsbestosType']);
    expect(flemishAdvertWarnings(kortrijk, file)[0]?.message).toContain('was built in 1976, before 2001');
    expect(fields(kortrijk.map((property) => ({ ...property, ConstructionYear: null })))).toEqual(['AsbestosType']);
    expect(fields(kortrijk.map((property) => ({ ...property, ConstructionYear: 2001 })))).toEqual([]);
    // Land has no building to certify.
    expect(fields(kortrijk.map((property) => ({ ...property, WebID: 4 })))).toEqual([]);
  });

  it('leaves Wallonia alone', () => {
    const bare = mons.map((property) => ({ ...property, PScore: null, GScore: null, EPCReference: null, AsbestosType: null, AsbestosDate: null, ConstructionYear: 1950 }));
    expect(fields(bare)).toEqual([]);
  });

  it('finds nothing missing in the shipped Flemish listings (the data check runs it among its warnings)', () => {
    const report = inspectData({ catalogueDir: 'data/catalogue' });
    expect(report.errors).toEqual([]);
    expect(report.warnings.filter((warning) => warning.message.includes('a listing in Flanders'))).toEqual([]);
    expect(fields(records)).toEqual([]);
  });
});
