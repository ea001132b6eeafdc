/**
 * The run phase's units: a test's fixture cases, property cases and terminal sessions, each run and recorded with
 * the check's verdict on what it saw (`raw`), and the one loop that runs a test's units until one hangs or fills a
 * limit. Nothing here excuses a failure: the rules of runner/grade/policies/ read the records afterwards. The loop's
 * stops are costs, not verdicts: a call that hangs tells the next case nothing new.
 */
import type { AssignmentPlan, ProgramPlan } from '../plan/assignment.js';
import type { CaseObservation } from '../checks/observation.js';
import { verdictForFailure } from '../checks/outcome.js';
import type { CaseVerdict } from '../checks/verdict.js';
import type { FixtureCase } from '../model/fixture-types.js';
import { reproduceOf, withStandIns, type Interaction, type OwnPart } from '../plan/interaction.js';
import type { Ask, PlayParts } from '../plan/property.js';
import { FIRST_PROMPT_PHASE, type ProgramResult } from '../pty/run-program.js';
import type { Limits } from '../model/limits.js';
import type { ResolvedTest } from '../model/spec-types.js';
import { caseGroups } from './case-groups.js';
import { isProgramTest, type TestRecord, type UnitRecord } from './ledger.js';
import { playParts, type Lane } from './play-parts.js';
import type { ProgramRuns } from './program-runs.js';
import { callLine, caseSeed } from './seeds.js';
import type { CaseAsk as HarnessAsk, SubmissionSession } from './submission-session.js';

/** What the run phase is handed for one submission: nothing in it records what another test did. */
export interface RunContext {
  readonly plan: AssignmentPlan;
  readonly session: SubmissionSession;
  readonly programs: ProgramRuns;
  readonly standIns: 'document' | 'own';
  readonly seed: number;
  readonly deadline: number;
  /** Play a driven case's parts and a heavy test's groups side by side (a core would idle otherwise). */
  readonly sideBySide: boolean;
  readonly noFork: boolean;
  /** Stop each test at its first failing case (`grade mutants`). */
  readonly firstFailure: boolean;
  /** Once the modules have imported: the program server and each target's first terminal session start. */
  readonly warmUp: () => void;
}

/** One unit before it runs: its id, its snippet, what it sends ahead, and how it runs into a record. */
export interface Unit {
  readonly id: string;
  readonly reproduce: string;
  readonly document?: boolean;
  readonly ask?: HarnessAsk;
  readonly cost?: number;
  run(): Promise<UnitRecord>;
}

/** How many hung calls a one-rule test sits through before it leaves its other cases to the tests of the answer. */
const HUNG_CALLS_JUDGED = 2;

/** A look-ahead's size, as a timeout says it: the limit is for a loop, and a plain search of this size is far inside it. */
const grouped = new Intl.NumberFormat('en');
const workOf = (boards: number) =>
  `A plain look-ahead, trying every move at every level as the document describes, tries ${grouped.format(boards)} board${boards === 1 ? '' : 's'} for this call: well within the limit, so this one probably loops (or copies and scans far more than it needs)`;

/** A case's interaction, made once per run and test: every submission of a class asks for it, so its key is made once too. */
const interactions = new WeakMap<AssignmentPlan, WeakMap<ResolvedTest, WeakMap<FixtureCase, Interaction>>>();
export function interactionOf(plan: AssignmentPlan, test: ResolvedTest, testCase: FixtureCase): Interaction {
  let byTest = interactions.get(plan);
  if (!byTest) interactions.set(plan, (byTest = new WeakMap()));
  let byCase = byTest.get(test);
  if (!byCase) byTest.set(test, (byCase = new WeakMap()));
  let interaction = byCase.get(testCase);
  if (!interaction) byCase.set(testCase, (interaction = plan.interaction(test, testCase)));
  return interaction;
}

/** The verdict on a harness case's observation: the check's, or what the way it stopped says (an exception it expects goes to the check). */
export function rawVerdict(
  plan: AssignmentPlan,
  observation: CaseObservation,
  check: (o: CaseObservation) => CaseVerdict,
  expectsRaise = false,
  work?: string,
): CaseVerdict {
  const { failure } = observation;
  if (!failure || (expectsRaise && failure.kind === 'exception' && failure.observe)) return check(observation);
  return verdictForFailure(failure, plan.explainException, work);
}

