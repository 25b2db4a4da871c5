// node scripts/repair-lockfile.mjs
//
// The npm registry mirror of this workplace lacks some platform builds of @next/swc and
// @swc/core (macOS, Windows, some Linux CPUs). `npm install` then leaves them out of
// package-lock.json, and `npm ci` refuses the lock file as out of sync. This adds the missing
// optional platform entries (version from the parent, os and cpu from the package name) so
// that `npm ci` works here and elsewhere. Run it after every `npm install` that changes the lock.
import { readFileSync, writeFileSync } from 'node:fs';

const file = 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8'));
const platform = /-(darwin|linux|win32|freebsd|android)-(x64|arm64|arm|ia32|ppc64|s390x|riscv64)(-|$)/;
let added = 0;

for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const match = platform.exec(name);
    const target = `${location ? `${location}/` : ''}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (!match || lock.packages[target] || lock.packages[hoisted]) continue;
    lock.packages[hoisted] = { version, cpu: [match[2]], optional: true, os: [match[1]] };
    added += 1;
  }
}

lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} missing platform entries added`);
