/**
 * A test's message is written once from its sentences, which results.json keeps beside it as data (who said it, the
 * id, the data); a reporter takes a sentence, never the message apart. The first failure records the line the
 * traceback ends in, so an annotation needs no reading of the message either.
 */
import { describe, expect, it } from 'vitest';
import { junitXml } from '../../../reports/junit.js';
import { verdictForFailure } from '../../../runner/checks/outcome.js';
import { finishTest, firstFailure } from '../../../runner/grade/finish.js';
import type { TestRecord } from '../../../runner/grade/ledger.js';
import type { RunResults } from '../../../runner/model/results.js';
import { textOf } from '../../../runner/model/words.js';
import { chargeLedger, crash, plan, record, session, test, unit, wrong } from './policies/ledgers.js';

describe('words as data', () => {
  const t = test('f.value', { hint: 'Count from zero.', fixtureCases: [] });
  const ledger = [
    record(t, [unit('c1', { status: 'pass', message: 'ok' }), unit('c2', wrong('f(2) returned 1; expected 2')), unit('c3', wrong())]),
  ];

  it("writes the message from the sentences, each with who said it, its id and data: the count, the check's words, the hint", async () => {
    const charged = (await chargeLedger(ledger))['f.value']!;
    const result = finishTest(t, ledger[0]!, charged, charged.units);
    expect(result.said).toEqual([
      { by: 'test', id: 'failedFirst', data: { failed: 2, of: '3 cases', first: 'c2' }, text: '2 of 3 cases failed; the first (c2):' },
      { by: 'check', id: 'said', data: { text: 'f(2) returned 1; expected 2' }, text: 'f(2) returned 1; expected 2' },
      { by: 'hint', id: 'hint', data: { hint: 'Count from zero.' }, text: 'Hint: Count from zero.' },
    ]);
    expect(result.message).toBe(textOf(result.said!));
  });

  it("gives JUnit the check's own words from its sentence, not the count before them", async () => {
    const charged = (await chargeLedger(ledger))['f.value']!;
    const result = finishTest(t, ledger[0]!, charged, charged.units);
    const run = {
      tool: { name: 'grade', version: '0' },
      generatedAt: '2026-01-01T00:00:00.000Z',
      seed: 1,
      submissions: [
        { id: 's', path: 's', assignment: 'cs111-ps9', status: 'graded', score: 0, maxScore: 1, durationMs: 1, tests: [result] },
      ],
    } as unknown as RunResults;
    expect(junitXml(run)).toContain('<failure message="f(2) returned 1; expected 2" type="wrong answer">');
  });
});

describe('a timeout of a look-ahead', () => {
  it('says how much a plain search does, in the message as it is made', () => {
    const verdict = verdictForFailure(
      { kind: 'timeout', step: 'p.scores_for(b)', limitMs: 5000 },
      undefined,
      'A plain look-ahead tries 400 boards for this call',
    );
    expect(verdict.message).toBe(
      'p.scores_for(b) did not finish within 5000 ms (an infinite loop, or far too slow). A plain look-ahead tries 400 boards for this call',
    );
  });
});

describe("a first failure's place", () => {
  const t = test('f.value');
  const at = (r: TestRecord) => firstFailure(r, { status: 'error', said: [], failed: 1, ran: 1, first: r.units[0]?.id })?.place;

  it("is an exception's innermost frame", () => {
    expect(at(record(t, [unit('c1', { status: 'error', message: 'raised' }, { failure: crash() })]))).toEqual({ file: 'a.py', line: 3 });
  });

  it("is the innermost frame a program's traceback names", () => {
    const transcript =
      'Enter: x\nTraceback (most recent call last):\n  File "/tmp/w/game.py", line 40, in <module>\n    play()\n  File "/tmp/w/game.py", line 12, in play\n    col = int(input())\nValueError: bad\n';
    expect(at(record(test('g', { kind: 'program' }), [session('s1', { status: 'error', message: 'crashed' }, transcript)]))).toEqual({
      file: 'game.py',
      line: 12,
    });
  });

  it("is an import's, as its check saw it, and there is none for a wrong answer", () => {
    const imported = record(test('import.a', { kind: 'import', fixtureCases: [] }), [], {
      direct: { status: 'error', message: 'importing a.py raised SyntaxError', place: { file: 'a.py', line: 7 } },
    });
    expect(firstFailure(imported, { status: 'error', said: [], failed: 1, ran: 1 })?.place).toEqual({ file: 'a.py', line: 7 });
    expect(at(record(t, [unit('c1', wrong())]))).toBeUndefined();
  });
});

describe('a count of cases passed', () => {
  const judges = plan({ judgesOnly: (c) => (c === 'restored' ? { note: 'the value tests grade the crash' } : undefined) });
  const t = test('f.restores', { check: 'restored', fixtureCases: [] });
  const crashed = (id: string) => unit(id, { status: 'error', message: 'raised' }, { failure: crash() });

  it('is given only where cases were judged: where a rule excused every case, it says none was, and why', async () => {
    const none = (await chargeLedger([record(t, [crashed('c1'), crashed('c2')])], { plan: judges }))['f.restores']!;
    expect(none).toMatchObject({
      status: 'pass',
      message: 'none of the 2 cases run was judged here: IndexError was raised: the value tests grade the crash',
    });
    const one = (await chargeLedger([record(t, [crashed('c1'), unit('c2', { status: 'pass', message: 'ok' })])], { plan: judges }))[
      'f.restores'
    ]!;
    expect(one.message).toBe('2 cases passed (IndexError was raised: the value tests grade the crash)');
  });
});
