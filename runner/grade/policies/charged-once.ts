/**
 * A mistake no test grades (HMC's Board, the previous part's), shown by another reading of a failing case answering
 * right (a delMove that takes back exactly the last move), is charged once: by the test of highest precedence
 * (precedence.ts) among those it explains a failure of, which says why; the failures it explains elsewhere pass with
 * a note naming that test. A failure it does not explain stays the test's own.
 */
import type { ResolvedTest } from '../../model/spec-types.js';
import { rerunWaitMs } from '../waits.js';
import { placesOf } from './charged-elsewhere.js';
import type { ChargedUnit, Decision, Rule, UnitsContext } from './policy.js';

/** A mistake outside the tests (ChargedElsewhere.once): what it is, and what the charging test says. */
export interface OnceCause {
  readonly cause: string;
  readonly note: string;
  readonly why: string;
}

/** The decision on one failing unit the cause explains: charged here (the failure stands, saying why) or passed. */
export function judgeOnce(cause: OnceCause, charger: string, test: string): Decision {
  if (charger === test) return { status: 'fail', messageId: 'here', data: { why: cause.why }, after: true };
  return { status: 'pass', messageId: 'elsewhere', data: { note: cause.note, charger } };
}

/** The mistake another reading of a test's failing unit shows, if one does (its run is made once, whoever asks). */
async function causeOf(context: UnitsContext, test: ResolvedTest, unit: ChargedUnit): Promise<OnceCause | undefined> {
  const record = context.ledger.get(test.id);
  const ran = record?.units.find((u) => u.id === unit.id);
  if (unit.verdict.status === 'pass' || test.kind !== 'cases' || !ran?.testCase) return undefined;
  for (const place of placesOf(context, test, ran.testCase)) {
    if (!('once' in place)) continue;
    const reading = await context.runs.reading(test, `${unit.id}#elsewhere`, place.testCase, rerunWaitMs(ran, test.limits));
    if (reading.raw.status === 'pass') return { cause: place.once.cause, note: place.note, why: place.once.why };
  }
  return undefined;
}

export const chargedOnce: Rule<'units'> = {
  meta: {
    name: 'charged-once',
    rule: 'a mistake no test grades, shown by another reading of the case, is charged by one test only',
    scope: 'units',
    messages: {
      elsewhere: '{note}; {charger} charges it',
      here: '{why}',
    },
  },
  judge: async (context) => {
    const { test } = context;
    const causes = new Map<string, OnceCause>();
    for (const unit of context.charged) {
      const cause = await causeOf(context, test, unit);
      if (cause) causes.set(unit.id, cause);
    }
    if (causes.size === 0) return undefined;
    // Each cause is charged by the first test, by precedence, of those with the same target it explains a failure of.
    const chargers = new Map<string, string>();
    for (const cause of new Set([...causes.values()].map((c) => c.cause))) {
      const meeting: ResolvedTest[] = [];
      for (const other of context.spec.tests.filter((t) => t.target === test.target && context.ledger.has(t.id))) {
        const units = other.id === test.id ? context.charged : await context.units(other.id);
        for (const unit of units) {
          if ((other.id === test.id ? causes.get(unit.id) : await causeOf(context, other, unit))?.cause === cause) {
            meeting.push(other);
            break;
          }
        }
      }
      chargers.set(cause, context.precedence(meeting)[0]!.id);
    }
    return { units: new Map([...causes].map(([id, cause]) => [id, judgeOnce(cause, chargers.get(cause.cause)!, test.id)])) };
  },
};
