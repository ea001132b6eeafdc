/**
 * results.jsonl: each graded submission appended the moment it is done, after a header that says what the run was
 * (tool version, seed, spec, test filter, shard). A stopped run keeps everything but the submissions in flight, and
 * `grade --resume` reuses what a matching header says was graded with the same files.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { ResolvedSpec } from '../model/spec-types.js';
import type { Submission } from '../layout/layout.js';
import type { SubmissionResult, TestFingerprint } from '../model/results.js';

export const JOURNAL_FILE = 'results.jsonl';

export interface JournalHeader {
  readonly kind: 'run';
  readonly tool: string;
  readonly version: string;
  readonly assignment: string;
  readonly seed: number;
  /** The spec and fixtures as resolved: a changed test, point or case makes old results stale. */
  readonly spec: string;
  /** Each test's fingerprints, so a resume refused for a changed spec (or pack) names the tests that changed. */
  readonly tests?: Readonly<Record<string, TestFingerprint>>;
  readonly only: string | null;
  readonly shard: string | null;
  readonly visibleOnly: boolean;
  /** `grade mutants`: each test stopped at its first failing case. */
  readonly firstFailure?: boolean;
  /** `grade --strength`: the 0-point AI strength tests were run too. */
  readonly strength?: boolean;
}

interface JournalEntry {
  readonly kind: 'submission';
  /** The submission's id and a hash of its files: an edited submission is graded again. */
  readonly key: string;
  readonly result: SubmissionResult;
}

export class ResumeError extends Error {}

export function specFingerprint(spec: ResolvedSpec): string {
  return createHash('sha256').update(JSON.stringify(spec)).digest('hex').slice(0, 16);
}

/** Per test, a hash of its definition and one of its fixture cases: what `grade compare` reads to say why. */
export function testFingerprints(spec: ResolvedSpec): Record<string, TestFingerprint> {
  const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);
  return Object.fromEntries(
    spec.tests.map(({ fixtureCases, ...definition }) => [definition.id, { definition: hash(definition), cases: hash(fixtureCases) }]),
  );
}

/** ": tests changed: a, b; added: c; removed: d", from two runs' fingerprints (nothing when either has none). */
export function changedTests(before: JournalHeader['tests'], now: JournalHeader['tests']): string {
  if (!before || !now) return '';
  const changed = Object.keys(now).filter((id) => before[id] && JSON.stringify(before[id]) !== JSON.stringify(now[id]));
  const added = Object.keys(now).filter((id) => !before[id]);
  const removed = Object.keys(before).filter((id) => !now[id]);
  const list = (ids: string[]) => `${ids.slice(0, 6).join(', ')}${ids.length > 6 ? ` and ${ids.length - 6} more` : ''}`;
  const parts = [
    changed.length > 0 && `tests changed: ${list(changed)}`,
    added.length > 0 && `added: ${list(added)}`,
    removed.length > 0 && `removed: ${list(removed)}`,
  ].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}

/** The hash part of a submission's key: its files. */
export const filesHashOf = (key: string): string => key.slice(key.lastIndexOf(':') + 1);

export function submissionKey(submission: Submission): string {
  const hash = createHash('sha256');
  for (const file of [...submission.files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    hash.update(`${file.name}\0`);
    try {
      hash.update(readFileSync(file.source));
    } catch {
      hash.update('\0unreadable\0');
    }
    hash.update('\0');
  }
  return `${submission.id}:${hash.digest('hex').slice(0, 16)}`;
}

export class Journal {
  private constructor(
    private readonly path: string,
    /** Results a resumed run takes over, by key. */
    readonly done: ReadonlyMap<string, SubmissionResult>,
  ) {}

  /**
   * A fresh journal at `path`, or with `resume` the one there, whose header must match this run's. Lines a killed
   * run left half-written are ignored.
   */
  static open(path: string, header: JournalHeader, resume: boolean): Journal {
    if (resume && existsSync(path)) {
      const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
      const first = parseLine(lines[0] ?? '') as JournalHeader | undefined;
      if (!first || first.kind !== 'run')
        throw new ResumeError(`${path} does not start with a run header; remove it to grade from the start`);
      const differs = ([...new Set([...Object.keys(header), ...Object.keys(first)])] as (keyof JournalHeader)[]).filter(
        (k) => k !== 'kind' && k !== 'tests' && first[k] !== header[k],
      );
      if (differs.length > 0) {
        const shown = differs
          .map(
            (k) =>
              `${k} ${JSON.stringify(first[k])} there, ${JSON.stringify(header[k])} now${k === 'spec' ? changedTests(first.tests, header.tests) : ''}`,
          )
          .join('; ');
        throw new ResumeError(`cannot resume from ${path}: it was graded differently (${shown}); grade without --resume to start again`);
      }
      const done = new Map<string, SubmissionResult>();
      for (const line of lines.slice(1)) {
        const entry = parseLine(line) as JournalEntry | undefined;
        if (entry?.kind === 'submission' && typeof entry.key === 'string' && entry.result) done.set(entry.key, entry.result);
      }
      return new Journal(path, done);
    }
    writeFileSync(path, `${JSON.stringify(header)}\n`);
    return new Journal(path, new Map());
  }

  /** The first write that failed (a full disk): later submissions are kept in memory only, and the run says so. */
  failure: NodeJS.ErrnoException | undefined;
  written = 0;

  /** One finished submission, on one line of its own, written at once. */
  append(key: string, result: SubmissionResult): void {
    if (this.failure) return;
    const entry: JournalEntry = { kind: 'submission', key, result };
    try {
      appendFileSync(this.path, `${JSON.stringify(entry)}\n`);
      this.written += 1;
    } catch (error) {
      this.failure = error as NodeJS.ErrnoException;
    }
  }
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
