/** HMC CS5 Homework 11 (document 001): its plan (plan.ts), its document and samples, and its case builder. */
import type { Assignment } from '../../plan/assignment.js';
import { HMC_EXAMPLES } from './examples.js';
import { KIT_PLAN } from './kit.js';
import { HMC_PLAN } from './plan.js';
import { HMC_LINKS } from './links.js';

export const HMC: Assignment = {
  ...HMC_PLAN,
  id: 'hmc-cs5-hw11',
  links: HMC_LINKS,
  kit: KIT_PLAN,
  boards: 'follow',
  examples: HMC_EXAMPLES,
  document: 'seeds/001_7a5c38c41b1f9da9.txt',
  showcase: ['correct-classic', 'scores-for-min', 'trivia-int-minus-one', 'hostile-input-at-import'],
  loadCases: async () => (await import('./cases.js')).buildHmcFixtures,
  loadShrinker: async () => (await import('./shrink.js')).hmcShrinker,
};
