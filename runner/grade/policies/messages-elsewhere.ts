/**
 * What a program's messages say (whose turn, who won) is graded by one test (CS111's process_move.messages). Once that
 * test has failed, a game's session is judged on its boards, its dialogue and how it ended, and a message that says
 * the wrong thing passes with a note naming that test: the check is made again on the recorded transcript with the
 * messages set aside (the check's own words say so).
 */
import { failed, type Rule } from './policy.js';

export const messagesElsewhere: Rule<'unit'> = {
  meta: {
    name: 'messages-elsewhere',
    rule: 'once the messages test has failed, a game is judged with what its messages say set aside',
    scope: 'unit',
    messages: {},
  },
  judge: async (context) => {
    const { unit, test } = context;
    // A course's own session says which lines it wants as the course wrote them: no message of it is another test's.
    if (!unit.program || !unit.testCase || test.kind !== 'program') return undefined;
    const gradedBy = context.plan.program(unit.testCase).messagesGradedBy;
    if (!gradedBy || !failed(await context.status(gradedBy))) return undefined;
    const again = await context.plan.checkProgram(
      test.check!,
      unit.testCase,
      unit.program,
      () => Promise.reject(new Error('internal: a check judged again asks nothing')),
      { messagesChargedBy: gradedBy },
    );
    return again.status === 'pass' ? { verdict: again } : undefined;
  },
};
