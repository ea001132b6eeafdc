/**
 * A rule's table, as ESLint tests its rules: `valid` ledgers the rule leaves alone, `invalid` ones it judges, each
 * with the judgement it must give (status, message id and data, or the notes it adds). The rule is judged alone, on a
 * context made from the hand-written ledger: the other tests' verdicts are facts the case states (or their units as
 * they ran), and every message the rule gives must render from its data.
 */
import { describe, expect, it } from 'vitest';
import type { CaseVerdict } from '../../../../runner/checks/verdict.js';
import { composeUnits } from '../../../../runner/grade/finish.js';
import type { TestRecord } from '../../../../runner/grade/ledger.js';
import { byPrecedence } from '../../../../runner/grade/policies/precedence.js';
import {
  say,
  type AnyRule,
  type ChargedUnit,
  type Composed,
  type Judgement,
  type RuleContext,
  type Runs,
  type Said,
  type Status,
} from '../../../../runner/grade/policies/policy.js';
import type { SubmissionFacts } from '../../../../runner/grade/submission-facts.js';
import type { ResolvedSpec } from '../../../../runner/model/spec-types.js';
import type { AssignmentPlan } from '../../../../runner/plan/assignment.js';
import { noFiles, plan as emptyPlan, runs as tableRuns } from './ledgers.js';

export interface RuleCase {
  readonly name: string;
  /** The ledger: every test's record. */
  readonly records: readonly TestRecord[];
  /** The test judged (by id); a unit rule judges its `unit` (by id; the first failing one by default). */
  readonly at: string;
  readonly unit?: string;
  /** A unit rule's verdict so far (the unit's raw one by default); a test rule's verdict so far (its units composed). */
  readonly verdict?: CaseVerdict;
  readonly composed?: Composed;
  /** Other tests' verdicts as facts (by default: failing where a unit or its direct verdict failed). */
  readonly statuses?: Readonly<Record<string, Status>>;
  readonly plan?: AssignmentPlan;
  readonly runs?: Runs;
  readonly facts?: SubmissionFacts;
  readonly standIns?: 'document' | 'own';
  readonly laterTargets?: readonly string[];
}

/** What an invalid case must judge: a decision (status, id, data), notes, or decisions on units by id. */
export type Expected =
  | {
      readonly status: string;
      readonly messageId: string;
      readonly data?: Readonly<Record<string, string | number>>;
      readonly [flag: string]: unknown;
    }
  | { readonly notes: readonly Said[] }
  | { readonly verdict: Partial<CaseVerdict> }
  | {
      readonly units: Readonly<
        Record<string, { readonly status: string; readonly messageId: string; readonly data?: Readonly<Record<string, string | number>> }>
      >;
    };

export interface RuleTable {
  readonly valid: readonly RuleCase[];
  readonly invalid: readonly (RuleCase & { readonly expected: Expected; readonly text?: string | RegExp })[];
}

const asRan = (record: TestRecord): Status =>
  record.notRun
    ? 'skipped'
    : record.units.some((u) => u.raw.status !== 'pass') || (record.direct && record.direct.status !== 'pass')
      ? 'fail'
      : 'pass';
const unitsAsRan = (record: TestRecord): ChargedUnit[] =>
  record.units.map((u) => ({ id: u.id, reproduce: u.reproduce, verdict: u.raw, ...(u.typed && { typed: u.typed }) }));

