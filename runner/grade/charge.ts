/**
 * The charge phase: every test's verdict from the whole ledger, through the rules of policies/registry.ts in their
 * order. This file holds no rule's logic: it composes a test's verdict from its record, hands each rule its context
 * (the ledger read-only, the other tests' verdicts as facts, the runs it may ask for) and applies what the rule
 * decides. A rule that reads another test's verdict gets it charged first (memoised), so the order the tests stand in
 * never matters.
 */
import type { CaseVerdict } from '../checks/verdict.js';
import type { ResolvedTest } from '../model/spec-types.js';
import { composeUnits, notRunVerdict } from './finish.js';
import type { TestRecord, UnitRecord } from './ledger.js';
import { byPrecedence } from './policies/precedence.js';
import { RULES } from './policies/registry.js';
import {
  ruleSays,
  say,
  type AnyRule,
  type ChargedUnit,
  type Composed,
  type Decision,
  type Judgement,
  type RuleContext,
  type RuleMeta,
  type Runs,
  type Status,
} from './policies/policy.js';
import { checkSays } from './words.js';

/** What the charge is handed: the run's facts every rule reads (RuleContext's), and the `--only` pattern a test left out names. */
export interface ChargeContext extends Pick<RuleContext, 'spec' | 'plan' | 'ledger' | 'facts' | 'standIns' | 'firstFailure' | 'runs'> {
  readonly only?: string;
}

/** A test as charged: its verdict, its units as charged, and its record with any units a rule ran after a stop. */
export interface Charged extends Composed {
  readonly units: readonly ChargedUnit[];
  readonly record: TestRecord;
}

/** A charger of the ledger's tests, by id; `rules` are the registry's unless a test gives its own. */
export function createCharger(context: ChargeContext, rules: readonly AnyRule[] = RULES): (id: string) => Promise<Charged> {
  const runs = onceEach(context.runs);
  const tests = new Map<string, Promise<Charged>>();
  const units = new Map<string, Promise<readonly ChargedUnit[]>>();
  const oneRule = (test: ResolvedTest) => {
    const rule = test.check ?? test.property;
    return rule ? context.plan.judgesOnly?.(rule) : undefined;
  };
  const precedence = (list: readonly ResolvedTest[]) =>
    byPrecedence(list, {
      ...(context.plan.chargesFirst && { chargesFirst: context.plan.chargesFirst }),
      judgesOneRule: (t) => oneRule(t) !== undefined,
    });
  const engine = (record: TestRecord, stack: readonly string[]): Engine => {
    const inner = [...stack, record.test.id];
    const base: RuleContext = {
      spec: context.spec,
      plan: context.plan,
      ledger: context.ledger,
      facts: context.facts,
      standIns: context.standIns,
      firstFailure: context.firstFailure,
      runs,
      test: record.test,
      record,
      oneRule,
      precedence,
      status: (id) => statusOf(id, inner),
      units: (id) => unitsOf(id, inner),
      replayed: async (sessions) => composeUnits({ ...record, units: sessions }, await chargeEach(engine(record, stack), sessions), false),
    };
    return { base, rules };
  };
  // A test that reads back to one being charged sees its units as they ran (failing if any did): no circle of rules waits on itself.
  const statusOf = async (id: string, stack: readonly string[]): Promise<Status> => {
    const record = context.ledger.get(id);
    if (!record) return undefined;
    if (record.notRun?.kind === 'skipped' || record.notRun?.kind === 'own-part-hung') return 'skipped';
    if (stack.includes(id))
      return record.units.some((u) => u.raw.status !== 'pass') || (record.direct && record.direct.status !== 'pass') ? 'fail' : 'pass';
    return (await charge(id, stack)).status;
  };
  const unitsOf = (id: string, stack: readonly string[]): Promise<readonly ChargedUnit[]> => {
    let made = units.get(id);
    if (!made) {
      const record = context.ledger.get(id)!;
      units.set(id, (made = chargeEach(engine(record, stack), record.units)));
    }
    return made;
  };
  const charge = (id: string, stack: readonly string[]): Promise<Charged> => {
    let made = tests.get(id);
    if (!made) {
      const record = context.ledger.get(id)!;
      tests.set(id, (made = chargeTest(engine(record, stack), context, unitsOf(id, stack))));
    }
    return made;
  };
  return (id) => charge(id, []);
}

