/**
 * `grade merge <dir...>`: one results.json and one set of reports from the shards of a split run (`grade --shard
 * i/n` in each), or from whole runs of one assignment. The merged results.json is the one a single run writes.
 */
import { aiAgreement } from '../insight/ai-agreement.js';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { AdjustmentsError, applyAdjustments, parseAdjustments } from '../class/adjustments.js';
import { JOURNAL_FILE } from '../class/journal.js';
import { applyNotes, formatNotesUse, mergeNotes, NotesError, unmatchedNotesError, type Note } from '../class/notes.js';
import { adjustmentTargets, formatAdjustments, loadNotes } from './second-pass.js';
import {
  askedForGradebook,
  GradebookFlagError,
  gradebookAssignmentId,
  gradebookLines,
  loadRoster,
  parseCanvasProblems,
} from './gradebook-flags.js';
import { applyRoster, formatRoster, gradebookWithoutIds, mergeRosters, RosterError } from '../class/roster.js';
import type { CanvasOptions } from '../../reports/csv.js';
import { discoverSubmissions } from '../layout/layout.js';
import { classSimilarity } from '../insight/class-code.js';
import type { RunResults } from '../model/results.js';
import { mergeRuns, MergeError, mixedSettings } from '../class/shards.js';
import { loadSpec, SpecError } from '../pack/load-spec.js';
import { REPORT_FORMATS, type ReportFormat } from '../../reports/write-reports.js';
import { colorsEnabled, makeColors } from './colors.js';
import { realFolder, sameOrInside } from './real-path.js';
import { writeOutputs } from './write-outputs.js';
import type { Io } from './io.js';
import { formatSummary } from './summary.js';

