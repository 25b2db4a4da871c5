/*
 * npm run generate:banners
 * Writes the demo banner pictures, public/images/banner/{1..4}.webp (1920×640), from SVG drawn
 * here: wide Hainaut scenes in flat colours and without any text. Two runs give byte-identical
 * files: every "random" choice comes from a seeded generator, and nothing depends on the fonts or
 * the clock of the machine.
 *
 * One file per banner is enough: the mobile variant (600 wide) is made by the image route
 * (imageUrl(src, { width: 600 })), and 1920 is served as the file itself. The mobile banner is
 * cropped to its central part, so each scene keeps its subject in the middle.
 */
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const root = process.cwd();
if (!existsSync(join(root, 'next.config.ts'))) throw new Error('run the script from the project root');
const outputDir = join(root, 'public/images/banner');

const width = 1920;
const height = 640;
/** The whole folder must stay small: these pictures are the LCP element of the home page. */
const folderBudget = 600 * 1024;

// ---- deterministic helpers --------------------------------------------------------------------

/** mulberry32: tiny, seedable, the same sequence on every machine. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = ReturnType<typeof seeded>;

const between = (random: Random, min: number, max: number) => min + (max - min) * random();
const pick = <T>(random: Random, items: readonly T[]): T => {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};

/** Coordinates rounded to a tenth of a pixel keep the SVG short and the output stable. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function points(list: readonly (readonly [number, number])[]): string {
  return list.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');
}

function polygon(list: readonly (readonly [number, number])[], fill: string): string {
  return `<polygon points="${points(list)}" fill="${fill}"/>`;
}

function rect(x: number, y: number, w: number, h: number, fill: string): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"/>`;
}

function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"/>`;
}

// ---- scenery ----------------------------------------------------------------------------------

/** A band of rolling land from `base` down to the bottom edge, as a sum of gentle waves. */
function hills(base: number, amplitude: number, fill: string, random: Random): string {
  const waves = [0, 1, 2].map(() => ({ length: between(random, 500, 1400), phase: between(random, 0, Math.PI * 2), weight: between(random, 0.3, 1) }));
  const total = waves.reduce((sum, wave) => sum + wave.weight, 0);
  const line: [number, number][] = [];
  for (let x = 0; x <= width; x += 40) {
    const offset = waves.reduce((sum, wave) => sum + wave.weight * Math.sin((x / wave.length) * Math.PI * 2 + wave.phase), 0) / total;
    line.push([x, base + offset * amplitude]);
  }
  return polygon([...line, [width, height], [0, height]], fill);
}

/** Ploughed or sown strips on a field: parallel bands converging a little towards the horizon. */
function fieldStrips(top: number, bottom: number, colours: readonly string[], random: Random): string {
  const parts: string[] = [];
  let x = -200;
  while (x < width + 200) {
    const stripWidth = between(random, 160, 360);
    const skew = (x - width / 2) * 0.35;
    parts.push(
      polygon(
        [
          [x, top],
          [x + stripWidth, top],
          [x + stripWidth + skew + stripWidth * 0.4, bottom],
          [x + skew, bottom],
        ],
        pick(random, colours),
      ),
    );
    x += stripWidth;
  }
  return parts.join('');
}

function cloud(cx: number, cy: number, size: number, fill: string): string {
  return [
    ellipse(cx, cy, size * 1.6, size * 0.45, fill),
    ellipse(cx - size * 0.5, cy - size * 0.25, size * 0.6, size * 0.45, fill),
    ellipse(cx + size * 0.35, cy - size * 0.35, size * 0.75, size * 0.55, fill),
  ].join('');
}

function roundTree(x: number, base: number, size: number, leaf: string, trunk: string): string {
  return rect(x - size * 0.08, base - size * 0.9, size * 0.16, size * 0.9, trunk) + ellipse(x, base - size * 1.05, size * 0.55, size * 0.6, leaf);
}

/** Poplars line the roads and canals of the region. */
function poplar(x: number, base: number, size: number, leaf: string, trunk: string): string {
  return rect(x - size * 0.04, base - size * 0.5, size * 0.08, size * 0.5, trunk) + ellipse(x, base - size * 1.2, size * 0.17, size * 0.8, leaf);
}

