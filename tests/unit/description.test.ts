import { describe, expect, it } from 'vitest';
import { cleanDescription, htmlToText } from '@/lib/format';

describe('htmlToText', () => {
  it('drops tags, turning block boundaries into spaces but keeping words with inline tags whole', () => {
    expect(htmlToText('<p>Ruime woning</p><p>met tuin</p>')).toBe('Ruime woning met tuin');
    expect(htmlToText('Eerste<br>tweede<br/>derde')).toBe('Eerste tweede derde');
    expect(htmlToText('<h2>Titel:</h2>Tekst')).toBe('Titel: Tekst');
    expect(htmlToText('super<strong>mooi</strong> huis')).toBe('supermooi huis');
  });

  it('keeps list items and headings apart with a dot where no punctuation ends them', () => {
    // The teaser of a CRM description read "Troeven: 4 slaapkamers 1 badkamer Bewoonbare oppervlakte…".
    const description =
      '<p><strong>Te koop in Beloeil:</strong> een ruime gezinswoning.</p><p><strong>Troeven:</strong></p>' +
      '<ul><li>4 slaapkamers</li><li>1 badkamer</li><li>Tuin van 703 m²</li></ul><p>Gelegen in de Rue de l&#39;Église 27.<br>De grote wegen liggen dichtbij.</p>';
    expect(htmlToText(description)).toBe(
      "Te koop in Beloeil: een ruime gezinswoning. Troeven: 4 slaapkamers · 1 badkamer · Tuin van 703 m² · Gelegen in de Rue de l'Église 27. De grote wegen liggen dichtbij.",
    );
    expect(htmlToText('<ul><li>garage</li><li>kelder,</li><li> zolder </li></ul>')).toBe('garage · kelder, zolder');
    expect(htmlToText('<h2>Ligging</h2><p>Vlak bij het station</p><p>Rustige straat</p>')).toBe('Ligging · Vlak bij het station · Rustige straat');
    expect(htmlToText('<table><tr><td>Slaapkamers</td><td>4</td></tr><tr><td>Badkamers</td><td>1</td></tr></table>')).toBe('Slaapkamers 4 · Badkamers 1');
    expect(htmlToText('<ul><li></li><li> </li><li>Kelder</li></ul>')).toBe('Kelder');
  });

  it('decodes common and numeric entities after the tags are gone', () => {
    expect(htmlToText('Tom &amp; Jerry &lt;b&gt; &quot;hi&quot; it&#39;s')).toBe('Tom & Jerry <b> "hi" it\'s');
    expect(htmlToText('caf&#233; &#x20AC;5')).toBe('café €5');
    expect(htmlToText('a&nbsp;&nbsp;b')).toBe('a b');
    expect(htmlToText('&unknown; &#0;')).toBe('&unknown; &#0;');
  });

  it('collapses whitespace and drops scripts, styles and comments', () => {
    expect(htmlToText('  a \n\t b  ')).toBe('a b');
    expect(htmlToText('a<script>alert(1)</script>b<style>p{}</style>c<!-- note -->d')).toBe('a b cd');
  });
});

describe('cleanDescription', () => {
  const words = (length: number) => 'x'.repeat(length);

  it('leaves texts up to the limit unchanged, without ellipsis', () => {
    const exact = `${words(50)} ${words(49)}`;
    expect(exact).toHaveLength(100);
    expect(cleanDescription(exact, 100)).toBe(exact);
    expect(cleanDescription('<p>Kort</p>')).toBe('Kort');
  });

  it('cuts one character over the limit', () => {
    const text = words(101);
    expect(cleanDescription(text, 100)).toBe(`${words(100)}…`);
  });

  it('cuts at the last space when it lies beyond 80% of the limit', () => {
    const text = `${words(81)} ${words(40)}`;
    expect(cleanDescription(text, 100)).toBe(`${words(81)}…`);
  });

  it('cuts mid-word when the last space is at 80% of the limit or before', () => {
    const text = `${words(80)} ${words(40)}`;
    expect(cleanDescription(text, 100)).toBe(`${words(80)} ${words(19)}…`);
  });

  it('keeps a last word that ends exactly at the limit', () => {
    const text = `${words(90)} ${words(9)} ${words(10)}`;
    expect(cleanDescription(text, 100)).toBe(`${words(90)} ${words(9)}…`);
  });

  it('uses 250 characters by default', () => {
    const result = cleanDescription(`<p>${'woord '.repeat(100)}</p>`);
    expect(result.endsWith('…')).toBe(true);
    expect(result.length).toBeLessThanOrEqual(251);
    expect(result.length).toBeGreaterThan(200);
    expect(result).toBe(`${'woord '.repeat(41).trim()}…`);
  });

  it('counts the limit on the text, not the markup', () => {
    expect(cleanDescription(`<p><strong>${words(100)}</strong></p>`, 100)).toBe(words(100));
  });

  it('never ends on the dot between two list items', () => {
    const items = `<ul><li>${words(60)}</li><li>${words(30)}</li><li>${words(30)}</li></ul>`;
    expect(cleanDescription(items, 100)).toBe(`${words(60)} · ${words(30)}…`);
  });

  it('never leaves half an emoji before the ellipsis', () => {
    expect(cleanDescription(`${words(99)}😀😀`, 100)).toBe(`${words(99)}…`);
  });
});
