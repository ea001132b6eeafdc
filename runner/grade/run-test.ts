/**
 * The run phase for one test: whether it can run at all (skipped, blocked by a name no module defines, past the
 * submission's budget), then its units through the module of its kind, recorded in the ledger. What another test did
 * reaches a run only as the limits it is handed: a target that already hung is waited on a tenth as long.
 */
import { checkImport } from '../checks/imports.js';
import { verdictForFailure } from '../checks/outcome.js';
import { formatObserved } from '../checks/values.js';
import type { ProgramPlan } from '../plan/assignment.js';
import { mergeReplacements } from '../plan/game-replay.js';
import type { SolverLabels } from '../model/fixture-types.js';
import { withStandIns } from '../plan/interaction.js';
import type { Limits } from '../model/limits.js';
import type { ResolvedTest } from '../model/spec-types.js';
import { columnOf, judgeStrength, type PositionAnswer, type StrengthPosition } from '../checks/ai-strength.js';
import type { SubmissionFacts } from './submission-facts.js';
import { isProgramTest, type Blocker, type DirectVerdict, type MissingName, type NotRun, type TestRecord } from './ledger.js';
import { checkFileNames, checkFilePresent, missingFile, moduleRole } from '../layout/located-files.js';
import { caseUnit, programUnit, propertyUnits, runUnits, type RunContext, type Unit } from './run-units.js';
import { checkNamesUsed } from './names-used.js';
import { courseUnits, isCourseTest } from './course-units.js';
import { caseSeed } from './seeds.js';

export interface TestRun {
  readonly test: ResolvedTest;
  readonly notRun?: NotRun;
  /** The limits it runs under: a target that already hung is waited on a tenth as long (policies/hung-target.ts). */
  readonly limits: Limits;
  readonly hungBefore?: { readonly test: string; readonly waitMs: number };
  /** The test judges one rule only (AssignmentPlan.judgesOnly): it sits through a couple of hangs. */
  readonly oneRule?: boolean;
}

/** Runs one test's units, or records why none ran; our own bug is recorded as one, never thrown. */
export async function runTest(
  run: TestRun,
  context: RunContext,
  facts: SubmissionFacts,
): Promise<Omit<TestRecord, 'durationMs' | 'studentMs'>> {
  const { test } = run;
  const base = { test, of: test.fixtureCases.length, ...(run.hungBefore && { hungBefore: run.hungBefore }) };
  if (run.notRun) return { ...base, units: [], notRun: run.notRun };
  if (performance.now() > context.deadline) return { ...base, units: [], notRun: { kind: 'budget', limitMs: test.limits.submissionMs } };
  try {
    switch (test.kind) {
      case 'file-present':
        return { ...base, units: [], direct: checkFilePresent(facts.role(test.file!)!, facts) };
      case 'file-names':
        // After the imports: a file importing another term's name of a role's file is a naming slip too.
        await context.session.ready();
        return { ...base, units: [], direct: checkFileNames(facts.located, facts.staleImports()) };
      case 'names-used': {
        const ready = await context.session.ready();
        if ('error' in ready)
          return { ...base, units: [], notRun: { kind: 'blocked', missing: [], blockers: [], startError: ready.error } };
        return { ...base, units: [], direct: checkNamesUsed(facts.names, context.session.names) };
      }
      case 'import':
        if (!('error' in (await context.session.ready()))) context.warmUp();
        return { ...base, units: [], direct: importVerdict(test, facts) };
      default:
    }
    const blocked = await blockedBy(test, context, facts);
    if (blocked) return { ...base, units: [], notRun: blocked };
    if (!isProgramTest(test)) await context.session.isolate(test.group);
    if (test.kind === 'strength') return { ...base, units: [], ...(await runStrength(test, context, run.limits)) };
    const units = unitsOf(test, context, run.limits);
    const ran = await runUnits(test, context, units, run.oneRule === true, run.hungBefore !== undefined);
    return {
      ...base,
      of: units.length,
      units: ran.records,
      ...(ran.stopped && { stopped: ran.stopped }),
      ...(ran.documentMs !== undefined && { documentMs: ran.documentMs }),
      ...(test.kind === 'program' && fastPlayersOf(context, test)),
    };
  } catch (error) {
    return { ...base, units: [], notRun: { kind: 'internal', detail: (error as Error).message } };
  }
}

/** A test's units, as the run phase runs them: its fixture cases, its property's cases, or its terminal sessions. */
export function unitsOf(test: ResolvedTest, context: RunContext, limits: Limits): Unit[] {
  if (test.kind === 'program')
    return test.fixtureCases.map((c) => programUnit(test, context, c, withQuickPlayers(context.plan.program(c), context.standIns), limits));
  if (test.kind === 'property') return propertyUnits(test, context, limits);
  if (isCourseTest(test)) return courseUnits(test, context, limits);
  return test.fixtureCases.map((c) => caseUnit(test, context, c, limits));
}

