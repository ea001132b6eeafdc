/** Conniption's plan: the state class and the search through the harness, the REPL on the terminal. */
import { checkConniptionCase, checkDefaults } from '../checks/conniption.js';
import { checkRepl } from '../checks/conniption-repl.js';
import type { AssignmentPlan } from './assignment-plan.js';
import { DEFAULTS_INTERACTION, conniptionInteraction, conniptionProgram } from './conniption.js';

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
  // The REPL's classes are the student's to name; only the state class has a name the document gives.
  neededNames: (test) => (test.kind === 'program' ? [] : ['Conniption']),
};
