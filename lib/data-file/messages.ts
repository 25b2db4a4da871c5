import { z } from 'zod';

/*
 * Plain words for every problem zod can report on a data file. The error map applies only where a
 * schema has no message of its own (zod's precedence), so the schemas' own sentences stay. Messages
 * say what is wrong and what a valid value looks like; the caller adds "(got …)" and the place.
 */

type RawIssue = z.core.$ZodRawIssue;

/** Levenshtein distance, case-insensitive: "prce" and "Price" are one edit apart. */
function distance(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let i = 1; i <= left.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= right.length; j += 1) {
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = current;
  }
  return previous[right.length] ?? 0;
}

/** The known name closest to `name`, when it is close enough to be a typo of it. */
export function closest(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = distance(name, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  const allowed = Math.max(1, Math.floor(name.length / 3));
  if (best !== undefined && bestDistance <= allowed) return best;
  // A shortened name ("Bedrooms" for "NumberOfBedRooms"): the one known name that contains it.
  const containing = name.length >= 4 ? known.filter((candidate) => candidate.toLowerCase().includes(name.toLowerCase())) : [];
  return containing.length === 1 ? containing[0] : undefined;
}

/** The field names an object schema knows, when `schema` is one. */
export function knownKeys(schema: unknown): string[] {
  return schema instanceof z.core.$ZodObject ? Object.keys(schema._zod.def.shape) : [];
}

const show = (value: unknown) => (typeof value === 'string' ? `"${value}"` : String(value));
const oneOf = (values: readonly unknown[]) => (values.length === 1 ? show(values[0]) : `one of: ${values.map(show).join(', ')}`);

/** How a value of a type is written, with an example, as staff read it in the file. */
function typeInWords(expected: string): string {
  switch (expected) {
    case 'string':
      return 'text in double quotes, such as "Villa"';
    case 'number':
      return 'a number without quotes, such as 295000';
    case 'int':
      return 'a whole number without quotes, such as 3';
    case 'boolean':
      return 'true or false, without quotes';
    case 'array':
    case 'tuple':
      return 'a list in square brackets, such as [ … ]';
    case 'object':
    case 'record':
    case 'map':
      return 'an object in curly braces, such as { … }';
    case 'null':
      return 'null, without quotes';
    case 'date':
      return 'a date such as "2026-03-01"';
    default:
      return 'another kind of value';
  }
}

/** Extra advice when the value is nearly right: a number in quotes, "yes" for true, one item for a list. */
function typeHint(expected: string, input: unknown): string {
  if ((expected === 'number' || expected === 'int') && typeof input === 'string') {
    const trimmed = input.trim();
    if (/^-?\d{1,3}([.\s,']\d{3})+$/.test(trimmed)) return `: write ${trimmed.replace(/[.\s,']/g, '')} without quotes and without thousands separators`;
    if (/^-?\d+,\d+$/.test(trimmed)) return `: write ${trimmed.replace(',', '.')} without quotes, with a dot for decimals`;
    if (/^-?\d+(\.\d+)?$/.test(trimmed)) return `: remove the quotes, ${trimmed}`;
    if (/\d/.test(trimmed)) return ': digits only, without a currency sign, unit or quotes';
  }
  if (expected === 'int' && typeof input === 'number') return ': no decimals here';
  if (expected === 'boolean' && typeof input === 'string') {
    if (/^(true|yes|ja|oui|1)$/i.test(input.trim())) return ': write true without quotes';
    if (/^(false|no|nee|non|0)$/i.test(input.trim())) return ': write false without quotes';
  }
  if (expected === 'boolean' && (input === 0 || input === 1)) return `: write ${input === 1 ? 'true' : 'false'}`;
  if (expected === 'string' && (typeof input === 'number' || typeof input === 'boolean')) return `: write "${String(input)}"`;
  if (expected === 'array' && input !== null && input !== undefined) return ': put the value inside [ ], even when there is only one';
  return '';
}

/** Whether a number schema takes whole numbers only (z.number().int()), to ask for "a whole number". */
function wantsWholeNumber(schema: unknown): boolean {
  if (schema instanceof z.core.$ZodNumberFormat) return true;
  if (!(schema instanceof z.core.$ZodNumber)) return false;
  return (schema._zod.def.checks ?? []).some((check) => check instanceof z.core.$ZodCheckNumberFormat);
}

/** An example of the missing field, taken from the same place in another record when one has it. */
export type ExampleOf = (path: readonly PropertyKey[]) => string | undefined;

function sizeInWords(issue: Extract<RawIssue, { code: 'too_small' | 'too_big' }>): string {
  const small = issue.code === 'too_small';
  const limit = Number(small ? issue.minimum : issue.maximum);
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case 'string':
      if (small && limit <= 1) return 'this text is empty (spaces alone do not count); write the text here';
      if (issue.exact) return `expected text of exactly ${limit} characters`;
      return small ? `this text is too short: at least ${limit} characters` : `this text is too long: at most ${limit} characters`;
    case 'array':
    case 'set':
      if (issue.exact) return `expected a list of exactly ${limit} entries`;
      if (small) return limit <= 1 ? 'this list is empty; it needs at least one entry' : `this list needs at least ${limit} entries`;
      return `this list has too many entries: at most ${limit}`;
    default:
      if (small) return inclusive ? `too small: the lowest allowed value is ${limit}` : `expected a number above ${limit}`;
      return inclusive ? `too large: the highest allowed value is ${limit}` : `expected a number below ${limit}`;
  }
}

function formatInWords(issue: Extract<RawIssue, { code: 'invalid_format' }>): string {
  switch (issue.format) {
    case 'email':
      return 'expected an e-mail address such as name@example.be';
    case 'url':
      return 'expected a full web address starting with https://, such as https://www.example.be';
    case 'date':
      return 'expected a date written yyyy-mm-dd, such as "2026-03-01"';
    case 'datetime':
      return 'expected a date and time written yyyy-mm-ddThh:mm:ss, such as "2026-03-01T10:00:00"';
    case 'time':
      return 'expected a time written hh:mm, such as "10:30"';
    case 'starts_with':
      return `expected text starting with "${String(issue.prefix)}"`;
    case 'ends_with':
      return `expected text ending with "${String(issue.suffix)}"`;
    case 'includes':
      return `expected text containing "${String(issue.includes)}"`;
    default:
      return 'this text is not written in the expected form';
  }
}

/** One alternative of a union, in words, from the first problem that alternative had. */
function alternative(issues: readonly z.core.$ZodIssue[]): string | undefined {
  const first = issues[0];
  if (!first || first.path.length > 0) return undefined;
  if (first.code === 'invalid_type') return typeInWords(first.expected);
  if (first.code === 'invalid_value') return first.values.map(show).join(', ');
  return first.message.replace(/^expected /, '');
}

function unionInWords(issue: Extract<RawIssue, { code: 'invalid_union' }>): string {
  if (issue.discriminator !== undefined && 'options' in issue && Array.isArray(issue.options)) {
    return `expected ${oneOf(issue.options)} here: it says which kind of entry this is`;
  }
  if (issue.errors.length === 0) return 'this value fits more than one of the allowed forms; keep only one';
  const expectedTypes = issue.errors.map((branch) => (branch[0]?.code === 'invalid_type' && branch[0].path.length === 0 ? branch[0].expected : undefined));
  // A localised text: one string for every language, or an object of one string per language.
  if (expectedTypes.includes('string') && expectedTypes.includes('record')) {
    const recordBranch = issue.errors[expectedTypes.indexOf('record')] ?? [];
    const nested = recordBranch.find((inner) => inner.path.length > 0);
    if (nested) return `${nested.message}${nested.code === 'invalid_key' ? '' : ` (at "${String(nested.path[0])}")`}; expected one text, or one text per language such as {"nl": "…", "fr": "…"}`;
    return 'expected one text in double quotes, or one text per language such as {"nl": "…", "fr": "…"}';
  }
  const alternatives = issue.errors.map(alternative);
  if (alternatives.every((words) => words !== undefined)) {
    const values = issue.errors.every((branch) => branch[0]?.code === 'invalid_value');
    const input = issue.input;
    const quoted =
      typeof input === 'string' && issue.errors.some((branch) => branch[0]?.code === 'invalid_value' && branch[0].values.some((value) => typeof value === 'number' && String(value) === input.trim()));
    if (values) return `expected one of: ${alternatives.join(', ')}${quoted ? ', a number without quotes' : ''}`;
    return `expected ${[...new Set(alternatives)].join(', or ')}`;
  }
  // Some alternative got further (its problem is inside the value): report the problem of the one that got furthest.
  const deepest = [...issue.errors].sort((a, b) => Math.max(0, ...b.map((i) => i.path.length)) - Math.max(0, ...a.map((i) => i.path.length)))[0] ?? [];
  const inner = deepest[0];
  return inner ? `${inner.message}${inner.path.length > 0 ? ` (at ${inner.path.map(String).join('.')})` : ''}` : 'this value does not have any of the allowed forms';
}

/**
 * The error map for safeParse. `exampleOf` finds a value to show for a missing field; `isList`
 * says whether the file is a list of records (for "every record needs it").
 */
export function plainErrorMap(exampleOf: ExampleOf, isList: boolean) {
  return (issue: RawIssue): string => {
    switch (issue.code) {
      case 'invalid_type': {
        if (issue.input === undefined) {
          const path = issue.path ?? [];
          const example = exampleOf(path);
          const needs = isList ? 'every record needs it' : 'it is required';
          const key = path[path.length - 1];
          const written = example !== undefined && typeof key === 'string' ? `, for example "${key}": ${example}` : `: ${typeInWords(issue.expected)}`;
          return `this field is missing; ${needs}${written}`;
        }
        if (issue.expected === 'number' && typeof issue.input === 'number') return 'expected a finite number';
        const expected = issue.expected === 'number' && wantsWholeNumber(issue.inst) ? 'int' : issue.expected;
        return `expected ${typeInWords(expected)}${typeHint(expected, issue.input)}`;
      }
      case 'too_small':
      case 'too_big':
        return sizeInWords(issue);
      case 'invalid_value': {
        const suggestion =
          typeof issue.input === 'string'
            ? closest(
                issue.input,
                issue.values.filter((value): value is string => typeof value === 'string'),
              )
            : undefined;
        const input = issue.input;
        const quoted = typeof input === 'string' && issue.values.some((value) => typeof value === 'number' && String(value) === input.trim());
        const hint = quoted ? ', a number without quotes' : suggestion !== undefined && suggestion !== issue.input ? ` (did you mean "${suggestion}"? capitals count)` : '';
        return `expected ${oneOf(issue.values)}${hint}`;
      }
      case 'invalid_format':
        return formatInWords(issue);
      case 'not_multiple_of':
        return `expected a multiple of ${String(issue.divisor)}`;
      case 'unrecognized_keys':
        // Reworded per key by the caller, which knows the object's other fields.
        return `unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`;
      case 'invalid_union':
        return unionInWords(issue);
      case 'invalid_key':
        return `the name ${show(issue.input)} is not allowed here: ${issue.issues.map((inner) => inner.message).join('; ')}`;
      case 'invalid_element':
        return `an entry of this list is not valid: ${issue.issues.map((inner) => inner.message).join('; ')}`;
      case 'custom':
        return 'this value is not valid here';
      default:
        return 'this value is not valid here';
    }
  };
}
