/*
 * npm run generate:team
 * Writes a portrait for every member of data/site/team.json to public/images/team/{id}.webp
 * (400×400), drawn here as SVG like the listing pictures. Each portrait is seeded by the member's
 * id, so two runs give byte-identical files and adding a member leaves the others unchanged.
 *
 * The portraits are friendly silhouettes without lettering: text would be set in whatever fonts the
 * machine has, so the files would differ between machines. The script does not edit team.json; the
 * photo field is set once to /images/team/{id}.webp by whoever adds a member.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { teamMemberSchema } from '../lib/config/schemas';
import { listRecords } from '../lib/data-file';
import { rngFor, type Rng } from '../demo-data/generator/random';

const root = process.cwd();
if (!existsSync(join(root, 'next.config.ts'))) throw new Error('run the script from the project root');
const outputDir = join(root, 'public/images/team');

const SIZE = 400;
/* The listing pictures' encoder options, so both kinds of picture look alike and stay small. */
const WEBP = { quality: 75, effort: 4, smartSubsample: false } as const;

/* Background pairs (top, bottom); the member's id picks one in turn, so neighbours never share one. */
const BACKDROPS: [string, string][] = [
  ['#cfe3f5', '#9cc3e6'],
  ['#f6d9c6', '#eab08f'],
  ['#d6ead2', '#a3c99a'],
  ['#e5dcf2', '#b9a6d9'],
  ['#f5e7b8', '#e3c46c'],
  ['#d3ecea', '#8fcac4'],
];
const SKIN = ['#f1d0b5', '#e0ac88', '#c68c64', '#a5714e', '#7d5236', '#f5dcc6'];
const HAIR = ['#2b1e16', '#4a3123', '#7a4f2c', '#b98b50', '#1f1f24', '#8c8c8c', '#a0522d'];
const CLOTHES = ['#1d4e89', '#c8553d', '#2f6f5e', '#5b4a8b', '#3c4a5a', '#8a4f3d', '#2a6f97'];
const hairStyles = ['short', 'long', 'bun', 'crop', 'side'] as const;
type HairStyle = (typeof hairStyles)[number];

/* Head centre and radii; everything else is placed around them. */
const HEAD = { cx: 200, cy: 165, rx: 68, ry: 80 };

function hairBehind(style: HairStyle, colour: string): string {
  const { cx, cy, rx, ry } = HEAD;
  if (style === 'long') {
    return `<path d="M${cx - rx - 14} ${cy}C${cx - rx - 20} ${cy - ry - 40} ${cx + rx + 20} ${cy - ry - 40} ${cx + rx + 14} ${cy}L${cx + rx + 22} ${cy + ry + 55}Q${cx} ${cy + ry + 75} ${cx - rx - 22} ${cy + ry + 55}Z" fill="${colour}"/>`;
  }
  if (style === 'bun') return `<circle cx="${cx}" cy="${cy - ry - 12}" r="34" fill="${colour}"/>`;
  return '';
}

function hairFront(style: HairStyle, colour: string): string {
  const { cx, cy, rx, ry } = HEAD;
  const top = cy - ry;
  switch (style) {
    case 'short':
      return `<path d="M${cx - rx - 2} ${cy - 5}C${cx - rx - 8} ${top - 25} ${cx + rx + 8} ${top - 25} ${cx + rx + 2} ${cy - 5}C${cx + rx - 10} ${top + 30} ${cx - 20} ${top + 35} ${cx - rx - 2} ${cy - 5}Z" fill="${colour}"/>`;
    case 'crop':
      return `<path d="M${cx - rx + 2} ${cy - 25}C${cx - rx} ${top - 12} ${cx + rx} ${top - 12} ${cx + rx - 2} ${cy - 25}Q${cx} ${top + 12} ${cx - rx + 2} ${cy - 25}Z" fill="${colour}"/>`;
    case 'side':
      return `<path d="M${cx - rx - 4} ${cy + 10}C${cx - rx - 12} ${top - 30} ${cx + rx + 12} ${top - 30} ${cx + rx + 4} ${cy - 10}C${cx + 20} ${top + 15} ${cx - 30} ${top + 30} ${cx - rx + 10} ${cy + 20}Z" fill="${colour}"/>`;
    case 'long':
    case 'bun':
      return `<path d="M${cx - rx - 4} ${cy + 5}C${cx - rx - 10} ${top - 28} ${cx + rx + 10} ${top - 28} ${cx + rx + 4} ${cy + 5}C${cx + rx - 6} ${top + 20} ${cx + 10} ${top + 40} ${cx} ${top + 22}C${cx - 10} ${top + 40} ${cx - rx + 6} ${top + 20} ${cx - rx - 4} ${cy + 5}Z" fill="${colour}"/>`;
  }
}

