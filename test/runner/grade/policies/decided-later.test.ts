/**
 * decided-later: the kit never shows a pass it cannot stand behind. A pass against the student's own opponent, and a
 * test left unrun on the student's own part that never ended, are decided after the student submits.
 */
import { describe, expect, it } from 'vitest';
import { decidedLater, judgeDecidedLater } from '../../../../runner/grade/policies/decided-later.js';
import { chargeLedger, record, test, unit } from './ledgers.js';
import { ruleTester } from './rule-tester.js';

const facts = { standIns: 'own' as const, passed: true, opponents: ['suggestMove1'], saw: ['won 2, drew 0, lost 0'], ran: 1 };

describe('decided-later', () => {
  it("keeps a failure, the grader's verdicts, and a pass against an opponent of the kit's own", () => {
    expect(judgeDecidedLater({ ...facts, passed: false })).toBeUndefined();
    expect(judgeDecidedLater({ ...facts, standIns: 'document' })).toBeUndefined();
    expect(judgeDecidedLater({ ...facts, opponents: [] })).toBeUndefined();
  });

  it("in a charge: a test the kit did not run on the student's own part that never ended is decided later, in the kit's words", async () => {
    const t = test('aiplayer.scores_for.document', { target: 'AIPlayer.scores_for' });
    const charged = await chargeLedger(
      [record(t, [], { notRun: { kind: 'own-part-hung', part: 'Board', test: 'board.is_win_for.document' } })],
      { standIns: 'own' },
    );
    expect(charged['aiplayer.scores_for.document']).toMatchObject({
      status: 'skipped',
      decidedLater: true,
      message:
        "Decided after you submit: here it would run on your own Board, which never ended in board.is_win_for.document (fix that first); the grader runs it with the document's Board, so it was not run here.",
    });
  });
});

const tournament = test('suggestMove2.tournament', { target: 'suggestMove2' });
const won = { status: 'pass' as const, message: 'ok', note: 'won 2, drew 0, lost 0', ownOpponent: 'suggestMove1' };

ruleTester(decidedLater, {
  valid: [
    { name: "the grader's run", records: [record(tournament, [unit('t1', won)])], at: 'suggestMove2.tournament' },
    {
      name: 'a failure in the kit',
      records: [record(tournament, [unit('t1', { ...won, status: 'fail', message: 'lost' })])],
      at: 'suggestMove2.tournament',
      standIns: 'own',
    },
    {
      name: "a pass against an opponent of the kit's own",
      records: [record(tournament, [unit('t1', { status: 'pass', message: 'ok' })])],
      at: 'suggestMove2.tournament',
      standIns: 'own',
    },
  ],
  invalid: [
    {
      name: "a pass against the student's own opponent",
      records: [record(tournament, [unit('t1', won)])],
      at: 'suggestMove2.tournament',
      standIns: 'own',
      expected: {
        status: 'skipped',
        decidedLater: true,
        messageId: 'opponent',
        data: { opponent: 'suggestMove1', saw: 'won 2, drew 0, lost 0' },
      },
      text: /^Decided after you submit: here the opponent was your own suggestMove1, where the grader plays the document's/u,
    },
    {
      name: "a test left unrun on the student's own part that never ended",
      records: [record(tournament, [], { notRun: { kind: 'own-part-hung', part: 'Board', test: 'board.is_win_for' } })],
      at: 'suggestMove2.tournament',
      standIns: 'own',
      expected: { status: 'skipped', decidedLater: true, messageId: 'hung', data: { part: 'Board', test: 'board.is_win_for' } },
    },
  ],
});
