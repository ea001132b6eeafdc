/**
 * game-replay: a game that goes wrong is played again with the document's versions of the parts whose tests failed;
 * it passes only if it then plays right. The kit, which has no document's parts, says which failing parts it used.
 */
import { describe, expect, it } from 'vitest';
import type { GameReplay } from '../../../../runner/plan/assignment.js';
import { gameReplay } from '../../../../runner/grade/policies/game-replay.js';
import { chargeLedger, plan, record, runs, session, test, unit, wrong } from './ledgers.js';
import { ruleTester } from './rule-tester.js';

const good = { status: 'pass' as const, message: 'ok' };
const bad = wrong('the game ended on a different board');
const game = test('games.ai', { kind: 'program', target: 'game', check: 'program-result' });
const boardTest = test('board.add', { target: 'Board.add' });
const replay = (failed: ReadonlySet<string>): GameReplay | undefined =>
  failed.has('board.add') ? { replace: [{ kind: 'board', name: 'Board' }], parts: ['Board'], because: ['board.add'] } : undefined;

describe('game-replay', () => {
  it("passes a game that plays right with the document's parts whose tests failed, naming them and the first session as it was", async () => {
    const table = runs({}, [session('g1', good, 'ok'), session('g2', good, 'ok')]);
    const charged = await chargeLedger(
      [record(boardTest, [unit('b1', wrong())]), record(game, [session('g1', bad, 'x'), session('g2', good, 'ok')])],
      { plan: plan({ gameReplay: replay }), runs: table },
    );
    expect(charged['games.ai']).toMatchObject({
      status: 'pass',
      message:
        "2 terminal sessions passed when played with the document's Board: the game goes wrong only through a bug already charged by board.add (as submitted, 1 of 2 failed; the first, g1)",
    });
    expect(table.asked).toEqual(['programs games.ai replaced']);
  });

  it("replays nothing when no part's test failed, and keeps the failure when the replay fails too", async () => {
    const none = runs();
    expect(
      (
        await chargeLedger([record(boardTest, [unit('b1', good)]), record(game, [session('g1', bad, 'x')])], {
          plan: plan({ gameReplay: replay }),
          runs: none,
        })
      )['games.ai']!.status,
    ).toBe('fail');
    expect(none.asked).toEqual([]);
    const still = runs({}, [session('g1', bad, 'x')]);
    expect(
      (
        await chargeLedger([record(boardTest, [unit('b1', wrong())]), record(game, [session('g1', bad, 'x')])], {
          plan: plan({ gameReplay: replay }),
          runs: still,
        })
      )['games.ai']!.status,
    ).toBe('fail');
  });

  it("in the kit, which has no document's parts, says which failing parts the game used", async () => {
    const charged = await chargeLedger([record(boardTest, [unit('b1', wrong())]), record(game, [session('g1', bad, 'x')])], {
      plan: plan({ gameReplay: replay }),
      standIns: 'own',
    });
    expect(charged['games.ai']!.status).toBe('fail');
    expect(charged['games.ai']!.message).toContain('The game used your Board, whose own tests failed (board.add)');
  });

  it("in the kit, blames no part when the game crashed before any of the student's code ran (its entry missing)", async () => {
    const missing = "Traceback (most recent call last):\nAttributeError: 'Board' object has no attribute 'playGame'\n";
    const crashed = { status: 'error' as const, message: 'the program crashed' };
    const charged = await chargeLedger([record(boardTest, [unit('b1', wrong())]), record(game, [session('g1', crashed, missing)])], {
      plan: plan({ gameReplay: replay }),
      standIns: 'own',
    });
    expect(charged['games.ai']!.status).toBe('error');
    expect(charged['games.ai']!.message).not.toContain('The game used your');
  });
});

const kitBad = (transcript: string) => [record(boardTest, [unit('b1', wrong())]), record(game, [session('g1', bad, transcript)])];

ruleTester(gameReplay, {
  valid: [
    {
      name: 'a game that passed',
      records: [record(boardTest, [unit('b1', wrong())]), record(game, [session('g1', good, 'ok')])],
      at: 'games.ai',
      plan: plan({ gameReplay: replay }),
    },
    {
      name: "no part's test failed",
      records: [record(boardTest, [unit('b1', good)]), record(game, [session('g1', bad, 'x')])],
      at: 'games.ai',
      plan: plan({ gameReplay: replay }),
    },
    {
      name: 'the replay fails too',
      records: kitBad('x'),
      at: 'games.ai',
      plan: plan({ gameReplay: replay }),
      runs: runs({}, [session('g1', bad, 'x')]),
    },
    {
      name: 'a game that hung',
      records: [
        record(boardTest, [unit('b1', wrong())]),
        record(game, [session('g1', { status: 'timeout', message: 'never ended' }, 'x')]),
      ],
      at: 'games.ai',
      plan: plan({ gameReplay: replay }),
    },
    {
      name: "in the kit, a crash before the student's code ran",
      records: kitBad("Traceback (most recent call last):\nAttributeError: 'Board' object has no attribute 'playGame'\n"),
      at: 'games.ai',
      plan: plan({ gameReplay: replay }),
      standIns: 'own',
    },
  ],
  invalid: [
    {
      name: "the replay with the document's Board plays right",
      records: kitBad('x'),
      at: 'games.ai',
      plan: plan({ gameReplay: replay }),
      runs: runs({}, [session('g1', good, 'ok')]),
      expected: {
        status: 'pass',
        messageId: 'replayed',
        data: { passed: '1 terminal session passed', parts: 'Board', because: 'board.add', failed: 1, of: 1, first: 'g1' },
      },
    },
    {
      name: 'in the kit, the failing parts the game used',
      records: kitBad('x'),
      at: 'games.ai',
      plan: plan({ gameReplay: replay }),
      standIns: 'own',
      expected: { notes: [{ messageId: 'kit', data: { parts: 'Board', because: 'board.add' } }] },
      text: "The game used your Board, whose own tests failed (board.add): after you submit, the game is played again with the document's versions, so fix those first; this failure may come from there.",
    },
  ],
});
