/**
 * Which of several tests charges a mistake they all meet, when it is charged once (a crash at one line, a program
 * that cannot start, the previous part's Board): decided by what the tests are, never by where they stand in a spec
 * or pack. First the tests the assignment names to charge such a mistake (`chargesFirst`: the set-up's own test),
 * then the tests a student can see (the check shows them what is charged), then those on the document's own
 * examples, then those judging the answer rather than one rule, then by id.
 */
import type { ResolvedTest } from '../../model/spec-types.js';

export interface PrecedenceFacts {
  /** Test ids the assignment names to charge a shared mistake first, in its order (AssignmentPlan.chargesFirst). */
  readonly chargesFirst?: readonly string[];
  /** Whether a test judges one rule only (AssignmentPlan.judgesOnly). */
  readonly judgesOneRule: (test: ResolvedTest) => boolean;
}

const VISIBILITY = { visible: 0, 'after-due': 1, hidden: 2 } as const;

/** Sort key parts of a test, most significant first. */
function key(test: ResolvedTest, facts: PrecedenceFacts): readonly (number | string)[] {
  const named = facts.chargesFirst?.indexOf(test.id) ?? -1;
  const documentOnly = test.fixtureCases.length > 0 && test.fixtureCases.every((c) => c.source.kind === 'document');
  return [
    named < 0 ? Number.MAX_SAFE_INTEGER : named,
    VISIBILITY[test.visibility],
    documentOnly ? 0 : 1,
    facts.judgesOneRule(test) ? 1 : 0,
    test.id,
  ];
}

/** The tests in the order they charge a shared mistake: the first charges it, the others pass it with a note. */
export function byPrecedence(tests: readonly ResolvedTest[], facts: PrecedenceFacts): ResolvedTest[] {
  const keys = new Map(tests.map((t) => [t, key(t, facts)]));
  return [...tests].sort((a, b) => {
    const [x, y] = [keys.get(a)!, keys.get(b)!];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
    return 0;
  });
}
