import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    // npm test runs the unit tests beside the builds and the browser tests on two cores.
    testTimeout: 60_000,
    // Vitest's default, one worker fewer than the cores, runs one file at a time on two cores.
    // Many files wait more than they compute (child processes, PostgreSQL, SMTP sinks), and no
    // two files share a database (each store is a fresh SQLite memory database or PostgreSQL
    // schema) or a port (every server listens on port 0), so one file per core runs side by side.
    maxWorkers: availableParallelism(),
  },
});