interface Engine {
  readonly base: RuleContext;
  readonly rules: readonly AnyRule[];
}

/** A rule's runs, each made once whoever asks (charged-once asks for another test's readings as that test does). */
function onceEach(runs: Runs): Runs {
  const made = new Map<string, Promise<UnitRecord>>();
  const once = (test: ResolvedTest, key: string, run: () => Promise<UnitRecord>) => {
    const at = `${test.id}\u0000${key}`;
    let found = made.get(at);
    if (!found) made.set(at, (found = run()));
    return found;
  };
  return {
    harness: (test, key, ...rest) => once(test, key, () => runs.harness(test, key, ...rest)),
    reading: (test, key, ...rest) => once(test, key, () => runs.reading(test, key, ...rest)),
    rest: (record, from) => runs.rest(record, from),
    programs: (test, options) => runs.programs(test, options),
  };
}

/** Each unit charged by the unit rules, in the registry's order, until one passes it. */
async function chargeEach(engine: Engine, records: readonly UnitRecord[]): Promise<ChargedUnit[]> {
  const out: ChargedUnit[] = [];
  for (const unit of records) {
    const place = { id: unit.id, reproduce: unit.reproduce, ...(unit.typed && { typed: unit.typed }) };
    let verdict = unit.raw;
    let hung = false;
    let excused = false;
    for (const rule of engine.rules) {
      if (verdict.status === 'pass') break;
      if (rule.meta.scope !== 'unit') continue;
      const judged = await (rule as Extract<AnyRule, { meta: { scope: 'unit' } }>).judge({ ...engine.base, unit, verdict });
      if (!judged) continue;
      verdict = onUnit(rule.meta, judged, verdict);
      if ('status' in judged && judged.hung) hung = true;
      // A rule's pass is an excuse, not the check's judgement: the count of cases passed leaves it out.
      if ('status' in judged && judged.status === 'pass') excused = true;
    }
    out.push({ ...place, verdict, ...(hung && { hung: true }), ...(excused && { excused: true }) });
  }
  return out;
}

/** A unit's verdict as a rule judged it. */
function onUnit(meta: RuleMeta, judged: Judgement, verdict: CaseVerdict): CaseVerdict {
  if ('verdict' in judged) return judged.verdict;
  if ('notes' in judged) return { ...verdict, after: [...(verdict.after ?? []), ...judged.notes.map((n) => ruleSays(meta, n))] };
  if ('units' in judged) throw new Error(`internal: rule ${meta.name} judges a test's units, not one unit`);
  return decided(meta, judged, verdict);
}

/**
 * A unit's verdict as a rule decided it: a pass with the rule's note, or the failure with the rule's words after the
 * check's (a rule charges a unit only by saying why, after what the check saw).
 */
function decided(meta: RuleMeta, decision: Decision, verdict: CaseVerdict): CaseVerdict {
  if (decision.status === 'pass') return { status: 'pass', message: 'ok', note: say(meta, decision) };
  if (decision.status === 'skipped' || !decision.after)
    throw new Error(`internal: rule ${meta.name} decides a unit as ${decision.status} without the check's words`);
  return { ...verdict, after: [...(verdict.after ?? []), ruleSays(meta, decision)] };
}

