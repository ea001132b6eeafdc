/**
 * Every limit the sandbox applies, with its named default. A spec may override any of them per assignment or per
 * test; resolution happens once, when the spec is loaded, so nothing downstream writes `?? default`.
 */
export interface Limits {
  /** One harness request (a call, an attribute read, a repr). */
  readonly callMs: number;
  /** Importing one student module, including whatever it runs at import time. */
  readonly importMs: number;
  /** All of one submission's tests together; what is left when it runs out is reported as `timeout`. */
  readonly submissionMs: number;
  /** A program run through the pseudo-terminal, start to exit. */
  readonly programMs: number;
  /** Waiting for the next prompt of a program after sending a line. */
  readonly promptMs: number;
  /** Address space of each Python process. */
  readonly memoryMb: number;
  /** Largest file the student's code may write. */
  readonly fileSizeMb: number;
  /** Processes (and threads) the student's code may have at once. */
  readonly processes: number;
  /** Characters of output kept per call or per program; the rest is counted and dropped. */
  readonly outputChars: number;
}

export const DEFAULT_LIMITS: Limits = {
  callMs: 5_000,
  importMs: 10_000,
  submissionMs: 600_000,
  programMs: 30_000,
  promptMs: 5_000,
  memoryMb: 1_024,
  fileSizeMb: 16,
  processes: 32,
  outputChars: 262_144,
};

export function resolveLimits(...layers: readonly (Partial<Limits> | undefined)[]): Limits {
  return Object.assign({}, DEFAULT_LIMITS, ...layers.filter(Boolean)) as Limits;
}