/** The context a rule is judged in, made from the case. */
export function contextOf(
  c: RuleCase,
): RuleContext & { unit: TestRecord['units'][number]; verdict: CaseVerdict; charged: readonly ChargedUnit[]; composed: Composed } {
  const ledger = new Map(c.records.map((r) => [r.test.id, r]));
  const record = ledger.get(c.at);
  if (!record) throw new Error(`the case '${c.name}' judges ${c.at}, which is not in its ledger`);
  const plan = c.plan ?? emptyPlan();
  const oneRule = (t: TestRecord['test']) => {
    const rule = t.check ?? t.property;
    return rule ? plan.judgesOnly?.(rule) : undefined;
  };
  const unit = c.unit ? record.units.find((u) => u.id === c.unit) : (record.units.find((u) => u.raw.status !== 'pass') ?? record.units[0]);
  const charged = unitsAsRan(record);
  const spec = { tests: c.records.map((r) => r.test), ...(c.laterTargets && { laterTargets: c.laterTargets }) } as unknown as ResolvedSpec;
  return {
    spec,
    plan,
    ledger,
    facts: c.facts ?? noFiles(),
    standIns: c.standIns ?? 'document',
    firstFailure: false,
    runs: c.runs ?? tableRuns(),
    test: record.test,
    record,
    oneRule,
    precedence: (tests) =>
      byPrecedence(tests, {
        ...(plan.chargesFirst && { chargesFirst: plan.chargesFirst }),
        judgesOneRule: (t) => oneRule(t) !== undefined,
      }),
    status: async (id) => (c.statuses && id in c.statuses ? c.statuses[id] : ledger.has(id) ? asRan(ledger.get(id)!) : undefined),
    units: async (id) => unitsAsRan(ledger.get(id)!),
    replayed: async (sessions) =>
      composeUnits(
        { ...record, units: sessions, of: sessions.length },
        sessions.map((u) => ({ id: u.id, reproduce: u.reproduce, verdict: u.raw })),
        false,
      ),
    unit: unit!,
    verdict: c.verdict ?? unit?.raw ?? { status: 'pass', message: 'ok' },
    charged,
    composed: c.composed ?? composeUnits(record, charged, false),
  };
}

/** Every message a judgement gives, as text: a placeholder without data throws here, as it would in a report. */
export function wordsOf(rule: AnyRule, judged: Judgement): string[] {
  if ('notes' in judged) return judged.notes.map((n) => say(rule.meta, n));
  if ('units' in judged) return [...judged.units.values()].map((d) => say(rule.meta, d));
  if ('verdict' in judged) return [judged.verdict.message];
  return [say(rule.meta, judged)];
}

/** Judges `rule` alone on every case of its table. */
export function ruleTester(rule: AnyRule, table: RuleTable): void {
  describe(`${rule.meta.name} (its table)`, () => {
    for (const c of table.valid) {
      it(`leaves alone: ${c.name}`, async () => {
        expect(await (rule.judge as (x: unknown) => unknown)(contextOf(c))).toBeUndefined();
      });
    }
    for (const c of table.invalid) {
      it(`judges: ${c.name}`, async () => {
        const judged = (await (rule.judge as (x: unknown) => unknown)(contextOf(c))) as Judgement | undefined;
        expect(judged, c.name).toBeDefined();
        const expected = c.expected;
        if ('units' in expected && 'units' in judged!)
          expect(Object.fromEntries(judged.units)).toMatchObject(expected.units as Record<string, unknown>);
        else expect(judged).toMatchObject(expected);
        const words = wordsOf(rule, judged!);
        if (typeof c.text === 'string') expect(words.join('\n')).toBe(c.text);
        else if (c.text) expect(words.join('\n')).toMatch(c.text);
      });
    }
    it('judges a case for each of its messages', () => {
      const judged = new Set(table.invalid.flatMap((c) => messageIds(c.expected)));
      expect(Object.keys(rule.meta.messages).filter((id) => !judged.has(id))).toEqual([]);
    });
  });
}

/** The message ids an invalid case's expected judgement names. */
function messageIds(expected: Expected): string[] {
  const e = expected as { notes?: readonly Said[]; units?: Readonly<Record<string, { messageId: string }>>; messageId?: string };
  if (e.notes) return e.notes.map((n) => n.messageId);
  if (e.units) return Object.values(e.units).map((d) => d.messageId);
  return e.messageId === undefined ? [] : [e.messageId];
}
