/*
 * CI shows only the last lines of this command's output. A failed step's block is printed when it
 * ends, long before them, so the lines that name the failure are printed again last: the failing
 * test files and tests, and for an unhandled error its message and the file it came from.
 */
const maxFailureLines = 12;

/** The lines of a failed step's output that say what failed, at most a dozen. */
export function failureLines(output: string): string[] {
  const lines = output
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim());
  // An unhandled error first (its message, then the file it came from).
  const unhandled = lines.flatMap((line, index) =>
    /^⎯+ Unhandled (Error|Rejection) ⎯+$/.test(line) ? [lines.slice(index + 1).find((next) => next !== '') ?? ''] : /originated in/.test(line) ? [line] : [],
  );
  // Vitest's FAIL lines name the file and the test; a step without them has its ✗ or × lines, the type check its errors.
  const failing = lines.filter((line) => /^FAIL\b/.test(line));
  const marked = lines.filter((line) => /^[✗×]\s|error TS\d+:/.test(line));
  // The loopback scripts end with "test:crm-live FAILED: <why>" or "<n> check(s) failed (…):", the
  // reasons on the lines below.
  const scripted = lines.flatMap((line, index) => (/^[\w:-]+ FAILED: |^\d+ check\(s\) failed/.test(line) ? lines.slice(index, index + 5) : []));
  return [...new Set([...unhandled, ...failing, ...marked, ...scripted])]
    .filter((line) => line !== '')
    .slice(0, maxFailureLines)
    .map((line) => (line.length > 220 ? `${line.slice(0, 220)}…` : line));
}

/** What Playwright's JSON reporter writes that this reads: the suites and the failed results' errors. */
type ReportSpec = { title: string; file: string; line: number; tests: { projectName: string; results: { status: string; error?: { message?: string } }[] }[] };
type ReportSuite = { specs?: ReportSpec[]; suites?: ReportSuite[] };

const errorLinesPerTest = 4;

/**
 * The browser tests' failures from Playwright's JSON report: each failed test's file, project and
 * title, then the first lines of its error (the list reporter prints them minutes before the end).
 */
export function playwrightFailureLines(report: { suites?: ReportSuite[] }): string[] {
  const specs = (suites: ReportSuite[] = []): ReportSpec[] => suites.flatMap((suite) => [...(suite.specs ?? []), ...specs(suite.suites)]);
  const lines = specs(report.suites).flatMap((spec) =>
    spec.tests.flatMap((test) => {
      const failure = test.results.find((result) => result.status === 'failed' || result.status === 'timedOut');
      if (!failure) return [];
      const message = (failure.error?.message ?? failure.status)
        .replace(/\u001b\[[0-9;]*m/g, '')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '')
        .slice(0, errorLinesPerTest);
      return [`✗ [${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}`, ...message.map((line) => `    ${line}`)];
    }),
  );
  return lines.slice(0, 3 * maxFailureLines).map((line) => (line.length > 220 ? `${line.slice(0, 220)}…` : line));
}
