/** The query parameter that names a form draft (lib/forms/draft.ts): the proxy renders such a page per request. */
export const draftParam = 'draft';

const idPattern = /^[A-Za-z0-9_-]{16}$/;
export const isDraftId = (value: string | null | undefined): value is string => typeof value === 'string' && idPattern.test(value);