/** One portrait: backdrop, shoulders, neck, head, hair and a small smile. */
function portraitSvg(id: number, rng: Rng): string {
  const backdrop = BACKDROPS[(id - 1) % BACKDROPS.length] ?? BACKDROPS[0]!;
  const skin = rng.pick(SKIN);
  const hair = rng.pick(HAIR);
  const clothes = CLOTHES[(id * 3) % CLOTHES.length] ?? rng.pick(CLOTHES);
  // Stepping through the styles by id keeps four neighbours from sharing a haircut.
  const style = hairStyles[(id * 2) % hairStyles.length] ?? rng.pick(hairStyles);
  const collar = rng.chance(0.5);
  const { cx, cy, rx, ry } = HEAD;
  const eyeY = cy + 8;
  const eyeGap = rng.int(24, 30);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${backdrop[0]}"/><stop offset="1" stop-color="${backdrop[1]}"/></linearGradient></defs>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>`,
    hairBehind(style, hair),
    // Shoulders: a wide rounded body running off the bottom edge.
    `<path d="M${cx - 150} ${SIZE}C${cx - 150} ${SIZE - 110} ${cx - 90} ${SIZE - 125} ${cx} ${SIZE - 125}C${cx + 90} ${SIZE - 125} ${cx + 150} ${SIZE - 110} ${cx + 150} ${SIZE}Z" fill="${clothes}"/>`,
    `<rect x="${cx - 24}" y="${cy + ry - 20}" width="48" height="55" rx="16" fill="${skin}"/>`,
    collar
      ? `<path d="M${cx - 34} ${SIZE - 124}L${cx} ${SIZE - 82}L${cx + 34} ${SIZE - 124}Z" fill="#ffffff" opacity="0.9"/>`
      : `<path d="M${cx - 30} ${SIZE - 125}Q${cx} ${SIZE - 95} ${cx + 30} ${SIZE - 125}Z" fill="${skin}"/>`,
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${skin}"/>`,
    `<ellipse cx="${cx - rx + 2}" cy="${cy + 12}" rx="10" ry="15" fill="${skin}"/>`,
    `<ellipse cx="${cx + rx - 2}" cy="${cy + 12}" rx="10" ry="15" fill="${skin}"/>`,
    hairFront(style, hair),
    `<circle cx="${cx - eyeGap}" cy="${eyeY}" r="6" fill="#2b2b2b"/>`,
    `<circle cx="${cx + eyeGap}" cy="${eyeY}" r="6" fill="#2b2b2b"/>`,
    `<path d="M${cx - 22} ${cy + 38}Q${cx} ${cy + 58} ${cx + 22} ${cy + 38}" fill="none" stroke="#8a3b2e" stroke-width="5" stroke-linecap="round"/>`,
    `<circle cx="${cx - eyeGap - 12}" cy="${cy + 34}" r="9" fill="#e8736a" opacity="0.25"/>`,
    `<circle cx="${cx + eyeGap + 12}" cy="${cy + 34}" r="9" fill="#e8736a" opacity="0.25"/>`,
    '</svg>',
  ].join('');
}

async function main(): Promise<void> {
  const raw: unknown = JSON.parse(readFileSync(join(root, 'data/site/team.json'), 'utf8'));
  const team = teamMemberSchema.array().parse(listRecords(raw));
  mkdirSync(outputDir, { recursive: true });
  sharp.cache(false);
  for (const member of team) {
    const svg = Buffer.from(portraitSvg(member.id, rngFor('team', member.id)));
    await sharp(svg)
      .resize(SIZE, SIZE)
      .webp(WEBP)
      .toFile(join(outputDir, `${member.id}.webp`));
  }
  console.log(`Wrote ${team.length} portraits to public/images/team/`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
