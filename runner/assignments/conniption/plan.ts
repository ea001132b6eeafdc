/**
 * How Conniption is graded, without its reference or case builders: the state class and the search through the
 * harness, the REPL on the terminal. The grader and the student's kit both run it.
 */
import { checkConniptionCase, checkDefaults } from './checks.js';
import { checkRepl } from './repl-checks.js';
import { SEARCH_LOOKAHEAD } from './search-mistakes.js';
import type { AssignmentPlan } from '../../plan/assignment.js';
import { DEFAULTS_INTERACTION, conniptionInteraction, conniptionProgram } from './steps.js';

/** A crash at the set-up is the set-up test's to charge (AssignmentPlan.chargesFirst). */
export const CONNIPTION_CHARGES_FIRST: readonly string[] = ['repl.setup'];

export const CONNIPTION_PLAN: AssignmentPlan = {
  interaction: conniptionInteraction,
  property: (name) => {
    if (name !== 'conniption-defaults') throw new Error(`internal: unknown Conniption property '${name}'`);
    return [{ id: 'defaults', interaction: DEFAULTS_INTERACTION, check: checkDefaults }];
  },
  program: conniptionProgram,
  check: checkConniptionCase,
  checkProgram: (check, testCase, result) => {
    if (check !== 'repl') throw new Error(`internal: unknown Conniption program check '${check}'`);
    return checkRepl(testCase, result);
  },
  lookahead: (test) => (test.check === 'search' ? SEARCH_LOOKAHEAD : undefined),
  // A crash at the set-up (the document's answers refused) is the set-up test's, and no other REPL test's.
  chargesFirst: CONNIPTION_CHARGES_FIRST,
  // The REPL's classes are the student's to name; only the state class has a name the document gives.
  neededNames: (test) => (test.kind === 'program' ? [] : ['Conniption']),
};