/** One test's verdict: its units charged, resumed where a rule passed the unit its run stopped at, then the test's rules. */
async function chargeTest(engine: Engine, context: ChargeContext, unitsCharged: Promise<readonly ChargedUnit[]>): Promise<Charged> {
  const given = engine.base.record;
  const { record, units: charged } = await resumed(engine, context, given, await unitsCharged);
  const at: RuleContext = { ...engine.base, record };
  let units = charged;
  for (const rule of engine.rules) {
    if (rule.meta.scope !== 'units') continue;
    const judged = await (rule as Extract<AnyRule, { meta: { scope: 'units' } }>).judge({ ...at, charged: units });
    if (!judged) continue;
    if (!('units' in judged)) throw new Error(`internal: rule ${rule.meta.name} must answer with its units' decisions`);
    units = units.map((u) => {
      const decision = judged.units.get(u.id);
      return decision
        ? { ...u, verdict: decided(rule.meta, decision, u.verdict), ...(decision.status === 'pass' && { excused: true }) }
        : u;
    });
  }
  let composed = composedOf(record, units, context);
  for (const rule of engine.rules) {
    if (rule.meta.scope !== 'test') continue;
    const judged = await (rule as Extract<AnyRule, { meta: { scope: 'test' } }>).judge({ ...at, charged: units, composed });
    if (judged) composed = onTest(rule.meta, judged, composed, units);
  }
  return { ...composed, units, record };
}

/** A test's verdict before the test's rules: why it did not run, a kind's own verdict, or its units composed. */
function composedOf(record: TestRecord, units: readonly ChargedUnit[], context: ChargeContext): Composed {
  if (record.notRun) return notRunVerdict(record.test, record.notRun, context.only);
  if (record.direct) {
    const { message, ...direct } = record.direct;
    // A kind's own verdict (a file, an import, a strength figure): the check's words, then its sentences.
    const { after, ...rest } = direct;
    return { ...rest, said: [checkSays(message), ...(after ?? [])], failed: direct.status === 'pass' ? 0 : 1, ran: 1 };
  }
  return composeUnits(record, units, context.firstFailure);
}

/** A test's verdict as a rule over the whole test judged it: its words are the message, or follow it. */
function onTest(meta: RuleMeta, judged: Judgement, composed: Composed, units: readonly ChargedUnit[]): Composed {
  if ('notes' in judged) return { ...composed, said: [...composed.said, ...judged.notes.map((n) => ruleSays(meta, n))] };
  if ('verdict' in judged || 'units' in judged) throw new Error(`internal: rule ${meta.name} answers a test with a unit's judgement`);
  if (judged.after) return { ...composed, status: judged.status, said: [...composed.said, ruleSays(meta, judged)] };
  return {
    status: judged.status,
    said: [ruleSays(meta, judged)],
    failed: 0,
    ran: composed.ran,
    ...(judged.keepSnippet && units[0] && { reproduce: units[0].reproduce }),
    ...(judged.ownPlayers && { ownPlayers: true }),
    ...(judged.decidedLater && { decidedLater: true }),
  };
}

/**
 * A test the run stopped at a unit (a memory or output limit, the first failure) that a rule then passed: the stop
 * assumed a failure that is not charged, so the units after it are run and charged too, until the test ends or stops
 * at a failure.
 */
async function resumed(
  engine: Engine,
  context: ChargeContext,
  record: TestRecord,
  units: readonly ChargedUnit[],
): Promise<{ record: TestRecord; units: readonly ChargedUnit[] }> {
  for (;;) {
    const stop = record.stopped;
    const at = stop && units.find((u) => u.id === stop.at);
    if (
      !stop ||
      !at ||
      at.verdict.status !== 'pass' ||
      (stop.by !== 'memory' && stop.by !== 'output' && stop.by !== 'first-failure') ||
      record.units.length >= record.of
    )
      return { record, units };
    const rest = await context.runs.rest(record, record.units.length);
    const more = await chargeEach({ ...engine, base: { ...engine.base, record } }, rest.units);
    const { stopped: _done, ...ended } = record;
    record = { ...ended, units: [...record.units, ...rest.units], ...(rest.stopped && { stopped: rest.stopped }) };
    units = [...units, ...more];
  }
}
