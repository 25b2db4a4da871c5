import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '@/lib/html';

describe('sanitizeHtml', () => {
  it('keeps allowed markup unchanged', () => {
    const html =
      '<h2>Ligging</h2><p>Een <strong>ruime</strong> <b>woning</b> met <em>tuin</em>, <i>garage</i> en <u>kelder</u>.<br>Vrij.</p>' +
      '<ul><li>Een</li></ul><ol><li>Twee</li></ol><h3>Drie</h3><h4>Vier</h4><blockquote>Citaat</blockquote>';
    // sanitize-html writes a void element the XHTML way, which every HTML parser reads the same.
    expect(sanitizeHtml(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('removes scripts with their content', () => {
    expect(sanitizeHtml('<p>Tekst<script>alert(1)</script></p>')).toBe('<p>Tekst</p>');
    expect(sanitizeHtml('<p>Tekst</p><script>alert(1)')).toBe('<p>Tekst</p>');
  });

  it.each(['style', 'iframe', 'object', 'template', 'noscript', 'svg', 'math'])('drops %s with its content', (tag) => {
    expect(sanitizeHtml(`a<${tag}><p>hidden</p></${tag}>b`)).toBe('ab');
  });

  it('drops embed elements', () => {
    expect(sanitizeHtml('a<embed src="movie.swf">b')).toBe('ab');
  });

  it('removes event handlers, styles and every other attribute', () => {
    expect(sanitizeHtml('<p onclick="steal()" style="color:red" class="x" id="y">Tekst</p>')).toBe('<p>Tekst</p>');
    expect(sanitizeHtml('<a href="https://agency.be/" onmouseover="steal()">Site</a>')).toBe('<a href="https://agency.be/" rel="noopener noreferrer" target="_blank">Site</a>');
  });

  it('removes disallowed tags but keeps their text, however deeply nested', () => {
    expect(sanitizeHtml('<div><span>Een <font color="red">rode</font> deur</span></div>')).toBe('Een rode deur');
    expect(sanitizeHtml('<table><tr><td><p>In <strong>cel</strong></p></td></tr></table>')).toBe('<p>In <strong>cel</strong></p>');
    expect(sanitizeHtml('<img src="x" onerror="steal()">Foto')).toBe('Foto');
    expect(sanitizeHtml('<h1>Titel</h1>')).toBe('Titel');
  });

  it('drops the content of a dropped tag nested in a kept one and vice versa', () => {
    expect(sanitizeHtml('<p>a<span><script>x</script>b</span></p>')).toBe('<p>ab</p>');
    expect(sanitizeHtml('<svg><p><strong>x</strong></p></svg><p>y</p>')).toBe('<p>y</p>');
  });

  it('keeps http(s), mailto and tel links; only http(s) open in a new tab', () => {
    expect(sanitizeHtml('<a href="http://agency.be/a?b=1&amp;c=2">x</a>')).toBe('<a href="http://agency.be/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">x</a>');
    expect(sanitizeHtml('<a href="mailto:info@agency.be">mail</a>')).toBe('<a href="mailto:info@agency.be">mail</a>');
    expect(sanitizeHtml('<a href="tel:+3265123456">bel</a>')).toBe('<a href="tel:+3265123456">bel</a>');
  });

  it('replaces a link target the author set rather than adding a second one', () => {
    expect(sanitizeHtml('<a href="https://a.be" target="_self" rel="opener">x</a>')).toBe('<a href="https://a.be" rel="noopener noreferrer" target="_blank">x</a>');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    '  javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    '//evil.example/',
    '/relative/path',
    'ftp://files.example/',
  ])('unwraps links to %s, keeping their text', (href) => {
    expect(sanitizeHtml(`<a href="${href}">klik</a>`)).toBe('klik');
  });

  it.each(['&#106;avascript:alert(1)', '&#x6A;avascript:alert(1)', 'javascript&colon;alert(1)', 'java&#9;script:alert(1)', 'java&#x0A;script:alert(1)', '&#0;javascript:alert(1)'])(
    'sees through entity-encoded javascript: in %s',
    (href) => {
      expect(sanitizeHtml(`<a href="${href}">klik</a>`)).toBe('klik');
    },
  );

  it('unwraps links without href', () => {
    expect(sanitizeHtml('<a name="top">Top</a>')).toBe('Top');
  });

  it('preserves text, re-escaping what must not become markup', () => {
    expect(sanitizeHtml('Tom &amp; Jerry &lt;script&gt;alert(1)&lt;/script&gt; 3 < 5')).toBe('Tom &amp; Jerry &lt;script&gt;alert(1)&lt;/script&gt; 3 &lt; 5');
    expect(sanitizeHtml('Caf&eacute; &nbsp;')).toBe('Café \u00a0');
    expect(sanitizeHtml('<!-- comment --><p>Tekst</p>')).toBe('<p>Tekst</p>');
  });

  it('closes what the input left open and ignores stray closing tags', () => {
    expect(sanitizeHtml('<p>Open <strong>vet <em>schuin')).toBe('<p>Open <strong>vet <em>schuin</em></strong></p>');
    expect(sanitizeHtml('<strong>a<em>b</strong>c</em>')).toBe('<strong>a<em>b</em></strong>c');
    expect(sanitizeHtml('tekst</strong></div>')).toBe('tekst');
    expect(sanitizeHtml('<ul><li>een<li>twee</ul>')).toBe('<ul><li>een</li><li>twee</li></ul>');
  });

  it('normalises tag case and self-closing breaks', () => {
    expect(sanitizeHtml('<P>a<BR/>b</P>')).toBe('<p>a<br />b</p>');
  });

  it('cannot be tricked by quotes in attribute values', () => {
    expect(sanitizeHtml('<a href="https://a.be/&quot;onmouseover=&quot;x">l</a>')).toBe('<a href="https://a.be/&quot;onmouseover=&quot;x" rel="noopener noreferrer" target="_blank">l</a>');
  });
});