type HousePalette = { walls: readonly string[]; roofs: readonly string[]; window: string; door: string };

/** A terrace of brick houses: gables, pitched roofs, a window grid and a door per house. */
function terrace(from: number, to: number, base: number, scale: number, palette: HousePalette, random: Random): string {
  const parts: string[] = [];
  let x = from;
  while (x < to) {
    const w = between(random, 46, 84) * scale;
    const floors = Math.floor(between(random, 2, 4));
    const floorHeight = 30 * scale;
    const h = floors * floorHeight + 10 * scale;
    const wall = pick(random, palette.walls);
    const roof = pick(random, palette.roofs);
    const top = base - h;
    parts.push(rect(x, top, w, h, wall));
    if (random() < 0.35) {
      // A stepped gable, the Hainaut and Flemish town-house front.
      const step = w / 6;
      parts.push(
        polygon(
          [
            [x, top],
            [x, top - step],
            [x + step, top - step],
            [x + step, top - 2 * step],
            [x + 2 * step, top - 2 * step],
            [x + 2 * step, top - 3 * step],
            [x + 4 * step, top - 3 * step],
            [x + 4 * step, top - 2 * step],
            [x + 5 * step, top - 2 * step],
            [x + 5 * step, top - step],
            [x + w, top - step],
            [x + w, top],
          ],
          wall,
        ),
      );
    } else {
      parts.push(
        polygon(
          [
            [x - 3 * scale, top],
            [x + w * 0.5, top - between(random, 18, 34) * scale],
            [x + w + 3 * scale, top],
          ],
          roof,
        ),
      );
    }
    const columns = w > 64 * scale ? 3 : 2;
    const cell = w / columns;
    for (let floor = 0; floor < floors; floor += 1) {
      for (let column = 0; column < columns; column += 1) {
        const isDoor = floor === 0 && column === 0;
        const wx = x + column * cell + cell * 0.28;
        const wy = base - (floor + 1) * floorHeight + 6 * scale;
        parts.push(isDoor ? rect(wx, wy, cell * 0.44, floorHeight - 6 * scale, palette.door) : rect(wx, wy, cell * 0.44, floorHeight * 0.55, palette.window));
      }
    }
    x += w + between(random, 0, 3) * scale;
  }
  return parts.join('');
}

/** The belfry of Mons: a square baroque tower, three stages, a bulbous dome and a lantern. */
function belfry(cx: number, base: number, scale: number, stone: string, dome: string, dark: string): string {
  const s = (value: number) => value * scale;
  return [
    rect(cx - s(34), base - s(150), s(68), s(150), stone),
    rect(cx - s(30), base - s(230), s(60), s(80), stone),
    rect(cx - s(26), base - s(300), s(52), s(70), stone),
    // Cornices between the stages.
    rect(cx - s(38), base - s(154), s(76), s(8), dark),
    rect(cx - s(34), base - s(234), s(68), s(8), dark),
    rect(cx - s(30), base - s(304), s(60), s(8), dark),
    // Arched openings.
    ...[-1, 1].map((side) => rect(cx + side * s(14) - s(6), base - s(215), s(12), s(44), dark)),
    ...[-1, 1].map((side) => rect(cx + side * s(12) - s(5), base - s(288), s(10), s(40), dark)),
    rect(cx - s(8), base - s(120), s(16), s(60), dark),
    // The four corner domes and the main dome.
    ...[-1, 1].map((side) => ellipse(cx + side * s(30), base - s(312), s(9), s(12), dome)),
    ellipse(cx, base - s(340), s(30), s(40), dome),
    rect(cx - s(8), base - s(392), s(16), s(22), stone),
    ellipse(cx, base - s(400), s(11), s(14), dome),
    rect(cx - s(2), base - s(436), s(4), s(26), dark),
  ].join('');
}