/** A harness unit: the interaction with the run's stand-ins, from a fresh namespace, judged by `check`. */
export function harnessUnit(
  context: RunContext,
  id: string,
  planned: Interaction,
  check: (o: CaseObservation) => CaseVerdict,
  callMs: number,
  options: { testCase?: FixtureCase; expectsRaise?: boolean; work?: string; cost?: number } = {},
): Unit {
  const { interaction, left } = withStandIns(planned, context.standIns);
  const ask = { interaction, seed: caseSeed(context.seed, id), callMs };
  return {
    id,
    reproduce: reproduceOf(interaction),
    ask,
    ...(options.testCase?.source.kind === 'document' && { document: true }),
    ...(options.cost !== undefined && { cost: options.cost }),
    run: async () => {
      const before = context.session.studentMs;
      const observation = await context.session.run(interaction, ask.seed, callMs);
      const raw = rawVerdict(context.plan, observation, check, options.expectsRaise, options.work);
      return {
        id,
        reproduce: reproduceOf(interaction),
        raw,
        verdict: raw,
        observation,
        planned,
        check,
        studentMs: context.session.studentMs - before,
        ...(observation.failure && { failure: observation.failure }),
        ...(options.testCase && { testCase: options.testCase }),
        ...(options.testCase?.source.kind === 'document' && { document: true }),
        ...((left.own.length > 0 || left.notes.length > 0) && { own: left }),
      };
    },
  };
}

/** A fixture case of a `cases` test as a unit. */
export function caseUnit(test: ResolvedTest, context: RunContext, testCase: FixtureCase, limits: Limits): Unit {
  const interaction = interactionOf(context.plan, test, testCase);
  const boards = typeof testCase.facts?.['boards'] === 'number' ? testCase.facts['boards'] : undefined;
  const check = (o: CaseObservation) => context.plan.check(test.check!, testCase, o, callLine(interaction));
  return harnessUnit(context, testCase.id, interaction, check, limits.callMs, {
    testCase,
    expectsRaise: 'raises' in testCase.expected,
    ...(boards !== undefined && { work: workOf(boards), cost: boards }),
  });
}

/** A property case as a unit: fixed steps with a check, or a case driven reply by reply (a game against a baseline). */
export function propertyUnits(test: ResolvedTest, context: RunContext, limits: Limits): Unit[] {
  return context.plan.property(test.property!).map((p): Unit => {
    if ('interaction' in p) return harnessUnit(context, p.id, p.interaction, p.check, limits.callMs);
    return {
      id: p.id,
      reproduce: p.reproduce,
      run: async () => {
        const own = new Map<string, OwnPart>();
        const notes = new Set<string>();
        // Each way to ask draws its seeds from its own prefix: the case's, or a part's (its games played in any order).
        const askOn = (session: SubmissionSession, prefix: string): Ask => {
          let asked = 0;
          let refereed = 0;
          return (planned, options) => {
            const ran = withStandIns(planned, context.standIns);
            for (const part of ran.left.own) own.set(part.name, part);
            for (const note of ran.left.notes) notes.add(note);
            return session.run(
              ran.interaction,
              caseSeed(context.seed, options?.referee ? `${prefix}#referee${refereed++}` : `${prefix}#${asked++}`),
              limits.callMs,
            );
          };
        };
        const lane = (session: SubmissionSession): Lane => ({
          fresh: () => session.isolate(test.group),
          ask: (index) => askOn(session, `${p.id}/${index}`),
        });
        const beside = (session: SubmissionSession): Lane => ({
          ...lane(session),
          ready: async () => !('error' in (await session.ready())),
        });
        const side = context.sideBySide && !context.noFork && !context.firstFailure;
        const play: PlayParts = (parts, wanted) =>
          playParts(parts, wanted, side ? [lane(context.session), beside(context.session.beside())] : [lane(context.session)]);
        const before = context.session.studentMs;
        const raw = await p.drive(askOn(context.session, p.id), play);
        const left = { own: [...own.values()], notes: [...notes] };
        return {
          id: p.id,
          reproduce: p.reproduce,
          raw,
          verdict: raw,
          studentMs: context.session.studentMs - before,
          ...((left.own.length > 0 || left.notes.length > 0) && { own: left }),
        };
      },
    };
  });
}

/** A terminal session as a unit: the program run (or shared), then the test's check on what it printed. */
export function programUnit(
  test: ResolvedTest,
  context: RunContext,
  testCase: FixtureCase,
  program: ProgramPlan,
  limits: Limits,
  judged: { readonly messagesChargedBy?: string } = {},
): Unit {
  return sessionUnit(test, context, testCase, program, limits, (result, ask) =>
    context.plan.checkProgram(test.check!, testCase, result, ask, judged),
  );
}

