/**
 * The charge phase: every test's verdict from the whole ledger, through the rules of runner/grade/policies/ in this
 * declared order. A rule that needs another run asks for it through `Runs` and reads its record; a rule that reads
 * another test's verdict gets it charged first (memoised), so the order the tests stand in never matters.
 *
 *   each test first:    template-stub
 *   each failing unit:  one-rule, document-silent, charged-elsewhere, charged-once, own-parts,
 *                       messages-elsewhere, crash-once
 *   each test:          decided-later (the kit); start-once, own-lookahead, game-replay (programs);
 *                       upstream-import (imports)
 */
import type { AssignmentPlan, ChargedElsewhere } from '../plan/assignment.js';
import type { ClassReplacement } from '../harness/protocol.js';
import { askedTheSameAgain, crashedBeforeOwnCode, crashKey, crashSite } from '../checks/crash-site.js';
import { ASK_MARKER } from '../checks/program-markers.js';
import { joinNames } from '../checks/text.js';
import type { CaseStatus, CaseVerdict } from '../checks/verdict.js';
import type { FixtureCase } from '../model/fixture-types.js';
import { withStandIns, type Interaction } from '../plan/interaction.js';
import type { ResolvedSpec, ResolvedTest } from '../model/spec-types.js';
import { composeUnits, passedCount, type ChargedUnit, type Composed } from './finish.js';
import { isProgramTest, type Ledger, type TestRecord, type UnitRecord } from './ledger.js';
import { CHARGED_ELSEWHERE, elsewhereAsks, judgeElsewhere, type Answer, type ElsewhereFacts } from './policies/charged-elsewhere.js';
import { CHARGED_ONCE, judgeOnce, type OnceCause } from './policies/charged-once.js';
import { CRASH_ONCE, judgeCrashOnce } from './policies/crash-once.js';
import { DECIDED_LATER, judgeDecidedLater } from './policies/decided-later.js';
import { DOCUMENT_SILENT, judgeDocumentSilent } from './policies/document-silent.js';
import { GAME_REPLAY, judgeReplay, kitReplayNote } from './policies/game-replay.js';
import { kitBlame, targetOfPart, testOfPart } from './policies/kit-blame.js';
import { ONE_RULE, judgeOneRule, type OneRule } from './policies/one-rule.js';
import { OWN_LOOKAHEAD, judgeOwnLookahead } from './policies/own-lookahead.js';
import { OWN_PARTS, asksOwnParts, judgeOwnParts } from './policies/own-parts.js';
import { say, type Decision, type RuleMeta } from './policies/policy.js';
import { byPrecedence } from './policies/precedence.js';
import { START_ONCE, cannotStart, judgeStartOnce } from './policies/start-once.js';
import { TEMPLATE_STUB, judgeStub } from './policies/template-stub.js';
import { ownAnswerLine, rerunWaitMs, standInParts } from './own-answer.js';
import type { SubmissionFacts } from './submission-facts.js';

/** The one door a rule's runs go through: each a record like the run phase's, judged by the named test's check. */
export interface Runs {
  /** A unit's interaction run again (`own`: on the student's own parts), judged by `check`. */
  harness(test: ResolvedTest, key: string, planned: Interaction, check: UnitRecord['check'], standIns?: 'own', callMs?: number): Promise<UnitRecord>;
  /** A case of `test` (another reading of one, or the case another test charges), judged by `test`'s check. */
  reading(test: ResolvedTest, key: string, testCase: FixtureCase, callMs?: number): Promise<UnitRecord>;
  /**
   * A test's units from the `from`-th on, run as the run phase runs them: the run stopped at a unit (a memory or output
   * limit) that a rule has since passed, so the units after it must be judged too.
   */
  rest(record: TestRecord, from: number): Promise<Pick<TestRecord, 'units' | 'stopped'>>;
  /** A test's sessions played again: with the quick players or not, and with the document's versions of some parts. */
  programs(test: ResolvedTest, options: { readonly replace?: readonly ClassReplacement[]; readonly fast: boolean }): Promise<readonly UnitRecord[]>;
}

