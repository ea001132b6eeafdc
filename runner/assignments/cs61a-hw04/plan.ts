/**
 * How CS61A Homework 4 is graded, without its reference or case builders: function calls only (no classes, no
 * programs), with stand-ins for the other functions. The grader and the student's kit both run it.
 */
import { checkCs61aCase } from './checks.js';
import { BARRIER_ERROR, barrierCrossed } from './barrier.js';
import type { AssignmentPlan } from '../assignment.js';
import { cs61aInteraction } from './steps.js';

export const CS61A_PLAN: AssignmentPlan = {
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
