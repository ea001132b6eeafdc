/**
 * The gradebook's flags, shared by `grade` and `grade merge`: `--roster <file>` (Canvas's gradebook export, whose
 * ids fill the gradebook's id columns) and `--canvas-problems all | <problem>=<canvas id>,…` (a column per problem,
 * each with its Canvas assignment id where given; `total=<id>` names the column of adjustments to the total).
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { canvasColumnWarnings, type CanvasOptions } from '../../reports/csv.js';
import type { RunResults } from '../model/results.js';
import { assignmentColumn, parseRoster, RosterError, rosterAssignments, type RosterStudent } from '../class/roster.js';
import type { ResolvedSpec } from '../model/spec-types.js';

export class GradebookFlagError extends Error {}

/** `all`, or problem ids each with an optional `=<Canvas assignment id>`; unknown problems are refused by name. */
export function parseCanvasProblems(value: string | undefined, spec: Pick<ResolvedSpec, 'groups'>): CanvasOptions['problems'] | undefined {
  if (value === undefined) return undefined;
  const known = spec.groups.map((g) => g.id);
  if (value.trim() === 'all') return { ids: {} };
  const ids: Record<string, string> = {};
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [problem = '', id] = part.split('=').map((p) => p.trim());
    if (problem !== 'total' && !known.includes(problem))
      throw new GradebookFlagError(
        `--canvas-problems: '${problem}' is no problem of this assignment; its problems: ${known.join(', ')} (and total, for the adjustments to the total)`,
      );
    if (id !== undefined && !/^\d+$/u.test(id))
      throw new GradebookFlagError(`--canvas-problems: ${problem}'s Canvas assignment id is the number in its address, got '${id}'`);
    if (id !== undefined) ids[problem] = id;
  }
  return { ids };
}

/** The roster file given, read and checked before anything is graded. */
export function loadRoster(
  file: string | undefined,
  cwd: string,
): { file: string; students: RosterStudent[]; assignments: { name: string; id: string }[] } | undefined {
  if (file === undefined) return undefined;
  const path = resolve(cwd, file);
  if (!existsSync(path)) throw new RosterError(`--roster ${file}: no such file`);
  const shown = relative(cwd, path) || path;
  const text = readFileSync(path, 'utf8');
  return { file: shown, students: parseRoster(text, shown), assignments: rosterAssignments(text) };
}

/**
 * The Canvas assignment id the gradebook imports into: `--canvas-assignment-id`, else the roster's column of this
 * assignment (`Homework 4 (9001)`). Without either, the import would create a new assignment: said, with the columns
 * the roster has.
 */
export function gradebookAssignmentId(
  given: string | undefined,
  roster: { file: string; assignments: readonly { name: string; id: string }[] } | undefined,
  title: string,
): { id?: string; said?: string } {
  if (given !== undefined) return { id: given };
  if (!roster) return {};
  const found = assignmentColumn(roster.assignments, title);
  if ('id' in found) return { id: found.id, said: `Canvas assignment ${found.id}, the roster's column ${found.name} (${found.id})` };
  const listed = found.candidates
    .slice(0, 8)
    .map((c) => `${c.name} (${c.id})`)
    .join(', ');
  return {
    said: `none of ${roster.file}'s columns is clearly this assignment (${title})${listed ? `; it has ${listed}` : ''}: give --canvas-assignment-id <its id>, or the gradebook's column creates a new assignment when imported`,
  };
}

/**
 * Whether the user asked for the Canvas gradebook: named csv in --format, or gave a Canvas flag (--roster,
 * --canvas-assignment-id, --canvas-problems). Only then does a run say what the gradebook lacks (ids Canvas matches,
 * the assignment it imports into): with the default formats it is written all the same, and someone who never
 * mentioned Canvas reads nothing about it.
 */
export function askedForGradebook(given: {
  readonly format?: string | undefined;
  readonly roster?: string | undefined;
  readonly canvasAssignmentId?: string | undefined;
  readonly canvasProblems?: string | undefined;
}): boolean {
  const named =
    given.format
      ?.split(',')
      .map((f) => f.trim())
      .includes('csv') ?? false;
  return named || given.roster !== undefined || given.canvasAssignmentId !== undefined || given.canvasProblems !== undefined;
}

/** What the terminal says of the Canvas gradebook: where its assignment id came from, and each column Canvas would take as new. */
export function gradebookLines(
  run: RunResults,
  assignment: { id?: string; said?: string },
  problems: CanvasOptions['problems'] | undefined,
): string {
  const id = assignment.id ?? run.gradebook?.canvasAssignmentId;
  const lines = [
    ...(assignment.said ? [`Gradebook: ${assignment.said}`] : []),
    ...canvasColumnWarnings(run, { ...(id && { assignmentId: id }), ...(problems && { problems }) }).map((w) => `Gradebook: ${w}`),
  ];
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}
