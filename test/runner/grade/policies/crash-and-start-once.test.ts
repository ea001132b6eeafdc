/**
 * crash-once and start-once: a program crash at one line is charged by the failing program test of highest precedence
 * that meets it; a given program that cannot start by the test the assignment names. Neither depends on the order
 * the tests are charged in.
 */
import { describe, expect, it } from 'vitest';
import { chargeLedger, plan, record, session, test } from './ledgers.js';

const traceback = 'Enter a column: x\nTraceback (most recent call last):\n  File "game.py", line 40, in <module>\n    play()\n  File "game.py", line 12, in play\n    col = int(input())\nValueError: invalid literal for int() with base 10: \'x\'\n';
const crashed = { status: 'error' as const, message: 'the program crashed' };
const good = { status: 'pass' as const, message: 'ok' };

describe('crash-once', () => {
  const setup = test('play.setup', { kind: 'program', target: 'play', check: 'repl' });
  const moves = test('play.moves', { kind: 'program', target: 'play', check: 'repl', visibility: 'visible' });
  const fuzz = test('play.fuzz', { kind: 'program', target: 'play', check: 'repl' });
  const ledger = () => [record(setup, [session('s1', crashed, traceback)]), record(moves, [session('m1', good, 'ok'), session('m2', crashed, traceback)]), record(fuzz, [session('f1', crashed, traceback)])];

  it('is charged by the visible test that meets it; the others pass the session, naming it', async () => {
    const charged = await chargeLedger(ledger(), { plan: plan({ checkProgram: () => crashed }) });
    expect(charged['play.moves']!.status).toBe('error');
    for (const id of ['play.setup', 'play.fuzz']) expect(charged[id]!.status, id).toBe('pass');
    expect(charged['play.fuzz']!.units[0]!.verdict.note).toBe('it crashed as it did in play.moves, which charges it (ValueError at game.py line 40)');
  });

  it('is charged by the test the assignment names first, when it names one', async () => {
    const charged = await chargeLedger(ledger().reverse(), { plan: plan({ chargesFirst: ['play.setup'], checkProgram: () => crashed }) });
    expect(charged['play.setup']!.status).toBe('error');
    expect(charged['play.moves']!.status).toBe('pass');
  });
});

describe('start-once', () => {
  const human = test('game.human', { kind: 'program', target: 'game', check: 'program-result', visibility: 'visible' });
  const ai = test('game.ai', { kind: 'program', target: 'game', check: 'program-result', visibility: 'visible' });
  const stuck = (t: ReturnType<typeof test>) => record(t, [session(`${t.id}.1`, crashed, 'Traceback (most recent call last):\nNameError: x\n', ['3'], 0)]);
  const p = plan({ chargesStartOnce: ['game'], chargesFirst: ['game.human'] });

  it('charges the named test; the other passes, naming it', async () => {
    const charged = await chargeLedger([stuck(ai), stuck(human)], { plan: p });
    expect(charged['game.human']!.status).toBe('error');
    expect(charged['game.ai']).toMatchObject({ status: 'pass', message: 'not charged again: game could not start, which game.human charges' });
  });

  it('charges every test when the named one got going', async () => {
    const charged = await chargeLedger([stuck(ai), record(human, [session('h', crashed, 'Enter: 3\n', ['3'], 1)])], { plan: p });
    expect(charged['game.ai']!.status).toBe('error');
  });
});
