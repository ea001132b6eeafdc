/**
 * Which parts a whole game is replayed with, from the tests already failed: only parts that have a document
 * version, each named with the tests that charged its bug.
 */
import { describe, expect, it } from 'vitest';
import { assignmentFor } from '../../runner/assignments/registry.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { loadSpec } from '../../runner/pack/load-spec.js';

/** The replay for a game test of `id` (its first program test, or the one named), given the tests failed so far. */
const replay = (id: Parameters<typeof assignmentFor>[0], failed: string[], testId?: string) => {
  const tests = loadSpec(PROJECT_ROOT, id).tests;
  const test = tests.find((t) => (testId ? t.id === testId : t.kind === 'program' && t.target !== 'process_move')) ?? tests[0]!;
  return assignmentFor(id).gameReplay?.(new Set(failed), test);
};

describe('replaying a game without the bugs already charged', () => {
  it("CS111: the document's Board for any Board test, its Player and AIPlayer methods for theirs, the others kept", () => {
    expect(replay('cs111-ps9', ['board.add_checker'])).toEqual({
      replace: [{ kind: 'cs111-board', name: 'Board' }],
      parts: ['Board'],
      because: ['board.add_checker'],
    });
    expect(replay('cs111-ps9', ['aiplayer.scores_for.lookahead-4', 'player.next_move.column'])).toEqual({
      replace: [
        { kind: 'cs111-player-inherited', name: 'Player', keep: ['__init__', '__repr__', 'opponent_checker'] },
        { kind: 'cs111-aiplayer', name: 'AIPlayer', keep: ['max_score_column', 'opponent_checker', 'next_move', '__repr__'] },
      ],
      parts: ['Player.next_move', 'AIPlayer.scores_for'],
      because: ['player.next_move.column', 'aiplayer.scores_for.lookahead-4'],
    });
  });

  it("CS111: a game replays with the document's process_move when its moves' tests failed, but process_move's own test does not", () => {
    expect(replay('cs111-ps9', ['process_move.result', 'board.is_full'], 'connect_four.ai-games')).toEqual({
      replace: [
        { kind: 'cs111-board', name: 'Board' },
        { kind: 'cs111-document', names: ['process_move'] },
      ],
      parts: ['Board', 'process_move'],
      because: ['board.is_full', 'process_move.result'],
    });
    expect(replay('cs111-ps9', ['process_move.result', 'board.is_full'], 'process_move.terminal')).toEqual({
      replace: [{ kind: 'cs111-board', name: 'Board' }],
      parts: ['Board'],
      because: ['board.is_full'],
    });
  });

  it("CS111: a messages test that failed swaps no part: what the messages say is set aside by the games themselves, so a slip there excuses no bug in process_move's moves", () => {
    expect(replay('cs111-ps9', ['process_move.messages'], 'connect_four.ai-games')).toBeUndefined();
    expect(replay('cs111-ps9', ['process_move.messages', 'board.is_full'], 'connect_four.ai-games')).toEqual({
      replace: [{ kind: 'cs111-board', name: 'Board' }],
      parts: ['Board'],
      because: ['board.is_full'],
    });
  });

  it('CS111: nothing to replay with when only parts without a stand-in failed (a prompt, the games)', () => {
    expect(replay('cs111-ps9', ['player.next_move.prompts', 'connect_four.human-games', 'aiplayer.next_move.strength'])).toBeUndefined();
    expect(replay('cs111-ps9', ['aiplayer.next_move.counts-moves'])?.replace).toEqual([
      { kind: 'cs111-aiplayer', name: 'AIPlayer', keep: ['scores_for', 'max_score_column', 'opponent_checker', '__repr__'] },
    ]);
  });

  it("HMC: the document's Player methods whose tests failed (a computer player's nextMove among them), the student's Board kept", () => {
    expect(replay('hmc-cs5-hw11', ['player.scoresFor.ply-2-3', 'player.repr'])).toEqual({
      replace: [{ kind: 'hmc-player', name: 'Player', keep: ['oppCh', 'scoreBoard', 'tiebreakMove', 'nextMove'] }],
      parts: ['Player.scoresFor'],
      because: ['player.scoresFor.ply-2-3'],
    });
    expect(replay('hmc-cs5-hw11', ['player.nextMove.generated'])).toEqual({
      replace: [{ kind: 'hmc-player', name: 'Player', keep: ['oppCh', 'scoreBoard', 'tiebreakMove', 'scoresFor'] }],
      parts: ['Player.nextMove'],
      because: ['player.nextMove.generated'],
    });
    // A 'HUMAN' player's dialogue is not swapped: its test charges it, and the games keep the student's.
    expect(replay('hmc-cs5-hw11', ['board.setup', 'player.nextMove.human'])).toBeUndefined();
  });

  it("Manchester: the document's functions whose tests failed, never the student's play() or suggestMove2", () => {
    expect(replay('manchester-connect4', ['loadGame.malformed', 'makeMove.generated', 'suggestMove2.vs-minimax4', 'play.fuzz'])).toEqual({
      replace: [{ kind: 'manchester-document', names: ['makeMove', 'loadGame'] }],
      parts: ['makeMove, loadGame'],
      because: ['loadGame.malformed', 'makeMove.generated'],
    });
    expect(replay('manchester-connect4', ['suggestMove1.strength', 'play.names', 'module.docstrings'])).toBeUndefined();
  });

  it('has no replay where no game has a part to swap (CS61A, Conniption)', () => {
    for (const id of ['cs61a-hw04', 'conniption'] as const) expect(replay(id, ['anything.failed'])).toBeUndefined();
  });
});
