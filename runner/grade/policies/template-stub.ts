/**
 * A test that judges one rule (a board left alone, the barrier, a type, the spacing) passes whenever the answer is
 * wrong or the call crashes: that is the value tests' to charge. So it gives nothing for a function that was never
 * written, still the template's stub (`pass`, `"*** YOUR CODE HERE ***"`, `...`, `return None`, a docstring only):
 * there is no code for the rule to hold in. The stub is read from the submission's source (runner/checks/stubs.ts).
 */
import type { Stub } from '../submission-facts.js';
import { ranUnits, type Decision, type Rule } from './policy.js';

export const judgeStub = (stub: Stub | undefined, oneRule: boolean): Decision | undefined =>
  stub && oneRule
    ? { status: 'fail', messageId: 'stub', data: { name: stub.name, file: stub.file, line: stub.line, body: stub.body }, keepSnippet: true }
    : undefined;

export const templateStub: Rule<'test'> = {
  meta: {
    name: 'template-stub',
    rule: 'a one-rule test gives nothing for a function still left as the template stub',
    scope: 'test',
    messages: {
      stub: "{name} is still the template's stub ({file}, line {line}: {body}): this test judges one rule of code that is written, so it gives nothing yet",
    },
  },
  // Only a test whose units ran: one that could not run says why, and a stub's import is its own test's.
  judge: (context) =>
    ranUnits(context.record) ? judgeStub(context.facts.stub(context.test.target), context.oneRule(context.test) !== undefined) : undefined,
};
