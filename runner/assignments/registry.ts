/**
 * The graded assignments, by id: the one list the engine, the CLI and the fixture writer read. Adding one is a
 * folder beside these, a reference file, a built-in pack (spec/<id>/assignment.yml), its id in ids.ts and a line
 * here (docs/development.md).
 */
import { diagnoseLookahead } from '../plan/lookahead-diagnosis.js';
import type { DiagnoseLookahead } from '../plan/lookahead-cases.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../project-root.js';
import type { Assignment, KitPlan } from '../plan/assignment.js';
import type { ExampleBuilder } from '../model/example-types.js';
import { ASSIGNMENT_IDS, isAssignmentId, type AssignmentId } from '../model/ids.js';
import { CONNIPTION } from './conniption/index.js';
import { CS111 } from './cs111-ps9/index.js';
import { CS61A } from './cs61a-hw04/index.js';
import { HMC } from './hmc-cs5-hw11/index.js';
import { MANCHESTER } from './manchester-connect4/index.js';

const ASSIGNMENTS: Readonly<Record<AssignmentId, Assignment>> = {
  'cs111-ps9': CS111,
  'hmc-cs5-hw11': HMC,
  'cs61a-hw04': CS61A,
  'manchester-connect4': MANCHESTER,
  conniption: CONNIPTION,
};

/** The builder that makes a course's handout example a case, for the assignments that have one. */
export const exampleBuilder = (id: AssignmentId): ExampleBuilder | undefined => ASSIGNMENTS[id].examples;
export const assignmentsWithExamples = (): readonly AssignmentId[] => ASSIGNMENT_IDS.filter((id) => ASSIGNMENTS[id].examples !== undefined);

export function assignmentFor(id: string): Assignment {
  if (!isAssignmentId(id)) throw new Error(`unknown assignment '${id}'; known: ${ASSIGNMENT_IDS.join(', ')}`);
  return ASSIGNMENTS[id];
}

export const allAssignments = (): readonly Assignment[] => ASSIGNMENT_IDS.map((id) => ASSIGNMENTS[id]);

/** What grading one assignment needs beside its spec: its plan, its doubles and tools, the document's stand-ins. */
export function gradingPlan(id: AssignmentId): {
  plan: Assignment;
  doubles: string[];
  standIns: 'document';
  diagnose: DiagnoseLookahead;
  shrink?: Assignment['loadShrinker'];
} {
  const plan = ASSIGNMENTS[id];
  // The grader names look-ahead mistakes with the reference's search; the kit, which must hold none, from a table.
  // Only the grader makes failing boards smaller: each smaller board's answer is the reference's.
  const diagnose: DiagnoseLookahead = (cases, rules, family) => diagnoseLookahead(cases, rules, family, plan.choiceMistakes);
  return {
    plan,
    doubles: doublesFiles(id),
    standIns: 'document',
    diagnose,
    ...(plan.loadShrinker && { shrink: plan.loadShrinker.bind(plan) }),
  };
}

/**
 * What the student's kit grades with: the assignment's kit plan, its tools only, and the student's own parts where
 * the grader would use the document's. `grade check --stand-ins own` runs it from the repository.
 */
export function kitGradingPlan(id: AssignmentId): { plan: KitPlan; doubles: string[]; standIns: 'own' } {
  return { plan: ASSIGNMENTS[id].kit, doubles: toolsFiles(id), standIns: 'own' };
}

/** The module the kit's bundle starts from for an assignment: its kit.ts (kit.js once compiled). */
export function kitPlanModule(id: AssignmentId): string {
  const dir = join(
    PROJECT_ROOT,
    existsSync(join(PROJECT_ROOT, 'dist')) && !existsSync(join(PROJECT_ROOT, 'runner', 'assignments', id, 'kit.ts'))
      ? 'dist/runner'
      : 'runner',
    'assignments',
    id,
  );
  return ['kit.ts', 'kit.js'].map((name) => join(dir, name)).find((file) => existsSync(file)) ?? join(dir, 'kit.ts');
}

/** The assignment's tools (runner/assignments/<id>/tools.py), the one Python file of it the kit ships. */
export function toolsFiles(id: AssignmentId): string[] {
  const file = join(PROJECT_ROOT, 'runner', 'assignments', id, 'tools.py');
  return existsSync(file) ? [file] : [];
}

/**
 * The Python files the harness loads an assignment's doubles and tools from, read from the package's sources as the
 * harness is: tools.py (the grader's instruments, which the student's kit ships too) and doubles.py (the document's
 * versions of graded parts, which it never does).
 */
export function doublesFiles(id: AssignmentId): string[] {
  return ['tools.py', 'doubles.py'].map((name) => join(PROJECT_ROOT, 'runner', 'assignments', id, name)).filter((file) => existsSync(file));
}
