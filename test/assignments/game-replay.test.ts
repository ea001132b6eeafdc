/**
 * Which parts a whole game is replayed with, from the tests already failed: only parts that have a document
 * version, each named with the tests that charged its bug.
 */
import { describe, expect, it } from 'vitest';
import { assignmentFor } from '../../runner/assignments/registry.js';

const replay = (id: Parameters<typeof assignmentFor>[0], failed: string[]) => assignmentFor(id).gameReplay?.(new Set(failed));

describe('replaying a game without the bugs already charged', () => {
  it("CS111: the document's Board for any Board test, its Player and AIPlayer methods for theirs, the others kept", () => {
    expect(replay('cs111-ps9', ['board.add_checker', 'process_move.messages'])).toEqual({ replace: [{ kind: 'cs111-board', name: 'Board' }], parts: ['Board'], because: ['board.add_checker'] });
    expect(replay('cs111-ps9', ['aiplayer.scores_for.lookahead-4', 'player.next_move.column'])).toEqual({
      replace: [
        { kind: 'cs111-player-inherited', name: 'Player', keep: ['__init__', '__repr__', 'opponent_checker'] },
        { kind: 'cs111-aiplayer', name: 'AIPlayer', keep: ['max_score_column', 'opponent_checker', 'next_move'] },
      ],
      parts: ['Player.next_move', 'AIPlayer.scores_for'],
      because: ['player.next_move.column', 'aiplayer.scores_for.lookahead-4'],
    });
  });

  it('CS111: nothing to replay with when only parts without a stand-in failed (a message, a prompt, the games)', () => {
    expect(replay('cs111-ps9', ['player.next_move.prompts', 'process_move.messages', 'connect_four.human-games', 'aiplayer.next_move.strength'])).toBeUndefined();
    expect(replay('cs111-ps9', ['aiplayer.next_move.counts-moves'])?.replace).toEqual([{ kind: 'cs111-aiplayer', name: 'AIPlayer', keep: ['scores_for', 'max_score_column', 'opponent_checker'] }]);
  });

  it("HMC: the document's Player methods whose tests failed, the student's nextMove and Board kept", () => {
    expect(replay('hmc-cs5-hw11', ['player.scoresFor.ply-2-3', 'player.repr'])).toEqual({
      replace: [{ kind: 'hmc-player', name: 'Player', keep: ['nextMove', 'oppCh', 'scoreBoard', 'tiebreakMove'] }],
      parts: ['Player.scoresFor'],
      because: ['player.scoresFor.ply-2-3'],
    });
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
