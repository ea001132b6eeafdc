/**
 * A crash is charged once: a program session that crashes with the same exception through the same line of the
 * program's own top level as a failing session of a program test of higher precedence (precedence.ts) passes, naming
 * that test. A set-up that refuses the document's answer fails the set-up's test and no other; a test that throws
 * junk at the program (Manchester's play.fuzz) charges only the crashes no other test met.
 */
import type { Decision, RuleMeta } from './policy.js';

export const CRASH_ONCE: RuleMeta = {
  name: 'crash-once',
  rule: 'a program crash at one line is charged by the first test, by precedence, that meets it',
  messages: { again: 'it crashed as it did in {charger}, which charges it ({site})' },
};

export const judgeCrashOnce = (charger: string | undefined, test: string, site: string): Decision | undefined =>
  charger !== undefined && charger !== test ? { status: 'pass', messageId: 'again', data: { charger, site } } : undefined;