export interface ChargeContext {
  readonly spec: ResolvedSpec;
  readonly plan: AssignmentPlan;
  readonly ledger: Ledger;
  readonly facts: SubmissionFacts;
  readonly standIns: 'document' | 'own';
  readonly firstFailure: boolean;
  readonly runs: Runs;
}

/** A test as charged: its verdict, its units as charged, and its record with any units a rule ran after a stop. */
export interface Charged extends Composed {
  readonly units: readonly ChargedUnit[];
  readonly record: TestRecord;
}

type Status = CaseStatus | 'skipped' | undefined;

/** What a rule may read of other tests: a test's status (undefined when it did not run), its units as charged. */
interface Reader {
  status(id: string): Promise<Status>;
  units(id: string): Promise<readonly OnceUnit[]>;
}

type OnceUnit = ChargedUnit & { readonly once?: OnceCause };

const failed = (s: Status) => s !== undefined && s !== 'pass' && s !== 'skipped';

/**
 * A charger of the ledger's tests. A test that reads back to one being charged sees its units as they ran (failing
 * if any did), so no circle of rules can wait on itself.
 */
export function createCharger(context: ChargeContext): (id: string) => Promise<Charged> {
  const tests = new Map<string, Promise<Charged>>();
  const units = new Map<string, Promise<readonly OnceUnit[]>>();
  const reader = (stack: readonly string[]): Reader => ({
    status: async (id) => {
      const record = context.ledger.get(id);
      if (!record || record.notRun?.kind === 'skipped' || record.notRun?.kind === 'own-part-hung') return record ? 'skipped' : undefined;
      if (stack.includes(id)) return record.units.some((u) => u.raw.status !== 'pass') || (record.direct && record.direct.status !== 'pass') ? 'fail' : 'pass';
      return (await charge(id, stack)).status;
    },
    units: (id) => {
      let made = units.get(id);
      if (!made) units.set(id, (made = chargeUnits(context, context.ledger.get(id)!, reader([...stack, id]))));
      return made;
    },
  });
  const charge = (id: string, stack: readonly string[]): Promise<Charged> => {
    let made = tests.get(id);
    if (!made) tests.set(id, (made = chargeTest(context, context.ledger.get(id)!, reader([...stack, id]))));
    return made;
  };
  return (id) => charge(id, []);
}

/** A unit's verdict as a rule decided it: a pass with the rule's note, a charge in its words, or the failure with them after. */
function decided(meta: RuleMeta, decision: Decision, raw: CaseVerdict): CaseVerdict {
  const text = say(meta, decision);
  if (decision.after) return { ...raw, message: `${raw.message}\n${text}` };
  return decision.status === 'pass' ? { status: 'pass', message: 'ok', note: text } : { status: decision.status, message: text };
}

/** A test's verdict as a rule over the whole test decided it: its words are the message. */
const decidedTest = (meta: RuleMeta, decision: Decision, ran: number): Composed => ({ status: decision.status, message: say(meta, decision), failed: 0, ran });

const oneRuleOf = (plan: AssignmentPlan, test: ResolvedTest): OneRule | undefined => {
  const rule = test.check ?? test.property;
  return rule ? plan.judgesOnly?.(rule) : undefined;
};

/** The unit rules, each failing unit in turn. */
async function chargeUnits(context: ChargeContext, record: TestRecord, read: Reader): Promise<readonly OnceUnit[]> {
  const oneRule = oneRuleOf(context.plan, record.test);
  const out: OnceUnit[] = [];
  for (const unit of record.units) {
    const base = { id: unit.id, reproduce: unit.reproduce, ...(unit.typed && { typed: unit.typed }) };
    if (unit.raw.status === 'pass') out.push({ ...base, verdict: unit.raw });
    else out.push({ ...base, ...(await chargeFailing(context, record, unit, oneRule, read)) });
  }
  return out;
}