export async function runMerge(argv: readonly string[], io: Io, root: string): Promise<number> {
  const fail = (message: string) => {
    io.err(`grade merge: ${message}\n`);
    return 2;
  };
  let values: {
    out?: string | undefined;
    format?: string | undefined;
    'canvas-assignment-id'?: string | undefined;
    submissions?: string[] | undefined;
    adjustments?: string | undefined;
    notes?: string | undefined;
    audience?: string | undefined;
    roster?: string | undefined;
    'canvas-problems'?: string | undefined;
    'allow-mixed'?: boolean | undefined;
  };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        out: { type: 'string', short: 'o' },
        format: { type: 'string', short: 'f' },
        'canvas-assignment-id': { type: 'string' },
        submissions: { type: 'string', multiple: true },
        adjustments: { type: 'string' },
        notes: { type: 'string' },
        audience: { type: 'string' },
        roster: { type: 'string' },
        'canvas-problems': { type: 'string' },
        'allow-mixed': { type: 'boolean' },
      },
    }));
  } catch (error) {
    return fail((error as Error).message);
  }
  if (positionals.length === 0) return fail('give the output folders of the runs to merge: grade merge shard-1 shard-2 …');
  if (values.audience !== undefined && values.audience !== 'student' && values.audience !== 'instructor')
    return fail(`--audience is student or instructor, got ${values.audience}`);
  const formats = (values.format ?? 'json,html,csv')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  const unknown = formats.find((f) => !(REPORT_FORMATS as readonly string[]).includes(f));
  if (unknown) return fail(`unknown --format '${unknown}'; known: ${REPORT_FORMATS.join(', ')}`);
  const out = resolve(io.cwd, values.out ?? 'grade-report');
  const overwritten = positionals.find((dir) => sameOrInside(out, resolve(io.cwd, dir)));
  if (overwritten)
    return fail(
      `--out ${values.out ?? 'grade-report'} is ${realFolder(out) === realFolder(resolve(io.cwd, overwritten)) ? '' : 'inside '}${overwritten}, one of the runs being merged (compared on disk, symlinks followed); choose another folder`,
    );
  const runs: { from: string; run: RunResults }[] = [];
  for (const dir of positionals) {
    const path = join(resolve(io.cwd, dir), 'results.json');
    if (!existsSync(path)) {
      const partial = existsSync(join(resolve(io.cwd, dir), JOURNAL_FILE));
      return fail(
        partial
          ? `${dir} has no results.json, only ${JOURNAL_FILE}: that run did not finish; run it again with --resume`
          : `${dir} has no results.json`,
      );
    }
    try {
      runs.push({ from: dir, run: JSON.parse(readFileSync(path, 'utf8')) as RunResults });
    } catch (error) {
      return fail(`${relative(io.cwd, path)} is not JSON: ${(error as Error).message}`);
    }
  }
  let merged: RunResults;
  try {
    merged = mergeRuns(runs);
  } catch (error) {
    if (error instanceof MergeError) return fail(error.message);
    throw error;
  }
  // Runs graded with other notes, adjustments or deadlines would give a class no single run gives: said, and refused unless asked for.
  const mixed = mixedSettings(runs, { notes: values.notes !== undefined, adjustments: values.adjustments !== undefined });
  if (mixed.length > 0 && !values['allow-mixed']) {
    return fail(
      `the runs were graded with different settings:\n${mixed.map((m) => `  ${m}\n`).join('')}Grade them again alike, give grade merge the class's --notes or --adjustments to apply to all, or --allow-mixed to merge them as they are (each student keeps what their run applied)`,
    );
  }
  if (mixed.length > 0)
    io.out(
      `Merged runs graded with different settings (--allow-mixed); each student keeps what their run applied:\n${mixed.map((m) => `  ${m}\n`).join('')}`,
    );
  const assignment = merged.settings?.assignment ?? merged.submissions[0]?.assignment;
  if (!assignment) return fail('the runs name no assignment (results.json written by an older grader); grade again');
  let spec;
  try {
    // A run graded with a course's pack is merged with that pack, as it is now: a changed pack is refused by name.
    spec = loadSpec(root, merged.pack ? resolve(io.cwd, merged.pack.path) : assignment);
  } catch (error) {
    if (error instanceof SpecError)
      return fail(
        merged.pack
          ? `the runs were graded with the pack ${merged.pack.path}, which cannot be loaded from here: ${error.message}`
          : error.message,
      );
    throw error;
  }
  if (merged.pack && spec.pack?.hash !== merged.pack.hash) {
    return fail(
      `the pack ${merged.pack.path} has changed since the runs were graded (${merged.pack.hash}, now ${spec.pack?.hash ?? 'none'}): grade again with it, or restore it`,
    );
  }
  if (values.submissions) {
    // The code of every shard's submissions, found as the grading runs found it, compared across the whole class.
    const known = new Set(spec.files.flatMap((f) => f.names.map((n) => n.toLowerCase())));
    const found = new Map(
      discoverSubmissions(
        values.submissions.map((p) => resolve(io.cwd, p)),
        known,
      ).submissions.map((s) => [s.id, s]),
    );
    const missing = merged.submissions.filter((s) => !found.has(s.id)).map((s) => s.id);
    if (missing.length > 0)
      return fail(
        `--submissions does not hold ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}: give the folder the shards graded`,
      );
    merged = {
      ...merged,
      similarity: {
        ...classSimilarity(
          root,
          spec.assignment,
          merged.submissions.map((s) => found.get(s.id)!),
        ),
        aiPairs: aiAgreement(merged.submissions),
      },
    };
  }
  if (values.adjustments !== undefined) {
    // Applied to the whole class's automatic scores: a shard's own adjustments are replaced, not added to.
    const file = resolve(io.cwd, values.adjustments);
    if (!existsSync(file)) return fail(`--adjustments ${values.adjustments}: no such file`);
    try {
      const rows = parseAdjustments(
        readFileSync(file, 'utf8'),
        values.adjustments,
        adjustmentTargets(
          spec,
          merged.submissions.map((s) => s.id),
        ),
      );
      const automatic = { ...merged, submissions: merged.submissions.map(({ adjusted: _adjusted, ...s }) => s) };
      merged = applyAdjustments(automatic, rows, values.adjustments, spec.manualPoints);
    } catch (error) {
      if (error instanceof AdjustmentsError) return fail(error.message);
      throw error;
    }
  }
  let notes: Map<string, Note> | undefined;
  if (values.notes !== undefined) {
    // The whole class's notes, applied to the merged run: the shards' own are replaced.
    try {
      const loaded = await loadNotes({ paths: [], notes: resolve(io.cwd, values.notes) }, spec, (file) => relative(io.cwd, file) || file);
      notes = loaded!.notes;
      merged = applyNotes(merged, notes, relative(io.cwd, loaded!.file) || loaded!.file);
    } catch (error) {
      if (error instanceof NotesError) return fail(error.message);
      throw error;
    }
  } else {
    // Each shard applied its notes to its own students; the clusters, found again over the class, get theirs back.
    merged = mergeNotes(
      merged,
      runs.map((r) => r.run),
    );
  }
  let problems: CanvasOptions['problems'];
  let roster: ReturnType<typeof loadRoster>;
  try {
    problems = parseCanvasProblems(values['canvas-problems'], spec);
    roster = loadRoster(values.roster, io.cwd);
    merged = roster
      ? applyRoster(merged, roster.students, roster.file)
      : mergeRosters(
          merged,
          runs.map((r) => r.run),
        );
  } catch (error) {
    if (error instanceof RosterError || error instanceof GradebookFlagError) return fail(error.message);
    throw error;
  }
  const canvas = gradebookAssignmentId(values['canvas-assignment-id'], roster, spec.title);
  const written = writeOutputs(merged, out, {
    formats: formats as ReportFormat[],
    ...(canvas.id && { canvasAssignmentId: canvas.id }),
    ...(values.audience && { audience: values.audience }),
    ...(problems && { canvasProblems: problems }),
  });
  io.out(
    formatSummary(
      spec,
      merged,
      written.map((path) => relative(io.cwd, path) || path),
      makeColors(colorsEnabled(io.env, io.isTTY)),
    ),
  );
  if (values.adjustments !== undefined && merged.adjustments) io.out(formatAdjustments(merged));
  // Said only where the user asked for the gradebook, here or in the runs merged (which recorded their Canvas flags).
  const gradebookAsked =
    askedForGradebook({
      format: values.format,
      roster: values.roster,
      canvasAssignmentId: values['canvas-assignment-id'],
      canvasProblems: values['canvas-problems'],
    }) || merged.gradebook !== undefined;
  if (merged.roster) io.out(formatRoster(merged));
  else if (formats.includes('csv') && gradebookAsked) io.out(gradebookWithoutIds(merged) ?? '');
  if (formats.includes('csv') && gradebookAsked) io.out(gradebookLines(merged, canvas, problems ?? merged.gradebook?.problems));
  if (merged.notes) {
    io.out(formatNotesUse(merged, notes, 'the class'));
    const unmatched = merged.settings?.only === undefined ? unmatchedNotesError(merged, notes) : undefined;
    if (unmatched) {
      io.err(`grade merge: notes that match no failure:\n${unmatched}`);
      return 2;
    }
  }
  return 0;
}
