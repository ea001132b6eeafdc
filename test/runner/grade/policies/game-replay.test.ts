/**
 * game-replay, own-lookahead and messages-elsewhere: a game that goes wrong is played again, with the student's own
 * look-ahead where quick players played, then with the document's versions of the parts whose tests failed; it passes
 * only if it then plays right. A message test that failed sets the games' messages aside, and nothing more.
 */
import { describe, expect, it } from 'vitest';
import type { GameReplay } from '../../../../runner/plan/assignment.js';
import { chargeLedger, plan, record, runs, session, test, unit, wrong } from './ledgers.js';

const good = { status: 'pass' as const, message: 'ok' };
const bad = wrong('the game ended on a different board');
const game = test('games.ai', { kind: 'program', target: 'game', check: 'program-result' });
const boardTest = test('board.add', { target: 'Board.add' });
const replay = (failed: ReadonlySet<string>): GameReplay | undefined => (failed.has('board.add') ? { replace: [{ kind: 'board', name: 'Board' }], parts: ['Board'], because: ['board.add'] } : undefined);

describe('game-replay', () => {
  it('passes a game that plays right with the document\'s parts whose tests failed, naming them and the first session as it was', async () => {
    const table = runs({}, [session('g1', good, 'ok'), session('g2', good, 'ok')]);
    const charged = await chargeLedger([record(boardTest, [unit('b1', wrong())]), record(game, [session('g1', bad, 'x'), session('g2', good, 'ok')])], { plan: plan({ gameReplay: replay }), runs: table });
    expect(charged['games.ai']).toMatchObject({ status: 'pass', message: "2 terminal sessions passed when played with the document's Board: the game goes wrong only through a bug already charged by board.add (as submitted, 1 of 2 failed; the first, g1)" });
    expect(table.asked).toEqual(['programs games.ai replaced']);
  });

  it('replays nothing when no part\'s test failed, and keeps the failure when the replay fails too', async () => {
    const none = runs();
    expect((await chargeLedger([record(boardTest, [unit('b1', good)]), record(game, [session('g1', bad, 'x')])], { plan: plan({ gameReplay: replay }), runs: none }))['games.ai']!.status).toBe('fail');
    expect(none.asked).toEqual([]);
    const still = runs({}, [session('g1', bad, 'x')]);
    expect((await chargeLedger([record(boardTest, [unit('b1', wrong())]), record(game, [session('g1', bad, 'x')])], { plan: plan({ gameReplay: replay }), runs: still }))['games.ai']!.status).toBe('fail');
  });

  it('in the kit, which has no document\'s parts, says which failing parts the game used', async () => {
    const charged = await chargeLedger([record(boardTest, [unit('b1', wrong())]), record(game, [session('g1', bad, 'x')])], { plan: plan({ gameReplay: replay }), standIns: 'own' });
    expect(charged['games.ai']!.status).toBe('fail');
    expect(charged['games.ai']!.message).toContain('The game used your Board, whose own tests failed (board.add)');
  });

  it('in the kit, blames no part when the game crashed before any of the student\'s code ran (its entry missing)', async () => {
    const missing = "Traceback (most recent call last):\nAttributeError: 'Board' object has no attribute 'playGame'\n";
    const crashed = { status: 'error' as const, message: 'the program crashed' };
    const charged = await chargeLedger([record(boardTest, [unit('b1', wrong())]), record(game, [session('g1', crashed, missing)])], { plan: plan({ gameReplay: replay }), standIns: 'own' });
    expect(charged['games.ai']!.status).toBe('error');
    expect(charged['games.ai']!.message).not.toContain('The game used your');
  });
});

describe('own-lookahead', () => {
  it('passes games that go wrong only with the quick players, on the student\'s own', async () => {
    const table = runs({}, [session('g1', good, 'ok')]);
    const charged = await chargeLedger([record(game, [session('g1', bad, 'x')], { players: { quick: 'quick players' } })], { runs: table });
    expect(charged['games.ai']).toMatchObject({ status: 'pass', ownPlayers: true });
    expect(table.asked).toEqual(['programs games.ai own players']);
  });
});

describe('messages-elsewhere', () => {
  const messages = test('moves.messages', { target: 'move' });
  const judged: string[] = [];
  const p = plan({
    program: () => ({ call: null, prompt: '', answers: [], reproduce: '', messagesGradedBy: 'moves.messages' }),
    checkProgram: (_check, _case, _result, _ask, j) => {
      judged.push(j?.messagesChargedBy ?? 'none');
      return j?.messagesChargedBy ? { status: 'pass', message: 'ok', note: 'the win message is charged by moves.messages' } : bad;
    },
  });

  it('judges the session again with the messages set aside once their test failed', async () => {
    const charged = await chargeLedger([record(messages, [unit('m', wrong())]), record(game, [session('g1', bad, 'x')])], { plan: p });
    expect(charged['games.ai']!.status).toBe('pass');
    expect(judged).toEqual(['moves.messages']);
  });

  it('keeps the session\'s failure while the messages pass their test', async () => {
    expect((await chargeLedger([record(messages, [unit('m', good)]), record(game, [session('g1', bad, 'x')])], { plan: p }))['games.ai']!.status).toBe('fail');
  });
});
