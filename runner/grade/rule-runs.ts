/**
 * The run side's one door for the runs the rules ask for (policies/policy.ts `Runs`): a unit's interaction again, on
 * the student's own parts or another reading of its case, the rest of a test the run stopped early, a test's games
 * played again. Each is made as the run phase makes it (run-units.ts), in the process of the test it is for (a fresh
 * child of its group, once per test in turn), with the wall time and the student's time counted to that test.
 */
import type { CaseObservation } from '../checks/observation.js';
import type { FixtureCase } from '../model/fixture-types.js';
import type { ResolvedTest } from '../model/spec-types.js';
import { mergeReplacements } from '../plan/game-replay.js';
import { withoutSpeedOnly, withStandIns, type Interaction, type StandIns } from '../plan/interaction.js';
import { courseSessionUnit } from './course-units.js';
import { isProgramTest, type TestRecord, type UnitRecord } from './ledger.js';
import type { Runs } from './policies/policy.js';
import { unitsOf, withQuickPlayers } from './run-test.js';
import { interactionOf, programUnit, rawVerdict, runUnits, type RunContext } from './run-units.js';
import { callLine, caseSeed } from './seeds.js';
import { hungTargetLimits } from './waits.js';

export class RuleRuns implements Runs {
  private within: string | undefined;
  private readonly spent = new Map<string, { ms: number; studentMs: number }>();

  constructor(
    private readonly context: RunContext,
    private readonly options: { readonly standIns: StandIns; readonly seed: number },
  ) {}

  spentOn(id: string): { ms: number; studentMs: number } {
    return this.spent.get(id) ?? { ms: 0, studentMs: 0 };
  }

  async harness(
    test: ResolvedTest,
    key: string,
    planned: Interaction,
    check: UnitRecord['check'],
    standIns?: 'own',
    callMs = test.limits.callMs,
  ): Promise<UnitRecord> {
    const interaction = withStandIns(planned, standIns ?? this.options.standIns).interaction;
    // The grader's run on the student's own parts shows what their snippet gives when pasted: no kit-only speed-up.
    const asPasted = standIns === 'own' && this.options.standIns !== 'own' ? withoutSpeedOnly(interaction) : interaction;
    const { observation } = await this.timed(test, asPasted, key, callMs);
    const raw = rawVerdict(this.context.plan, observation, check!);
    return {
      id: key,
      reproduce: '',
      raw,
      verdict: raw,
      observation,
      studentMs: 0,
      ...(observation.failure && { failure: observation.failure }),
    };
  }

  async reading(test: ResolvedTest, key: string, testCase: FixtureCase, callMs = test.limits.callMs): Promise<UnitRecord> {
    const planned = interactionOf(this.context.plan, test, testCase);
    const check = (o: CaseObservation) => this.context.plan.check(test.check!, testCase, o, callLine(planned));
    const { observation } = await this.timed(test, withStandIns(planned, this.options.standIns).interaction, key, callMs);
    const raw = rawVerdict(this.context.plan, observation, check, 'raises' in testCase.expected);
    return {
      id: key,
      reproduce: '',
      raw,
      verdict: raw,
      observation,
      studentMs: 0,
      testCase,
      ...(observation.failure && { failure: observation.failure }),
    };
  }

  async rest(record: TestRecord, from: number): Promise<Pick<TestRecord, 'units' | 'stopped'>> {
    const { test } = record;
    return this.counted(test, async () => {
      if (!isProgramTest(test)) await this.context.session.isolate(test.group);
      this.within = test.id;
      const limits = record.hungBefore ? hungTargetLimits(test.limits) : test.limits;
      const rule = test.check ?? test.property;
      const ran = await runUnits(
        test,
        this.context,
        unitsOf(test, this.context, limits).slice(from),
        rule !== undefined && this.context.plan.judgesOnly?.(rule) !== undefined,
        record.hungBefore !== undefined,
      );
      return { units: ran.records, ...(ran.stopped && { stopped: ran.stopped }) };
    });
  }

  async programs(
    test: ResolvedTest,
    { replace, fast }: { readonly replace?: Parameters<typeof mergeReplacements>[0]; readonly fast: boolean },
  ): Promise<readonly UnitRecord[]> {
    return this.counted(test, async () => {
      const units = test.fixtureCases.map((c: FixtureCase) => {
        if (test.kind === 'session') return courseSessionUnit(test, this.context, c, test.limits, replace);
        const base = this.context.plan.program(c);
        const planned = replace ? { ...base, replace: mergeReplacements(base.replace ?? [], replace) } : base;
        return programUnit(test, this.context, c, fast ? withQuickPlayers(planned, this.options.standIns) : planned, test.limits);
      });
      return (await runUnits(test, this.context, units, false, false)).records;
    });
  }

  /** One interaction in the test's process, with its observation (follow-up asks, smaller boards). */
  async observe(test: ResolvedTest, interaction: Interaction, seedId: string, callMs: number): Promise<CaseObservation> {
    return (await this.timed(test, interaction, seedId, callMs)).observation;
  }

  async timed(
    test: ResolvedTest,
    interaction: Interaction,
    seedId: string,
    callMs: number,
  ): Promise<{ observation: CaseObservation; studentMs: number }> {
    return this.counted(test, async () => {
      if (this.within !== test.id) {
        await this.context.session.isolate(test.group);
        this.within = test.id;
      }
      const before = this.context.session.studentMs;
      const observation = await this.context.session.run(interaction, caseSeed(this.options.seed, seedId), callMs);
      return { observation, studentMs: this.context.session.studentMs - before };
    });
  }

  private async counted<T>(test: ResolvedTest, work: () => Promise<T>): Promise<T> {
    const began = performance.now();
    const student = this.context.session.studentMs;
    try {
      return await work();
    } finally {
      const was = this.spentOn(test.id);
      this.spent.set(test.id, {
        ms: was.ms + performance.now() - began,
        studentMs: was.studentMs + this.context.session.studentMs - student,
      });
    }
  }
}
