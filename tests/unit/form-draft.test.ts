import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';

process.env.SITE_SECRET = 'unit-test-secret';
const { draftCookieName, draftCookieValues, keptValues, readDraft } = await import('@/lib/forms/draft');
const { formKinds } = await import('@/lib/form-kinds/table');

/*
 * The draft of a form posted without JavaScript: what the visitor typed comes back to the page
 * they were on, sealed in at most two cookies, and nobody else can read or forge it.
 */

const id = 'abcdefghijklmnop';
const jarOf = (chunks: string[]) => (name: string) => chunks[[draftCookieName(0), draftCookieName(1)].indexOf(name)];

describe('a form draft', () => {
  it('gives back what was typed, and only the form’s own fields: no password, captcha or stray field', () => {
    const values = keptValues(
      { title: 'ms', firstName: 'Marie', types: ['1', '3'], password: 'secret words', passwordConfirm: 'secret words', captcha: 'AB12C', fax: '', injected: 'x', privacy: 'on' },
      Object.keys(formKinds['demand-register'].schema.shape),
    );
    expect(values).toEqual({ title: 'ms', firstName: 'Marie', types: ['1', '3'], privacy: 'on' });
  });

  it('opens only with its own id and untouched', () => {
    const chunks = draftCookieValues({ id, form: 'contact-me', about: 4000001, values: { firstName: 'Marie' }, errors: { lastName: 'lastNameRequired' }, status: 'validation' });
    expect(readDraft(jarOf(chunks), id)).toEqual({ id, form: 'contact-me', about: 4000001, values: { firstName: 'Marie' }, errors: { lastName: 'lastNameRequired' }, status: 'validation' });
    expect(readDraft(jarOf(chunks), 'ponmlkjihgfedcba')).toBeUndefined();
    const [first = ''] = chunks;
    const tampered = `${first.slice(0, 40)}${first[40] === 'A' ? 'B' : 'A'}${first.slice(41)}`;
    expect(readDraft(jarOf([tampered]), id)).toBeUndefined();
    expect(readDraft(() => undefined, id)).toBeUndefined();
  });

  it('keeps a long message whole, in at most two cookies the browser and proxies accept', () => {
    const remark = 'Nous aimerions visiter la maison un samedi matin, avec nos deux enfants. '.repeat(27).slice(0, 2000);
    const conditions = 'Sous réserve de l’obtention d’un prêt hypothécaire de 200.000 euros. '.repeat(30).slice(0, 2000);
    const chunks = draftCookieValues({ id, form: 'purchase-offer', values: { remark, conditions, amountInWords: 'deux cent mille euros' }, errors: {}, status: 'validation' });
    expect(chunks.length).toBeLessThanOrEqual(2);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(3800);
    expect(readDraft(jarOf(chunks), id)?.values).toMatchObject({ remark, conditions });
  });

  it('leaves out a text too long to carry, and says so next to its field', () => {
    const noise = randomBytes(6000).toString('base64');
    const chunks = draftCookieValues({ id, form: 'testimonial', values: { name: 'Ann', comment: noise }, errors: {}, status: 'validation' });
    const draft = readDraft(jarOf(chunks), id);
    expect(draft?.values).toEqual({ name: 'Ann' });
    expect(draft?.errors).toEqual({ comment: 'draftNotKept' });
  });
});
