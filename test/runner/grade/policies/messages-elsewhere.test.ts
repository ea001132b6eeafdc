/** messages-elsewhere: once the messages test has failed, a game's session is judged again with its messages set aside. */
import { describe, expect, it } from 'vitest';
import { messagesElsewhere } from '../../../../runner/grade/policies/messages-elsewhere.js';
import { chargeLedger, plan, record, session, test, unit, wrong } from './ledgers.js';
import { ruleTester } from './rule-tester.js';

const good = { status: 'pass' as const, message: 'ok' };
const bad = wrong('the game ended on a different board');
const game = test('games.ai', { kind: 'program', target: 'game', check: 'program-result' });

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

  it("keeps the session's failure while the messages pass their test", async () => {
    expect(
      (await chargeLedger([record(messages, [unit('m', good)]), record(game, [session('g1', bad, 'x')])], { plan: p }))['games.ai']!.status,
    ).toBe('fail');
  });
});

const setAside = plan({
  program: () => ({ call: null, prompt: '', answers: [], reproduce: '', messagesGradedBy: 'moves.messages' }),
  checkProgram: (_check, _case, _result, _ask, j) =>
    j?.messagesChargedBy ? { status: 'pass', message: 'ok', note: 'the win message is charged by moves.messages' } : bad,
});
const messagesTest = test('moves.messages', { target: 'move' });
const ledger = (messages: ReturnType<typeof wrong> | typeof good) => [
  record(messagesTest, [unit('m', messages)]),
  record(game, [session('g1', bad, 'x')]),
];

ruleTester(messagesElsewhere, {
  valid: [
    { name: 'the messages pass their own test', records: ledger(good), at: 'games.ai', plan: setAside },
    {
      name: "a course's own session, whose lines are its own",
      records: [
        record(messagesTest, [unit('m', wrong())]),
        record(test('own.session', { kind: 'session', target: 'game' }), [session('s1', bad, 'x')]),
      ],
      at: 'own.session',
      plan: setAside,
    },
  ],
  invalid: [
    {
      name: 'the messages test failed, and the game is right but for them',
      records: ledger(wrong()),
      at: 'games.ai',
      plan: setAside,
      expected: { verdict: { status: 'pass', note: 'the win message is charged by moves.messages' } },
    },
  ],
});
