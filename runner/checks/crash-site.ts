/**
 * Where a program's run crashed, read from the traceback Python printed: the exception's type and the line of the
 * program's own top level it came through (the outermost frame: `play()` calling loadGame unguarded, the set-up
 * reading an answer). Two sessions that crash with the same type through the same line crashed through one mistake.
 */
import { TRACEBACK } from './programs.js';

export interface CrashSite {
  readonly type: string;
  readonly file: string;
  readonly line: number;
  /** The innermost frame: the line the exception was raised at. */
  readonly innermost: { readonly file: string; readonly line: number };
}

export function crashSite(transcript: string): CrashSite | undefined {
  const at = transcript.lastIndexOf(TRACEBACK);
  if (at < 0) return undefined;
  const lines = transcript
    .slice(at)
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l !== '');
  const frames = lines.flatMap((l) => {
    const frame = /^\s*File "([^"]+)", line (\d+)/u.exec(l);
    return frame ? [{ file: frame[1]!.split(/[\\/]/u).at(-1)!, line: Number(frame[2]) }] : [];
  });
  // The exception's line follows the frames: `ValueError: invalid literal…`, or a bare `EOFError`.
  const type = lines
    .slice(1)
    .reverse()
    .map((l) => /^([A-Za-z_][\w.]*)(?::|$)/u.exec(l)?.[1])
    .find((t) => t !== undefined && /(Error|Exception|Interrupt|Exit)$/u.test(t));
  const outermost = frames[0];
  return outermost && type ? { type, ...outermost, innermost: frames.at(-1)! } : undefined;
}

/**
 * Whether a run crashed before any of the program's own code ran: a traceback with no frame of the student's files
 * (the entry itself missing, `'Board' object has no attribute 'playGame'`), so no part the game uses was reached.
 */
export function crashedBeforeOwnCode(transcript: string): boolean {
  const at = transcript.lastIndexOf(TRACEBACK);
  if (at < 0) return false;
  const lines = transcript
    .slice(at)
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l !== '');
  return !lines.some((l) => /^\s*File "/u.test(l)) && lines.slice(1).some((l) => /^[A-Za-z_][\w.]*(Error|Exception)(:|$)/u.test(l));
}

export const crashKey = (site: CrashSite): string => `${site.type} at ${site.file} line ${site.line}`;

/**
 * Whether a run that ended in EOFError did so asking one question over and over (a set-up that refuses the answers it
 * is given): only then is running out of input a crash of its own. Otherwise it only says the game needed more moves
 * than the script typed, which any of several mistakes can cause. `marked` is the transcript with its ask markers.
 */
export function askedTheSameAgain(marked: string, marker: string, times = 3): boolean {
  const prompts = marked
    .split(marker)
    .slice(0, -1)
    .map((segment) => segment.split('\n').at(-1)!.trim());
  const last = prompts.slice(-times);
  return last.length === times && last.every((p) => p === last[0] && p !== '');
}
