import type { Rng } from './random';
import type { Scene } from './picture-plan';

/*
 * Simple SVG scenes (1360×907) for the listing pictures: flat shapes and a gradient sky, seeded
 * colours, so the files stay small and the output is deterministic.
 */

const W = 1360;
const H = 907;

const WALLS = ['#e8dcc8', '#d9c3a5', '#c98f6b', '#b5654a', '#efe6d6', '#cfd6d9', '#a8756a', '#dfe3e6'];
const ROOFS = ['#4a4e57', '#7a3b2e', '#5b3a29', '#3c4a5a', '#6b6b6b'];
const DOORS = ['#2f4858', '#7a1f2b', '#3d5a3d', '#5a3b2b', '#1f2933'];
const SKIES: [string, string][] = [
  ['#7fb3e0', '#d8ecfa'],
  ['#9cc3e6', '#eef6fc'],
  ['#f1c6a6', '#fbe9d7'],
  ['#8fb8d8', '#e3eef6'],
];
const GRASS = ['#7ba05b', '#8cb369', '#6a994e', '#94b86c'];
const INTERIOR = ['#f4efe6', '#e9e4da', '#dfe7ec', '#efe2d0', '#e6ece3'];
const FLOORS = ['#b48a5a', '#c9a57a', '#9c7a54', '#8a8f96', '#d6c3a3'];
const FABRIC = ['#3f5e7a', '#8a4f3d', '#5f7a4f', '#6b5b7a', '#c2a15f', '#4b4b4b'];

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') => `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

