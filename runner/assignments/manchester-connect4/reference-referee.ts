/**
 * The grader's referee: the reference's rules and its baselines, the minimax ones included. Only index.ts reaches
 * it, so the student's kit never holds it.
 */
import * as ref from '../../../reference/manchester-connect4.js';
import type { Baseline, Opponent, Referee } from './referee.js';

const OPPONENTS: Readonly<Record<Baseline, Opponent>> = {
  random: { label: 'a random player', move: async (_ask, b, w, rng) => ref.randomBaseline(b, w, rng) },
  suggestMove1: {
    label: 'suggestMove1 (win, else block, else the first valid column)',
    move: async (_ask, b, w) => ref.suggestMove1Baseline(b, w),
  },
  minimax2: { label: 'minimax searching 2 moves ahead', move: async (_ask, b, w) => ref.minimaxBaseline(b, w, 2) },
  minimax4: { label: 'minimax searching 4 moves ahead', move: async (_ask, b, w) => ref.minimaxBaseline(b, w, 4) },
};

/** The reference ruling every game; it never asks the harness. */
export const REFERENCE_REFEREE: Referee = {
  validMoves: async (_ask, board) => ref.getValidMoves(board),
  play: async (_ask, board, column, who) => {
    const after = ref.makeMove(board, column, who);
    return { board: after, won: ref.hasWon(after, who), open: ref.getValidMoves(after) };
  },
  wins: async (_ask, positions) => positions.map(({ board, who }) => ref.hasWon(board, who)),
  opponent: (baseline) => OPPONENTS[baseline],
};
