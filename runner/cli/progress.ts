/**
 * The progress while submissions are graded: on a terminal, one line rewritten in place (a bar, done / total, the
 * time so far and the slowest submission still running); plain lines, one per finished submission, when the output
 * is a file, a pipe or CI's log. A check of one submission counts its tests instead, and names the one running.
 */
import type { SubmissionResult } from '../model/results.js';
import type { Colors } from './colors.js';
import type { Io } from './io.js';

const BAR_WIDTH = 24;

/** `████████░░░░░░░░` for done out of total. */
export function progressBar(done: number, total: number, width = BAR_WIDTH): string {
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return '█'.repeat(filled) + '░'.repeat(width - filled);
}

export interface Progress {
  started(id: string): void;
  finished(id: string, result: SubmissionResult): void;
  done(): void;
}

/** A time as the terminal shows it: `1.3 s`. */
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

export function createProgress(io: Io, total: number, quiet: boolean, colors: Colors): Progress {
  const live = io.isTTY && !io.env['CI'];
  const running = new Map<string, number>();
  const begun = performance.now();
  let finished = 0;
  const draw = () => {
    if (!live) return;
    const slowest = [...running.entries()].sort((a, b) => a[1] - b[1])[0];
    const still = slowest ? `  slowest running: ${slowest[0]} (${seconds(performance.now() - slowest[1])})` : '';
    io.err(
      `\r\x1b[K${colors.green(progressBar(finished, total))} ${finished}/${total}  ${seconds(performance.now() - begun)}${colors.dim(still)}`,
    );
  };
  const timer = live ? setInterval(draw, 250) : undefined;
  timer?.unref();
  return {
    started(id) {
      running.set(id, performance.now());
      draw();
    },
    finished(id, result) {
      running.delete(id);
      finished++;
      if (quiet) return;
      if (live) {
        draw();
        return;
      }
      io.err(
        `[${finished}/${total}] ${id}: ${result.score}/${result.maxScore}${result.status === 'error' ? ' (error)' : ''} in ${seconds(result.durationMs)}\n`,
      );
    },
    done() {
      if (timer) clearInterval(timer);
      if (live) io.err('\r\x1b[K');
    },
  };
}

export interface CheckProgress {
  testStarted(name: string): void;
  testFinished(): void;
  done(): void;
}

/** Wide enough for the line to fit an 80-column terminal, which a line rewritten in place must not overflow. */
const CHECK_LINE = 78;
const CHECK_BAR = 12;

/**
 * The check's line: `████░░░░ 7/20  1.3 s  suggestMove2 is better than…`, the running test's name cut to fit. A
 * student waiting on their own code's games sees which test that is.
 */
export function checkProgressLine(
  done: number,
  total: number,
  elapsedMs: number,
  running: string | undefined,
): { bar: string; text: string; now: string } {
  const bar = progressBar(done, total, CHECK_BAR);
  const text = ` ${done}/${total}  ${seconds(elapsedMs)}`;
  const room = CHECK_LINE - bar.length - text.length - 2;
  // Cut by characters, not UTF-16 units, so no character is split.
  const name = [...(running ?? '')];
  const now = name.length === 0 ? '' : `  ${name.length <= room ? name.join('') : `${name.slice(0, room - 1).join('')}…`}`;
  return { bar, text, now };
}

/** The check's progress on a terminal (nothing elsewhere: the report follows at once). */
export function createCheckProgress(io: Io, total: number, colors: Colors, begun = performance.now()): CheckProgress {
  const live = io.isTTY && !io.env['CI'];
  let done = 0;
  let running: string | undefined;
  const draw = () => {
    if (!live) return;
    const line = checkProgressLine(done, total, performance.now() - begun, running);
    io.err(`\r\x1b[K${colors.green(line.bar)}${line.text}${colors.dim(line.now)}`);
  };
  const timer = live ? setInterval(draw, 250) : undefined;
  timer?.unref();
  return {
    testStarted(name) {
      running = name;
      draw();
    },
    testFinished() {
      done++;
      running = undefined;
    },
    done() {
      if (timer) clearInterval(timer);
      if (live) io.err('\r\x1b[K');
    },
  };
}
