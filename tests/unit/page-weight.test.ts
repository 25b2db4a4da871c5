import { describe, expect, it } from 'vitest';
import { overWeight, pageWeight, payloadShare, weightBudgetOf } from '@/lib/js-budget/page-weight';

/* The reading of tooling/test/check-page-weight.ts: what of a prerendered page is React's inline payload, and how many elements it has. */

const payload = '<script>self.__next_f.push([1,"7:[\\"$\\",\\"a\\",null,{\\"href\\":\\"/fr/contact/\\"}]"])</script>';
const page = `<!DOCTYPE html><html lang="fr"><head><title>Contact</title><script>document.documentElement.dataset.js=""</script></head><body><main><h1>Contact</h1><p>Écrivez-nous</p></main>${payload}</body></html>`;

describe('the weight of a page', () => {
  it('counts the bytes of the HTML, the inline payload scripts only and every element', () => {
    const weight = pageWeight(page);
    expect(weight.htmlBytes).toBe(Buffer.byteLength(page));
    expect(weight.payloadBytes).toBe(Buffer.byteLength(payload) - '<script></script>'.length);
    // html, head, title, script, body, main, h1, p, script
    expect(weight.elements).toBe(9);
    expect(payloadShare(weight)).toBeCloseTo(weight.payloadBytes / weight.htmlBytes);
  });

  it('names each measure over its page type’s budget, and nothing for a page within it', () => {
    expect(overWeight({ htmlBytes: 50_000, payloadBytes: 45_000, elements: 100 }, weightBudgetOf('home'))).toEqual(['payload 90 % of the HTML > 62 %']);
    const heavy = { htmlBytes: 10_000_000, payloadBytes: 0, elements: 100_000 };
    expect(overWeight(heavy, weightBudgetOf('detail'))).toEqual([expect.stringMatching(/^HTML .* kB > .* kB$/), expect.stringMatching(/^100000 elements > \d+$/)]);
    expect(overWeight({ htmlBytes: 50_000, payloadBytes: 10_000, elements: 100 }, weightBudgetOf('list'))).toEqual([]);
  });
});
