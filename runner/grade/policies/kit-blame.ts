/**
 * In the student's kit a test runs on the student's own other parts, where the grader uses the document's. A failure
 * there says which of those parts have failing tests of their own (fix those first). It points at the part the test
 * grades only when every one of those parts was judged by tests of its own, passes them, has no test graded after
 * the student submits (a hidden test may catch what the visible ones do not), and none of them is the test's own
 * target; where a part has tests graded later, it says the failure may be in either.
 */
import { joinNames } from '../../checks/text.js';
import { targetOfPart, testOfPart, type OwnPart } from '../../plan/interaction.js';
import { failed, type Rule, type Said, type Status } from './policy.js';

const META = {
  name: 'kit-blame',
  rule: "the kit names the student's own parts a failure may come from, and blames the tested part only when they pass all their tests",
  scope: 'unit',
  messages: {
    standIn: '{note}',
    parts:
      "Here it ran with your own {names}, whose own tests fail ({tests}): fix {those} first, as this failure may come from there. After you submit, the grader runs this test with the document's {names}, so a bug there costs only its own tests.",
    here: "Here it ran with your own {names}, where the grader uses the document's; they pass their visible tests, so this failure is most likely in {target}.",
    later:
      "Here it ran with your own {names}, where the grader uses the document's; they pass their visible tests, but more tests of {untested} are graded after you submit, so this failure may be in {target} or in {untested}.",
  },
} as const;

export interface PartFacts {
  /** A part's failing tests (their ids). */
  readonly failing: (part: OwnPart) => readonly string[];
  /** Whether a test of the part's own was run and judged here. */
  readonly ran: (part: OwnPart) => boolean;
  /** Whether the part has tests graded after the student submits, which the kit does not run. */
  readonly later: (part: OwnPart) => boolean;
}

/** The kit's note for a failing unit that ran on the student's own `parts`; nothing where the note would mislead. */
export function blameOf(parts: readonly OwnPart[], target: string, facts: PartFacts): Said | undefined {
  if (parts.length === 0) return undefined;
  const bad = parts.map((part) => ({ part, tests: facts.failing(part) })).filter((f) => f.tests.length > 0);
  if (bad.length > 0) {
    const names = joinNames(bad.map((f) => f.part.name));
    return {
      messageId: 'parts',
      data: { names, tests: bad.flatMap((f) => f.tests).join(', '), those: bad.length === 1 ? 'that' : 'those' },
    };
  }
  // Blame the tested part only when each part it ran on was judged by a test of its own, and none is the target.
  if (!parts.every(facts.ran) || parts.some((p) => target === p.name || target.endsWith(`.${p.name}`))) return undefined;
  const untested = parts.filter(facts.later);
  const names = joinNames(parts.map((p) => p.name));
  if (untested.length > 0) return { messageId: 'later', data: { names, untested: joinNames(untested.map((p) => p.name)), target } };
  return { messageId: 'here', data: { names, target } };
}

export const kitBlame: Rule<'unit'> = {
  meta: META,
  judge: async (context) => {
    const { unit, test } = context;
    if (!unit.own) return undefined;
    const own = unit.own;
    const statuses = new Map<string, Status>();
    for (const t of context.spec.tests.filter((x) => own.own.some((p) => testOfPart(x.id, p))))
      statuses.set(t.id, await context.status(t.id));
    const ids = [...statuses.keys()];
    // The tests the kit does not run (hidden): left out of its spec, or, graded as the kit grades, not in the ledger.
    const later = [
      ...(context.spec.laterTargets ?? []),
      ...context.spec.tests.filter((t) => t.points > 0 && !context.ledger.has(t.id)).map((t) => t.target),
    ];
    const blame = blameOf(own.own, test.target, {
      failing: (part) => ids.filter((id) => testOfPart(id, part) && failed(statuses.get(id))),
      ran: (part) => ids.some((id) => testOfPart(id, part) && statuses.get(id) !== undefined && statuses.get(id) !== 'skipped'),
      later: (part) => later.some((target) => targetOfPart(target, part)),
    });
    const notes: Said[] = [...(blame ? [blame] : []), ...own.notes.map((note) => ({ messageId: 'standIn', data: { note } }))];
    return notes.length > 0 ? { notes } : undefined;
  },
};
