/**
 * Words as data: a sentence is made from a speaker's messages by id and the data its placeholders take, and its text
 * is written from them once, here. The speakers: each rule (its meta's messages), `test` (how the test went, below),
 * `check` (the check's own words, made by the checks of runner/checks and the assignments), `hint`, `diagnosis`.
 */
import type { Words } from '../model/results.js';

type Data = Readonly<Record<string, string | number>>;

/** The text of a message, its placeholders filled from the data; a missing one is our bug, said loudly. */
export function fill(speaker: string, messages: Readonly<Record<string, string>>, id: string, data: Data | undefined): string {
  const template = messages[id];
  if (template === undefined) throw new Error(`internal: ${speaker} has no message '${id}'`);
  return template.replace(/\{(\w+)\}/gu, (_, key: string) => {
    const value = data?.[key];
    if (value === undefined) throw new Error(`internal: ${speaker}, message '${id}' has no '${key}'`);
    return String(value);
  });
}

/** A sentence of `by`'s, from its messages. */
export function sentence(by: string, messages: Readonly<Record<string, string>>, id: string, data?: Data): Words {
  return { by, id, ...(data && { data }), text: fill(by, messages, id, data) };
}

/** How a test went, in the grader's words: counts, why the run stopped, why a test did not run. */
export const TEST_MESSAGES = {
  passed: '{passed} passed',
  passedWithNotes: '{passed} passed ({notes})',
  noneJudged: 'none of the {ran} run was judged here: {notes}',
  oneNotJudged: 'the one {unit} run was not judged here: {notes}',
  hangs:
    '{ran} run, {ended}; the other {left} were not run, as a call that hangs costs this test nothing and each costs a whole time limit ({notes})',
  budgetAfter: "the submission's time budget ran out after {ran} of {of}",
  failedFirst: '{failed} of {of} failed; the first ({first}):',
  stoppedFirst: 'stopped at the first failing of {of} ({first}):',
  stoppedEarly: '{at} {stop}, so the last {left} not run ({failed} of the {ran} run failed{firstNamed}):',
  notRunOnly: 'not run: --only {only}',
  notRunStrength: 'not run: a figure for information (0 points), measured when grade is given --strength',
  notRunBudget: "the submission's time budget ({seconds} s for all tests) ran out before this test",
  notRunOwnPartHung: 'not run: {part} never ended in {test}',
  internal: 'internal error in the grader: {detail} (not your fault; please report it)',
  couldNotRun: 'could not run: {why}',
  blocked: '{why}',
} as const;

export type TestMessage = keyof typeof TEST_MESSAGES;

export const testSays = (id: TestMessage, data?: Data): Words => sentence('test', TEST_MESSAGES, id, data);

/** The check's own words, as it wrote them. */
export const checkSays = (text: string): Words => ({ by: 'check', id: 'said', data: { text }, text });

/** The test's hint, after a failure it is about. */
export const hintSays = (hint: string): Words => ({ by: 'hint', id: 'hint', data: { hint }, text: `Hint: ${hint}` });
