/*
 * npx tsx tooling/test/check-build-trace.ts <distDir>
 *
 * The files Next.js's tracer lists for each server route of a build (`*.nft.json`) must be the
 * code and data the route runs with, never what the site writes at run time (var/: uploads,
 * databases, the generated secret, the picture cache) nor the repository's tests and tooling. A
 * path the tracer could not know (a function's argument, a folder from the environment) was once
 * taken for the whole project: every file of the repository was listed, and a build failed when a
 * test deleted an upload while the tracer read the folder. `turbopackIgnore` marks such paths.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const distDir = process.argv[2];
if (!distDir) {
  console.error('usage: check-build-trace.ts <distDir>');
  process.exit(2);
}
const root = process.cwd();
const forbidden = ['var', 'tests', 'tooling', 'docs', 'test-results', 'demo-data', '.git'];
const traceSchema = z.object({ files: z.array(z.string()) });

const traces = readdirSync(path.join(distDir, 'server'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.nft.json'));
const problems: string[] = [];
for (const trace of traces) {
  const file = path.join(distDir, 'server', trace);
  const listed = traceSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).files.map((entry) => path.relative(root, path.resolve(path.dirname(file), entry)));
  const wrong = listed.filter((entry) => forbidden.includes(entry.split(path.sep)[0] ?? '') || (/^\.next/.test(entry.split(path.sep)[0] ?? '') && !entry.startsWith(distDir)));
  if (wrong.length > 0) problems.push(`${trace}: ${wrong.length} file(s) that are no code of the route, such as ${wrong.slice(0, 3).join(', ')}`);
}
if (traces.length === 0) problems.push(`no *.nft.json under ${distDir}/server: is it a build?`);
if (problems.length > 0) {
  console.error(`The build's traces list files the routes never run with (mark the path turbopackIgnore):\n${problems.map((line) => `  ${line}`).join('\n')}`);
  process.exit(1);
}
console.log(`${traces.length} route traces of ${distDir}: none lists run-time data (var/), tests, tooling or docs.`);
