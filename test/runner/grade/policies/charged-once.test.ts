/**
 * charged-once: a mistake no test grades, shown by another reading of failing cases, is charged by the test of highest
 * precedence that meets it (a visible one, the document's examples, first); the failures it explains elsewhere pass,
 * naming that test; a failure it does not explain stays charged where it is.
 */
import { describe, expect, it } from 'vitest';
import type { ChargedElsewhere } from '../../../../runner/plan/assignment.js';
import { chargeLedger, fixtureCase, pass, plan, record, runs, test, unit, wrong } from './ledgers.js';
import { chargedOnce } from '../../../../runner/grade/policies/charged-once.js';
import { ruleTester } from './rule-tester.js';

const delMove = (t: ReturnType<typeof test>): ChargedElsewhere => ({
  testCase: fixtureCase(`${t.id}.undo`),
  note: 'with a delMove that takes back the last move it answers right',
  once: { cause: 'Board.delMove', why: "your Board's delMove is what goes wrong" },
});

describe('charged-once', () => {
  const doc = test('scores.document', { target: 'scores', visibility: 'visible', fixtureCases: [fixtureCase('scores.doc.1', 'document')] });
  const deep = test('scores.ply-4', { target: 'scores' });
  const failing = (t: ReturnType<typeof test>) => record(t, [unit(t.fixtureCases[0]!.id, wrong(), { testCase: t.fixtureCases[0]! })]);
  const p = plan({ readingElsewhere: (t) => delMove(t) });

  it("is charged by the visible test on the document's examples, whichever test is charged first", async () => {
    const table = runs({ 'scores.doc.1#elsewhere': pass, 'scores.ply-4.c1#elsewhere': pass });
    for (const order of [
      [failing(doc), failing(deep)],
      [failing(deep), failing(doc)],
    ]) {
      const charged = await chargeLedger(order, { plan: p, runs: table });
      expect(charged['scores.document']).toMatchObject({ status: 'fail' });
      expect(charged['scores.document']!.message).toContain("your Board's delMove is what goes wrong");
      expect(charged['scores.ply-4']).toMatchObject({
        status: 'pass',
        message:
          'the one case run was not judged here: with a delMove that takes back the last move it answers right; scores.document charges it',
      });
    }
  });

  it('leaves a failure the other reading does not explain where it is', async () => {
    const charged = await chargeLedger([failing(doc), failing(deep)], { plan: p, runs: runs({ 'scores.doc.1#elsewhere': pass }) });
    expect(charged['scores.ply-4']).toMatchObject({ status: 'fail' });
    expect(charged['scores.ply-4']!.message).not.toContain('delMove');
  });
});

const docTest = test('scores.document', {
  target: 'scores',
  visibility: 'visible',
  fixtureCases: [fixtureCase('scores.doc.1', 'document')],
});
const deepTest = test('scores.ply-4', { target: 'scores' });
const failingCase = (t: ReturnType<typeof test>) => record(t, [unit(t.fixtureCases[0]!.id, wrong(), { testCase: t.fixtureCases[0]! })]);
const undo = plan({ readingElsewhere: (t) => delMove(t) });
const bothRight = () => runs({ 'scores.doc.1#elsewhere': pass, 'scores.ply-4.c1#elsewhere': pass });

ruleTester(chargedOnce, {
  valid: [
    {
      name: 'the other reading answers wrong too',
      records: [failingCase(docTest), failingCase(deepTest)],
      at: 'scores.ply-4',
      plan: undo,
      runs: runs({}),
    },
    {
      name: 'no case failed',
      records: [record(deepTest, [unit('scores.ply-4.c1', pass, { testCase: deepTest.fixtureCases[0]! })])],
      at: 'scores.ply-4',
      plan: undo,
      runs: bothRight(),
    },
  ],
  invalid: [
    {
      name: "the visible test on the document's examples charges it",
      records: [failingCase(docTest), failingCase(deepTest)],
      at: 'scores.document',
      plan: undo,
      runs: bothRight(),
      expected: {
        units: { 'scores.doc.1': { status: 'fail', messageId: 'here', data: { why: "your Board's delMove is what goes wrong" } } },
      },
    },
    {
      name: 'the other tests pass it, naming that test',
      records: [failingCase(deepTest), failingCase(docTest)],
      at: 'scores.ply-4',
      plan: undo,
      runs: bothRight(),
      expected: {
        units: {
          'scores.ply-4.c1': {
            status: 'pass',
            messageId: 'elsewhere',
            data: { note: 'with a delMove that takes back the last move it answers right', charger: 'scores.document' },
          },
        },
      },
      text: 'with a delMove that takes back the last move it answers right; scores.document charges it',
    },
  ],
});