/** A church of the villages: nave, tower and slate spire. */
function church(cx: number, base: number, scale: number, wall: string, roof: string): string {
  const s = (value: number) => value * scale;
  return [
    rect(cx - s(70), base - s(50), s(90), s(50), wall),
    polygon(
      [
        [cx - s(74), base - s(50)],
        [cx - s(25), base - s(78)],
        [cx + s(24), base - s(50)],
      ],
      roof,
    ),
    rect(cx + s(10), base - s(110), s(34), s(110), wall),
    polygon(
      [
        [cx + s(6), base - s(110)],
        [cx + s(27), base - s(210)],
        [cx + s(48), base - s(110)],
      ],
      roof,
    ),
  ].join('');
}

/** A slag heap of the Borinage: a wide cone, half grown over. */
function terril(cx: number, base: number, w: number, h: number, ash: string, green: string): string {
  return [
    polygon(
      [
        [cx - w / 2, base],
        [cx - w * 0.08, base - h],
        [cx + w * 0.08, base - h],
        [cx + w / 2, base],
      ],
      ash,
    ),
    polygon(
      [
        [cx - w / 2, base],
        [cx - w * 0.3, base - h * 0.42],
        [cx - w * 0.05, base - h * 0.3],
        [cx + w * 0.2, base - h * 0.5],
        [cx + w / 2, base],
      ],
      green,
    ),
  ].join('');
}

/** A pit headframe: two legs, a strut and the winding wheels, drawn with strokes. */
function headframe(cx: number, base: number, scale: number, steel: string): string {
  const s = (value: number) => value * scale;
  const stroke = `stroke="${steel}" stroke-width="${n(s(6))}" fill="none" stroke-linecap="square"`;
  return [
    `<path ${stroke} d="M${n(cx - s(40))} ${n(base)}L${n(cx - s(14))} ${n(base - s(190))}M${n(cx + s(40))} ${n(base)}L${n(cx + s(14))} ${n(base - s(190))}M${n(cx - s(14))} ${n(base - s(190))}H${n(cx + s(14))}M${n(cx + s(14))} ${n(base - s(180))}L${n(cx + s(110))} ${n(base)}"/>`,
    `<path ${stroke} d="M${n(cx - s(33))} ${n(base - s(30))}L${n(cx + s(30))} ${n(base - s(80))}M${n(cx + s(33))} ${n(base - s(30))}L${n(cx - s(30))} ${n(base - s(80))}M${n(cx - s(26))} ${n(base - s(90))}L${n(cx + s(22))} ${n(base - s(140))}M${n(cx + s(26))} ${n(base - s(90))}L${n(cx - s(22))} ${n(base - s(140))}"/>`,
    `<circle cx="${n(cx - s(6))}" cy="${n(base - s(204))}" r="${n(s(20))}" ${stroke}/>`,
    `<circle cx="${n(cx + s(10))}" cy="${n(base - s(204))}" r="${n(s(20))}" ${stroke}/>`,
  ].join('');
}

/** The Strépy-Thieu boat lift: a massive concrete block with two caissons on the canal. */
function boatLift(cx: number, base: number, scale: number, concrete: string, shade: string, water: string): string {
  const s = (value: number) => value * scale;
  return [
    rect(cx - s(150), base - s(260), s(300), s(260), concrete),
    rect(cx - s(150), base - s(260), s(300), s(22), shade),
    ...[-1, 0, 1].map((position) => rect(cx + position * s(100) - s(14), base - s(238), s(28), s(238), shade)),
    rect(cx - s(215), base - s(120), s(90), s(60), shade),
    rect(cx - s(210), base - s(114), s(80), s(22), water),
    rect(cx + s(125), base - s(70), s(90), s(60), shade),
    rect(cx + s(130), base - s(64), s(80), s(22), water),
  ].join('');
}

function barge(x: number, waterline: number, scale: number, hull: string, cabin: string, cargo: string): string {
  const s = (value: number) => value * scale;
  return [
    polygon(
      [
        [x, waterline - s(18)],
        [x + s(260), waterline - s(18)],
        [x + s(245), waterline + s(6)],
        [x + s(12), waterline + s(6)],
      ],
      hull,
    ),
    rect(x + s(20), waterline - s(34), s(180), s(16), cargo),
    rect(x + s(208), waterline - s(52), s(40), s(34), cabin),
    rect(x + s(214), waterline - s(46), s(10), s(10), '#f4e3b5'),
  ].join('');
}

