/**
 * The instructor's notes on mistakes (`notes.yml` beside the submissions, or `--notes <file>`): a mapping from a
 * failure cluster's id (`board.is_win_for.down-diagonal#3f2a9c01`, shown in the class summary) or a test id to a
 * short Markdown note. A cluster's note goes to every student whose test fails with that cluster's mistake, even
 * one alone in a shard or the last one still making it; a test's note to everyone who did not pass that test.
 * Every id must name a test of the spec (checked before grading), and an id that matches no failure of a whole run
 * is an error naming its line, unless the file marks it retired (`id: {note: …, retired: true}`): clusters go as
 * students fix their work, and a kept note must say it knows. Pure once the file is read.
 */
import { createHash } from 'node:crypto';
import { clusterId, mistakeOf } from '../insight/clusters.js';
import { yamlFault } from '../pack/yaml-fault.js';
import type { RunResults, TestResult } from '../model/results.js';

export const NOTES_FILE = 'notes.yml';

export class NotesError extends Error {}

export interface Note {
  readonly markdown: string;
  /** Its line in the file, for the messages that name it. */
  readonly line: number;
  /** Kept on purpose though it may match nothing now. */
  readonly retired: boolean;
  /** `after-due`: shown with its test only (a hidden test's after the due date); else the student sees it at once. */
  readonly visibility?: 'after-due';
}

export type Notes = ReadonlyMap<string, Note>;

/** The notes of a YAML mapping of ids to text (or to `{note, retired}`); anything else stops with the file, the line and what is wrong. */
export async function parseNotes(text: string, file: string): Promise<Map<string, Note>> {
  const { parseDocument, isMap, isScalar, LineCounter } = await import('yaml');
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length > 0) {
    const fault = yamlFault(doc.errors[0]!, lines);
    throw new NotesError(`${file} is not YAML: ${fault.message} at line ${fault.line}, column ${fault.column}`);
  }
  const data: unknown = doc.toJS();
  if (data === null || data === undefined) return new Map();
  if (typeof data !== 'object' || Array.isArray(data) || !isMap(doc.contents))
    throw new NotesError(`${file} must map cluster or test ids to notes (id: text), not a ${Array.isArray(data) ? 'list' : typeof data}`);
  const notes = new Map<string, Note>();
  for (const pair of doc.contents.items) {
    const id = String(isScalar(pair.key) ? pair.key.value : pair.key);
    const offset = isScalar(pair.key) ? (pair.key.range?.[0] ?? 0) : 0;
    const line = lines.linePos(offset).line;
    const where = `${file} line ${line}`;
    const value: unknown = (data as Record<string, unknown>)[id];
    let markdown: unknown = value;
    let retired = false;
    let afterDue = false;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const entry = value as Record<string, unknown>;
      const extra = Object.keys(entry).filter((k) => k !== 'note' && k !== 'retired' && k !== 'visibility');
      if (extra.length > 0)
        throw new NotesError(
          `${where}: ${id} has ${extra.map((k) => `'${k}'`).join(', ')}; an entry holds note, retired and visibility only`,
        );
      if (entry['retired'] !== undefined && typeof entry['retired'] !== 'boolean')
        throw new NotesError(`${where}: retired is true or false, got ${JSON.stringify(entry['retired'])}`);
      if (entry['visibility'] !== undefined && entry['visibility'] !== 'visible' && entry['visibility'] !== 'after-due')
        throw new NotesError(
          `${where}: visibility is visible (the student sees the note at once, even on a hidden test) or after-due (with its test), got ${JSON.stringify(entry['visibility'])}`,
        );
      markdown = entry['note'];
      retired = entry['retired'] === true;
      afterDue = entry['visibility'] === 'after-due';
    }
    if (typeof markdown !== 'string' || markdown.trim() === '')
      throw new NotesError(`${where}: the note for ${id} must be text (use | for several lines)`);
    if (markdown.length > 2000)
      throw new NotesError(`${where}: the note for ${id} is ${markdown.length} characters; keep a note under 2,000`);
    notes.set(id, { markdown: markdown.trim(), line, retired, ...(afterDue && { visibility: 'after-due' as const }) });
  }
  return notes;
}

const CLUSTER_ID = /^(.+)#[0-9a-f]{8}$/u;

/**
 * Every id names a test of the spec, or a cluster of one (`<test id>#<8 hex digits>`, as the class summary shows
 * it): checked before anything is graded, so a typo stops the run with its line.
 */
export function checkNoteIds(notes: Notes, file: string, testIds: ReadonlySet<string>): void {
  for (const [id, note] of notes) {
    const test = CLUSTER_ID.exec(id)?.[1] ?? id;
    if (testIds.has(test)) continue;
    const near = [...testIds].filter((t) => t.split('.')[0] === test.split('.')[0]).slice(0, 4);
    const kind = CLUSTER_ID.test(id)
      ? `the cluster ${id} is of ${test}, which`
      : id.includes('#')
        ? `${id} is not a cluster id (a test id, '#' and 8 hex digits), and ${test}`
        : id;
    throw new NotesError(
      `${file} line ${note.line}: ${kind} is no test of this assignment${near.length ? ` (its tests there: ${near.join(', ')})` : ''}; ids are in the class summary and \`grade list\``,
    );
  }
}

