/**
 * The gradebook's flags, shared by `grade` and `grade merge`: `--roster <file>` (Canvas's gradebook export, whose
 * ids fill the gradebook's id columns) and `--canvas-problems all | <problem>=<canvas id>,…` (a column per problem,
 * each with its Canvas assignment id where given; `total=<id>` names the column of adjustments to the total).
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { CanvasOptions } from '../../reports/csv.js';
import { parseRoster, RosterError, type RosterStudent } from '../class/roster.js';
import type { ResolvedSpec } from '../spec/spec-types.js';

export class GradebookFlagError extends Error {}

/** `all`, or problem ids each with an optional `=<Canvas assignment id>`; unknown problems are refused by name. */
export function parseCanvasProblems(value: string | undefined, spec: Pick<ResolvedSpec, 'groups'>): CanvasOptions['problems'] | undefined {
  if (value === undefined) return undefined;
  const known = spec.groups.map((g) => g.id);
  if (value.trim() === 'all') return { ids: {} };
  const ids: Record<string, string> = {};
  for (const part of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [problem = '', id] = part.split('=').map((p) => p.trim());
    if (problem !== 'total' && !known.includes(problem)) throw new GradebookFlagError(`--canvas-problems: '${problem}' is no problem of this assignment; its problems: ${known.join(', ')} (and total, for the adjustments to the total)`);
    if (id !== undefined && !/^\d+$/u.test(id)) throw new GradebookFlagError(`--canvas-problems: ${problem}'s Canvas assignment id is the number in its address, got '${id}'`);
    if (id !== undefined) ids[problem] = id;
  }
  return { ids };
}

/** The roster file given, read and checked before anything is graded. */
export function loadRoster(file: string | undefined, cwd: string): { file: string; students: RosterStudent[] } | undefined {
  if (file === undefined) return undefined;
  const path = resolve(cwd, file);
  if (!existsSync(path)) throw new RosterError(`--roster ${file}: no such file`);
  const shown = relative(cwd, path) || path;
  return { file: shown, students: parseRoster(readFileSync(path, 'utf8'), shown) };
}
