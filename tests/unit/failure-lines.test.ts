import { describe, expect, it } from 'vitest';
import { failureLines, playwrightFailureLines } from '../../tooling/test/support/failure-lines';

/*
 * npm test repeats, at the very end of its output, the lines that say what failed (CI shows only
 * the last lines). The outputs below are fragments of real ones, colour codes included.
 */

const red = (text: string) => `\u001b[31m${text}\u001b[39m`;

const vitestOutput = [
  ` \u001b[32m✓\u001b[39m tests/unit/listing-store.test.ts (12 tests) 840ms`,
  ` \u001b[31m×\u001b[39m hands back a claimed job on stop: another instance claims it at once, not after the lease 15692ms`,
  `\u001b[41m\u001b[1m FAIL \u001b[22m\u001b[49m tests/unit/outbox-stop.test.ts\u001b[2m > \u001b[22mon 'sqlite'\u001b[2m > \u001b[22mhands back a claimed job on stop`,
  `AssertionError: expected 0 to be 1`,
  red('⎯⎯⎯⎯⎯⎯') + '\u001b[1m\u001b[41m Unhandled Errors \u001b[49m\u001b[22m' + red('⎯⎯⎯⎯⎯⎯'),
  '',
  red('⎯⎯⎯⎯') + '\u001b[1m\u001b[41m Unhandled Rejection \u001b[49m\u001b[22m' + red('⎯⎯⎯⎯⎯'),
  `\u001b[31m\u001b[1mError\u001b[22m: driver has already been destroyed\u001b[39m`,
  `\u001b[90m \u001b[2m❯\u001b[22m RuntimeDriver.acquireConnection node_modules/kysely/dist/esm/driver/runtime-driver.js:39:19\u001b[39m`,
  red(`This error originated in "\u001b[1mtests/unit/outbox-stop.test.ts\u001b[22m" test file. It doesn't mean the error was thrown inside the file itself, but while it was running.`),
  ` Test Files  1 failed | 88 passed (89)`,
  `      Errors  1 error`,
].join('\n');

describe('what a failed step of npm test repeats at the end', () => {
  it('names an unhandled error and the file it came from first, then the failing tests', () => {
    expect(failureLines(vitestOutput)).toEqual([
      'Error: driver has already been destroyed',
      `This error originated in "tests/unit/outbox-stop.test.ts" test file. It doesn't mean the error was thrown inside the file itself, but while it was running.`,
      "FAIL  tests/unit/outbox-stop.test.ts > on 'sqlite' > hands back a claimed job on stop",
      '× hands back a claimed job on stop: another instance claims it at once, not after the lease 15692ms',
    ]);
  });

  it('gives the type check its errors, keeps a dozen lines of at most 220 characters, and nothing for a clean output', () => {
    const typecheck = Array.from({ length: 20 }, (_, index) => `lib/x.ts(${index + 1},3): error TS2322: Type 'string' is not assignable to type 'number'.${'!'.repeat(300)}`).join('\n');
    const lines = failureLines(typecheck);
    expect(lines).toHaveLength(12);
    expect(lines[0]).toMatch(/^lib\/x\.ts\(1,3\): error TS2322: Type 'string'/);
    expect(lines.every((line) => line.length <= 221)).toBe(true);
    expect(failureLines('✓ check:data: 3.5 s\nall good\n')).toEqual([]);
  });

  it("gives a loopback script's failure and the reasons below it", () => {
    const output = 'building…\ntest:crm-live FAILED: the change on 3710 not within 60 s:\n  3710 sitemap: deleted listing\n  3710 /nl/x/4000011/: answers 200\n';
    expect(failureLines(output)).toEqual(['test:crm-live FAILED: the change on 3710 not within 60 s:', '3710 sitemap: deleted listing', '3710 /nl/x/4000011/: answers 200']);
    expect(failureLines('\n2 check(s) failed (logs in var/multi/):\n  one\n  two\n')).toEqual(['2 check(s) failed (logs in var/multi/):', 'one', 'two']);
  });
});

describe("what npm test repeats of the browser tests' failures", () => {
  // The shape of Playwright's JSON report (reporter 'json'): files, describes, specs, results.
  const report = {
    suites: [
      {
        title: 'alerts.spec.ts',
        specs: [
          {
            title: "the searcher's space works without JavaScript (fr)",
            file: 'alerts.spec.ts',
            line: 211,
            tests: [
              {
                projectName: 'site',
                results: [
                  {
                    status: 'failed',
                    error: {
                      message: `\u001b[31mError: expect(locator).toHaveText(expected) failed\u001b[39m\n\nLocator: locator('h1')\nExpected: "Confirmé"\nReceived: "Lien expiré"\nTimeout: 10000ms`,
                    },
                  },
                ],
              },
            ],
          },
          { title: 'passes', file: 'alerts.spec.ts', line: 300, tests: [{ projectName: 'site', results: [{ status: 'passed' }] }] },
        ],
        suites: [{ title: 'nested', specs: [{ title: 'times out', file: 'alerts.spec.ts', line: 12, tests: [{ projectName: 'german', results: [{ status: 'timedOut' }] }] }] }],
      },
    ],
  };

  it('names each failed test with its project, file and line, then the first lines of its error', () => {
    expect(playwrightFailureLines(report)).toEqual([
      "✗ [site] alerts.spec.ts:211 › the searcher's space works without JavaScript (fr)",
      '    Error: expect(locator).toHaveText(expected) failed',
      "    Locator: locator('h1')",
      '    Expected: "Confirmé"',
      '    Received: "Lien expiré"',
      '✗ [german] alerts.spec.ts:12 › times out',
      '    timedOut',
    ]);
  });

  it('says nothing for a run without failures', () => {
    expect(playwrightFailureLines({ suites: [] })).toEqual([]);
  });
});
