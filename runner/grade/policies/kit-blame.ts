/**
 * In the student's kit a test runs on the student's own other parts, where the grader uses the document's. A failure
 * there says which of those parts have failing tests of their own (fix those first); it points at the part the test
 * grades only when every one of those parts passes its tests and none of them is the test's own target.
 */
import { joinNames } from '../../checks/text.js';
import type { OwnPart } from '../../plan/interaction.js';
import { say, type RuleMeta } from './policy.js';

export const KIT_BLAME: RuleMeta = {
  name: 'kit-blame',
  rule: "the kit names the student's own parts a failure may come from, and blames the tested part only when they pass",
  messages: {
    parts: 'Here it ran with your own {names}, whose own tests fail ({tests}): fix {those} first, as this failure may come from there. After you submit, the grader runs this test with the document\'s {names}, so a bug there costs only its own tests.',
    here: 'Here it ran with your own {names}, where the grader uses the document\'s; they pass their visible tests, so this failure is most likely in {target}.',
  },
};

/** The kit's note for a failing unit that ran on the student's own `parts`; nothing where the note would mislead. */
export function kitBlame(parts: readonly OwnPart[], target: string, failing: (part: OwnPart) => readonly string[], ran: (part: OwnPart) => boolean): string | undefined {
  if (parts.length === 0) return undefined;
  const bad = parts.map((part) => ({ part, tests: failing(part) })).filter((f) => f.tests.length > 0);
  if (bad.length > 0) {
    const names = joinNames(bad.map((f) => f.part.name));
    return say(KIT_BLAME, { messageId: 'parts', data: { names, tests: bad.flatMap((f) => f.tests).join(', '), those: bad.length === 1 ? 'that' : 'those' } });
  }
  // Blame the tested part only when each part it ran on was judged by a test of its own, and none is the target.
  if (!parts.every(ran) || parts.some((p) => target === p.name || target.endsWith(`.${p.name}`))) return undefined;
  return say(KIT_BLAME, { messageId: 'here', data: { names: joinNames(parts.map((p) => p.name)), target } });
}