async function chargeFailing(context: ChargeContext, record: TestRecord, unit: UnitRecord, oneRule: OneRule | undefined, read: Reader): Promise<Omit<OnceUnit, 'id' | 'reproduce'>> {
  const test = record.test;
  const local = judgeOneRule(unit.failure, oneRule);
  if (local) return { verdict: decided(ONE_RULE, local, unit.raw), ...(local.hung && { hung: true }) };
  const silent = unit.testCase?.lenient?.open ? judgeDocumentSilent(unit.failure, unit.testCase.lenient.reason) : undefined;
  if (silent) return { verdict: decided(DOCUMENT_SILENT, silent, unit.raw) };
  let once: OnceCause | undefined;
  if (unit.testCase && test.kind === 'cases') {
    const elsewhere = await judgeElsewhereAsking(context, await elsewhereFacts(context, test, unit, read), unit);
    if (elsewhere) return { verdict: decided(CHARGED_ELSEWHERE, elsewhere, unit.raw) };
    once = await explainedOnce(context, test, unit);
  }
  if (unit.planned && unit.check && oneRule) {
    const parts = withStandIns(unit.planned, 'own').left.own.map((p) => p.name);
    if (asksOwnParts(true, context.standIns, parts)) {
      const own = await context.runs.harness(test, `${unit.id}#own`, unit.planned, unit.check, 'own');
      const held = judgeOwnParts(own.raw.status === 'pass', joinNames(parts));
      if (held) return { verdict: decided(OWN_PARTS, held, unit.raw) };
    }
  }
  const verdict = unit.program ? await sessionVerdict(context, test, unit, unit.raw, read) : unit.raw;
  return { verdict: await withKitNote(context, test, unit, verdict, read), ...(once && { once }) };
}

/** In the kit, a failure on the student's own other parts says where to look first (kit-blame). */
async function withKitNote(context: ChargeContext, test: ResolvedTest, unit: UnitRecord, verdict: CaseVerdict, read: Reader): Promise<CaseVerdict> {
  if (!unit.own || verdict.status === 'pass') return verdict;
  const statuses = new Map<string, Status>();
  for (const t of context.spec.tests.filter((x) => unit.own!.own.some((p) => testOfPart(x.id, p)))) statuses.set(t.id, await read.status(t.id));
  const ids = [...statuses.keys()];
  // The tests the kit does not run (hidden): left out of its spec, or, graded as the kit grades, not in the ledger.
  const later = [...(context.spec.laterTargets ?? []), ...context.spec.tests.filter((t) => t.points > 0 && !context.ledger.has(t.id)).map((t) => t.target)];
  const note = kitBlame(unit.own.own, test.target, {
    failing: (part) => ids.filter((id) => testOfPart(id, part) && failed(statuses.get(id))),
    ran: (part) => ids.some((id) => testOfPart(id, part) && statuses.get(id) !== undefined && statuses.get(id) !== 'skipped'),
    later: (part) => later.some((target) => targetOfPart(target, part)),
  });
  const lines = [...(note ? [note] : []), ...unit.own.notes];
  return lines.length === 0 ? verdict : { ...verdict, message: [verdict.message, ...lines].join('\n') };
}

/** The places the assignment says a failing case may be charged instead, with the statuses of the tests they name. */
async function elsewhereFacts(context: ChargeContext, test: ResolvedTest, unit: UnitRecord, read: Reader): Promise<ElsewhereFacts> {
  const places = placesOf(context, test, unit.testCase!);
  const excuse = unit.failure ? context.plan.excuseFailure?.(test, unit.testCase!, unit.failure) : undefined;
  const statuses = new Map<string, Status>();
  for (const id of new Set([...places.flatMap((p) => ('once' in p ? [] : [p.chargedBy.id])), ...(excuse ? [excuse.chargedBy] : [])])) statuses.set(id, await read.status(id));
  return {
    test, testCase: unit.testCase!, failure: unit.failure, excuse, places,
    notPassed: (id) => statuses.get(id) !== 'pass',
    failed: (id) => failed(statuses.get(id)),
    runs: (id) => statuses.get(id) !== undefined && statuses.get(id) !== 'skipped',
  };
}