/** A program's plan with the players that cost little, where this run has them (ProgramPlan.fastPlayers). */
export function withQuickPlayers(program: ProgramPlan, standIns: 'document' | 'own'): ProgramPlan {
  const players = program.fastPlayers;
  if (players && standIns === 'own' && players.only === 'document' && players.ownReplace)
    return { ...program, replace: mergeReplacements(players.ownReplace, program.replace ?? []) };
  if (!players || (players.only !== undefined && players.only !== standIns)) return program;
  return { ...program, replace: mergeReplacements(players.replace, program.replace ?? []) };
}

/** What the games' players were, said once: the quick ones where they played, the student's own where the kit has no others. */
function fastPlayersOf(context: RunContext, test: ResolvedTest): Pick<TestRecord, 'players'> {
  const first = test.fixtureCases.find((c) => context.plan.program(c).fastPlayers);
  if (!first) return {};
  const program = context.plan.program(first);
  const players = program.fastPlayers!;
  const quick = players.only === undefined || players.only === context.standIns;
  return quick ? { players: { quick: players.note } } : players.ownNote ? { players: { own: players.ownNote } } : {};
}

/** The import test's own verdict: the role's files imported cleanly, or how one did not. */
function importVerdict(test: ResolvedTest, facts: SubmissionFacts): DirectVerdict {
  const where = facts.role(test.file!)!;
  if (!where.file) return { status: 'fail', message: missingFile(where, facts), hint: false };
  const verdicts = where.files.map((file) =>
    checkImport(file, facts.imports.get(moduleRole(where, file)), file.toLowerCase() === test.programEntry?.toLowerCase()),
  );
  const failed = verdicts.find((v) => v.status !== 'pass');
  if (failed || verdicts.length === 1) return failed ?? verdicts[0]!;
  return { status: 'pass', message: `${verdicts.length} files import cleanly (${where.files.join(', ')})` };
}

/**
 * A test whose class or function no module defines cannot run (DESIGN.md: a submission that cannot be imported still
 * gets every test, each an error with the reason): the names missing, where their source is, and the import tests
 * that explain it.
 */
async function blockedBy(test: ResolvedTest, context: RunContext, facts: SubmissionFacts): Promise<NotRun | undefined> {
  const ready = await context.session.ready();
  if ('error' in ready) return { kind: 'blocked', missing: [], blockers: [], startError: ready.error };
  context.warmUp();
  const needed = isCourseTest(test) ? (test.uses ?? []) : context.plan.neededNames(test);
  const missing = needed.filter((name) => !context.session.names.has(name));
  if (missing.length === 0) return undefined;
  const modules = facts.located.filter((l) => l.kind === 'module');
  const absent = modules.filter((l) => !l.file).map((l): Blocker => ({ file: l.looked[0] ?? `${l.role}.py`, why: 'missing' }));
  const failedImports = modules.flatMap((l) =>
    l.files
      .filter((file) => {
        const o = facts.imports.get(moduleRole(l, file));
        return o !== undefined && o.kind !== 'ok';
      })
      .map((file): Blocker => ({ file, why: 'import' })),
  );
  const names: MissingName[] = missing.map((name) => {
    const file = facts.definingFile(name);
    const unread = file ? undefined : facts.unreadDefinition(name);
    return file ? { name, definedIn: file } : unread ? { name, unread } : { name };
  });
  return { kind: 'blocked', missing: names, blockers: [...absent, ...failedImports] };
}

/**
 * A strength test: the AI asked for its move on every solver-labelled position, each from a fresh start, and the moves
 * counted against perfect play. A hang stops the asking (the next positions would hang too); a crash costs only its
 * position.
 */
async function runStrength(test: ResolvedTest, context: RunContext, limits: Limits): Promise<Pick<TestRecord, 'direct' | 'strength'>> {
  const positions: StrengthPosition[] = test.fixtureCases.map((c) => ({
    id: c.id,
    labels: (c.input as { solver: SolverLabels }).solver,
    python: c.python,
  }));
  const answers: PositionAnswer[] = [];
  for (const c of test.fixtureCases) {
    if (performance.now() > context.deadline) break;
    const observation = await context.session.run(
      withStandIns(context.plan.interaction(test, c), context.standIns).interaction,
      caseSeed(context.seed, c.id),
      limits.callMs,
    );
    if (observation.failure) {
      const missing = verdictForFailure(observation.failure, context.plan.explainException);
      answers.push({ missing });
      if (missing.status === 'timeout') break;
      continue;
    }
    const reply = observation.replies['result'];
    const column = reply ? columnOf(reply.value) : undefined;
    answers.push(
      column !== undefined
        ? { column }
        : { missing: { status: 'fail', message: `it returned ${reply ? formatObserved(reply.value) : 'nothing'}, not a column number` } },
    );
  }
  const judged = judgeStrength(positions, answers, test);
  return {
    direct: { ...judged.verdict, hint: false, ...(judged.reproduce && { reproduce: judged.reproduce }) },
    strength: judged.strength,
  };
}
