/*
 * npx tsx tooling/generate/generate-static-images.ts
 * Writes the site's own pictures from SVG drawn here: the EPC badges
 * (public/images/epc/{region}/{label}.png), the language flags (public/images/flags/{code}.png)
 * and the agency logo (public/images/logo.svg). Two runs give byte-identical files.
 *
 * Badge lettering is drawn as strokes rather than SVG text: text would be set in whatever fonts
 * the machine has, so the PNGs would differ from one machine to the next.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { contrastRatio, parseHex } from '../../lib/colour';

const root = process.cwd();
if (!existsSync(join(root, 'next.config.ts'))) throw new Error('run the script from the project root');
const imagesDir = join(root, 'public/images');

/** Label codes exactly as the spec's band tables name them, best first. */
const epcRegions = {
  flanders: { mark: 'EPC', labels: ['a_plus', 'a', 'b', 'c', 'd', 'e', 'f'] },
  brussels: {
    mark: 'PEB',
    labels: ['a_plus', 'a', 'a_sub', 'b_plus', 'b', 'b_sub', 'c_plus', 'c', 'c_sub', 'd_plus', 'd', 'd_sub', 'e_plus', 'e', 'e_sub', 'f_plus', 'f', 'f_sub', 'g'],
  },
  wallonia: { mark: 'PEB', labels: ['a_plusplus', 'a_plus', 'a', 'b', 'c', 'd', 'e', 'f', 'g'] },
  luxembourg: { mark: 'CPE', labels: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] },
} as const;

/** "a_plusplus" reads "A++", "b_sub" reads "B-". */
function labelText(code: string): string {
  const [letter = '', suffix = ''] = code.split('_');
  const suffixes: Record<string, string> = { plusplus: '++', plus: '+', sub: '-', '': '' };
  const mark = suffixes[suffix];
  if (mark === undefined) throw new Error(`unknown EPC label suffix in ${code}`);
  return `${letter.toUpperCase()}${mark}`;
}

// ---- stroke lettering -------------------------------------------------------------------------

/** One glyph: a path on a cap height of 10 units (y down) and the width it occupies. */
interface Glyph {
  width: number;
  d: string;
}

const glyphs: Record<string, Glyph> = {
  A: { width: 7, d: 'M0 10L3.5 0L7 10M1.3 6.3H5.7' },
  B: { width: 6, d: 'M0 4.8H3.6A2.6 2.6 0 0 1 3.6 10H0V0H3.3A2.4 2.4 0 0 1 3.3 4.8' },
  C: { width: 7.4, d: 'M7.37 1.46A4.2 5 0 1 0 7.37 8.54' },
  D: { width: 7, d: 'M0 0V10H2.5A4.5 5 0 0 0 2.5 0Z' },
  E: { width: 6, d: 'M6 0H0V10H6M0 5H4.8' },
  F: { width: 6, d: 'M6 0H0V10M0 5H4.8' },
  G: { width: 7.4, d: 'M7.37 1.46A4.2 5 0 1 0 7.37 8.54V5.4H4.6' },
  H: { width: 6.4, d: 'M0 0V10M6.4 0V10M0 5H6.4' },
  I: { width: 0, d: 'M0 0V10' },
  P: { width: 6, d: 'M0 10V0H3.4A2.6 2.6 0 0 1 3.4 5.2H0' },
  '+': { width: 5, d: 'M0 5H5M2.5 2.5V7.5' },
  '-': { width: 4.4, d: 'M0 5H4.4' },
};

const letterGap = 1.6;

function glyphOf(character: string): Glyph {
  const glyph = glyphs[character];
  if (glyph === undefined) throw new Error(`no glyph for "${character}"`);
  return glyph;
}

/** Width of the ink of `text` in glyph units, strokes included. */
function inkWidth(text: string, stroke: number): number {
  const advance = [...text].reduce((sum, character) => sum + glyphOf(character).width, 0);
  return advance + letterGap * (text.length - 1) + stroke;
}