const placesOf = (context: ChargeContext, test: ResolvedTest, testCase: FixtureCase): readonly ChargedElsewhere[] => {
  const found = context.plan.readingElsewhere?.(test, testCase, context.spec.tests);
  return found === undefined ? [] : Array.isArray(found) ? found : [found as ChargedElsewhere];
};

/** charged-elsewhere's runs, asked until it names none, then its decision. */
async function judgeElsewhereAsking(context: ChargeContext, facts: ElsewhereFacts, unit: UnitRecord): Promise<Decision | undefined> {
  const id = unit.id;
  const answers = new Map<string, Answer>();
  for (let asks = elsewhereAsks(facts, answers); asks.length > 0; asks = elsewhereAsks(facts, answers)) {
    for (const ask of asks) answers.set(ask.key, { passed: (await context.runs.reading(ask.test, `${id}#${ask.key}`, ask.testCase, rerunWaitMs(unit, ask.test.limits))).raw.status === 'pass' });
  }
  return judgeElsewhere(facts, answers);
}

/** A mistake no test grades that another reading of the failing case shows (ChargedElsewhere.once), if one does. */
async function explainedOnce(context: ChargeContext, test: ResolvedTest, unit: UnitRecord): Promise<OnceCause | undefined> {
  for (const place of placesOf(context, test, unit.testCase!)) {
    if (!('once' in place)) continue;
    const reading = await context.runs.reading(test, `${unit.id}#elsewhere`, place.testCase, rerunWaitMs(unit, test.limits));
    if (reading.raw.status === 'pass') return { cause: place.once.cause, note: place.note, why: place.once.why };
  }
  return undefined;
}

/** A session's verdict with the messages set aside once their test has failed (messages-elsewhere), then a crash charged once. */
async function sessionVerdict(context: ChargeContext, test: ResolvedTest, unit: UnitRecord, raw: CaseVerdict, read: Reader): Promise<CaseVerdict> {
  let verdict = raw;
  // A course's own session says which lines it wants as the course wrote them: no message of it is another test's.
  const gradedBy = unit.testCase && test.kind === 'program' ? context.plan.program(unit.testCase).messagesGradedBy : undefined;
  if (gradedBy && unit.program && failed(await read.status(gradedBy))) {
    const again = await context.plan.checkProgram(test.check!, unit.testCase!, unit.program, () => Promise.reject(new Error('internal: a check judged again asks nothing')), { messagesChargedBy: gradedBy });
    if (again.status === 'pass') verdict = again;
  }
  if (verdict.status === 'pass' || verdict.status === 'timeout') return verdict;
  const site = siteOf(unit);
  const charger = site && (await crashCharger(context, test, site, read));
  const again = charger && judgeCrashOnce(charger, test.id, site);
  return again ? decided(CRASH_ONCE, again, verdict) : verdict;
}

/** Where a session crashed (the exception and the program's own line), when a crash ended it. */
function siteOf(unit: UnitRecord): string | undefined {
  if (!unit.program) return undefined;
  const crashed = crashSite(unit.program.transcript);
  // Running out of input is a crash of its own only for a program asking one question over and over.
  if (!crashed || (crashed.type === 'EOFError' && !askedTheSameAgain(unit.program.transcript, ASK_MARKER))) return undefined;
  return crashKey(crashed);
}

const precedence = (context: ChargeContext, tests: readonly ResolvedTest[]) =>
  byPrecedence(tests, { ...(context.plan.chargesFirst && { chargesFirst: context.plan.chargesFirst }), judgesOneRule: (t) => oneRuleOf(context.plan, t) !== undefined });

/** The program tests of a target that ran, by precedence. */
const programsOf = (context: ChargeContext, target: string) => precedence(context, context.spec.tests.filter((t) => isProgramTest(t) && t.target === target && context.ledger.has(t.id) && !context.ledger.get(t.id)!.notRun));