/** A square farm (ferme en carré): four wings around a yard, a porch gate on the front. */
function squareFarm(cx: number, base: number, scale: number, wall: string, roof: string, gate: string): string {
  const s = (value: number) => value * scale;
  return [
    rect(cx - s(160), base - s(70), s(320), s(70), wall),
    polygon(
      [
        [cx - s(168), base - s(70)],
        [cx - s(150), base - s(112)],
        [cx + s(150), base - s(112)],
        [cx + s(168), base - s(70)],
      ],
      roof,
    ),
    rect(cx - s(30), base - s(110), s(60), s(110), wall),
    polygon(
      [
        [cx - s(36), base - s(110)],
        [cx, base - s(146)],
        [cx + s(36), base - s(110)],
      ],
      roof,
    ),
    rect(cx - s(16), base - s(60), s(32), s(60), gate),
    ...[-120, -80, 60, 100].map((offset) => rect(cx + s(offset), base - s(52), s(18), s(20), gate)),
  ].join('');
}

// ---- the four scenes --------------------------------------------------------------------------

function svg(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/** 1: Mons at dusk, the belfry over the roofs of the old town. */
function monsSkyline(): string {
  const random = seeded(7000);
  const houses: HousePalette = { walls: ['#8c3b2a', '#a24a33', '#7a3325', '#b8674a', '#6e3b30'], roofs: ['#3b2f35', '#4a3a40', '#2f2a33'], window: '#f5d48b', door: '#2a2126' };
  const far: HousePalette = { walls: ['#6b4a5a', '#5e4252', '#73505f'], roofs: ['#43303f', '#3a2a37'], window: '#e9b96e', door: '#34242f' };
  return svg(
    [
      rect(0, 0, width, height, '#f2b880'),
      rect(0, 0, width, 150, '#e89a6c'),
      rect(0, 0, width, 60, '#d97b5f'),
      ellipse(1340, 300, 70, 70, '#fbe3a4'),
      cloud(420, 120, 60, '#f6c79a'),
      cloud(1600, 90, 48, '#f6c79a'),
      hills(470, 40, '#7c5a6b', random),
      terrace(-20, width + 20, 470, 0.75, far, random),
      belfry(960, 430, 0.95, '#5b4150', '#3c2c3a', '#2e212c'),
      rect(880, 430, 160, 40, '#5b4150'),
      terrace(-30, width + 30, 560, 1.05, houses, random),
      rect(0, 560, width, 80, '#4b3a3f'),
      rect(0, 600, width, 40, '#3b2d32'),
    ].join(''),
  );
}

/** 2: The Borinage, a green slag heap and a pit headframe among fields. */
function borinage(): string {
  const random = seeded(7300);
  const houses: HousePalette = { walls: ['#9a4634', '#a85a3f', '#8a3f2e'], roofs: ['#3f3a3d', '#524a4c'], window: '#d8e2e8', door: '#3a2f2e' };
  const trees = Array.from({ length: 22 }, (_, index) => {
    const x = index * 92 + between(random, -20, 20);
    return roundTree(x, 470 + between(random, -6, 8), between(random, 34, 54), pick(random, ['#3f7a3a', '#4c8a41', '#356b33']), '#4a3b2c');
  });
  return svg(
    [
      rect(0, 0, width, height, '#bfe0ee'),
      rect(0, 0, width, 110, '#a9d3e6'),
      cloud(300, 110, 55, '#ffffff'),
      cloud(1180, 80, 70, '#ffffff'),
      cloud(1720, 150, 45, '#ffffff'),
      terril(700, 470, 760, 300, '#4a4645', '#5d7f45'),
      terril(1320, 470, 540, 200, '#56514f', '#6b8e4e'),
      headframe(1010, 470, 1.05, '#2f3437'),
      hills(470, 26, '#7fae5a', random),
      ...trees,
      terrace(1420, width + 20, 520, 0.8, houses, random),
      terrace(-20, 420, 520, 0.8, houses, random),
      fieldStrips(520, height, ['#9cc26a', '#b7cf72', '#88b35c', '#c9b36a'], random),
    ].join(''),
  );
}

/** 3: The Canal du Centre, a barge below the Strépy-Thieu boat lift. */
function canal(): string {
  const random = seeded(7110);
  const poplars = Array.from({ length: 30 }, (_, index) => poplar(index * 66 + between(random, -10, 10), 440, between(random, 70, 100), pick(random, ['#4f7f3f', '#5b8c47', '#44723a']), '#4b3c2e'));
  return svg(
    [
      rect(0, 0, width, height, '#d6e7ee'),
      rect(0, 0, width, 140, '#c3dce7'),
      cloud(260, 90, 50, '#f7fbfc'),
      cloud(1500, 120, 64, '#f7fbfc'),
      hills(440, 30, '#95b77a', random),
      ...poplars,
      boatLift(960, 470, 1.0, '#c9c6bf', '#a29e96', '#6f9fb8'),
      rect(0, 440, width, 40, '#8db06a'),
      rect(0, 470, width, 90, '#5f92ad'),
      rect(0, 486, width, 6, '#78a9c2'),
      rect(0, 520, width, 4, '#78a9c2'),
      barge(600, 520, 1.3, '#2d3b4a', '#b83c32', '#6b5a45'),
      rect(0, 556, width, 84, '#7ea65e'),
      rect(0, 556, width, 8, '#9a8f7e'),
    ].join(''),
  );
}

/** 4: The countryside of the Pays des Collines: a square farm, a village church, sown fields. */
function countryside(): string {
  const random = seeded(7890);
  const houses: HousePalette = { walls: ['#e8e1d3', '#efe9dc', '#d9cfbd'], roofs: ['#5a4a4a', '#6a3f33', '#4a4446'], window: '#4b5a66', door: '#6a3f33' };
  const trees = Array.from({ length: 9 }, (_, index) => roundTree(120 + index * 210 + between(random, -40, 40), 408, between(random, 30, 46), pick(random, ['#567e3c', '#4a7035']), '#4b3b2b'));
  return svg(
    [
      rect(0, 0, width, height, '#cde3f0'),
      ellipse(1620, 140, 56, 56, '#fff3c4'),
      cloud(520, 120, 58, '#ffffff'),
      cloud(1180, 70, 44, '#ffffff'),
      hills(380, 50, '#a7c17f', random),
      hills(410, 36, '#8fb06a', random),
      ...trees,
      church(560, 420, 1.0, '#e4dccb', '#4a4e5a'),
      terrace(380, 520, 420, 0.6, houses, random),
      terrace(620, 760, 420, 0.6, houses, random),
      squareFarm(1060, 470, 1.15, '#efe7d6', '#8a4a36', '#5b4636'),
      fieldStrips(470, height, ['#c7c16a', '#a9c46b', '#d8c27a', '#97b95f', '#b48a5a'], random),
    ].join(''),
  );
}

const scenes = [monsSkyline, borinage, canal, countryside];

async function main(): Promise<void> {
  mkdirSync(outputDir, { recursive: true });
  for (const [index, scene] of scenes.entries()) {
    const file = join(outputDir, `${index + 1}.webp`);
    // smartSubsample and a fixed effort keep flat-colour edges clean and the bytes repeatable.
    const webp = await sharp(Buffer.from(scene())).webp({ quality: 78, effort: 6, smartSubsample: true }).toBuffer();
    writeFileSync(file, webp);
    console.log(`${file.slice(root.length + 1)}  ${(webp.byteLength / 1024).toFixed(1)} KB`);
  }
  const total = readdirSync(outputDir).reduce((sum, name) => sum + statSync(join(outputDir, name)).size, 0);
  console.log(`public/images/banner: ${(total / 1024).toFixed(1)} KB`);
  if (total > folderBudget) throw new Error(`public/images/banner is ${total} bytes, over the ${folderBudget} byte budget`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
