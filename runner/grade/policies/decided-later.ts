/**
 * The student's kit is never more lenient than the grade. Where it cannot play a test as the grader does, because
 * the opponent the verdict is played against is the student's own version of a part (Manchester's suggestMove2 against
 * their own suggestMove1, where the grader plays the document's), a pass there says nothing of the grader's games: a
 * weaker opponent is easier to beat. Such a pass is not shown as one: the test is decided after the student submits,
 * and the kit says what it saw and why it cannot decide. A failure there stays a failure, with the kit's own caveat
 * naming the parts it ran on (a stronger own opponent is the student's to judge). Likewise a test that would run on the
 * student's own part whose own test never ended is not run at all (the run records it: NotRun `own-part-hung`): it
 * would only wait out its limit on the same loop, where the grader, with the document's part, may well pass it.
 */
import { count, ranUnits, type Decision, type Rule } from './policy.js';

export interface LaterFacts {
  /** The kit's (own stand-ins), or the grader's. */
  readonly standIns: 'document' | 'own';
  /** Whether the test passed as run. */
  readonly passed: boolean;
  /** The student's own parts that played an opponent in the test's units. */
  readonly opponents: readonly string[];
  /** What the passing units saw (their notes), in the check's words, and how many units ran. */
  readonly saw: readonly string[];
  readonly ran: number;
}

/** The kit's decision on a pass it cannot give; nothing where the test stands as it ran. */
export function judgeDecidedLater(f: LaterFacts): Decision | undefined {
  if (f.standIns !== 'own' || !f.passed || f.opponents.length === 0) return undefined;
  const saw = f.saw.length > 0 ? f.saw.join('; ') : `${count(f.ran, 'case')} passed`;
  return { status: 'skipped', decidedLater: true, messageId: 'opponent', data: { opponent: [...new Set(f.opponents)].join(' and '), saw } };
}

export const decidedLater: Rule<'test'> = {
  meta: {
    name: 'decided-later',
    rule: "in the kit, a pass against the student's own version of the opponent (where the grader plays the document's), or a test left unrun on the student's own part that never ended, is decided after they submit",
    scope: 'test',
    messages: {
      opponent:
        "Decided after you submit: here the opponent was your own {opponent}, where the grader plays the document's, so passing here does not mean passing there (a weaker opponent is easier to beat). What it saw: {saw}.",
      hung: "Decided after you submit: here it would run on your own {part}, which never ended in {test} (fix that first); the grader runs it with the document's {part}, so it was not run here.",
    },
  },
  judge: ({ record, composed, charged, standIns }) => {
    if (record.notRun?.kind === 'own-part-hung')
      return { status: 'skipped', decidedLater: true, messageId: 'hung', data: { part: record.notRun.part, test: record.notRun.test } };
    if (!ranUnits(record)) return undefined;
    return judgeDecidedLater({
      standIns,
      passed: composed.status === 'pass',
      opponents: record.units.flatMap((u) => (u.raw.ownOpponent ? [u.raw.ownOpponent] : [])),
      saw: charged.flatMap((u) => (u.verdict.status === 'pass' && u.verdict.note ? [u.verdict.note] : [])),
      ran: charged.length,
    });
  },
};
