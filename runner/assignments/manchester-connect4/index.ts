/** Manchester's Connect Four (document 003) as the grader runs it: the plan, ruled by the reference. */
import type { Assignment } from '../../plan/assignment.js';
import { MANCHESTER_EXAMPLES } from './examples.js';
import { KIT_PLAN } from './kit.js';
import { SUGGEST_MISTAKES } from './suggest-mistakes.js';
import { manchesterPlan } from './plan.js';
import { REFERENCE_REFEREE } from './reference-referee.js';
import { MANCHESTER_LINKS } from './links.js';

export const MANCHESTER: Assignment = {
  ...manchesterPlan(REFERENCE_REFEREE),
  id: 'manchester-connect4',
  links: MANCHESTER_LINKS,
  kit: KIT_PLAN,
  choiceMistakes: SUGGEST_MISTAKES,
  boards: {
    refused: "manchester-connect4's document fixes its board, 6 rows by 7 columns, and its API takes no size: its generated cases keep it",
  },
  examples: MANCHESTER_EXAMPLES,
  document: 'seeds/003_f751b792f218426d.txt',
  showcase: ['correct-classic', 'has-won-no-anti-diagonal', 'trivia-player1-as-O', 'hostile-plays-at-import'],
  loadCases: async () => (await import('./cases.js')).buildManchesterFixtures,
  loadShrinker: async () => (await import('./shrink.js')).manchesterShrinker,
};