/** The program test of highest precedence that fails with a session crashing at `site`: it charges that crash. */
async function crashCharger(context: ChargeContext, test: ResolvedTest, site: string, read: Reader): Promise<string | undefined> {
  for (const other of programsOf(context, test.target)) {
    if (other.id === test.id) return other.id;
    const met = context.ledger.get(other.id)!.units.some((u) => u.raw.status !== 'pass' && siteOf(u) === site);
    if (met && failed(await read.status(other.id))) return other.id;
  }
  return undefined;
}

/** One test's verdict: its units charged, a mistake outside the tests charged once, then the whole-program rules. */
async function chargeTest(context: ChargeContext, given: TestRecord, read: Reader): Promise<Charged> {
  const { record, units: charged } = await resumed(context, given, await read.units(given.test.id), read);
  const units = await withOnce(context, record, charged, read);
  const stub = judgeStub(context.facts.stub(record.test.target), oneRuleOf(context.plan, record.test) !== undefined);
  // The snippet shows how the test calls the function, as for any other failure.
  if (stub) return { ...decidedTest(TEMPLATE_STUB, stub, units.length), ...(units[0] && { reproduce: units[0].reproduce }), units, record };
  const composed = composeUnits(record, units, context.firstFailure);
  const later = judgeDecidedLater({ standIns: context.standIns, passed: composed.status === 'pass', opponents: record.units.flatMap((u) => (u.raw.ownOpponent ? [u.raw.ownOpponent] : [])), saw: units.flatMap((u) => (u.verdict.status === 'pass' && u.verdict.note ? [u.verdict.note] : [])), ran: units.length });
  if (later) return { status: 'skipped', decidedLater: true, message: say(DECIDED_LATER, later), failed: 0, ran: units.length, units, record };
  if (composed.status === 'pass') return { ...composed, units, record };
  if (isProgramTest(record.test)) return { ...(await programRules(context, record, composed, read)), units, record };
  return { ...(await withOwnAnswer(context, record, composed)), units, record };
}

/** A failure the grader made with the document's parts: what the snippet, on the student's own, gives (own-answer.ts). */
async function withOwnAnswer(context: ChargeContext, record: TestRecord, composed: Composed): Promise<Composed> {
  const unit = record.units.find((u) => u.id === composed.first);
  const parts = context.standIns === 'document' && !context.firstFailure ? standInParts(unit) : [];
  if (!unit?.planned || !unit.check || parts.length === 0) return composed;
  const own = await context.runs.harness(record.test, `${unit.id}#snippet`, unit.planned, unit.check, 'own', rerunWaitMs(unit, record.test.limits));
  return { ...composed, message: `${composed.message}\n${ownAnswerLine(parts, composed as CaseVerdict, own)}` };
}

/**
 * A test the run stopped at a unit (a memory or output limit) that a rule then passed: the stop assumed a failure
 * that is not charged, so the units after it are run and charged too, until the test ends or stops at a failure.
 */
async function resumed(context: ChargeContext, record: TestRecord, units: readonly OnceUnit[], read: Reader): Promise<{ record: TestRecord; units: readonly OnceUnit[] }> {
  for (;;) {
    const stop = record.stopped;
    const at = stop && units.find((u) => u.id === stop.at);
    if (!stop || !at || at.verdict.status !== 'pass' || (stop.by !== 'memory' && stop.by !== 'output') || record.units.length >= record.of) return { record, units };
    const rest = await context.runs.rest(record, record.units.length);
    const more = await chargeUnits(context, { ...record, units: rest.units }, read);
    const { stopped: _done, ...ended } = record;
    record = { ...ended, units: [...record.units, ...rest.units], ...(rest.stopped && { stopped: rest.stopped }) };
    units = [...units, ...more];
  }
}

