import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const unitDir = fileURLToPath(new URL('./tests/unit/', import.meta.url));

/*
 * Most test files share one module registry (isolate: false): each file otherwise imported the
 * catalogue, the configuration and the messages afresh, some 3 s per file, which was more than half
 * of the unit tests' time (453 s isolated, 179 s shared, on one worker). A file that mocks a module,
 * stubs the environment or a global, or writes process.env needs its own registry, and gets it:
 * the list is read from the files themselves, so a new test that mocks is isolated without a word.
 */
const needsIsolation = /vi\.(mock|doMock|resetModules|stubEnv|stubGlobal)\(|process\.env\.[A-Z_]+ ?=[^=]|@vitest-environment/;
const testFiles = readdirSync(unitDir, { recursive: true, encoding: 'utf8' }).filter((file) => /\.test\.tsx?$/.test(file));
const isolated = testFiles.filter((file) => needsIsolation.test(readFileSync(`${unitDir}${file}`, 'utf8'))).map((file) => `tests/unit/${file}`);

/*
 * Uploads and picture variants a test saves without a folder of its own go to folders of the
 * run's, not to var/uploads and var/image-cache:
 * npm test builds the site beside the unit tests, the build reads through the project's files, and
 * one failed when a test deleted an upload there meanwhile (Turbopack: "could not be resolved
 * because a component does not exist").
 */
const uploadDir = mkdtempSync(path.join(tmpdir(), 'unit-uploads-'));
const imageCacheDir = mkdtempSync(path.join(tmpdir(), 'unit-image-cache-'));

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    environment: 'node',
    env: { UPLOAD_DIR: uploadDir, IMAGE_CACHE_DIR: imageCacheDir },
    // npm test runs the unit tests beside the three production builds, on two cores.
    testTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'isolated', include: isolated } },
      { extends: true, test: { name: 'shared', include: ['tests/unit/**/*.test.{ts,tsx}'], exclude: isolated, isolate: false } },
    ],
  },
});
