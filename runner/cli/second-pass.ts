/**
 * What `grade` reads for the instructor's second pass before grading: the adjustments file and the notes file
 * (given, or found beside the submissions), each checked at once so a typo stops the run before any grading.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ADJUSTMENTS_FILE, AdjustmentsError, parseAdjustments, type AdjustmentTargets, type ParsedRow } from '../class/adjustments.js';
import type { Submission } from '../layout/layout.js';
import { checkNoteIds, NOTES_FILE, NotesError, parseNotes, type Note } from '../class/notes.js';
import type { RunResults } from '../model/results.js';
import type { ResolvedSpec } from '../model/spec-types.js';
import { readRun } from './compare-command.js';

export interface SecondPassFlags {
  readonly paths: readonly string[];
  readonly adjustments?: string;
  readonly notes?: string;
}

/** `name` in the (first) submissions folder, when a file of that name is there: the second pass's files found beside the class. */
export function fileBeside(paths: readonly string[], name: string): string | undefined {
  const beside = paths[0] && join(resolve(paths[0]), name);
  return beside && existsSync(beside) && statSync(beside).isFile() ? beside : undefined;
}

/** The adjustments file given, or adjustments.csv in the (first) submissions folder; its rows checked. */
export function loadAdjustments(
  flags: SecondPassFlags,
  spec: ResolvedSpec,
  submissions: readonly Submission[],
  earlier: readonly (RunResults | undefined)[],
): { file: string; rows: ParsedRow[] } | undefined {
  const file = flags.adjustments ?? fileBeside(flags.paths, ADJUSTMENTS_FILE);
  if (!file) return undefined;
  if (!existsSync(file)) throw new AdjustmentsError(`--adjustments ${file}: no such file`);
  // Tests an earlier run of this class graded that the spec has since dropped: their rows are kept, not applied.
  const known = new Set(spec.tests.map((t) => t.id));
  const retired = new Set(earlier.flatMap((run) => Object.keys(run?.settings?.fingerprints ?? {})).filter((id) => !known.has(id)));
  const rows = parseAdjustments(
    readFileSync(file, 'utf8'),
    file,
    adjustmentTargets(
      spec,
      submissions.map((s) => s.id),
      retired,
    ),
  );
  return { file, rows };
}

/** What an adjustments row may name in this spec and class: its tests, its groups graded by hand, the students. */
export function adjustmentTargets(spec: ResolvedSpec, students: readonly string[], retired?: ReadonlySet<string>): AdjustmentTargets {
  return {
    tests: new Map(spec.tests.map((t) => [t.id, { maxScore: t.points }])),
    manual: new Map(spec.groups.flatMap((g) => (g.manualPoints ? [[g.id, { name: g.name, points: g.manualPoints }] as const] : []))),
    students: new Set(students),
    ...(retired && { retired }),
  };
}

/** The notes file given, or notes.yml in the (first) submissions folder, read and checked against the spec's tests. */
export async function loadNotes(
  flags: SecondPassFlags,
  spec: Pick<ResolvedSpec, 'tests'>,
  shown: (file: string) => string = (f) => f,
): Promise<{ file: string; notes: Map<string, Note> } | undefined> {
  const file = flags.notes ?? fileBeside(flags.paths, NOTES_FILE);
  if (!file) return undefined;
  if (!existsSync(file)) throw new NotesError(`--notes ${shown(file)}: no such file`);
  const notes = await parseNotes(readFileSync(file, 'utf8'), shown(file));
  checkNoteIds(notes, shown(file), new Set(spec.tests.map((t) => t.id)));
  return { file, notes };
}

/** A finished run's results.json in `dir`, if one is there and readable. */
export function readIfThere(dir: string | undefined): RunResults | undefined {
  // A regular file only: a device or a pipe under that name would be read forever.
  const isFile = (path: string) => {
    try {
      return statSync(path).isFile();
    } catch {
      return false;
    }
  };
  if (!dir || !isFile(join(dir, 'results.json'))) return undefined;
  try {
    return readRun(dir, { cwd: dir });
  } catch {
    return undefined;
  }
}

export function formatAdjustments(run: RunResults): string {
  const a = run.adjustments!;
  const changed = run.submissions.filter((s) => s.adjusted && s.adjusted.score !== s.score).length;
  const lines = [
    `Adjustments from ${a.file}: ${a.rows} row${a.rows === 1 ? '' : 's'}, ${changed} score${changed === 1 ? '' : 's'} changed${a.manualPoints ? `; ${a.manualPoints} hand-graded points added to every maximum` : ''}`,
  ];
  for (const u of a.unapplied) lines.push(`  not applied (line ${u.line}, ${u.student}): ${u.why}`);
  for (const n of a.notEntered ?? []) {
    const shown = n.students.length > 8 ? `${n.students.slice(0, 8).join(', ')} and ${n.students.length - 8} more` : n.students.join(', ');
    lines.push(
      `  ${n.group} (${n.name}, ${n.points} points graded by hand) is not entered for ${n.students.length} of ${run.submissions.length} student${run.submissions.length === 1 ? '' : 's'}, who count 0 of its ${n.points} points until it is: ${shown}`,
    );
  }
  // A row that moved less than it asks, or nothing, is said: the instructor meant something else.
  for (const s of run.submissions)
    for (const r of s.adjusted?.rows ?? [])
      if (r.clamped) lines.push(`  line ${r.line} (${s.id}, ${r.op}${r.amount} on ${r.test}): ${r.clamped}`);
  return `${lines.join('\n')}\n`;
}
