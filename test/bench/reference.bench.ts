/**
 * `npm run bench`: the reference's speed goals. Targets (2-core machine): scores_for at lookahead 6 from the empty
 * 7×6 board well under 50 ms; the whole fixture build under 30 s.
 */
import { bench, describe } from 'vitest';
import * as cn from '../../reference/conniption.js';
import { createGrid } from '../../reference/core/grid.js';
import { scoreColumns, scoreOnGrid } from '../../reference/core/lookahead.js';
import { boardFromMoves } from '../../reference/cs111-ps9.js';
import { DEFAULT_SEED } from '../../runner/fixtures/build-context.js';
import { buildAllFixtures } from '../../runner/golden/build-fixtures.js';
import { readSeedDocuments } from '../../runner/golden/shared-documents.js';

const empty = createGrid(6, 7);
const documentBoard = boardFromMoves(6, 7, '1211244445');

describe('lookahead', () => {
  bench(
    'scores_for, lookahead 6, empty 7×6 board (bitboard)',
    () => {
      scoreColumns(empty, 1, 6);
    },
    { iterations: 30, warmupIterations: 5 },
  );

  bench(
    'scores_for, lookahead 6, empty 7×6 board (plain grid, for comparison)',
    () => {
      scoreOnGrid(empty, 1, 6, 'tie-50');
    },
    { iterations: 5, warmupIterations: 1 },
  );

  bench(
    "scores_for, lookahead 5, the document's board",
    () => {
      scoreColumns(documentBoard, 2, 5);
    },
    { iterations: 30, warmupIterations: 5 },
  );
});

describe('conniption', () => {
  const state: cn.ConniptionState = { ...cn.initialState(), board: [[true], [false], [], [true], [], [false], []] };
  bench(
    'alpha-beta value, depth 3 (28 children a node)',
    () => {
      cn.searchValue(state, 3);
    },
    { iterations: 10, warmupIterations: 2 },
  );
});

describe('fixtures', () => {
  const documents = readSeedDocuments();
  bench(
    'build every golden fixture in memory (npm run fixtures without the writes)',
    async () => {
      await buildAllFixtures({ documents, seed: DEFAULT_SEED });
    },
    { iterations: 5, warmupIterations: 1 },
  );
});
