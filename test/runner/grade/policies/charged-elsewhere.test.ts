/**
 * charged-elsewhere: a failure passes here only on a fact that shows it is another test's — the crash's own frames and
 * that test not passing, another reading answering right and the charging test failing its case too, or the test
 * whose mistake it is having failed.
 */
import { describe, expect, it } from 'vitest';
import type { ChargedElsewhere } from '../../../../runner/plan/assignment.js';
import { chargeLedger, crash, fixtureCase, pass, plan, record, runs, test, unit, wrong } from './ledgers.js';
import { chargedElsewhere } from '../../../../runner/grade/policies/charged-elsewhere.js';
import { ruleTester } from './rule-tester.js';

const failing = (t: ReturnType<typeof test>) => record(t, [unit(`${t.id}.c1`, wrong(), { testCase: t.fixtureCases[0]! })]);
const passing = (t: ReturnType<typeof test>) => record(t, [unit(`${t.id}.c1`, pass, { testCase: t.fixtureCases[0]! })]);

describe('charged-elsewhere', () => {
  const here = test('win.document', { target: 'win' });
  const helper = test('win.up', { target: 'win' });
  const crashed = record(here, [
    unit('win.document.c1', { status: 'error', message: 'raised' }, { failure: crash(), testCase: here.fixtureCases[0]! }),
  ]);
  const excuse = plan({ excuseFailure: () => ({ chargedBy: 'win.up', note: 'raised in the up helper: charged by win.up' }) });

  it("excuses a crash in another test's helper while that test fails", async () => {
    const charged = await chargeLedger([crashed, failing(helper)], { plan: excuse });
    expect(charged['win.document']).toMatchObject({
      status: 'pass',
      message: 'the one case run was not judged here: raised in the up helper: charged by win.up',
    });
  });

  it('charges it here when the test named passes: nobody else would', async () => {
    const charged = await chargeLedger([crashed, passing(helper)], { plan: excuse });
    expect(charged['win.document']!.status).toBe('error');
  });

  it("asks the other reading, then the charging test's case, and passes only if the first answers right and the second fails", async () => {
    const other = test('barrier.win', { target: 'win' });
    const place: ChargedElsewhere = { testCase: fixtureCase('columns'), chargedBy: other, note: 'reads the board as columns' };
    const p = plan({ readingElsewhere: (t) => (t.id === 'win.document' ? place : undefined) });
    const right = runs({ 'win.document.c1#reading0': pass, 'win.document.c1#charged0': wrong() });
    expect((await chargeLedger([failing(here), failing(other)], { plan: p, runs: right }))['win.document']!.status).toBe('pass');
    expect(right.asked).toEqual(['win.document.c1#reading0', 'win.document.c1#charged0']);
    const readingWrong = runs({});
    expect((await chargeLedger([failing(here), failing(other)], { plan: p, runs: readingWrong }))['win.document']!.status).toBe('fail');
    expect(readingWrong.asked).toEqual(['win.document.c1#reading0']);
  });

  it('runs the rest of a test the run stopped at a failure it then passes (a memory error charged by another test)', async () => {
    const t = test('win.random', { target: 'win', fixtureCases: [fixtureCase('r1'), fixtureCase('r2')] });
    const memory = { status: 'error' as const, message: 'raised MemoryError', stoppedAt: 'memory' as const };
    const stopped = record(t, [unit('r1', memory, { failure: crash('MemoryError'), testCase: t.fixtureCases[0]! })], {
      of: 2,
      stopped: { at: 'r1', by: 'memory' },
    });
    const table = runs({}, [], [unit('r2', wrong('found a four where there is none'), { testCase: t.fixtureCases[1]! })]);
    const charged = await chargeLedger([stopped, failing(helper)], { plan: excuse, runs: table });
    expect(table.asked).toEqual(['rest of win.random from 1']);
    expect(charged['win.random']).toMatchObject({ status: 'fail', failed: 1, first: 'r2' });
  });

  it('waits for the test whose mistake it is to have failed before asking anything', async () => {
    const leftRight = test('tiebreak.left-right', { target: 'tiebreak' });
    const random = test('tiebreak.random', { target: 'tiebreak' });
    const place: ChargedElsewhere = {
      chargedBy: leftRight,
      chargedCase: fixtureCase('left'),
      onceFailed: true,
      note: 'with LEFT these scores fail too',
    };
    const p = plan({ readingElsewhere: (t) => (t.id === 'tiebreak.random' ? place : undefined) });
    const table = runs({ 'tiebreak.random.c1#charged0': wrong() });
    expect((await chargeLedger([passing(leftRight), failing(random)], { plan: p, runs: table }))['tiebreak.random']!.status).toBe('fail');
    expect(table.asked).toEqual([]);
    expect((await chargeLedger([failing(leftRight), failing(random)], { plan: p, runs: table }))['tiebreak.random']!.status).toBe('pass');
  });
});

const winDoc = test('win.document', { target: 'win' });
const winUp = test('win.up', { target: 'win' });
const crashedHere = () =>
  record(winDoc, [
    unit('win.document.c1', { status: 'error', message: 'raised' }, { failure: crash(), testCase: winDoc.fixtureCases[0]! }),
  ]);
const upHelper = plan({ excuseFailure: () => ({ chargedBy: 'win.up', note: 'raised in the up helper: charged by win.up' }) });
const barrierWin = test('barrier.win', { target: 'win' });
const columns = plan({
  readingElsewhere: (t) =>
    t.id === 'win.document' ? { testCase: fixtureCase('columns'), chargedBy: barrierWin, note: 'reads the board as columns' } : undefined,
});

ruleTester(chargedElsewhere, {
  valid: [
    { name: 'the test said to charge it passes', records: [crashedHere(), passing(winUp)], at: 'win.document', plan: upHelper },
    {
      name: 'the other reading answers wrong too',
      records: [failing(winDoc), failing(barrierWin)],
      at: 'win.document',
      plan: columns,
      runs: runs({}),
    },
    {
      name: "the charging test passes that test's case",
      records: [failing(winDoc), failing(barrierWin)],
      at: 'win.document',
      plan: columns,
      runs: runs({ 'win.document.c1#reading0': pass, 'win.document.c1#charged0': pass }),
    },
    {
      name: 'a test the run left out charges nothing',
      records: [failing(winDoc)],
      at: 'win.document',
      plan: columns,
      runs: runs({ 'win.document.c1#reading0': pass, 'win.document.c1#charged0': wrong() }),
    },
  ],
  invalid: [
    {
      name: "a crash in a failing test's helper",
      records: [crashedHere(), failing(winUp)],
      at: 'win.document',
      plan: upHelper,
      expected: { status: 'pass', messageId: 'elsewhere', data: { note: 'raised in the up helper: charged by win.up' } },
    },
    {
      name: 'the other reading answers right and the charging test fails its case',
      records: [failing(winDoc), failing(barrierWin)],
      at: 'win.document',
      plan: columns,
      runs: runs({ 'win.document.c1#reading0': pass, 'win.document.c1#charged0': wrong() }),
      expected: { status: 'pass', messageId: 'elsewhere', data: { note: 'reads the board as columns' } },
      text: 'reads the board as columns',
    },
  ],
});
