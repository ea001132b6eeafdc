/**
 * The class summary's views of a run's cost and of what changed since a previous run: pure, from results.json.
 */
import type { ClassCost, RunComparison, RunResults, StudentChange } from '../runner/model/results.js';
import { testCosts } from './test-cost.js';

export interface TestCostView {
  readonly id: string;
  readonly name: string;
  readonly medianSeconds: string;
  readonly slowestSeconds: string;
  readonly slowest: { readonly displayName: string; readonly file: string };
  readonly totalSeconds: string;
  /** The share of all the students' time that went to this test. */
  readonly percent: number;
}

export interface ComparisonView {
  readonly previousPath: string;
  readonly previousAt: string;
  readonly drops: number;
  readonly rises: number;
  readonly students: readonly {
    readonly displayName: string;
    readonly file: string;
    readonly old: number;
    readonly new: number;
    readonly delta: string;
    readonly drop: boolean;
    /** The automatic scores, where the exported ones differ from them. */
    readonly automatic?: string;
    readonly passToFail: string;
    readonly failToPass: string;
    readonly reasons: string;
  }[];
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly testsChanged: readonly string[];
}

/** One part of what the class cost: its seconds and its share of the run's wall time, for a stacked bar. */
export interface ClassCostPart {
  readonly name: string;
  readonly kind: 'floor' | 'examples' | 'rest' | 'tail' | 'grader';
  readonly seconds: string;
  readonly percent: number;
}

export interface ClassCostView {
  readonly wallSeconds: string;
  readonly submissions: number;
  readonly jobs: number;
  readonly parts: readonly ClassCostPart[];
}

/** The class's cost beside its floor (runner/class/class-cost.ts), for the summary's "What the tests cost". */
export function classCostView(cost: ClassCost): ClassCostView {
  const part = (kind: ClassCostPart['kind'], name: string, s: number): ClassCostPart => ({
    name,
    kind,
    seconds: s.toFixed(1),
    percent: percentOf(s, cost.wallS),
  });
  return {
    wallSeconds: cost.wallS.toFixed(1),
    submissions: cost.submissions,
    jobs: cost.jobs,
    parts: [
      part('floor', 'the floor: starting Python and importing each submission', cost.floorS),
      part('examples', "the students' own code in the documents' examples", cost.examplesS),
      part('rest', "the students' own code in the other tests", cost.restS),
      ...(cost.tailS ? [part('tail', 'jobs idle at the end, waiting for the last submissions', cost.tailS)] : []),
      part('grader', "the grader's own time", cost.graderS),
    ],
  };
}

/** The costliest tests, as many as make up most of the students' time (at most eight). */
export function costViews(run: RunResults, who: (id: string) => { displayName: string; file: string }): TestCostView[] {
  const costs = testCosts(run.submissions);
  const total = costs.reduce((n, c) => n + c.totalStudentMs, 0);
  if (total === 0) return [];
  return costs.slice(0, COSTLIEST).map((c) => ({
    id: c.id,
    name: c.name,
    medianSeconds: seconds(c.medianStudentMs),
    slowestSeconds: seconds(c.slowestStudentMs),
    slowest: who(c.slowest),
    totalSeconds: seconds(c.totalStudentMs),
    percent: percentOf(c.totalStudentMs, total),
  }));
}

const COSTLIEST = 8;
const seconds = (ms: number) => (ms / 1000).toFixed(ms < 10_000 ? 2 : 1);

export function comparisonView(c: RunComparison, who: (id: string) => { displayName: string; file: string }): ComparisonView {
  // The scores the exports show: what a gradebook upload changes. The automatic ones are beside them where they differ.
  const shown = (s: StudentChange) => s.exported ?? { old: s.old, new: s.new, delta: s.delta };
  return {
    previousPath: c.previous.path,
    previousAt: c.previous.generatedAt,
    drops: c.students.filter((s) => shown(s).delta < 0).length,
    rises: c.students.filter((s) => shown(s).delta > 0).length,
    students: c.students.map((s) => {
      const e = shown(s);
      return {
        ...who(s.id),
        old: e.old,
        new: e.new,
        delta: e.delta > 0 ? `+${e.delta}` : String(e.delta),
        drop: e.delta < 0,
        ...((e.old !== s.old || e.new !== s.new) && { automatic: `automatic ${s.old} → ${s.new}` }),
        passToFail: s.passToFail.join(', '),
        failToPass: s.failToPass.join(', '),
        reasons: s.reasons.join('; '),
      };
    }),
    added: c.added,
    removed: c.removed,
    testsChanged: [
      ...c.testsChanged.map((t) => `${t.id} (${t.what})`),
      ...c.testsAdded.map((id) => `${id} (new)`),
      ...c.testsRemoved.map((id) => `${id} (removed)`),
    ],
  };
}

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
