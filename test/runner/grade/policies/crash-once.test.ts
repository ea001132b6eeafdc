/**
 * crash-once: a program crash at one line is charged by the failing program test of highest precedence that meets
 * it, whatever the order the tests are charged in.
 */
import { describe, expect, it } from 'vitest';
import { crashOnce } from '../../../../runner/grade/policies/crash-once.js';
import { chargeLedger, plan, record, session, test } from './ledgers.js';
import { ruleTester } from './rule-tester.js';

const traceback =
  'Enter a column: x\nTraceback (most recent call last):\n  File "game.py", line 40, in <module>\n    play()\n  File "game.py", line 12, in play\n    col = int(input())\nValueError: invalid literal for int() with base 10: \'x\'\n';
const crashed = { status: 'error' as const, message: 'the program crashed' };
const good = { status: 'pass' as const, message: 'ok' };

describe('crash-once', () => {
  const setup = test('play.setup', { kind: 'program', target: 'play', check: 'repl' });
  const moves = test('play.moves', { kind: 'program', target: 'play', check: 'repl', visibility: 'visible' });
  const fuzz = test('play.fuzz', { kind: 'program', target: 'play', check: 'repl' });
  const ledger = () => [
    record(setup, [session('s1', crashed, traceback)]),
    record(moves, [session('m1', good, 'ok'), session('m2', crashed, traceback)]),
    record(fuzz, [session('f1', crashed, traceback)]),
  ];

  it('is charged by the visible test that meets it; the others pass the session, naming it', async () => {
    const charged = await chargeLedger(ledger(), { plan: plan({ checkProgram: () => crashed }) });
    expect(charged['play.moves']!.status).toBe('error');
    for (const id of ['play.setup', 'play.fuzz']) expect(charged[id]!.status, id).toBe('pass');
    expect(charged['play.fuzz']!.units[0]!.verdict.note).toBe(
      'it crashed as it did in play.moves, which charges it (ValueError at game.py line 40)',
    );
  });

  it('is charged by the test the assignment names first, when it names one', async () => {
    const charged = await chargeLedger(ledger().reverse(), { plan: plan({ chargesFirst: ['play.setup'], checkProgram: () => crashed }) });
    expect(charged['play.setup']!.status).toBe('error');
    expect(charged['play.moves']!.status).toBe('pass');
  });
});

const setupTest = test('play.setup', { kind: 'program', target: 'play', check: 'repl' });
const movesTest = test('play.moves', { kind: 'program', target: 'play', check: 'repl', visibility: 'visible' });
const fuzzTest = test('play.fuzz', { kind: 'program', target: 'play', check: 'repl' });
const threeTests = () => [
  record(setupTest, [session('s1', crashed, traceback)]),
  record(movesTest, [session('m1', good, 'ok'), session('m2', crashed, traceback)]),
  record(fuzzTest, [session('f1', crashed, traceback)]),
];

ruleTester(crashOnce, {
  valid: [
    { name: 'the test that charges it', records: threeTests(), at: 'play.moves' },
    {
      name: 'a crash no test of higher precedence met',
      records: [
        record(setupTest, [
          session('s1', crashed, 'Traceback (most recent call last):\n  File "game.py", line 7, in <module>\nKeyError: 1\n'),
        ]),
        ...threeTests().slice(1),
      ],
      at: 'play.setup',
    },
    { name: 'a session that hung', records: threeTests(), at: 'play.fuzz', verdict: { status: 'timeout', message: 'never ended' } },
    {
      name: 'the test of higher precedence passed',
      records: threeTests(),
      at: 'play.fuzz',
      statuses: { 'play.moves': 'pass', 'play.setup': 'pass' },
    },
  ],
  invalid: [
    {
      name: 'the same crash a visible test met',
      records: threeTests(),
      at: 'play.fuzz',
      expected: { status: 'pass', messageId: 'again', data: { charger: 'play.moves', site: 'ValueError at game.py line 40' } },
      text: 'it crashed as it did in play.moves, which charges it (ValueError at game.py line 40)',
    },
  ],
});