/** A terminal session judged by `check` (the assignment's program check, or a course's own session's). */
export function sessionUnit(
  test: ResolvedTest,
  context: RunContext,
  testCase: FixtureCase,
  program: ProgramPlan,
  limits: Limits,
  check: (result: ProgramResult, ask: Ask) => CaseVerdict | Promise<CaseVerdict>,
): Unit {
  return {
    id: testCase.id,
    reproduce: program.reproduce,
    run: async () => {
      const before = context.session.studentMs;
      const result = await context.programs.run(test.target, testCase, program, limits);
      let asked = 0;
      const ask: Ask = (planned) =>
        context.session.run(
          withStandIns(planned, context.standIns).interaction,
          caseSeed(context.seed, `${testCase.id}#check${asked++}`),
          limits.callMs,
        );
      const raw = await check(result, ask);
      const stopped =
        raw.status === 'pass' || raw.status === 'timeout'
          ? raw
          : result.timedOut
            ? { ...raw, stoppedAt: 'time' as const }
            : result.truncated
              ? { ...raw, stoppedAt: 'output' as const }
              : raw;
      return {
        id: testCase.id,
        reproduce: program.reproduce,
        typed: program.answers,
        testCase,
        raw: stopped,
        verdict: stopped,
        program: result,
        studentMs: context.session.studentMs - before,
      };
    },
  };
}

/** Why the loop stopped a test, with the unit it stopped at. */
type Stop = TestRecord['stopped'];

/**
 * Runs a test's units in order, until one hangs (one time limit is enough to know), fills a memory or output limit,
 * or the submission's budget runs out; a test that judges one rule sits through a couple of hangs (`oneRule`), as it
 * judges the calls that return. Where a rule later passes the unit a stop was made at, the charge runs the rest.
 * The cases' harness runs go ahead in one line (a heavy test's in two groups, each in a child of its own).
 */
export async function runUnits(
  test: ResolvedTest,
  context: RunContext,
  units: readonly Unit[],
  oneRule: boolean,
  hungBefore: boolean,
): Promise<{ records: UnitRecord[]; stopped?: Stop; documentMs?: number }> {
  if (!context.firstFailure) {
    const sent = units.filter((u) => u.ask);
    const groups = context.noFork ? undefined : caseGroups(sent.map((u) => u.cost));
    await context.session.prefetch(
      sent.map((u) => u.ask!),
      context.deadline - performance.now(),
      groups && { groups, sideBySide: context.sideBySide && !context.noFork },
    );
  }
  const records: UnitRecord[] = [];
  let documentMs: number | undefined;
  let hangs = 0;
  let stopped: Stop;
  try {
    for (const unit of units) {
      if (performance.now() > context.deadline) {
        stopped = { at: unit.id, by: 'budget' };
        break;
      }
      const record = await unit.run();
      records.push(record);
      if (record.document) documentMs = (documentMs ?? 0) + record.studentMs;
      stopped = stopAt(record, oneRule, context.firstFailure, () => ++hangs >= (hungBefore ? 1 : HUNG_CALLS_JUDGED));
      if (stopped) break;
    }
  } finally {
    await context.session.settlePrefetched();
  }
  return { records, ...(documentMs !== undefined && { documentMs }), ...(stopped && { stopped }) };
}

/**
 * Whether the loop stops after this unit: a hang, a memory or output limit, the first failure where asked. A call
 * that hangs in a one-rule test is counted, not a stop, until enough have hung; every other judgement is the rules'.
 */
function stopAt(record: UnitRecord, oneRule: boolean, firstFailure: boolean, enoughHangs: () => boolean): Stop {
  const { raw, failure } = record;
  if (raw.status === 'pass') return undefined;
  if (oneRule && failure?.kind === 'timeout') return enoughHangs() ? { at: record.id, by: 'hangs' } : undefined;
  if (firstFailure) return { at: record.id, by: 'first-failure' };
  if (raw.status === 'timeout') return { at: record.id, by: 'time' };
  if (raw.stoppedAt) return { at: record.id, by: raw.stoppedAt };
  return undefined;
}

/** Whether a test's record shows its target hangs: its first failing unit never ended (a program, before its first prompt). */
export function marksHung(record: TestRecord, oneRule: boolean): boolean {
  if (oneRule || record.test.kind === 'import' || record.test.kind === 'file-names' || record.test.kind === 'file-present') return false;
  const first = record.units.find((u) => u.raw.status !== 'pass');
  if (!first || first.raw.status !== 'timeout') return false;
  return !isProgramTest(record.test) || first.program?.timedOut?.phase === FIRST_PROMPT_PHASE;
}