/** Failing units a mistake outside the tests explains: charged by one test (the first by precedence), passed in the others. */
async function withOnce(context: ChargeContext, record: TestRecord, units: readonly OnceUnit[], read: Reader): Promise<ChargedUnit[]> {
  const chargers = new Map<string, string>();
  for (const cause of new Set(units.flatMap((u) => (u.once ? [u.once.cause] : [])))) {
    const meeting: ResolvedTest[] = [];
    for (const t of context.spec.tests.filter((x) => x.target === record.test.target && context.ledger.has(x.id))) {
      if ((t.id === record.test.id ? units : await read.units(t.id)).some((u) => u.once?.cause === cause)) meeting.push(t);
    }
    chargers.set(cause, precedence(context, meeting)[0]!.id);
  }
  return units.map(({ once, ...u }) => (once ? { ...u, verdict: decided(CHARGED_ONCE, judgeOnce(once, chargers.get(once.cause)!, record.test.id), u.verdict) } : u));
}

/** The whole-program rules: a given program that cannot start, the student's own look-ahead, a replay with the document's parts. */
async function programRules(context: ChargeContext, record: TestRecord, composed: Composed, read: Reader): Promise<Composed> {
  const test = record.test;
  if (context.plan.chargesStartOnce?.includes(test.target)) {
    const first = programsOf(context, test.target)[0];
    const firstRecord = first && context.ledger.get(first.id)!;
    const stuck = firstRecord && cannotStart(firstRecord.units.map((u) => ({ answers: u.typed?.length ?? 0, answersSent: u.program?.answersSent ?? 0 })));
    if (first && stuck && first.id !== test.id && failed(await read.status(first.id))) return decidedTest(START_ONCE, judgeStartOnce(test.target, first.id, test.id)!, composed.ran);
  }
  // A hang is not played again: the time is better spent on the tests still to run.
  if (composed.status !== 'fail' && composed.status !== 'error') return composed;
  if (record.players && 'quick' in record.players) {
    const own = await chargeSessions(context, record, await context.runs.programs(test, { fast: false }), read);
    if (own.status === 'pass') return { ...decidedTest(OWN_LOOKAHEAD, judgeOwnLookahead(passedCount(record, own.ran), composed.failed, composed.ran, composed.first!), own.ran), ownPlayers: true };
  }
  const failedTests = new Set<string>();
  for (const t of context.spec.tests) if (t.id !== test.id && !(isProgramTest(t) && t.target === test.target) && failed(await read.status(t.id))) failedTests.add(t.id);
  const replay = context.plan.gameReplay?.(failedTests, test);
  if (!replay) return composed;
  if (context.standIns === 'own') {
    const reachedOwnCode = record.units.some((u) => u.raw.status !== 'pass' && !(u.program && crashedBeforeOwnCode(u.program.transcript)));
    const note = kitReplayNote({ parts: [joinNames(replay.parts)], because: replay.because, reachedOwnCode });
    return note ? { ...composed, message: `${composed.message}\n${say(GAME_REPLAY, note)}` } : composed;
  }
  const again = await chargeSessions(context, record, await context.runs.programs(test, { replace: replay.replace, fast: true }), read);
  if (again.status !== 'pass') return composed;
  return decidedTest(GAME_REPLAY, judgeReplay({ passed: passedCount(record, again.ran), parts: replay.parts, because: replay.because, failed: composed.failed, of: composed.ran, first: composed.first! }), again.ran);
}

/** Sessions played again, charged by the session rules as the first ones were. */
async function chargeSessions(context: ChargeContext, record: TestRecord, sessions: readonly UnitRecord[], read: Reader): Promise<Composed> {
  const units: ChargedUnit[] = [];
  for (const unit of sessions) units.push({ id: unit.id, reproduce: unit.reproduce, ...(unit.typed && { typed: unit.typed }), verdict: unit.raw.status === 'pass' ? unit.raw : await sessionVerdict(context, record.test, unit, unit.raw, read) });
  return composeUnits({ ...record, units: sessions, of: record.of }, units, false);
}
