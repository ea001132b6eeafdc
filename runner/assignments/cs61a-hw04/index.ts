/** CS61A Homework 4 (document 002): its plan (plan.ts), the document it is graded on, and its case builders. */
import type { Assignment } from '../../plan/assignment.js';
import { CS61A_EXAMPLES } from './examples.js';
import { KIT_PLAN } from './kit.js';
import { CS61A_PLAN } from './plan.js';
import { CS61A_LINKS } from './links.js';

export const CS61A: Assignment = {
  ...CS61A_PLAN,
  id: 'cs61a-hw04',
  links: CS61A_LINKS,
  kit: KIT_PLAN,
  boards: {
    refused:
      "cs61a-hw04's generated cases already draw boards of every size from 1 × 1 to 10 × 10, and numbers in a row from 1 to 6: a pack's boards would change none of them",
  },
  examples: CS61A_EXAMPLES,
  document: 'seeds/002_a45e9a4b84daa635.txt',
  showcase: ['correct-classic', 'put-piece-mutates', 'print-board-indexes-board', 'check-win-row-returns-none', 'hostile-reads-fixtures'],
  loadCases: async () => (await import('./cases.js')).buildCs61aFixtures,
};
