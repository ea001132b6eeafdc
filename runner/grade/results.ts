/**
 * The results.json contract of DESIGN.md: these field names are read by other tools and do not change. Reporters
 * read only this shape.
 */
export type TestStatus = 'pass' | 'fail' | 'error' | 'timeout' | 'skipped';

export interface TestResult {
  readonly id: string;
  readonly name: string;
  readonly group: string;
  readonly target: string;
  readonly status: TestStatus;
  readonly score: number;
  readonly maxScore: number;
  readonly visibility: 'visible' | 'hidden';
  readonly message: string;
  readonly expected?: string;
  readonly actual?: string;
  readonly reproduce?: string;
}

export interface SubmissionResult {
  readonly id: string;
  readonly path: string;
  readonly assignment: string;
  readonly status: 'graded' | 'error';
  readonly error?: string;
  readonly score: number;
  readonly maxScore: number;
  readonly durationMs: number;
  readonly tests: readonly TestResult[];
}

export interface RunResults {
  readonly tool: { readonly name: string; readonly version: string };
  readonly generatedAt: string;
  readonly seed: number;
  /** Added to the contract: what isolation the run had, so a report can say when a layer was missing. */
  readonly sandbox: { readonly python: string; readonly network: string; readonly notes: readonly string[] };
  readonly submissions: readonly SubmissionResult[];
}
