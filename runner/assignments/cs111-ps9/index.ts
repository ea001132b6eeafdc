/** CS 111 Problem Set 9 (document 000): its plan (plan.ts), its document and samples, and its case builders. */
import type { Assignment } from '../../plan/assignment.js';
import { CS111_EXAMPLES } from './examples.js';
import { KIT_PLAN } from './kit.js';
import { CS111_PLAN } from './plan.js';
import { CS111_LINKS } from './links.js';

export const CS111: Assignment = {
  ...CS111_PLAN,
  id: 'cs111-ps9',
  links: CS111_LINKS,
  kit: KIT_PLAN,
  boards: 'follow',
  examples: CS111_EXAMPLES,
  document: 'seeds/000_09b3d2d4078e204f.txt',
  showcase: ['correct-classic', 'no-down-diagonal', 'scores-for-one-level-shallow', 'trivia-turn-print-comma', 'hostile-prints-at-import'],
  loadCases: async () => (await import('./cases.js')).buildCs111Fixtures,
  loadShrinker: async () => (await import('./shrink.js')).cs111Shrinker,
};
