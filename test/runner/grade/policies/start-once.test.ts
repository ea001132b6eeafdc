/** start-once: a given program that cannot start is charged by the test the assignment names; its other tests pass, naming it. */
import { describe, expect, it } from 'vitest';
import { startOnce } from '../../../../runner/grade/policies/start-once.js';
import { chargeLedger, plan, record, session, test } from './ledgers.js';
import { ruleTester } from './rule-tester.js';

const crashed = { status: 'error' as const, message: 'the program crashed' };

describe('start-once', () => {
  const human = test('game.human', { kind: 'program', target: 'game', check: 'program-result', visibility: 'visible' });
  const ai = test('game.ai', { kind: 'program', target: 'game', check: 'program-result', visibility: 'visible' });
  const stuck = (t: ReturnType<typeof test>) =>
    record(t, [session(`${t.id}.1`, crashed, 'Traceback (most recent call last):\nNameError: x\n', ['3'], 0)]);
  const p = plan({ chargesStartOnce: ['game'], chargesFirst: ['game.human'] });

  it('charges the named test; the other passes, naming it', async () => {
    const charged = await chargeLedger([stuck(ai), stuck(human)], { plan: p });
    expect(charged['game.human']!.status).toBe('error');
    expect(charged['game.ai']).toMatchObject({
      status: 'pass',
      message: 'not charged again: game could not start, which game.human charges',
    });
  });

  it('charges every test when the named one got going', async () => {
    const charged = await chargeLedger([stuck(ai), record(human, [session('h', crashed, 'Enter: 3\n', ['3'], 1)])], { plan: p });
    expect(charged['game.ai']!.status).toBe('error');
  });
});

const humanTest = test('game.human', { kind: 'program', target: 'game', check: 'program-result', visibility: 'visible' });
const aiTest = test('game.ai', { kind: 'program', target: 'game', check: 'program-result', visibility: 'visible' });
const stuckIn = (t: ReturnType<typeof test>) =>
  record(t, [session(`${t.id}.1`, crashed, 'Traceback (most recent call last):\nNameError: x\n', ['3'], 0)]);
const names = plan({ chargesStartOnce: ['game'], chargesFirst: ['game.human'] });

ruleTester(startOnce, {
  valid: [
    { name: 'the test named to charge it', records: [stuckIn(aiTest), stuckIn(humanTest)], at: 'game.human', plan: names },
    {
      name: 'the named test got going',
      records: [stuckIn(aiTest), record(humanTest, [session('h', crashed, 'Enter: 3\n', ['3'], 1)])],
      at: 'game.ai',
      plan: names,
    },
    {
      name: 'a program the assignment does not give whole',
      records: [stuckIn(aiTest), stuckIn(humanTest)],
      at: 'game.ai',
      plan: plan({ chargesFirst: ['game.human'] }),
    },
  ],
  invalid: [
    {
      name: 'another test of a program that cannot start',
      records: [stuckIn(aiTest), stuckIn(humanTest)],
      at: 'game.ai',
      plan: names,
      expected: { status: 'pass', messageId: 'again', data: { target: 'game', charger: 'game.human' } },
      text: 'not charged again: game could not start, which game.human charges',
    },
  ],
});
