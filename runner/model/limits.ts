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

/**
 * How long an import may take in wall time: its limit (`importMs`) is CPU time, counted by the harness, so a busy
 * machine cannot turn a finite top level into a different grade; this much wall time stops one that waits instead
 * (a sleep, a socket), using little CPU. Ten times the CPU limit: a machine busy enough to give a computing top level
 * less than a tenth of a core is far past what any grading run asks of it.
 */
export const importWallMs = (limits: Limits): number => limits.importMs * 10;

/** The limits that are times; the others (memory, output, processes) never scale. */
const TIME_LIMITS = ['callMs', 'importMs', 'submissionMs', 'programMs', 'promptMs'] as const;

/** No scaled limit goes below this (or below the limit itself), so a busy machine still starts a program in time. */
const SCALED_FLOOR_MS = 2_000;

/**
 * Every time limit multiplied by `factor`, none below two seconds. Only the grader's own test suites use it
 * (CONNECT4_TEST_TIME_SCALE, read in runner/pack/load-spec.ts): a sample whose verdict is "it hangs" need not wait
 * out a limit sized for slow students.
 */
export function scaleTimeLimits(limits: Limits, factor: number): Limits {
  if (factor === 1) return limits;
  const scaled = (ms: number) => Math.max(Math.round(ms * factor), Math.min(ms, SCALED_FLOOR_MS));
  return { ...limits, ...Object.fromEntries(TIME_LIMITS.map((name) => [name, scaled(limits[name])])) };
}

/**
 * The longest a test the grader's own suites pin to hang waits on a call, a program or a prompt
 * (CONNECT4_TEST_HANGS_FOR, read in runner/spec/resolve-spec.ts): its verdict is that it never ends, which half a
 * second shows as well as a minute. The sample's other tests keep their limits (scaled, two seconds at least), so a
 * busy machine cannot turn one of them into a timeout.
 */
export const PINNED_HANG_MS = 500;

/** A pinned hang's limits: calls, programs and prompts PINNED_HANG_MS at most; the rest as they were. */
export function pinnedHangLimits(limits: Limits): Limits {
  const short = (ms: number) => Math.min(ms, PINNED_HANG_MS);
  return { ...limits, callMs: short(limits.callMs), programMs: short(limits.programMs), promptMs: short(limits.promptMs) };
}

/**
 * The kit (and `--stand-ins own`) runs each test on the student's own other parts where the grader uses the
 * document's: a plainly written scoreBoard under a look-ahead costs several times the document's. A limit there is to
 * stop a loop, not to judge speed, so each call's and program's limit is `factor` times the grader's: calibrated on
 * the machine (runner/sandbox/calibrate.ts), 1.25 to 2, so a loop stops within twice the grade's time there.
 */
export function ownPartsLimits(limits: Limits, factor: number): Limits {
  const more = (ms: number) => Math.round(ms * factor);
  return {
    ...limits,
    callMs: more(limits.callMs),
    programMs: more(limits.programMs),
    promptMs: more(limits.promptMs),
    submissionMs: more(limits.submissionMs),
  };
}