function sky(rng: Rng, horizon: number): string {
  const [top, bottom] = rng.pick(SKIES);
  const cloud = (x: number, y: number) =>
    `<g fill="#ffffff" opacity="0.85"><ellipse cx="${x}" cy="${y}" rx="90" ry="32"/><ellipse cx="${x + 70}" cy="${y - 18}" rx="70" ry="34"/><ellipse cx="${x + 130}" cy="${y}" rx="80" ry="28"/></g>`;
  return (
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>` +
    rect(0, 0, W, horizon, 'url(#sky)') +
    cloud(rng.int(80, 500), rng.int(90, 200)) +
    cloud(rng.int(800, 1150), rng.int(70, 170))
  );
}

function tree(x: number, ground: number, size: number, green: string): string {
  return rect(x - size * 0.08, ground - size * 1.1, size * 0.16, size * 1.1, '#6b4f35') + `<circle cx="${x}" cy="${ground - size * 1.25}" r="${size * 0.55}" fill="${green}"/>`;
}

function windowPane(x: number, y: number, w: number, h: number, frame = '#ffffff'): string {
  return rect(x - 6, y - 6, w + 12, h + 12, frame) + rect(x, y, w, h, '#9fc3d9') + rect(x + w / 2 - 3, y, 6, h, frame) + rect(x, y + h / 2 - 3, w, 6, frame);
}

function house(rng: Rng, x: number, ground: number, width: number, height: number, wall: string): string {
  const roof = rng.pick(ROOFS);
  const roofHeight = height * rng.float(0.45, 0.7);
  const parts = [
    rect(x + width * 0.7, ground - height - roofHeight * 0.9, width * 0.08, roofHeight * 0.6, '#7a4b3a'),
    `<polygon points="${x - 20},${ground - height} ${x + width / 2},${ground - height - roofHeight} ${x + width + 20},${ground - height}" fill="${roof}"/>`,
    rect(x, ground - height, width, height, wall),
    rect(x + width * 0.42, ground - height * 0.42, width * 0.16, height * 0.42, rng.pick(DOORS)),
  ];
  const columns = width > 420 ? 3 : 2;
  for (let column = 0; column < columns; column += 1) {
    const wx = x + (width / columns) * column + width * 0.08;
    if (Math.abs(wx + width * 0.09 - (x + width / 2)) > width * 0.14) parts.push(windowPane(wx, ground - height * 0.4, width * 0.18, height * 0.24));
    parts.push(windowPane(wx, ground - height * 0.85, width * 0.18, height * 0.24));
  }
  return parts.join('');
}

function exterior(rng: Rng, scene: Scene): string {
  const horizon = rng.int(560, 640);
  const green = rng.pick(GRASS);
  const parts = [sky(rng, horizon), rect(0, horizon, W, H - horizon, green)];
  if (scene === 'facade') {
    parts.push(rect(0, H - 110, W, 110, '#9a9a94'));
    parts.push(house(rng, rng.int(340, 420), horizon + 40, rng.int(520, 620), rng.int(330, 380), rng.pick(WALLS)));
    parts.push(tree(rng.int(120, 220), horizon + 30, rng.int(150, 200), '#4f7a3a'), tree(rng.int(1150, 1250), horizon + 30, rng.int(140, 190), '#5c8a43'));
  } else if (scene === 'building') {
    const x = rng.int(330, 420);
    const floors = rng.int(3, 5);
    const top = horizon + 40 - floors * 110;
    parts.push(rect(0, H - 110, W, 110, '#9a9a94'), rect(x, top, 640, floors * 110, rng.pick(WALLS)), rect(x - 15, top - 20, 670, 24, rng.pick(ROOFS)));
    for (let floor = 0; floor < floors; floor += 1) {
      for (let column = 0; column < 4; column += 1) parts.push(windowPane(x + 40 + column * 155, top + 25 + floor * 110, 90, 62));
      if (floor > 0) parts.push(rect(x + 20, top + floor * 110 + 92, 600, 10, '#5f6a72'));
    }
    parts.push(tree(rng.int(140, 240), horizon + 30, 170, '#4f7a3a'));
  } else if (scene === 'shop') {
    const wall = rng.pick(WALLS);
    const awning = rng.pick(FABRIC);
    parts.push(rect(0, H - 120, W, 120, '#a3a39c'), rect(260, horizon - 330, 840, 410, wall), rect(300, horizon - 160, 520, 220, '#a9cbe0'), rect(860, horizon - 160, 180, 240, rng.pick(DOORS)));
    parts.push(`<polygon points="280,${horizon - 200} 1080,${horizon - 200} 1050,${horizon - 150} 310,${horizon - 150}" fill="${awning}"/>`);
    parts.push(rect(380, horizon - 300, 600, 70, '#ffffff'), rect(400, horizon - 285, 560, 40, awning, 'opacity="0.35"'));
  } else if (scene === 'garage') {
    parts.push(rect(0, horizon + 60, W, H - horizon - 60, '#8d8d87'), rect(180, horizon - 230, 1000, 290, rng.pick(WALLS)), rect(170, horizon - 250, 1020, 26, rng.pick(ROOFS)));
    for (let door = 0; door < 3; door += 1) {
      parts.push(rect(230 + door * 320, horizon - 180, 260, 240, '#c7ccd1'));
      for (let line = 1; line < 6; line += 1) parts.push(rect(230 + door * 320, horizon - 180 + line * 40, 260, 4, '#9aa1a8'));
    }
  } else if (scene === 'land') {
    for (let stripe = 0; stripe < 5; stripe += 1) parts.push(rect(0, horizon + stripe * 60, W, 30, '#ffffff', 'opacity="0.08"'));
    for (let post = 0; post < 12; post += 1) parts.push(rect(60 + post * 110, horizon + 150, 10, 70, '#8a6a4a'));
    parts.push(rect(60, horizon + 170, 1220, 6, '#8a6a4a'), tree(rng.int(900, 1200), horizon + 10, 160, '#4f7a3a'), tree(rng.int(150, 400), horizon + 5, 120, '#5c8a43'));
    parts.push(rect(620, horizon - 20, 8, 150, '#5a4632'), rect(540, horizon - 70, 170, 90, '#c8553d'), rect(555, horizon - 55, 140, 60, '#ffffff', 'opacity="0.9"'));
  } else if (scene === 'garden') {
    parts.push(rect(0, horizon + 150, W, H - horizon - 150, '#b9a88f'), rect(0, horizon - 90, W, 100, '#3f6b34'));
    parts.push(rect(520, horizon + 190, 320, 16, '#ffffff'), rect(540, horizon + 206, 12, 70, '#ffffff'), rect(808, horizon + 206, 12, 70, '#ffffff'));
    parts.push(rect(676, horizon + 60, 8, 130, '#555555'), `<polygon points="520,${horizon + 70} 680,${horizon - 10} 840,${horizon + 70}" fill="${rng.pick(FABRIC)}"/>`);
    parts.push(tree(180, horizon + 20, 200, '#4f7a3a'), tree(1180, horizon + 30, 170, '#5c8a43'));
  } else {
    parts.push(rect(0, horizon + 90, W, H - horizon - 90, '#6f7377'), rect(0, horizon + 60, W, 30, '#b0b0aa'));
    for (let index = 0; index < 4; index += 1) parts.push(house(rng, 40 + index * 335, horizon + 60, 290, rng.int(240, 300), rng.pick(WALLS)));
    for (let dash = 0; dash < 9; dash += 1) parts.push(rect(40 + dash * 160, horizon + 200, 90, 10, '#f2f2f2'));
  }
  return parts.join('');
}

function interior(rng: Rng, scene: Scene): string {
  const wall = rng.pick(INTERIOR);
  const floorY = rng.int(600, 660);
  const fabric = rng.pick(FABRIC);
  const parts = [rect(0, 0, W, floorY, wall), rect(0, floorY, W, H - floorY, rng.pick(FLOORS))];
  for (let plank = 1; plank < 5; plank += 1) parts.push(rect(0, floorY + plank * 55, W, 3, '#000000', 'opacity="0.08"'));
  const windowX = rng.int(80, 260);
  parts.push(windowPane(windowX, 120, 260, 320, '#fafafa'));
  if (scene === 'living') {
    parts.push(
      rect(620, floorY - 210, 560, 130, fabric, 'rx="26"'),
      rect(600, floorY - 150, 600, 110, fabric, 'rx="30"'),
      rect(640, floorY - 40, 30, 40, '#3b3b3b'),
      rect(1130, floorY - 40, 30, 40, '#3b3b3b'),
    );
    parts.push(rect(700, 160, 240, 170, '#ffffff'), rect(715, 175, 210, 140, rng.pick(FABRIC), 'opacity="0.7"'), rect(760, floorY + 60, 260, 22, '#6b4f35', 'rx="8"'));
  } else if (scene === 'kitchen') {
    const cabinets = rng.pick(['#ffffff', '#2f4858', '#6a7b6a', '#d8cbb4']);
    parts.push(rect(560, floorY - 260, 760, 260, cabinets), rect(545, floorY - 280, 790, 26, '#3d3d3d'), rect(560, 120, 760, 190, cabinets));
    for (let door = 0; door < 5; door += 1) parts.push(rect(580 + door * 150, floorY - 230, 4, 200, '#000000', 'opacity="0.15"'));
    parts.push(rect(760, floorY - 294, 170, 12, '#1f1f1f'), rect(1080, floorY - 300, 120, 20, '#b8c4cc'));
  } else if (scene === 'bedroom') {
    parts.push(rect(560, floorY - 330, 620, 160, '#6b4f35', 'rx="12"'), rect(540, floorY - 180, 660, 180, '#ffffff', 'rx="18"'), rect(540, floorY - 120, 660, 120, fabric, 'rx="18"'));
    parts.push(rect(610, floorY - 230, 200, 70, '#f3f3f3', 'rx="20"'), rect(930, floorY - 230, 200, 70, '#f3f3f3', 'rx="20"'), rect(1230, floorY - 130, 100, 130, '#6b4f35'));
  } else {
    parts.push(rect(0, 0, W, floorY, '#ffffff', 'opacity="0.35"'));
    for (let line = 1; line < 6; line += 1) parts.push(rect(0, line * 110, W, 3, '#000000', 'opacity="0.06"'));
    parts.push(
      rect(520, floorY - 170, 620, 170, '#ffffff', 'rx="60"'),
      rect(540, floorY - 150, 580, 40, '#cfe3ee', 'rx="20"'),
      rect(1180, 150, 130, 200, '#dfe9ef', 'rx="10"'),
      rect(1190, floorY - 220, 110, 220, '#ffffff'),
    );
  }
  return parts.join('');
}

/** The SVG document of one picture; the label is drawn in the bottom-right corner. */
export function sceneSvg(scene: Scene, rng: Rng, label: string): string {
  const body = ['facade', 'building', 'shop', 'garage', 'land', 'garden', 'street'].includes(scene) ? exterior(rng, scene) : interior(rng, scene);
  const badge =
    `<rect x="${W - 330}" y="${H - 92}" width="300" height="62" rx="10" fill="#1d4e89" opacity="0.85"/>` +
    `<text x="${W - 180}" y="${H - 50}" font-family="DejaVu Sans, sans-serif" font-size="30" font-weight="bold" fill="#ffffff" text-anchor="middle">${label}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}${badge}</svg>`;
}
