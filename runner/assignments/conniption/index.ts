/** Conniption (document 004): its plan (plan.ts), the document it is graded on, and its case builders. */
import type { Assignment } from '../../plan/assignment.js';
import { CONNIPTION_EXAMPLES } from './examples.js';
import { KIT_PLAN } from './kit.js';
import { CONNIPTION_PLAN } from './plan.js';
import { CONNIPTION_LINKS } from './links.js';
import { SEARCH_MISTAKES } from './search-mistakes.js';
import { searchMistakeAnswers } from './search-mistake-table.js';

export const CONNIPTION: Assignment = {
  ...CONNIPTION_PLAN,
  id: 'conniption',
  links: CONNIPTION_LINKS,
  kit: KIT_PLAN,
  boards: { refused: "conniption's document fixes its board, 6 rows by 7 columns, and its API takes no size: its generated cases keep it" },
  examples: CONNIPTION_EXAMPLES,
  document: 'seeds/004_caea9c0726ac9c31.txt',
  showcase: ['correct-classic', 'eval-flip-sign', 'trivia-returns-children', 'hostile-search-loops'],
  // Its files may have any names: a file defining the document's state class says what it is.
  recognise: { pattern: /^class\s+Conniption\b/mu, says: 'a file defines class Conniption' },
  loadCases: async () => (await import('./cases.js')).buildConniptionFixtures,
  choiceMistakes: SEARCH_MISTAKES,
  kitMistakeAnswers: searchMistakeAnswers,
  loadShrinker: async () => (await import('./shrink.js')).conniptionShrinker,
};