const failed = (t: TestResult) => t.status !== 'pass' && t.status !== 'skipped';

/** The ids a failed test answers to: its own, and its mistake's cluster id (whether or not a cluster formed here). */
export function noteIdsOf(test: TestResult): string[] {
  if (!failed(test)) return [];
  const mistake = mistakeOf(test);
  return mistake ? [clusterId(mistake.key, test.id), test.id] : [test.id];
}

/**
 * The run with each note on the failed tests it names and on its cluster; the ids that matched nothing listed
 * (`retired` apart from `unmatched`). Notes already on the tests (a run graded before) are replaced.
 */
export function applyNotes(run: RunResults, notes: Notes, file: string): RunResults {
  const used = new Set<string>();
  const submissions = run.submissions.map((s) => ({
    ...s,
    tests: s.tests.map((test) => {
      const { notes: _old, ...bare } = test;
      const found = noteIdsOf(test).filter((id) => notes.has(id));
      for (const id of found) used.add(id);
      return found.length === 0
        ? bare
        : {
            ...bare,
            notes: found.map((id) => ({
              from: id,
              markdown: notes.get(id)!.markdown,
              ...(notes.get(id)!.visibility && { visibility: notes.get(id)!.visibility }),
            })),
          };
    }),
  }));
  const unused = [...notes.keys()].filter((id) => !used.has(id));
  return {
    ...run,
    submissions,
    ...(run.clusters && {
      clusters: run.clusters.map(({ note: _old, ...c }) => (c.id && notes.has(c.id) ? { ...c, note: notes.get(c.id)!.markdown } : c)),
    }),
    notes: {
      file,
      used: [...notes.keys()].filter((id) => used.has(id)),
      unmatched: unused.filter((id) => !notes.get(id)!.retired),
      retired: unused.filter((id) => notes.get(id)!.retired),
      hash: notesHash(notes),
    },
  };
}

/** The notes' content as a short hash (their ids, text, retired and visibility, not their lines): equal notes, equal hash. */
export function notesHash(notes: Notes): string {
  const content = [...notes.entries()]
    .map(([id, n]) => [id, n.markdown, n.retired, n.visibility ?? 'visible'])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  return createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 12);
}

/** What the run says of its notes: how many were used, and each id that matched nothing, with its line when known. */
export function formatNotesUse(run: RunResults, notes?: Notes, scope = 'this run'): string {
  const n = run.notes!;
  const named = (id: string) => (notes?.get(id) ? `${id} (line ${notes.get(id)!.line})` : id);
  const parts = [`Notes from ${n.file}: ${n.used.length} used`];
  if (n.retired?.length) parts.push(`${n.retired.length} retired`);
  if (n.unmatched.length) parts.push(`matched no failure in ${scope}: ${n.unmatched.map(named).join(', ')}`);
  return `${parts.join('; ')}\n`;
}

/**
 * The error a whole class's run ends with when a note matches nothing: each id with its line, and the two ways out.
 * Undefined when every note was used or is retired.
 */
export function unmatchedNotesError(run: RunResults, notes?: Notes): string | undefined {
  const n = run.notes;
  if (!n || n.unmatched.length === 0) return undefined;
  const lines = n.unmatched.map(
    (id) => `  ${n.file}${notes?.get(id) ? ` line ${notes.get(id)!.line}` : ''}: ${id} matches no failure in the class`,
  );
  return `${lines.join('\n')}\nCorrect the id (the class summary lists the clusters), or keep the note with retired: true (id: {note: …, retired: true}); the reports are written.\n`;
}

/**
 * The notes of shards merged: a note used by any shard is used; one is unmatched only when no shard used it.
 * Clusters found again over the whole class get back the notes their members' tests carry.
 */
export function mergeNotes(run: RunResults, parts: readonly RunResults[]): RunResults {
  const noted = parts.filter((p) => p.notes);
  let merged = run;
  if (noted.length > 0) {
    const used = new Set(noted.flatMap((p) => p.notes!.used));
    const all = [...new Set(noted.flatMap((p) => [...p.notes!.used, ...p.notes!.unmatched, ...(p.notes!.retired ?? [])]))];
    const retired = new Set(noted.flatMap((p) => p.notes!.retired ?? []));
    const files = [...new Set(noted.map((p) => p.notes!.file))];
    const hashes = [...new Set(noted.map((p) => p.notes!.hash))];
    merged = {
      ...run,
      notes: {
        file: files.join(', '),
        ...(hashes.length === 1 && hashes[0] !== undefined && { hash: hashes[0] }),
        used: all.filter((id) => used.has(id)),
        unmatched: all.filter((id) => !used.has(id) && !retired.has(id)),
        retired: all.filter((id) => !used.has(id) && retired.has(id)),
      },
    };
  }
  if (!merged.clusters) return merged;
  const clusters = merged.clusters.map((c) => {
    const note = merged.submissions
      .flatMap((s) => (c.submissions.includes(s.id) ? s.tests : []))
      .flatMap((t) => t.notes ?? [])
      .find((n) => n.from === c.id);
    return note ? { ...c, note: note.markdown } : c;
  });
  return { ...merged, clusters };
}
