/**
 * The Node ↔ Python harness protocol, version 7: one JSON line per request and per reply over a socket the student's
 * code does not write to. The Python side is `runner/harness/python/grade_harness/`; a change here is a change there,
 * and the version moves.
 */

import type { PyValue } from '../model/py-value.js';

export const PROTOCOL_VERSION = 7;

/** A place in the harness's namespace: a name, then attribute names or list indexes (`['b', 'slots', 0, 3]`). */
export type TargetPath = readonly [string, ...(string | number)[]];

/** An argument: a plain Python value (the reference's own type for scalars), or a reference to something made earlier in the same test. */
export type Arg =
  | Extract<PyValue, { readonly type: 'int' | 'float' | 'bool' | 'str' | 'none' }>
  | { readonly type: 'list' | 'tuple'; readonly items: readonly Arg[] }
  | { readonly type: 'dict'; readonly entries: readonly (readonly [Arg, Arg])[] }
  | { readonly type: 'ref'; readonly path: TargetPath };

export type HarnessRequest =
  /**
   * `cpuMs`: the top level's limit in CPU time, past which it is stopped where it stands (its definitions kept);
   * `stopAt`: the line a first import was stopped at, where a later one stops at once.
   */
  | {
      readonly op: 'import';
      readonly module: string;
      readonly file: string;
      readonly skip?: boolean;
      readonly cpuMs?: number;
      readonly stopAt?: number;
    }
  | { readonly op: 'fresh'; readonly seed: number }
  /** `quiet`: the value is not serialised (no check reads it); the reply names its class only. */
  | {
      readonly op: 'call';
      readonly target: TargetPath;
      readonly args: readonly Arg[];
      readonly bind?: string;
      readonly inputs?: readonly string[];
      readonly repeat?: number;
      readonly quiet?: boolean;
    }
  | { readonly op: 'get'; readonly target: TargetPath; readonly bind?: string; readonly quiet?: boolean }
  | { readonly op: 'set'; readonly target: TargetPath; readonly value: Arg }
  | { readonly op: 'repr'; readonly target: TargetPath }
  /**
   * One statement of a course's own test (a pack's `calls`, runner/pack/own-tests.ts), Python as the course wrote it,
   * run in the test's namespace (grade_harness/course_code.py); `value`: an expression whose value is the reply's.
   * The expected value never comes with it.
   */
  | {
      readonly op: 'exec';
      readonly source: string;
      readonly value?: boolean;
      readonly inputs?: readonly string[];
      readonly quiet?: boolean;
    }
  /**
   * Rebinds `name` in the namespace to a double of the student's class: `kind` names one of the assignment's
   * doubles (runner/assignments/<id>/doubles.py, `DOUBLES`), such as the document's Board; or `memo`, the harness's
   * own: the student's class whose methods in `keep` answer each state once (grade_harness/memo.py, the kit's).
   */
  | {
      readonly op: 'double';
      readonly kind: string;
      readonly name: string;
      /** The student's own methods the double keeps (the one under test); the others are the document's. */
      readonly keep?: readonly string[];
      /** Rebind the name in the student's modules too, until the next `fresh`, so the code under test makes doubles. */
      readonly inModules?: boolean;
    }
  /**
   * Replaces functions in the namespace and in every student module's globals with the stand-ins of `kind` (the
   * assignment's `FUNCTION_DOUBLES`) until the next `fresh`. A tool kind (`names` empty) only puts the grader's
   * tools in the namespace (never in the student's modules) under capitalised names: workspace files read and
   * written, docstrings listed, a state's children as plain tuples, a search judged beside a full-window minimax.
   */
  | { readonly op: 'double'; readonly kind: string; readonly names: readonly string[] }
  /** From now on each request but import and program runs in a child forked from the harness as it is now. */
  | { readonly op: 'fork' }
  /** A whole program in a child forked from a harness that has only imported (runner/harness/program-server.ts). */
  | { readonly op: 'program'; readonly program: ProgramRequest };

/** One program run by a program server: program mode's call, with the terminal run's script and limits. */
export interface ProgramRequest {
  readonly call: unknown;
  readonly answers: readonly string[];
  readonly askMarker: string;
  readonly seed: number;
  readonly promptMs: number;
  readonly programMs: number;
  readonly maxChars: number;
  readonly aiMoves?: readonly string[];
  readonly stateMarker?: string;
  /** Classes swapped for the document's versions before the call (a game replayed without a part's known bug). */
  readonly replace?: readonly ClassReplacement[];
}

/**
 * A student class swapped for its double (`doubles.py`'s kind), keeping the student's own methods in `keep`; or,
 * with `names`, those functions swapped for the ones of the function set `kind` (Manchester's document functions).
 */
export type ClassReplacement =
  | { readonly kind: string; readonly name: string; readonly keep?: readonly string[] }
  | { readonly kind: string; readonly names: readonly string[] };

