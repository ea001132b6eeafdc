/** CS61A Homework 4 (document 002): function calls only (no classes, no programs), with stand-ins for the other functions. */
import { checkCs61aCase } from './checks.js';
import { BARRIER_ERROR, barrierCrossed } from './barrier.js';
import type { Assignment } from '../assignment.js';
import { cs61aInteraction } from './steps.js';

export const CS61A: Assignment = {
  id: 'cs61a-hw04',
  title: 'CS61A Homework 4: functional Connect N',
  document: 'seeds/002_a45e9a4b84daa635.txt',
  showcase: ['correct-classic', 'put-piece-mutates', 'print-board-indexes-board', 'check-win-row-returns-none', 'hostile-reads-fixtures'],
  loadCases: async () => (await import('./cases.js')).buildCs61aFixtures,
  interaction: (test, testCase) => cs61aInteraction(test.target, testCase, test.check?.startsWith('barrier-') ? 'barrier' : 'list'),
  property: (name) => {
    throw new Error(`internal: CS61A has no property '${name}'`);
  },
  program: (testCase) => {
    throw new Error(`internal: CS61A has no programs (case ${testCase.id})`);
  },
  check: checkCs61aCase,
  explainException: barrierCrossed,
  checkProgram: (check) => {
    throw new Error(`internal: CS61A has no program check '${check}'`);
  },
  neededNames: (test) => [test.target],
  // A barrier test judges the crossing only: a crash or a wrong answer is what the value tests are for.
  judgesOnly: (check) => {
    if (check.startsWith('barrier-')) return { exception: BARRIER_ERROR, note: 'the board was never treated as a list before that; the answer itself is graded by the value tests' };
    if (['unchanged', 'new-list', 'printed-exactly'].includes(check)) return { note: 'this test judges one rule only; the crash is graded by the value tests' };
    return undefined;
  },
};
