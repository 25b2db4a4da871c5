import { describe, expect, it } from 'vitest';
import { checkConditions, conditionSchema, type Condition } from '@/lib/conditions';

const property: Record<string, unknown> = {
  Goal: 0,
  Price: 295000,
  MaxPrice: 300000,
  City: 'Mons',
  Zip: '7000',
  Rooms: '3',
  Description: 'Ruime woning met tuin',
  Features: ['garden', 'garage'],
  EPCLabelText: '',
  VirtualTour: null,
  Published: true,
  Available: '2026-03-01',
};

const holds = (condition: Condition) => checkConditions(property, [condition]);

describe('checkConditions: logics', () => {
  it('eq and neq compare with a value, numeric text as a number', () => {
    expect(holds({ field: 'Goal', logic: 'eq', value: 0 })).toBe(true);
    expect(holds({ field: 'Goal', logic: 'eq', value: 1 })).toBe(false);
    expect(holds({ field: 'Goal', logic: 'eq', value: '0' })).toBe(true);
    expect(holds({ field: 'Zip', logic: 'eq', value: 7000 })).toBe(true);
    expect(holds({ field: 'City', logic: 'eq', value: 'Mons' })).toBe(true);
    expect(holds({ field: 'City', logic: 'eq', value: 'mons' })).toBe(false);
    expect(holds({ field: 'Published', logic: 'eq', value: true })).toBe(true);
    expect(holds({ field: 'Published', logic: 'eq', value: 'true' })).toBe(false);
    expect(holds({ field: 'Goal', logic: 'neq', value: 1 })).toBe(true);
    expect(holds({ field: 'Goal', logic: 'neq', value: 0 })).toBe(false);
  });

  it('eq treats a missing field and null alike, unequal to any value', () => {
    expect(holds({ field: 'Missing', logic: 'eq', value: 'x' })).toBe(false);
    expect(holds({ field: 'Missing', logic: 'neq', value: 'x' })).toBe(true);
    expect(holds({ field: 'VirtualTour', logic: 'eq', compareField: 'Missing' })).toBe(false);
  });

  it('gt, gte, lt and lte hold exactly at their boundaries', () => {
    expect(holds({ field: 'Price', logic: 'gt', value: 294999 })).toBe(true);
    expect(holds({ field: 'Price', logic: 'gt', value: 295000 })).toBe(false);
    expect(holds({ field: 'Price', logic: 'gte', value: 295000 })).toBe(true);
    expect(holds({ field: 'Price', logic: 'gte', value: 295001 })).toBe(false);
    expect(holds({ field: 'Price', logic: 'lt', value: 295001 })).toBe(true);
    expect(holds({ field: 'Price', logic: 'lt', value: 295000 })).toBe(false);
    expect(holds({ field: 'Price', logic: 'lte', value: 295000 })).toBe(true);
    expect(holds({ field: 'Price', logic: 'lte', value: 294999 })).toBe(false);
  });

  it('orders numeric text by value and other text by character order (ISO dates)', () => {
    expect(holds({ field: 'Rooms', logic: 'gt', value: '10' })).toBe(false);
    expect(holds({ field: 'Rooms', logic: 'lt', value: 10 })).toBe(true);
    expect(holds({ field: 'Available', logic: 'gte', value: '2026-03-01' })).toBe(true);
    expect(holds({ field: 'Available', logic: 'gt', value: '2026-03-01' })).toBe(false);
    expect(holds({ field: 'Available', logic: 'lt', value: '2026-12-31' })).toBe(true);
  });

  it('compares with another field of the record', () => {
    expect(holds({ field: 'Price', logic: 'lte', compareField: 'MaxPrice' })).toBe(true);
    expect(holds({ field: 'MaxPrice', logic: 'lte', compareField: 'Price' })).toBe(false);
    expect(holds({ field: 'Price', logic: 'eq', compareField: 'Price' })).toBe(true);
  });

  it('contains looks inside text and lists', () => {
    expect(holds({ field: 'Description', logic: 'contains', value: 'tuin' })).toBe(true);
    expect(holds({ field: 'Description', logic: 'contains', value: 'zwembad' })).toBe(false);
    expect(holds({ field: 'Features', logic: 'contains', value: 'garage' })).toBe(true);
    expect(holds({ field: 'Features', logic: 'contains', value: 'pool' })).toBe(false);
    expect(holds({ field: 'Zip', logic: 'contains', value: 70 })).toBe(true);
  });

  it('empty and notEmpty treat missing, null, blank text and empty lists as empty, 0 and false as values', () => {
    for (const field of ['Missing', 'VirtualTour', 'EPCLabelText']) {
      expect(holds({ field, logic: 'empty' })).toBe(true);
      expect(holds({ field, logic: 'notEmpty' })).toBe(false);
    }
    expect(checkConditions({ Spaces: '  ', List: [] }, [{ field: 'Spaces', logic: 'empty' }, { field: 'List', logic: 'empty' }])).toBe(true);
    expect(checkConditions({ Zero: 0, No: false }, [{ field: 'Zero', logic: 'notEmpty' }, { field: 'No', logic: 'notEmpty' }])).toBe(true);
    expect(holds({ field: 'Features', logic: 'empty' })).toBe(false);
    expect(holds({ field: 'City', logic: 'notEmpty' })).toBe(true);
  });
});

