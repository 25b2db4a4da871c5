import { z } from 'zod';

export const conditionLogics = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'contains', 'empty', 'notEmpty'] as const;
export type ConditionLogic = (typeof conditionLogics)[number];

export type Condition = {
  /** Key of the record on the left-hand side. */
  field: string;
  logic: ConditionLogic;
  /** Compare with this other key of the same record... */
  compareField?: string;
  /** ...or with this configured value (exactly one of the two for the comparing logics). */
  value?: string | number | boolean;
  /** Nested conditions that must all hold as well. */
  advanced?: Condition[];
};

const needsOperand: ReadonlySet<ConditionLogic> = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'contains']);

/* Configuration is checked when it is loaded, so that a typo fails the build rather than silently hiding content. */
export const conditionSchema: z.ZodType<Condition> = z
  .strictObject({
    field: z.string().min(1),
    logic: z.enum(conditionLogics),
    compareField: z.string().min(1).optional(),
    value: z.union([z.string(), z.number(), z.boolean()]).optional(),
    advanced: z.lazy(() => z.array(conditionSchema)).optional(),
  })
  .refine((condition) => !(condition.compareField !== undefined && condition.value !== undefined), {
    message: 'give either compareField or value, not both',
  })
  .refine(
    (condition) => !needsOperand.has(condition.logic) || condition.compareField !== undefined || condition.value !== undefined,
    { message: 'this logic compares with a compareField or a value' },
  );

class ConditionError extends Error {}

/* Config values are often strings ("3") where the record holds numbers: numeric text compares as a number. */
function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  if (typeof value === 'string' && /^\s*-?\d+(?:\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/* null and undefined both mean "no value" and equal each other only. */
function equals(left: unknown, right: unknown): boolean {
  const leftAbsent = left === null || left === undefined;
  const rightAbsent = right === null || right === undefined;
  if (leftAbsent || rightAbsent) return leftAbsent && rightAbsent;
  if (typeof left === 'object' || typeof right === 'object') throw new ConditionError('lists and objects are not comparable');
  if (typeof left === typeof right) return left === right;
  const leftNumber = asNumber(left);
  const rightNumber = asNumber(right);
  return leftNumber !== undefined && rightNumber !== undefined && leftNumber === rightNumber;
}

/* Numbers (or numeric text) by value; two other strings by code-unit order, which also orders ISO dates. */
function compare(left: unknown, right: unknown): number {
  const leftNumber = asNumber(left);
  const rightNumber = asNumber(right);
  if (leftNumber !== undefined && rightNumber !== undefined) return leftNumber - rightNumber;
  if (typeof left === 'string' && typeof right === 'string') return left < right ? -1 : left > right ? 1 : 0;
  throw new ConditionError(`cannot order ${typeof left} and ${typeof right}`);
}

function contains(left: unknown, right: unknown): boolean {
  if (typeof right !== 'string' && typeof right !== 'number') throw new ConditionError('contains needs text or a number');
  if (typeof left === 'string') return left.includes(String(right));
  if (Array.isArray(left)) return left.some((item: unknown) => (typeof item === 'object' && item !== null ? false : equals(item, right)));
  throw new ConditionError('contains needs text or a list on the left');
}

/* Own keys only: a field named "constructor" must not reach Object.prototype. */
function read(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function operand(record: Record<string, unknown>, condition: Condition): unknown {
  if (condition.compareField !== undefined) {
    if (!Object.hasOwn(record, condition.compareField)) throw new ConditionError(`no field ${condition.compareField}`);
    return record[condition.compareField];
  }
  if (condition.value === undefined) throw new ConditionError(`${condition.logic} needs a compareField or a value`);
  return condition.value;
}

function holds(record: Record<string, unknown>, condition: Condition): boolean {
  const left = read(record, condition.field);
  let result: boolean;
  switch (condition.logic) {
    case 'empty':
      result = isEmpty(left);
      break;
    case 'notEmpty':
      result = !isEmpty(left);
      break;
    case 'eq':
      result = equals(left, operand(record, condition));
      break;
    case 'neq':
      result = !equals(left, operand(record, condition));
      break;
    case 'gt':
      result = compare(left, operand(record, condition)) > 0;
      break;
    case 'gte':
      result = compare(left, operand(record, condition)) >= 0;
      break;
    case 'lt':
      result = compare(left, operand(record, condition)) < 0;
      break;
    case 'lte':
      result = compare(left, operand(record, condition)) <= 0;
      break;
    case 'contains':
      result = contains(left, operand(record, condition));
      break;
    default:
      throw new ConditionError(`unknown logic ${String(condition.logic)}`);
  }
  return result && (condition.advanced === undefined || checkConditions(record, condition.advanced));
}

/**
 * Whether a record meets every configured condition (spec §5). An empty list holds. A condition
 * that cannot be evaluated (missing compare field, incomparable values, malformed config) counts
 * as false (spec §8), so a broken rule hides rather than shows conditional content.
 */
export function checkConditions(record: Record<string, unknown>, conditions: readonly Condition[]): boolean {
  return conditions.every((condition) => {
    try {
      return holds(record, condition);
    } catch {
      return false;
    }
  });
}
