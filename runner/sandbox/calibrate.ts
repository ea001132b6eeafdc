/**
 * The kit's limits, calibrated on the machine it runs on. The kit runs each test on the student's own other parts
 * where the grader uses the document's, which costs more (a plain Board under a look-ahead), so its calls and programs
 * get more time than the grader's; but a limit is there to stop a loop, and a student waiting on one should wait no
 * more than twice what the grade waits on the same machine. So the factor is at most 2, and below that it follows
 * how quick this machine is right now: a short timed run of Python (a win check over a board, the kind of work the
 * student's own parts add; about 35 ms on the machine the limits were sized on) at the kit's start, run beside the
 * sandbox's probe and kept for ten minutes in the grader's cache folder, so a check run again, or --watch, does not
 * pay it again. A machine as quick as that one gets 1.5 times the grader's limits; one slower, or busy (two CPU hogs
 * make the run about twice as long), gets up to 2; one quicker, down to 1.25.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadExeca } from './load-execa.js';
import { cacheFolder } from './python-packages.js';

/** The timed run's milliseconds on the machine the grader's limits were sized on (2 cores, CPython 3.11, idle). */
export const REFERENCE_MS = 35;
export const FACTOR_AT_REFERENCE = 1.5;
export const MIN_FACTOR = 1.25;
/** The most the kit waits beyond the grader: a loop stops within twice the grade's time on the same machine. */
export const MAX_FACTOR = 2;
/** How long a calibration is kept. */
export const CALIBRATION_TTL_MS = 10 * 60_000;

/** The workload, timed inside Python so the interpreter's start is not counted: it prints its milliseconds. */
export const CALIBRATION_SCRIPT = [
  'import time',
  'def wins(b, c):',
  '    for r in range(6):',
  '        for k in range(7):',
  '            if b[r][k] != c: continue',
  '            for dr, dk in ((0, 1), (1, 0), (1, 1), (1, -1)):',
  '                n = 1',
  '                while n < 4 and 0 <= r + n * dr < 6 and 0 <= k + n * dk < 7 and b[r + n * dr][k + n * dk] == c: n += 1',
  '                if n == 4: return True',
  '    return False',
  "b = [[' '] * 7 for _ in range(6)]",
  'for i, col in enumerate([3, 2, 4, 3, 1, 5, 0, 6, 2, 4, 3, 1]):',
  "    r = max(r for r in range(6) if b[r][col] == ' ')",
  "    b[r][col] = 'XO'[i % 2]",
  't = time.perf_counter()',
  'for _ in range(1500):',
  "    wins(b, 'X'); wins(b, 'O')",
  'print(round((time.perf_counter() - t) * 1000, 3))',
].join('\n');

/** The factor for a timed run of `ms`: FACTOR_AT_REFERENCE at REFERENCE_MS, in proportion, within MIN_FACTOR..MAX_FACTOR. */
export function factorFor(ms: number): number {
  const factor = (FACTOR_AT_REFERENCE * ms) / REFERENCE_MS;
  return Math.round(Math.min(MAX_FACTOR, Math.max(MIN_FACTOR, Number.isFinite(factor) ? factor : MAX_FACTOR)) * 100) / 100;
}

export interface Calibration {
  /** The kit's limits are the grader's times this (calls, prompts, programs, the submission's budget). */
  readonly factor: number;
  /** The timed run's milliseconds, and whether they came from the cache. */
  readonly ms: number;
  readonly cached: boolean;
}

interface Cached {
  readonly python: string;
  readonly ms: number;
  readonly at: number;
}

const file = (env: NodeJS.ProcessEnv) => join(cacheFolder(env), 'calibration.json');

function readCached(python: string, env: NodeJS.ProcessEnv, now: number): Cached | undefined {
  try {
    const kept = (JSON.parse(readFileSync(file(env), 'utf8')) as Cached[]).find((c) => c.python === python);
    return kept && now - kept.at >= 0 && now - kept.at < CALIBRATION_TTL_MS && kept.ms > 0 ? kept : undefined;
  } catch {
    return undefined;
  }
}

function writeCached(entry: Cached, env: NodeJS.ProcessEnv): void {
  try {
    let kept: Cached[] = [];
    try {
      kept = (JSON.parse(readFileSync(file(env), 'utf8')) as Cached[]).filter((c) => c.python !== entry.python);
    } catch {
      // none yet, or unreadable: written anew
    }
    mkdirSync(cacheFolder(env), { recursive: true });
    const temp = `${file(env)}.${process.pid}`;
    writeFileSync(temp, `${JSON.stringify([...kept.slice(-7), entry])}\n`);
    renameSync(temp, file(env));
  } catch {
    // A cache that cannot be written costs the next check the timed run again, nothing more.
  }
}

const made = new Map<string, Promise<Calibration>>();

/**
 * The calibration for `python` (once per process; from the cache when it is younger than ten minutes).
 * CONNECT4_OWN_PARTS_FACTOR fixes the factor instead (within 1..MAX_FACTOR). A timed run that fails gives the most.
 */
export function calibrate(python: string, env: NodeJS.ProcessEnv = process.env): Promise<Calibration> {
  const fixed = Number(env['CONNECT4_OWN_PARTS_FACTOR']);
  if (env['CONNECT4_OWN_PARTS_FACTOR'] !== undefined && Number.isFinite(fixed))
    return Promise.resolve({ factor: Math.min(MAX_FACTOR, Math.max(1, fixed)), ms: 0, cached: false });
  let calibration = made.get(python);
  if (!calibration) made.set(python, (calibration = measureCalibration(python, env)));
  return calibration;
}

/** The calibration from the cache, or timed now and kept (what `calibrate` does once per process). */
export async function measureCalibration(python: string, env: NodeJS.ProcessEnv): Promise<Calibration> {
  const now = Date.now();
  const cached = readCached(python, env, now);
  if (cached) return { factor: factorFor(cached.ms), ms: cached.ms, cached: true };
  const execa = await loadExeca();
  const ran = await execa(python, ['-I', '-S', '-c', CALIBRATION_SCRIPT], { reject: false, timeout: 20_000 });
  const ms = Number(String(ran.stdout).trim());
  if (ran.exitCode !== 0 || !(ms > 0)) return { factor: MAX_FACTOR, ms: Number.NaN, cached: false };
  writeCached({ python, ms, at: now }, env);
  return { factor: factorFor(ms), ms, cached: false };
}
