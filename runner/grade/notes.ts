/**
 * The instructor's notes on mistakes (`notes.yml` beside the submissions, or `--notes <file>`): a mapping from a
 * failure cluster's id (`board.is_win_for.down-diagonal#3f2a9c01`, shown in the class summary) or a test id to a
 * short Markdown note. A cluster's note goes to that cluster's members; a test's note to everyone who did not pass
 * that test. An id that matches nothing in this run is reported, not an error: clusters come and go as students
 * resubmit. Pure once the file is read.
 */
import type { RunResults, TestResult } from './results.js';

export const NOTES_FILE = 'notes.yml';

export class NotesError extends Error {}

/** The notes of a YAML mapping of ids to text; anything else stops with the file and what is wrong. */
export async function parseNotes(text: string, file: string): Promise<Map<string, string>> {
  const { parse } = await import('yaml');
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    throw new NotesError(`${file} is not YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (data === null || data === undefined) return new Map();
  if (typeof data !== 'object' || Array.isArray(data)) throw new NotesError(`${file} must map cluster or test ids to notes (id: text), not a ${Array.isArray(data) ? 'list' : typeof data}`);
  const notes = new Map<string, string>();
  for (const [id, note] of Object.entries(data as Record<string, unknown>)) {
    if (typeof note !== 'string' || note.trim() === '') throw new NotesError(`${file}: the note for ${id} must be text (use | for several lines)`);
    if (note.length > 2000) throw new NotesError(`${file}: the note for ${id} is ${note.length} characters; keep a note under 2,000`);
    notes.set(id, note.trim());
  }
  return notes;
}

/** The run with each note on its members' failed tests and on its cluster; ids that matched nothing listed. */
export function applyNotes(run: RunResults, notes: ReadonlyMap<string, string>, file: string): RunResults {
  const perTest = new Map<string, { from: string; markdown: string }[]>();
  const add = (submission: string, test: string, from: string, markdown: string) => {
    const key = `${submission}\u0000${test}`;
    perTest.set(key, [...(perTest.get(key) ?? []), { from, markdown }]);
  };
  const used = new Set<string>();
  for (const cluster of run.clusters ?? []) {
    const note = cluster.id && notes.get(cluster.id);
    if (!note) continue;
    used.add(cluster.id!);
    for (const id of cluster.submissions) add(id, cluster.test, cluster.id!, note);
  }
  const failed = (t: TestResult) => t.status !== 'pass' && t.status !== 'skipped';
  for (const submission of run.submissions) {
    for (const test of submission.tests) {
      const note = notes.get(test.id);
      if (note && failed(test)) {
        used.add(test.id);
        add(submission.id, test.id, test.id, note);
      }
    }
  }
  const testIds = new Set(run.submissions.flatMap((s) => s.tests.map((t) => t.id)));
  return {
    ...run,
    submissions: run.submissions.map((s) => ({ ...s, tests: s.tests.map((t) => (perTest.has(`${s.id}\u0000${t.id}`) ? { ...t, notes: perTest.get(`${s.id}\u0000${t.id}`)! } : t)) })),
    ...(run.clusters && { clusters: run.clusters.map((c) => (c.id && notes.has(c.id) ? { ...c, note: notes.get(c.id)! } : c)) }),
    // A test id that exists but that everyone passed is used by nobody, and said so like an unknown one.
    notes: { file, used: [...notes.keys()].filter((id) => used.has(id)), unmatched: [...notes.keys()].filter((id) => !used.has(id)).map((id) => (testIds.has(id) ? `${id} (nobody failed it)` : id)) },
  };
}

/** Clusters found again (a merge of shards) get back the notes their members' tests carry. */
export function markClusterNotes(run: RunResults): RunResults {
  if (!run.clusters) return run;
  const clusters = run.clusters.map((c) => {
    const note = run.submissions.flatMap((s) => (c.submissions.includes(s.id) ? s.tests : [])).flatMap((t) => t.notes ?? []).find((n) => n.from === c.id);
    return note ? { ...c, note: note.markdown } : c;
  });
  return { ...run, clusters };
}
