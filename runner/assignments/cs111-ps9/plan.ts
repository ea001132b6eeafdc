/**
 * How CS 111 Problem Set 9 (document 000) is graded, free of the reference: its steps, properties, programs and
 * checks, and the names each kind of test needs. The grader (index.ts) and the student's kit (kit.ts) share it.
 */
import { checkProgram } from '../../checks/programs.js';
import type { ResolvedTest } from '../../spec/spec-types.js';
import type { AssignmentPlan } from '../assignment.js';
import { checkCs111Case } from './checks.js';
import { cs111GameReplay, cs111Program } from './programs.js';
import { cs111Property } from './properties.js';
import { cs111Interaction } from './steps.js';

const PLAYER_CLASSES: Record<string, string> = { human: 'Player', random: 'RandomPlayer', ai: 'AIPlayer' };

function neededNames(test: ResolvedTest): string[] {
  const root = test.target.split('.')[0]!;
  if (test.kind === 'program') {
    const kinds = test.fixtureCases.flatMap((c) => ['player1', 'player2', 'player'].flatMap((p) => (c.input[p] as { kind: string } | undefined)?.kind ?? []));
    return [root, ...(root === 'process_move' ? ['Board'] : []), ...new Set(kinds.map((k) => PLAYER_CLASSES[k] ?? 'Player'))];
  }
  if (test.kind === 'property' && test.property?.startsWith('cs111-random')) return ['RandomPlayer'];
  return [root];
}

/** The plan both the grader and the student's kit run; only the stand-ins they run it with differ. */
export const CS111_PLAN: AssignmentPlan = {
  // A strength test measures the student's whole AIPlayer: no method is swapped for the document's.
  interaction: (test, testCase) => cs111Interaction(test.target, testCase, { whole: test.kind === 'strength' }),
  property: cs111Property,
  program: cs111Program,
  check: checkCs111Case,
  checkProgram,
  neededNames,
  gameReplay: cs111GameReplay,
  // A crash in scores_for or next_move is graded by their value tests, not again by these one-rule tests.
  judgesOnly: (rule) => (['restored', 'num-moves', 'types', 'cs111-board-reset-rows'].includes(rule) ? { note: 'this test judges one rule only; the crash is graded by the value tests' } : undefined),
};