/** `text` with its ink's left edge at x and its cap height between top and top + capHeight. */
function lettering(text: string, x: number, top: number, capHeight: number, stroke: number, colour: string): string {
  const scale = capHeight / 10;
  let cursor = stroke / 2;
  const paths: string[] = [];
  for (const character of text) {
    const glyph = glyphOf(character);
    paths.push(`<path transform="translate(${round(cursor)} 0)" d="${glyph.d}"/>`);
    cursor += glyph.width + letterGap;
  }
  return (
    `<g transform="translate(${round(x)} ${round(top)}) scale(${round(scale)})" fill="none" stroke="${colour}" ` +
    `stroke-width="${stroke}" stroke-linecap="round" stroke-linejoin="round">${paths.join('')}</g>`
  );
}

function round(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

// ---- colours ----------------------------------------------------------------------------------

/** Green to red as on Belgian certificates, a little darker so white text keeps its contrast. */
const scaleStops = ['#00693e', '#27813a', '#8dbb2f', '#f2d21b', '#f5a01a', '#e8661c', '#c8102e'];
const darkText = '#1a1a1a';

type Rgb = [number, number, number];

/** The channels of a colour of this script (always "#rrggbb"). */
const channels = (hex: string): Rgb => [...(parseHex(hex) ?? [0, 0, 0])];

function toHex([red, green, blue]: Rgb): string {
  return `#${[red, green, blue].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** Colour at t (0 best, 1 worst) between the stops. */
function scaleColour(t: number): string {
  const position = t * (scaleStops.length - 1);
  const index = Math.min(Math.floor(position), scaleStops.length - 2);
  const from = channels(scaleStops[index] ?? '#000000');
  const to = channels(scaleStops[index + 1] ?? '#000000');
  const fraction = position - index;
  return toHex([0, 1, 2].map((channel) => (from[channel] ?? 0) + ((to[channel] ?? 0) - (from[channel] ?? 0)) * fraction) as Rgb);
}

/** White wherever it reaches the WCAG AA ratio for small text (the region mark is small). */
function textColour(background: string): string {
  if (contrastRatio(background, '#ffffff') >= 4.5) return '#ffffff';
  return contrastRatio(background, darkText) >= contrastRatio(background, '#ffffff') ? darkText : '#ffffff';
}

function darken(hex: string, factor: number): string {
  return toHex(channels(hex).map((channel) => channel * factor) as Rgb);
}

// ---- pictures ---------------------------------------------------------------------------------

const badge = { width: 160, height: 48, tip: 22 };

function epcBadgeSvg(mark: string, label: string, background: string): string {
  const { width, height, tip } = badge;
  const ink = textColour(background);
  const body = width - tip;
  const markCap = 9;
  const markStroke = 1.9;
  const labelCap = 24;
  const labelStroke = 2.3;
  const markX = 9;
  const markWidth = inkWidth(mark, markStroke) * (markCap / 10);
  const labelArea = { left: markX + markWidth + 10, right: body + tip * 0.45 };
  const labelWidth = inkWidth(label, labelStroke) * (labelCap / 10);
  const labelX = labelArea.left + (labelArea.right - labelArea.left - labelWidth) / 2;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    // The outline keeps the yellow badges distinct on a white page.
    `<path d="M4 0.5H${body}L${width - 0.5} ${height / 2}L${body} ${height - 0.5}H4A3.5 3.5 0 0 1 0.5 ${height - 4}V4A3.5 3.5 0 0 1 4 0.5Z" ` +
      `fill="${background}" stroke="${darken(background, 0.8)}" stroke-width="1"/>`,
    lettering(mark, markX, (height - markCap) / 2, markCap, markStroke, ink),
    `<path d="M${round(labelArea.left - 5)} 10V${height - 10}" stroke="${ink}" stroke-opacity="0.45" stroke-width="1"/>`,
    lettering(label, labelX, (height - labelCap) / 2, labelCap, labelStroke, ink),
    '</svg>',
  ].join('');
}

const flagSvgs: Record<string, string> = {
  nl:
    '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="24" viewBox="0 0 32 24">' +
    '<rect width="32" height="8" fill="#ae1c28"/><rect y="8" width="32" height="8" fill="#ffffff"/>' +
    '<rect y="16" width="32" height="8" fill="#21468b"/></svg>',
  // Stripes of 11, 10 and 11 px stay on whole pixels, so the edges are sharp.
  fr:
    '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="24" viewBox="0 0 32 24">' +
    '<rect width="11" height="24" fill="#002654"/><rect x="11" width="10" height="24" fill="#ffffff"/>' +
    '<rect x="21" width="11" height="24" fill="#ce1126"/></svg>',
  // The Union Jack on its usual 60 × 30 drawing, stretched to the 4:3 flag box of the switcher.
  en:
    '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="24" viewBox="0 0 60 30" preserveAspectRatio="none">' +
    '<clipPath id="half"><path d="M30 15H60V30ZV30H0ZH0V0ZV0H60Z"/></clipPath>' +
    '<rect width="60" height="30" fill="#012169"/>' +
    '<path d="M0 0L60 30M60 0L0 30" stroke="#ffffff" stroke-width="6"/>' +
    '<path d="M0 0L60 30M60 0L0 30" clip-path="url(#half)" stroke="#c8102e" stroke-width="4"/>' +
    '<path d="M30 0V30M0 15H60" stroke="#ffffff" stroke-width="10"/>' +
    '<path d="M30 0V30M0 15H60" stroke="#c8102e" stroke-width="6"/></svg>',
  de:
    '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="24" viewBox="0 0 32 24">' +
    '<rect width="32" height="8" fill="#000000"/><rect y="8" width="32" height="8" fill="#dd0000"/>' +
    '<rect y="16" width="32" height="8" fill="#ffce00"/></svg>',
};

/**
 * Served as is (spec: an .svg logo is not resized), so it may use text: the browser sets it in a
 * system font, and textLength keeps it inside the box whatever that font's width.
 */
const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="100" viewBox="0 0 360 100" role="img" aria-labelledby="logo-title">
  <title id="logo-title">Immo Hainaut</title>
  <g fill="none" stroke="#1d4e89" stroke-width="7" stroke-linejoin="round" stroke-linecap="round">
    <path d="M10 48L50 14L90 48"/>
    <path d="M22 40V86H78V40"/>
    <path d="M70 22V12H79V30"/>
  </g>
  <rect x="42" y="58" width="16" height="28" fill="#1d4e89"/>
  <text x="104" y="65" textLength="244" lengthAdjust="spacingAndGlyphs" fill="#1d4e89" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" font-size="36" font-weight="700">Immo Hainaut</text>
</svg>
`;

async function writePng(file: string, svg: string): Promise<number> {
  mkdirSync(dirname(file), { recursive: true });
  // A palette PNG is a third of the size of a true-colour one and these pictures have few colours.
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, effort: 10, dither: 0 }).toBuffer();
  writeFileSync(file, png);
  return png.byteLength;
}

async function main(): Promise<void> {
  let files = 0;
  let bytes = 0;
  for (const [region, { mark, labels }] of Object.entries(epcRegions)) {
    for (const [index, code] of labels.entries()) {
      const background = scaleColour(index / (labels.length - 1));
      bytes += await writePng(join(imagesDir, 'epc', region, `${code}.png`), epcBadgeSvg(mark, labelText(code), background));
      files += 1;
    }
  }
  for (const [code, svg] of Object.entries(flagSvgs)) {
    bytes += await writePng(join(imagesDir, 'flags', `${code}.png`), svg);
    files += 1;
  }
  writeFileSync(join(imagesDir, 'logo.svg'), logoSvg);
  files += 1;
  bytes += Buffer.byteLength(logoSvg);
  console.log(`public/images: ${files} files, ${(bytes / 1024).toFixed(1)} KiB`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
