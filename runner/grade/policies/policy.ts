/**
 * A fairness rule of docs/strictness.md as one module: its name, what it may excuse and why, its messages by id, and
 * pure functions over the facts a test recorded. A rule that needs another run (a replay with the document's parts,
 * the student's own parts, another reading of a case) names it in `asks`; the charge phase runs it and hands the
 * record back. A rule never does I/O and never reads a message's text: its words are composed here, from data.
 */
import type { CaseStatus } from '../../checks/verdict.js';

export interface RuleMeta {
  /** kebab-case, as docs/strictness.md and each decision name it. */
  readonly name: string;
  /** One line: what the rule may excuse (or charge), and the fact it needs to. */
  readonly rule: string;
  readonly messages: Readonly<Record<string, string>>;
}

/** A message of a rule: its id and the data its placeholders (`{name}`) take. */
export interface Said {
  readonly messageId: string;
  readonly data?: Readonly<Record<string, string | number>>;
}

/** What a rule decides about one unit or one test: its status and why, in the rule's own words. */
export interface Decision extends Said {
  readonly status: CaseStatus;
  /** The failure's own message stays, and the rule's words follow it (a charge that says why it was charged here). */
  readonly after?: boolean;
  /** A pass given to a call that never ended (one-rule tests stop after a few). */
  readonly hung?: true;
}

/** The text of a rule's message, its placeholders filled from the data; a missing one is our bug, said loudly. */
export function say(meta: RuleMeta, said: Said): string {
  const template = meta.messages[said.messageId];
  if (template === undefined) throw new Error(`internal: rule ${meta.name} has no message '${said.messageId}'`);
  return template.replace(/\{(\w+)\}/gu, (_, key: string) => {
    const value = said.data?.[key];
    if (value === undefined) throw new Error(`internal: rule ${meta.name}, message '${said.messageId}' has no '${key}'`);
    return String(value);
  });
}

/** `n thing` or `n things`. */
export const count = (n: number, thing: string): string => `${n} ${thing}${n === 1 ? '' : 's'}`;
