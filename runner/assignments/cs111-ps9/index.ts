/** CS 111 Problem Set 9 (document 000): its steps, properties, programs and checks, and the names each kind of test needs. */
import { checkCs111Case } from './checks.js';
import { checkProgram } from '../../checks/programs.js';
import type { ResolvedTest } from '../../spec/spec-types.js';
import type { Assignment } from '../assignment.js';
import { cs111Interaction } from './steps.js';
import { cs111GameReplay, cs111Program } from './programs.js';
import { cs111Property } from './properties.js';

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

export const CS111: Assignment = {
  id: 'cs111-ps9',
  title: 'CS 111 Problem Set 9: Board(height, width), Player, AIPlayer',
  document: 'seeds/000_09b3d2d4078e204f.txt',
  showcase: ['correct-classic', 'no-down-diagonal', 'trivia-turn-print-comma', 'hostile-prints-at-import'],
  loadCases: async () => (await import('./cases.js')).buildCs111Fixtures,
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
