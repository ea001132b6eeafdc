/** Conniption (document 004): the state class and the search through the harness, the REPL on the terminal. */
import { checkConniptionCase, checkDefaults } from './checks.js';
import { checkRepl } from './repl-checks.js';
import type { Assignment } from '../assignment.js';
import { DEFAULTS_INTERACTION, conniptionInteraction, conniptionProgram } from './steps.js';

export const CONNIPTION: Assignment = {
  id: 'conniption',
  title: 'Conniption: Connect Four with board flips',
  document: 'seeds/004_caea9c0726ac9c31.txt',
  showcase: ['correct-classic', 'eval-flip-sign', 'trivia-returns-children', 'hostile-search-loops'],
  // Its files may have any names: a file defining the document's state class says what it is.
  recognise: { pattern: /^class\s+Conniption\b/mu, says: 'a file defines class Conniption' },
  loadCases: async () => (await import('./cases.js')).buildConniptionFixtures,
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