/** How a forked program went: its output (answers echoed after each prompt's marker) and how it ended. */
export interface ProgramReply {
  readonly output: string;
  readonly truncated: boolean;
  /** input() calls, the one answered with end-of-input included. */
  readonly asks: number;
  readonly durationMs: number;
  readonly exitCode?: number;
  readonly signal?: number;
  /** Which timer ran out: the first question's, the next question's after `sent` answers, the whole run's, or none: `ended`, it asked again after its end of input (a terminal would wait until the whole run's). */
  readonly timedOut?: { readonly kind: 'first' | 'after' | 'total' | 'ended'; readonly sent: number };
}

/** A value as the student's code produced it, types kept. Beyond plain values: big ints, NaN, sets, objects. */
export type ObservedValue =
  | { readonly type: 'int'; readonly value: number }
  | { readonly type: 'int'; readonly value: string; readonly big: true }
  | { readonly type: 'float'; readonly value: number | string }
  | { readonly type: 'bool'; readonly value: boolean }
  | { readonly type: 'str'; readonly value: string; readonly truncated?: boolean }
  | { readonly type: 'none' }
  | { readonly type: 'list' | 'tuple' | 'set'; readonly items: readonly ObservedValue[]; readonly truncated?: boolean }
  | { readonly type: 'dict'; readonly entries: readonly (readonly [ObservedValue, ObservedValue])[]; readonly truncated?: boolean }
  | { readonly type: 'object'; readonly class: string; readonly repr: string; readonly attrs?: Readonly<Record<string, ObservedValue>> };

/** One frame of a traceback, in the student's own files only. */
export interface StudentFrame {
  readonly file: string;
  readonly line: number;
  readonly function: string;
  readonly code: string;
}

export interface StudentException {
  readonly type: string;
  /** The exception's classes from the most derived, `ValueError` and `Exception` among them for a subclass. */
  readonly bases?: readonly string[];
  readonly message: string;
  readonly frames: readonly StudentFrame[];
  /** The name it is about, where Python records one: the module an ImportError names, the name a NameError names. */
  readonly name?: string;
  /** What a grader's double says of it, as data (CS61A's barrier: the board `indexed`, `assigned into`, …). */
  readonly fact?: string;
}

interface CallRecord {
  readonly durationMs: number;
  /** What the call printed, with each scripted answer echoed after its prompt as a terminal shows it. */
  readonly stdout: string;
  /** Characters printed beyond the harness's cap and dropped. */
  readonly stdoutDropped?: number;
  /** The prompts passed to input(), in order. */
  readonly prompts: readonly string[];
  /** Scripted answers the call did not read. */
  readonly inputsLeft: number;
}

/** An import of another accepted name of a role's file, as the harness resolved it: [the name imported, the module it got]. */
export type FormerName = readonly [string, string];

/** What the harness says back to one request. `internal` is the harness's own failure, never the student's. */
export type HarnessReply =
  | ({
      readonly ok: true;
      readonly value: ObservedValue;
      readonly defined?: readonly string[];
      readonly formerNames?: FormerName[];
    } & CallRecord)
  | ({
      readonly ok: false;
      readonly exception: StudentException;
      readonly defined?: readonly string[];
      readonly formerNames?: FormerName[];
    } & CallRecord)
  | { readonly ok: false; readonly internal: string };

/** Said by the serving process for a test's child (after `fork`): the request ran out of time, or the child died. */
export type ChildEnding =
  | { readonly ok: false; readonly timedOut: number }
  | { readonly ok: false; readonly crashed: { readonly exitCode?: number; readonly signal?: number } };

export interface ReadyMessage {
  readonly op: 'ready';
  readonly version: number;
  readonly python: string;
  readonly notes: readonly string[];
}

/** Checks a line from the harness has the reply shape; anything else means the channel was corrupted. */
export function parseReply(line: string): { id: number; reply: HarnessReply | ChildEnding } | { error: string } {
  let data: unknown;
  try {
    data = JSON.parse(line);
  } catch {
    return { error: `the harness sent a line that is not JSON: ${line.slice(0, 120)}` };
  }
  if (typeof data !== 'object' || data === null) return { error: 'the harness sent a reply that is not an object' };
  const record = data as Record<string, unknown>;
  if (typeof record['id'] !== 'number') return { error: 'the harness sent a reply without a numeric id' };
  if (typeof record['ok'] !== 'boolean') return { error: `reply ${record['id']} has no ok flag` };
  if (
    record['ok'] === false &&
    typeof record['internal'] !== 'string' &&
    typeof record['exception'] !== 'object' &&
    typeof record['timedOut'] !== 'number' &&
    typeof record['crashed'] !== 'object'
  ) {
    return { error: `reply ${record['id']} failed without saying why` };
  }
  return { id: record['id'], reply: data as HarnessReply | ChildEnding };
}

export function isReady(data: unknown): data is ReadyMessage {
  return typeof data === 'object' && data !== null && (data as Record<string, unknown>)['op'] === 'ready';
}
