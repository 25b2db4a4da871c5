/**
 * The props that have a value. React writes a prop passed as undefined into the page's inline data
 * as "$undefined", once per element: on a list's cards about 600 bytes of nothing.
 */
export function definedProps<T extends Record<string, unknown>>(props: T): Partial<T> {
  const defined: Partial<T> = {};
  for (const key in props) if (props[key] !== undefined) defined[key] = props[key];
  return defined;
}
