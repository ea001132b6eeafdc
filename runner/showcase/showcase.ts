/** Per assignment, the samples a first look should see: each name a folder of fixtures/submissions/<assignment>/. */
export const SHOWCASE: Readonly<Record<string, readonly string[]>> = {
  'cs111-ps9': ['correct-classic', 'no-down-diagonal', 'trivia-turn-print-comma', 'hostile-prints-at-import'],
  'hmc-cs5-hw11': ['correct-classic', 'scores-for-min', 'trivia-int-minus-one', 'hostile-input-at-import'],
  'cs61a-hw04': ['correct-classic', 'put-piece-mutates', 'print-board-indexes-board', 'check-win-row-returns-none', 'hostile-reads-fixtures'],
  'manchester-connect4': ['correct-classic', 'has-won-no-anti-diagonal', 'trivia-player1-as-O', 'hostile-plays-at-import'],
  conniption: ['correct-classic', 'eval-flip-sign', 'trivia-returns-children', 'hostile-search-loops'],
};
