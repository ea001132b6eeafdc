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
  /** Added: for a test that ran a program, the lines it typed in the session `actual` shows, in order. */
  readonly typed?: readonly string[];
}

/** Added to the contract: who a submission belongs to, when an LMS export says so (Canvas, Gradescope). */
export interface StudentIdentity {
  readonly name: string;
  /** The LMS's own user id (Canvas user id, Gradescope submission's student id). */
  readonly id?: string;
  readonly sisId?: string;
  readonly email?: string;
  readonly late?: boolean;
}

export interface SubmissionResult {
  readonly id: string;
  readonly path: string;
  readonly assignment: string;
  readonly student?: StudentIdentity;
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
  readonly sandbox: {
    readonly python: string;
    readonly network: string;
    readonly notes: readonly string[];
    /** Added: what kept student code in its folder: bubblewrap, namespaces only, or nothing (absent in older files). */
    readonly isolation?: string;
    /** Added: the third-party packages the assignment allows, and how the interpreter provides them. */
    readonly packages?: { readonly allowed: readonly string[]; readonly provided: string };
  };
  /** Added to the contract: what was graded and how, for the class summary's settings (absent in older files). */
  readonly settings?: RunSettings;
  readonly submissions: readonly SubmissionResult[];
}

export interface RunSettings {
  readonly assignment: string;
  readonly title: string;
  /** The spec's default limits (per-test overrides aside), by name: callMs, memoryMb, … */
  readonly limits: Readonly<Record<string, number>>;
  /** Points graded by hand on top of the automatic ones. */
  readonly manualPoints: number;
  readonly only?: string;
  /** Added: `i/n` when this run graded one shard of the submissions (`grade --shard`); `grade merge` removes it. */
  readonly shard?: string;
}