describe('checkConditions: combining', () => {
  it('holds for an empty list', () => {
    expect(checkConditions(property, [])).toBe(true);
  });

  it('needs every condition to hold', () => {
    const sale: Condition = { field: 'Goal', logic: 'eq', value: 0 };
    const cheap: Condition = { field: 'Price', logic: 'lt', value: 200000 };
    expect(checkConditions(property, [sale])).toBe(true);
    expect(checkConditions(property, [sale, cheap])).toBe(false);
    expect(checkConditions(property, [cheap, sale])).toBe(false);
  });

  it('needs the advanced conditions to hold as well', () => {
    const base: Condition = { field: 'Goal', logic: 'eq', value: 0 };
    expect(holds({ ...base, advanced: [{ field: 'City', logic: 'eq', value: 'Mons' }] })).toBe(true);
    expect(holds({ ...base, advanced: [{ field: 'City', logic: 'eq', value: 'Gent' }] })).toBe(false);
    expect(holds({ ...base, advanced: [] })).toBe(true);
    expect(
      holds({ ...base, advanced: [{ field: 'City', logic: 'notEmpty', advanced: [{ field: 'Price', logic: 'gt', value: 1e6 }] }] }),
    ).toBe(false);
  });
});

describe('checkConditions: a failed evaluation counts as false', () => {
  it('for a missing compare field, even with neq', () => {
    expect(holds({ field: 'Price', logic: 'eq', compareField: 'NoSuchField' })).toBe(false);
    expect(holds({ field: 'Price', logic: 'neq', compareField: 'NoSuchField' })).toBe(false);
  });

  it('for a comparing logic without a value or compare field', () => {
    expect(holds({ field: 'Price', logic: 'eq' })).toBe(false);
    expect(holds({ field: 'Price', logic: 'neq' })).toBe(false);
    expect(holds({ field: 'Price', logic: 'gt' })).toBe(false);
  });

  it('for values that cannot be ordered or compared', () => {
    expect(holds({ field: 'City', logic: 'gt', value: 5 })).toBe(false);
    expect(holds({ field: 'City', logic: 'lte', value: 5 })).toBe(false);
    expect(holds({ field: 'Missing', logic: 'lt', value: 5 })).toBe(false);
    expect(holds({ field: 'Published', logic: 'gte', value: true })).toBe(false);
    expect(holds({ field: 'Features', logic: 'eq', value: 'garden' })).toBe(false);
    expect(holds({ field: 'Features', logic: 'neq', value: 'garden' })).toBe(false);
    expect(holds({ field: 'Price', logic: 'contains', value: 5 })).toBe(false);
    expect(holds({ field: 'City', logic: 'contains', value: true })).toBe(false);
  });

  it('for a logic it does not know', () => {
    const broken = { field: 'Goal', logic: 'like', value: 0 } as unknown as Condition;
    expect(checkConditions(property, [broken])).toBe(false);
  });

  it('for a getter that throws, without hiding the other conditions', () => {
    const record = Object.defineProperty({ Goal: 0 }, 'Broken', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    }) as Record<string, unknown>;
    expect(checkConditions(record, [{ field: 'Broken', logic: 'notEmpty' }])).toBe(false);
    expect(checkConditions(record, [{ field: 'Goal', logic: 'eq', value: 0 }])).toBe(true);
  });

  it('for a failing advanced condition', () => {
    expect(holds({ field: 'Goal', logic: 'eq', value: 0, advanced: [{ field: 'Price', logic: 'gt', compareField: 'Nope' }] })).toBe(false);
  });

  it('does not read inherited properties as fields', () => {
    expect(holds({ field: 'constructor', logic: 'empty' })).toBe(true);
    expect(holds({ field: 'Price', logic: 'eq', compareField: 'toString' })).toBe(false);
  });
});

describe('conditionSchema', () => {
  it('accepts configured conditions, nested ones included', () => {
    const config = {
      field: 'Goal',
      logic: 'eq',
      value: 0,
      advanced: [{ field: 'Price', logic: 'lte', compareField: 'MaxPrice', advanced: [{ field: 'City', logic: 'notEmpty' }] }],
    };
    expect(conditionSchema.parse(config)).toEqual(config);
  });

  it('rejects malformed conditions', () => {
    expect(conditionSchema.safeParse({ field: 'Goal', logic: 'like', value: 0 }).success).toBe(false);
    expect(conditionSchema.safeParse({ field: '', logic: 'empty' }).success).toBe(false);
    expect(conditionSchema.safeParse({ field: 'Goal', logic: 'eq' }).success).toBe(false);
    expect(conditionSchema.safeParse({ field: 'Goal', logic: 'eq', value: 0, compareField: 'Other' }).success).toBe(false);
    expect(conditionSchema.safeParse({ field: 'Goal', logic: 'eq', value: { a: 1 } }).success).toBe(false);
    expect(conditionSchema.safeParse({ field: 'Goal', logic: 'empty', extra: 1 }).success).toBe(false);
    expect(conditionSchema.safeParse({ field: 'Goal', logic: 'empty', advanced: [{ field: 'X', logic: 'gt' }] }).success).toBe(false);
  });
});
