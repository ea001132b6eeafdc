/**
 * The graded assignments, by id: the one list the engine, the CLI and the fixture writer read. Adding one is a
 * folder beside these, a reference file, a spec and a line here (docs/development.md).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../project-root.js';
import type { Assignment } from './assignment.js';
import { CONNIPTION } from './conniption/index.js';
import { CS111 } from './cs111-ps9/index.js';
import { CS61A } from './cs61a-hw04/index.js';
import { HMC } from './hmc-cs5-hw11/index.js';
import { ASSIGNMENT_IDS, isAssignmentId, type AssignmentId } from './ids.js';
import { MANCHESTER } from './manchester-connect4/index.js';

const ASSIGNMENTS: Readonly<Record<AssignmentId, Assignment>> = {
  'cs111-ps9': CS111,
  'hmc-cs5-hw11': HMC,
  'cs61a-hw04': CS61A,
  'manchester-connect4': MANCHESTER,
  conniption: CONNIPTION,
};

export function assignmentFor(id: string): Assignment {
  if (!isAssignmentId(id)) throw new Error(`unknown assignment '${id}'; known: ${ASSIGNMENT_IDS.join(', ')}`);
  return ASSIGNMENTS[id];
}

export const allAssignments = (): readonly Assignment[] => ASSIGNMENT_IDS.map((id) => ASSIGNMENTS[id]);

/**
 * The Python files the harness loads an assignment's doubles and tools from (runner/assignments/<id>/doubles.py),
 * read from the package's sources, as the harness is.
 */
export function doublesFiles(id: AssignmentId): string[] {
  const file = join(PROJECT_ROOT, 'runner', 'assignments', id, 'doubles.py');
  return existsSync(file) ? [file] : [];
}
