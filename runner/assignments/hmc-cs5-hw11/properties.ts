/**
 * HMC tests that are not one fixture case each: the part-1 Board every other test stands on, and the spread of
 * RANDOM tie-breaks (one call can only show that a tied column was picked, not that any of them can be).
 */
import { checkBoardSetup, checkRandomSpread } from './checks.js';
import { boardSteps, DOCUMENT_BOARD } from './steps.js';
import { call, int, repr, str } from '../../plan/interaction.js';
import type { PropertyCase } from '../../plan/property.js';

const RANDOM_SCORES = [50, 100, 100, 0, 100, -1];
const RANDOM_CALLS = 200;

export function hmcProperty(name: string): readonly PropertyCase[] {
  switch (name) {
    case 'hmc-board-setup':
      return [
        {
          id: 'board-setup',
          interaction: { steps: [...boardSteps(DOCUMENT_BOARD), repr(['b'], 'board')] },
          check: (o) => checkBoardSetup(o, DOCUMENT_BOARD),
        },
      ];
    case 'hmc-tiebreak-random':
      return [
        {
          id: 'tiebreak-random-spread',
          interaction: {
            steps: [
              call(['Player'], [str('X'), str('RANDOM'), int(1)], { bind: 'p' }),
              call(['p', 'tiebreakMove'], [{ type: 'list', items: RANDOM_SCORES.map((s) => ({ type: 'float', value: s })) }], {
                observe: 'columns',
                repeat: RANDOM_CALLS,
              }),
            ],
          },
          check: (o) => checkRandomSpread(o, RANDOM_SCORES, RANDOM_CALLS),
        },
      ];
    default:
      throw new Error(`internal: unknown HMC property '${name}'`);
  }
}
