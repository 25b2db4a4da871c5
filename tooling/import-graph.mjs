// node tooling/import-graph.mjs [-v]
//
// The folder graph of lib/, components/ and app/ against the floors of eslint.floors.mjs: each
// folder with its floor and the folders it imports (how many imports), an import that points up a
// floor marked UP, the folders that reach each other in a cycle, and any folder the table does not
// place. -v lists the files behind each edge. The linter enforces the floors; this shows the shape.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { floors } from '../eslint.floors.mjs';

const verbose = process.argv.includes('-v');
const files = [];
const walk = (folder) => {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (/\.tsx?$/.test(entry.name)) files.push(file);
  }
};
for (const root of ['lib', 'components', 'app']) walk(root);
files.push('proxy.ts', 'instrumentation.ts');

const isFile = (file) => existsSync(file) && statSync(file).isFile();
const resolve = (target) => ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((suffix) => target + suffix).find(isFile);

/**
 * lib/<folder> and components/<folder>; app/ and the root files as one each. The page kinds' views
 * (lib/pages/<kind>/view.tsx) are one folder of their own, on the components' floor, as the linter has them.
 */
const kindViews = 'lib/pages/*/view.tsx';
const folderOf = (file) => {
  const parts = file.split('/');
  if (parts[0] === 'app' || parts.length === 1) return parts[0];
  if (parts[0] === 'lib' && parts[1] === 'pages' && parts.length === 4 && parts[3] === 'view.tsx') return kindViews;
  return `${parts[0]}/${parts[1]}`;
};
const componentsFloor = floors.findIndex((floor) => floor.name === 'components');
const floorOf = (folder) => (folder === kindViews ? componentsFloor : floors.findIndex((floor) => floor.folders.some((placed) => folder === placed || folder.startsWith(`${placed}/`))));

// Within the features floor the folders stand in order too (eslint.floors.mjs): a later one is higher.
const featuresFloor = floors.findIndex((floor) => floor.name === 'features');
const rankOf = (folder) => {
  const floor = floorOf(folder);
  return floor === featuresFloor ? floor + (floors[floor].folders.indexOf(folder) + 1) / 100 : floor;
};

const edges = new Map();
const importPattern = /(?:import|export)[^'";]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;
for (const file of files) {
  for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    const target = specifier.startsWith('.') ? path.join(path.dirname(file), specifier) : specifier.startsWith('@/') ? specifier.slice(2) : undefined;
    const resolved = target === undefined ? undefined : resolve(target);
    if (resolved === undefined) continue;
    const from = folderOf(file);
    const to = folderOf(resolved);
    if (from === to || !/^(lib|components|app)(\/|$)|^(proxy|instrumentation)\.ts$/.test(to)) continue;
    // A kind registers its view by a lazy import() that only the page view calls (docs/urls.md): no edge of the table.
    if (from === 'lib/pages' && to === kindViews) continue;
    const key = `${from} -> ${to}`;
    if (!edges.has(key)) edges.set(key, []);
    edges.get(key).push(`${file} -> ${resolved}`);
  }
}

const folders = [...new Set([...edges.keys()].flatMap((key) => key.split(' -> ')))];
const unplaced = folders.filter((folder) => floorOf(folder) === -1);
const byFloor = [...folders].sort((a, b) => rankOf(a) - rankOf(b) || a.localeCompare(b));
let up = 0;
for (const folder of byFloor) {
  const own = floorOf(folder);
  const out = [...edges].filter(([key]) => key.startsWith(`${folder} -> `));
  console.log(`${own + 1} ${own === -1 ? '(no floor)' : floors[own].name.padEnd(13)} ${folder}`);
  for (const [key, list] of out) {
    const to = key.split(' -> ')[1];
    const pointsUp = rankOf(to) > rankOf(folder);
    if (pointsUp) up += list.length;
    console.log(`    -> ${to} ${list.length}${pointsUp ? '  UP' : ''}`);
    if (verbose || pointsUp) for (const line of list) console.log(`         ${line}`);
  }
}

// Tarjan's strongly connected components over the folders.
const next = (folder) => [...edges.keys()].filter((key) => key.startsWith(`${folder} -> `)).map((key) => key.split(' -> ')[1]);
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const cycles = [];
const connect = (folder) => {
  index.set(folder, counter);
  low.set(folder, counter++);
  stack.push(folder);
  for (const to of next(folder)) {
    if (!index.has(to)) {
      connect(to);
      low.set(folder, Math.min(low.get(folder), low.get(to)));
    } else if (stack.includes(to)) low.set(folder, Math.min(low.get(folder), index.get(to)));
  }
  if (low.get(folder) !== index.get(folder)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    component.push(member);
  } while (member !== folder);
  if (component.length > 1) cycles.push(component.sort());
};
for (const folder of folders) if (!index.has(folder)) connect(folder);

console.log(`\n${folders.length} folders, ${up} imports pointing up a floor (or up the features' order)`);
for (const cycle of cycles) console.log(`cycle of ${cycle.length} folders: ${cycle.join(' ')}`);
if (unplaced.length > 0) console.log(`not on any floor of eslint.floors.mjs: ${unplaced.join(' ')}`);
