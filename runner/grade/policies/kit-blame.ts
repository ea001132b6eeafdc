/**
 * In the student's kit a test runs on the student's own other parts, where the grader uses the document's. A failure
 * there says which of those parts have failing tests of their own (fix those first). It points at the part the test
 * grades only when every one of those parts was judged by tests of its own, passes them, has no test graded after
 * the student submits (a hidden test may catch what the visible ones do not), and none of them is the test's own
 * target; where a part has tests graded later, it says the failure may be in either.
 */
import { joinNames } from '../../checks/text.js';
import type { OwnPart } from '../../plan/interaction.js';
import { say, type RuleMeta } from './policy.js';

export const KIT_BLAME: RuleMeta = {
  name: 'kit-blame',
  rule: "the kit names the student's own parts a failure may come from, and blames the tested part only when they pass all their tests",
  messages: {
    parts: 'Here it ran with your own {names}, whose own tests fail ({tests}): fix {those} first, as this failure may come from there. After you submit, the grader runs this test with the document\'s {names}, so a bug there costs only its own tests.',
    here: 'Here it ran with your own {names}, where the grader uses the document\'s; they pass their visible tests, so this failure is most likely in {target}.',
    later: 'Here it ran with your own {names}, where the grader uses the document\'s; they pass their visible tests, but more tests of {untested} are graded after you submit, so this failure may be in {target} or in {untested}.',
  },
};

/** Whether a test (by id) is one of a part's: its id starts with the part's prefix, or is the prefix itself (`player.oppCh`). */
export const testOfPart = (id: string, part: OwnPart): boolean => id.startsWith(part.tests) || id === part.tests.replace(/\.$/u, '');

/** Whether a target (`Player.scoresFor`, `get_piece`) is a part's own code: the part itself, a method of it, or it as a method. */
export const targetOfPart = (target: string, part: OwnPart): boolean => target === part.name || target.startsWith(`${part.name}.`) || target.endsWith(`.${part.name}`);

export interface PartFacts {
  /** A part's failing tests (their ids). */
  readonly failing: (part: OwnPart) => readonly string[];
  /** Whether a test of the part's own was run and judged here. */
  readonly ran: (part: OwnPart) => boolean;
  /** Whether the part has tests graded after the student submits, which the kit does not run. */
  readonly later: (part: OwnPart) => boolean;
}

/** The kit's note for a failing unit that ran on the student's own `parts`; nothing where the note would mislead. */
export function kitBlame(parts: readonly OwnPart[], target: string, facts: PartFacts): string | undefined {
  if (parts.length === 0) return undefined;
  const bad = parts.map((part) => ({ part, tests: facts.failing(part) })).filter((f) => f.tests.length > 0);
  if (bad.length > 0) {
    const names = joinNames(bad.map((f) => f.part.name));
    return say(KIT_BLAME, { messageId: 'parts', data: { names, tests: bad.flatMap((f) => f.tests).join(', '), those: bad.length === 1 ? 'that' : 'those' } });
  }
  // Blame the tested part only when each part it ran on was judged by a test of its own, and none is the target.
  if (!parts.every(facts.ran) || parts.some((p) => target === p.name || target.endsWith(`.${p.name}`))) return undefined;
  const untested = parts.filter(facts.later);
  const names = joinNames(parts.map((p) => p.name));
  if (untested.length > 0) return say(KIT_BLAME, { messageId: 'later', data: { names, untested: joinNames(untested.map((p) => p.name)), target } });
  return say(KIT_BLAME, { messageId: 'here', data: { names, target } });
}
