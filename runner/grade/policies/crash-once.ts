/**
 * A crash is charged once: a program session that crashes with the same exception through the same line of the
 * program's own top level as a failing session of a program test of higher precedence (precedence.ts) passes, naming
 * that test. A set-up that refuses the document's answer fails the set-up's test and no other; a test that throws
 * junk at the program (Manchester's play.fuzz) charges only the crashes no other test met.
 */
import { askedTheSameAgain, crashKey, crashSite } from '../../checks/crash-site.js';
import { ASK_MARKER } from '../../checks/program-markers.js';
import type { ResolvedTest } from '../../model/spec-types.js';
import type { UnitRecord } from '../ledger.js';
import { failed, type Decision, type Rule, type UnitContext } from './policy.js';
import { programsOf } from './start-once.js';

export const judgeCrashOnce = (charger: string | undefined, test: string, site: string): Decision | undefined =>
  charger !== undefined && charger !== test ? { status: 'pass', messageId: 'again', data: { charger, site } } : undefined;

/** Where a session crashed (the exception and the program's own line), when a crash ended it. */
function siteOf(unit: UnitRecord): string | undefined {
  if (!unit.program) return undefined;
  const crashed = crashSite(unit.program.transcript);
  // Running out of input is a crash of its own only for a program asking one question over and over.
  if (!crashed || (crashed.type === 'EOFError' && !askedTheSameAgain(unit.program.transcript, ASK_MARKER))) return undefined;
  return crashKey(crashed);
}

/** The program test of highest precedence that fails with a session crashing at `site`: it charges that crash. */
async function crashCharger(context: UnitContext, test: ResolvedTest, site: string): Promise<string | undefined> {
  for (const other of programsOf(context, test.target)) {
    if (other.id === test.id) return other.id;
    const met = context.ledger.get(other.id)!.units.some((u) => u.raw.status !== 'pass' && siteOf(u) === site);
    if (met && failed(await context.status(other.id))) return other.id;
  }
  return undefined;
}

export const crashOnce: Rule<'unit'> = {
  meta: {
    name: 'crash-once',
    rule: 'a program crash at one line is charged by the first test, by precedence, that meets it',
    scope: 'unit',
    messages: { again: 'it crashed as it did in {charger}, which charges it ({site})' },
  },
  judge: async (context) => {
    if (context.verdict.status === 'timeout') return undefined;
    const site = siteOf(context.unit);
    return site ? judgeCrashOnce(await crashCharger(context, context.test, site), context.test.id, site) : undefined;
  },
};
