/**
 * What the reports show, computed from results.json alone: per submission its problems with their points and its
 * tests with what a reader needs (status in words, boards as grids, a transcript with the typed input marked); per
 * run the score histogram, every test's pass rate and the students. Pure: no templates, no files.
 */
import { diagnosisCounts } from './diagnoses.js';
import { adjustmentLines, finalMax, finalScore } from './final-score.js';
import { noteHtml } from './markdown.js';
import { classCostView, comparisonView, costViews, type ClassCostView, type ComparisonView, type TestCostView } from './class-views.js';
import { mutationView, type MutationView } from './mutation-view.js';
import type { AiStrength, CodeRegion, FileRole, RunResults, SubmissionResult, TestResult, TestStatus } from '../runner/model/results.js';
import { boardPair, gridCells, type BoardPair, type GridCell } from './boards.js';
import { inZone, timeliness } from './timeliness.js';

export const STATUS_LABEL: Record<TestStatus, string> = {
  pass: 'passed',
  fail: 'wrong answer',
  error: 'crashed',
  timeout: 'timed out',
  skipped: 'not run',
};

export interface SentenceView {
  readonly text: string;
  /** `test`, `check` or `rule`: how the sentence is set. */
  readonly kind: string;
  /** The rule that said it, by its name in docs/strictness.md. */
  readonly rule?: string;
}

const SPEAKERS = new Set(['test', 'check']);

/** A test's sentences as the page sets them: the hint and the mistake named go to boxes of their own. */
function sentencesOf(test: TestResult): { sentences: SentenceView[]; hint?: string } {
  if (!test.said) return { sentences: [{ text: test.message, kind: 'check' }] };
  const hint = test.said.find((w) => w.by === 'hint');
  const sentences = test.said
    .filter((w) => w.by !== 'hint' && !(w.by === 'diagnosis' && test.diagnosis))
    .map((w): SentenceView =>
      SPEAKERS.has(w.by)
        ? { text: w.text, kind: w.by }
        : w.by === 'diagnosis'
          ? { text: w.text, kind: 'check' }
          : { text: w.text, kind: 'rule', rule: w.by },
    );
  const hintText = hint?.data?.['hint'];
  return { sentences, ...(typeof hintText === 'string' && { hint: hintText }) };
}

export interface ProblemView {
  readonly name: string;
  readonly score: number;
  readonly maxScore: number;
  readonly percent: number;
  readonly tests: readonly TestView[];
  readonly failed: number;
}

export interface TranscriptLine {
  readonly text: string;
  /** What was typed at a prompt on this line, shown apart from what the program printed. */
  readonly typed?: string;
}

export interface TestView {
  readonly id: string;
  readonly name: string;
  readonly target: string;
  readonly status: TestStatus;
  readonly statusLabel: string;
  readonly passed: boolean;
  /** Shown unfolded: a test not passed, or a strength figure. */
  readonly open: boolean;
  readonly score: number;
  readonly maxScore: number;
  /** Kept from students: `hidden` never shown, `after-due` shown once the due date has passed. */
  readonly hidden: boolean;
  readonly afterDue: boolean;
  readonly message: string;
  /**
   * The message as its sentences (results `said`), each shown as what it is: how the test went, the check's words, a
   * rule's (marked with the rule's name), and the hint in a box of its own; the mistake named has its own box above.
   * A test without sentences (an older results.json) shows its message whole.
   */
  readonly sentences: readonly SentenceView[];
  readonly hint?: string;
  readonly expected?: string;
  readonly actual?: string;
  readonly boards?: BoardPair;
  /** The actual side is a terminal session: shown line by line with the typed input marked. */
  readonly transcript?: readonly TranscriptLine[];
  readonly hasTyped: boolean;
  readonly reproduce?: string;
  readonly anchor: string;
  /** A strength test's figure, drawn as two meters. */
  readonly strength?: StrengthFigureView;
  /** The instructor's notes on this failure, as safe HTML (notes.yml). */
  readonly notes?: readonly { readonly html: string }[];
  /** The look-ahead mistake the failing cases show, and on how many boards it was checked. */
  readonly diagnosis?: { readonly sentence: string; readonly variant: string; readonly boards: string };
  /** The first failing generated case made smaller (results `smallest`): its board drawn, both answers, its Python. */
  readonly smallest?: SmallestView;
}

export interface SmallestView {
  readonly case: string;
  readonly grid: readonly (readonly GridCell[])[];
  readonly original: readonly (readonly GridCell[])[];
  readonly checkers: number;
  readonly from: number;
  readonly expected?: string;
  readonly actual?: string;
  readonly reproduce: string;
}

export interface StrengthFigureView {
  readonly positions: number;
  readonly kept: number;
  readonly best: number;
  readonly keptPercent: number;
  readonly bestPercent: number;
}

export interface SubmissionView {
  readonly id: string;
  /** The student as the LMS export names them, else the submission's id. */
  readonly displayName: string;
  /** The export's ids and whether it came in late, for the page's header. */
  readonly identity?: string;
  readonly late: boolean;
  /** When it was submitted against its deadline, in words (`submitted …, due …: 26 h late (…)`). */
  readonly timeliness?: string;
  readonly path: string;
  readonly file: string;
  readonly status: SubmissionResult['status'];
  readonly error?: string;
  readonly score: number;
  readonly maxScore: number;
  readonly percent: number;
  /** The automatic score, shown when the instructor's adjustments changed it, with each row in words. */
  readonly automatic?: string;
  readonly adjustments?: readonly string[];
  /** Which file served each role, when one was found by what it defines rather than by its name. */
  readonly fileRoles?: readonly string[];
  readonly durationSeconds: string;
  readonly problems: readonly ProblemView[];
  readonly counts: Readonly<Record<TestStatus, number>>;
  /** On a page handed back: the hidden tests not passed, counted apart (the page does not say how they failed). */
  readonly hiddenNotPassed?: number;
}

const percentOf = (score: number, max: number) => (max > 0 ? Math.round((score / max) * 1000) / 10 : 0);

/** A file name for a submission's page: its id with anything unsafe in a path replaced. */
export function pageName(id: string): string {
  const safe = id
    .replace(/[^A-Za-z0-9._-]+/gu, '_')
    .replace(/^\.+/u, '_')
    .slice(0, 120);
  return `${safe || 'submission'}.html`;
}

/** Page names for every submission of a run, ids that clean up to the same name told apart (`a_b.html`, `a_b-2.html`). */
export function pageNames(ids: readonly string[]): Map<string, string> {
  const taken = new Set<string>();
  const names = new Map<string, string>();
  for (const id of ids) {
    let name = pageName(id);
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = pageName(id).replace(/\.html$/u, `-${n}.html`);
    taken.add(name.toLowerCase());
    names.set(id, name);
  }
  return names;
}

/**
 * A terminal session's lines with what the test typed marked: each typed line, in order, where a line ends with it
 * after the program's prompt (an empty answer shows as ⏎). Nothing else is marked, a traceback's code least of all.
 */
export function transcriptLines(text: string, typed: readonly string[]): TranscriptLine[] {
  let next = 0;
  return text
    .replace(/\n$/u, '')
    .split('\n')
    .map((line) => {
      const answer = typed[next];
      if (answer === undefined) return { text: line };
      if (
        answer === ''
          ? /[:?>]\s*$/u.test(line)
          : line.endsWith(answer) && line.length > answer.length && /[:?>]\s*$/u.test(line.slice(0, -answer.length))
      ) {
        next++;
        return answer === '' ? { text: line, typed: '⏎' } : { text: line.slice(0, -answer.length), typed: answer };
      }
      return { text: line };
    });
}

const ISOLATION: Record<string, string> = {
  bubblewrap: 'bubblewrap: its own folder, the Python runtime read-only, a private /tmp; nothing of the grader',
  namespaces: 'namespaces only: no network and its own PIDs, but the whole filesystem visible',
  none: "none: student code ran with the grader's view of the machine",
};

/**
 * A test as its page shows it. On a page handed back (`handedBack`), a hidden test that did not pass is "not passed":
 * the page knows no more (reports/for-students.ts), and calling it a wrong answer would say what it does not know.
 */
export function testView(test: TestResult, handedBack = false): TestView {
  const boards = test.status === 'pass' ? undefined : boardPair(test.expected, test.actual);
  // Only a test that ran a program has a terminal session to show.
  const transcript =
    test.status !== 'pass' && test.typed && test.actual !== undefined ? transcriptLines(test.actual, test.typed) : undefined;
  return {
    id: test.id,
    name: test.name,
    target: test.target,
    status: test.status,
    // A strength figure without points is a measurement, not a pass: said so, and shown open.
    statusLabel:
      test.strength && test.maxScore === 0 && test.status === 'pass'
        ? 'measured'
        : hiddenNotPassed(test, handedBack)
          ? 'not passed'
          : STATUS_LABEL[test.status],
    passed: test.status === 'pass',
    open: test.status !== 'pass' || test.strength !== undefined,
    score: test.score,
    maxScore: test.maxScore,
    hidden: test.visibility !== 'visible',
    afterDue: test.visibility === 'after-due',
    message: test.message,
    ...sentencesOf(test),
    ...(test.expected !== undefined && { expected: test.expected }),
    ...(test.actual !== undefined && { actual: test.actual }),
    ...(boards && { boards }),
    ...(transcript && { transcript }),
    hasTyped: transcript?.some((line) => line.typed !== undefined) ?? false,
    ...(test.reproduce !== undefined && { reproduce: test.reproduce }),
    anchor: `test-${test.id.replace(/[^A-Za-z0-9_-]+/gu, '-')}`,
    ...(test.strength && { strength: strengthFigure(test.strength) }),
    ...(test.notes && test.notes.length > 0 && { notes: test.notes.map((n) => ({ html: noteHtml(n.markdown) })) }),
    ...(test.smallest && {
      smallest: {
        case: test.smallest.case,
        grid: gridCells(test.smallest.board),
        original: gridCells(test.smallest.original),
        checkers: test.smallest.checkers,
        from: test.smallest.from,
        ...(test.smallest.expected !== undefined && { expected: test.smallest.expected }),
        ...(test.smallest.actual !== undefined && { actual: test.smallest.actual }),
        reproduce: test.smallest.reproduce,
      },
    }),
    ...(test.diagnosis && {
      diagnosis: {
        sentence: test.diagnosis.sentence,
        variant: test.diagnosis.variant,
        boards: `matches all ${test.diagnosis.cases.length} failing board${test.diagnosis.cases.length === 1 ? '' : 's'} and the ${test.diagnosis.of - test.diagnosis.cases.length} passed`,
      },
    }),
  };
}

function strengthFigure(s: AiStrength): StrengthFigureView {
  return {
    positions: s.positions,
    kept: s.kept,
    best: s.best,
    keptPercent: percentOf(s.kept, s.positions),
    bestPercent: percentOf(s.best, s.positions),
  };
}

const hiddenNotPassed = (test: TestResult, handedBack: boolean) =>
  handedBack && test.visibility !== 'visible' && test.status !== 'pass' && test.status !== 'skipped';

/** Problems in the order their first test appears, each with its points. */
export function problemsOf(tests: readonly TestResult[], handedBack = false): ProblemView[] {
  const groups = new Map<string, TestResult[]>();
  for (const test of tests) groups.set(test.group, [...(groups.get(test.group) ?? []), test]);
  return [...groups.entries()].map(([name, members]) => {
    const score = round(members.reduce((n, t) => n + t.score, 0));
    const maxScore = round(members.reduce((n, t) => n + t.maxScore, 0));
    return {
      name,
      score,
      maxScore,
      percent: percentOf(score, maxScore),
      tests: members.map((t) => testView(t, handedBack)),
      failed: members.filter((t) => t.status !== 'pass' && t.status !== 'skipped').length,
    };
  });
}

export function submissionView(submission: SubmissionResult, file = pageName(submission.id), handedBack = false): SubmissionView {
  const counts = { pass: 0, fail: 0, error: 0, timeout: 0, skipped: 0 };
  let hidden = 0;
  for (const test of submission.tests) {
    if (hiddenNotPassed(test, handedBack)) hidden++;
    else counts[test.status]++;
  }
  const who = submission.student;
  const identity = who ? [who.id && `id ${who.id}`, who.sisId && `SIS ${who.sisId}`, who.email].filter(Boolean).join(' · ') : '';
  return {
    id: submission.id,
    displayName: who?.name ?? submission.id,
    ...(identity && { identity }),
    late: (who?.late ?? false) || (submission.late?.lateBySeconds ?? 0) > 0,
    ...(submission.late && { timeliness: timeliness(submission.late) }),
    path: submission.path,
    file,
    status: submission.status,
    ...(submission.error !== undefined && { error: submission.error }),
    score: finalScore(submission),
    maxScore: finalMax(submission),
    percent: percentOf(finalScore(submission), finalMax(submission)),
    ...((submission.adjusted || submission.keptHigher) && {
      automatic: `${submission.score}/${submission.maxScore}`,
      adjustments: adjustmentLines(submission),
    }),
    ...(submission.files && { fileRoles: submission.files.map(fileRoleLine) }),
    durationSeconds: (submission.durationMs / 1000).toFixed(1),
    problems: problemsOf(submission.tests, handedBack),
    counts,
    ...(hidden > 0 && { hiddenNotPassed: hidden }),
  };
}

const fileRoleLine = (f: FileRole): string =>
  `${f.role}: ${f.files.join(', ')}${f.foundBy === 'definitions' ? ` (found by what it defines${f.defines ? `: ${f.defines.slice(0, 4).join(', ')}${f.defines.length > 4 ? ', …' : ''}` : ''})` : ' (by its name)'}`;

export interface HistogramBar {
  readonly label: string;
  readonly count: number;
  /** Height as a share of the tallest bar, 0–100. */
  readonly height: number;
}

export interface TestRate {
  readonly id: string;
  readonly name: string;
  readonly group: string;
  readonly passed: number;
  readonly total: number;
  readonly percent: number;
}

/** One group of students with the same mistake, for the class summary. */
export interface ClusterView {
  /** The id notes.yml names it by, and the instructor's note on it as safe HTML. */
  readonly id?: string;
  readonly noteHtml?: string;
  readonly count: number;
  readonly test: string;
  readonly testName: string;
  readonly summary: string;
  /** The look-ahead mistake every member shares, in its sentence. */
  readonly diagnosis?: string;
  readonly students: readonly { readonly displayName: string; readonly file: string }[];
  /** One member's failure, shown as on that student's page. */
  readonly example?: TestView;
  readonly exampleStudent: string;
}

export interface ClassView {
  readonly title: string;
  readonly assignment: string;
  readonly count: number;
  readonly maxScore: number;
  readonly mean: string;
  readonly median: string;
  readonly histogram: readonly HistogramBar[];
  /** Every test's pass rate, lowest first: the tests most students fail come first. */
  readonly rates: readonly TestRate[];
  readonly students: readonly SubmissionView[];
  readonly settings: readonly { readonly name: string; readonly value: string }[];
  readonly notes: readonly string[];
  /** Groups of students with the same mistake, the largest first. */
  readonly clusters: readonly ClusterView[];
  /** The look-ahead mistakes named, each with the students whose tests showed it, the most common first. */
  readonly diagnoses: readonly {
    readonly variant: string;
    readonly sentence: string;
    readonly count: number;
    readonly students: readonly { readonly displayName: string; readonly file: string }[];
  }[];
  readonly similarity?: SimilarityView;
  /** Each strength test's figures over the class. */
  readonly strength: readonly StrengthDistributionView[];
  readonly aiAgreement?: AiAgreementView;
  /** The tests that cost the class most, in the students' own time: what to look at when a class grades slowly. */
  readonly costs: readonly TestCostView[];
  /** What the whole run cost beside its floor, when the run says (results.json's `cost`). */
  readonly classCost?: ClassCostView;
  /** What changed since a previous run (`grade compare`, `--previous`), shown first. */
  readonly comparison?: ComparisonView;
  /** A `grade mutants` run: how many of the solution's mutants the tests catch, shown first. */
  readonly mutation?: MutationView;
}

export interface StrengthDistributionView {
  readonly test: string;
  readonly name: string;
  readonly measured: number;
  /** Submissions without a figure: the AI crashed on every position, or was not there. */
  readonly unmeasured: number;
  readonly positions: number;
  readonly medianKept: number;
  readonly medianBest: number;
  /** How many submissions kept the value in each tenth of the positions. */
  readonly histogram: readonly HistogramBar[];
  /** The weakest first: the students an instructor may want to look at. */
  readonly students: readonly {
    readonly displayName: string;
    readonly file: string;
    readonly keptPercent: number;
    readonly bestPercent: number;
  }[];
}

export interface AiAgreementView {
  readonly pairs: readonly {
    readonly test: string;
    readonly a: { readonly displayName: string; readonly file: string };
    readonly b: { readonly displayName: string; readonly file: string };
    readonly same: number;
    readonly of: number;
  }[];
}

export interface SimilarityView {
  readonly thresholdPercent: number;
  readonly compared: number;
  readonly note?: string;
  readonly pairs: readonly {
    readonly percent: number;
    readonly shared: number;
    readonly a: { readonly displayName: string; readonly file: string };
    readonly b: { readonly displayName: string; readonly file: string };
    readonly regions: readonly { readonly a: CodeRegion; readonly b: CodeRegion }[];
  }[];
}

const BINS = 10;

export function histogram(percents: readonly number[]): HistogramBar[] {
  const counts = Array.from({ length: BINS }, () => 0);
  for (const p of percents) counts[Math.min(BINS - 1, Math.floor(p / (100 / BINS)))]!++;
  const tallest = Math.max(1, ...counts);
  return counts.map((count, i) => ({
    label: `${i * 10}–${i === BINS - 1 ? 100 : i * 10 + 9}%`,
    count,
    height: Math.round((count / tallest) * 100),
  }));
}

export function testRates(submissions: readonly SubmissionResult[]): TestRate[] {
  const rates = new Map<string, { name: string; group: string; passed: number; total: number; order: number }>();
  for (const submission of submissions) {
    for (const test of submission.tests) {
      if (test.status === 'skipped') continue;
      const entry = rates.get(test.id) ?? { name: test.name, group: test.group, passed: 0, total: 0, order: rates.size };
      entry.total++;
      if (test.status === 'pass') entry.passed++;
      rates.set(test.id, entry);
    }
  }
  return [...rates.entries()]
    .map(([id, r]) => ({
      id,
      name: r.name,
      group: r.group,
      passed: r.passed,
      total: r.total,
      percent: percentOf(r.passed, r.total),
      order: r.order,
    }))
    .sort((a, b) => a.percent - b.percent || a.order - b.order)
    .map(({ order: _order, ...rate }) => rate);
}

const median = (values: readonly number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * What the run was graded with, for every page: a course's pack (by its folder's name only: a page handed back shows
 * no path of the instructor's machine), the built-in it extends, its hash and its due date; or the built-in itself.
 */
export function gradedWith(run: RunResults): string {
  const assignment = run.settings?.assignment ?? run.submissions[0]?.assignment ?? 'unknown';
  if (!run.pack) return `Graded with the built-in ${assignment}, grader ${run.tool.version}.`;
  const folder = run.pack.path.split(/[\\/]/u).at(-2) ?? run.pack.path;
  return `Graded with the course's pack ${folder} (extending ${run.pack.extends}, pack ${run.pack.hash}), grader ${run.tool.version}${run.pack.due ? `; due ${run.pack.due}` : ''}.`;
}

export function classView(run: RunResults): ClassView {
  const files = pageNames(run.submissions.map((s) => s.id));
  const students = run.submissions.map((s) => submissionView(s, files.get(s.id)));
  const scores = run.submissions.map(finalScore);
  const maxScore = Math.max(0, ...run.submissions.map(finalMax));
  const settings = [
    {
      name: 'assignment',
      value: run.settings ? `${run.settings.assignment} (${run.settings.title})` : (run.submissions[0]?.assignment ?? 'unknown'),
    },
    ...(run.pack
      ? [
          { name: 'pack', value: `${run.pack.path} (extending ${run.pack.extends}, pack ${run.pack.hash})` },
          { name: 'due', value: run.pack.due ?? 'none given: after-due tests stay hidden' },
        ]
      : []),
    { name: 'seed', value: String(run.seed) },
    { name: 'tool', value: `${run.tool.name} ${run.tool.version}` },
    { name: 'graded at', value: inZone(run.generatedAt, run.submissions.find((s) => s.late?.zone)?.late?.zone) },
    { name: 'Python', value: run.sandbox.python },
    { name: 'network', value: run.sandbox.network },
    ...(run.sandbox.isolation ? [{ name: 'isolation', value: ISOLATION[run.sandbox.isolation] ?? run.sandbox.isolation }] : []),
    ...(run.sandbox.packages
      ? [
          {
            name: 'third-party packages',
            value:
              run.sandbox.packages.allowed.length > 0
                ? `${run.sandbox.packages.allowed.join(', ')}: ${run.sandbox.packages.provided}`
                : 'none allowed',
          },
        ]
      : []),
    ...(run.settings ? Object.entries(run.settings.limits).map(([name, value]) => ({ name: `limit ${name}`, value: String(value) })) : []),
    ...(run.settings?.only ? [{ name: 'only tests matching', value: run.settings.only }] : []),
    ...(run.settings && run.settings.manualPoints > 0
      ? [{ name: 'graded by hand', value: `${run.settings.manualPoints} more points, not in these scores` }]
      : []),
  ];
  return {
    title: run.settings?.title ?? run.submissions[0]?.assignment ?? 'Grading report',
    assignment: run.settings?.assignment ?? run.submissions[0]?.assignment ?? '',
    count: students.length,
    maxScore,
    mean: (scores.reduce((a, b) => a + b, 0) / Math.max(1, scores.length)).toFixed(1),
    median: median(scores).toFixed(1),
    histogram: histogram(students.map((s) => s.percent)),
    rates: testRates(run.submissions),
    students,
    settings,
    notes: run.sandbox.notes,
    clusters: clusterViews(run, files),
    diagnoses: diagnosisViews(run, files),
    ...(run.similarity && { similarity: similarityView(run, files) }),
    strength: strengthViews(run, files),
    ...(run.similarity?.aiPairs && run.similarity.aiPairs.length > 0 && { aiAgreement: aiAgreementView(run, files) }),
    costs: costViews(run, displayNames(run, files)),
    ...(run.cost && { classCost: classCostView(run.cost) }),
    ...(run.comparison && { comparison: comparisonView(run.comparison, displayNames(run, files)) }),
    ...(run.mutation && { mutation: mutationView(run.mutation, (id) => files.get(id) ?? pageName(id)) }),
  };
}

function displayNames(run: RunResults, files: ReadonlyMap<string, string>) {
  const byId = new Map(run.submissions.map((s) => [s.id, s]));
  return (id: string) => ({ displayName: byId.get(id)?.student?.name ?? id, file: files.get(id) ?? pageName(id) });
}

function strengthViews(run: RunResults, files: ReadonlyMap<string, string>): StrengthDistributionView[] {
  const who = displayNames(run, files);
  // A strength test is one that gave at least one submission a figure; the others' results under its id (an AI
  // that was not there, a crash on every position) count as unmeasured.
  const strengthIds = new Set(run.submissions.flatMap((s) => s.tests.filter((t) => t.strength).map((t) => t.id)));
  const tests = new Map<string, { name: string; figures: { id: string; s: AiStrength }[]; unmeasured: number; positions: number }>();
  for (const submission of run.submissions) {
    for (const test of submission.tests) {
      if (test.status === 'skipped' || !strengthIds.has(test.id)) continue;
      const entry = tests.get(test.id) ?? { name: test.name, figures: [], unmeasured: 0, positions: 0 };
      if (test.strength && test.strength.answered > 0) {
        entry.figures.push({ id: submission.id, s: test.strength });
        entry.positions = test.strength.positions;
      } else {
        entry.unmeasured++;
      }
      tests.set(test.id, entry);
    }
  }
  return [...tests.entries()]
    .filter(([, t]) => t.figures.length > 0)
    .map(([test, t]) => {
      const kept = t.figures.map((f) => percentOf(f.s.kept, f.s.positions));
      const best = t.figures.map((f) => percentOf(f.s.best, f.s.positions));
      return {
        test,
        name: t.name,
        measured: t.figures.length,
        unmeasured: t.unmeasured,
        positions: t.positions,
        medianKept: Math.round(median(kept)),
        medianBest: Math.round(median(best)),
        histogram: histogram(kept),
        students: t.figures
          .map((f) => ({ ...who(f.id), keptPercent: percentOf(f.s.kept, f.s.positions), bestPercent: percentOf(f.s.best, f.s.positions) }))
          .sort((a, b) => a.keptPercent - b.keptPercent || a.bestPercent - b.bestPercent || a.displayName.localeCompare(b.displayName)),
      };
    });
}

function aiAgreementView(run: RunResults, files: ReadonlyMap<string, string>): AiAgreementView {
  const who = displayNames(run, files);
  return { pairs: (run.similarity?.aiPairs ?? []).map((p) => ({ test: p.test, a: who(p.a), b: who(p.b), same: p.same, of: p.of })) };
}

function similarityView(run: RunResults, files: ReadonlyMap<string, string>): SimilarityView {
  const similarity = run.similarity!;
  const who = displayNames(run, files);
  return {
    thresholdPercent: Math.round(similarity.threshold * 100),
    compared: similarity.compared,
    ...(similarity.note && { note: similarity.note }),
    pairs: similarity.pairs.map((p) => ({
      percent: Math.round(p.score * 100),
      shared: p.shared,
      a: who(p.a),
      b: who(p.b),
      regions: p.regions,
    })),
  };
}

function diagnosisViews(run: RunResults, files: ReadonlyMap<string, string>): ClassView['diagnoses'] {
  const byId = new Map(run.submissions.map((s) => [s.id, s]));
  return diagnosisCounts(run).map((d) => ({
    variant: d.variant,
    sentence: d.sentence,
    count: d.students.length,
    students: d.students.map((id) => ({ displayName: byId.get(id)?.student?.name ?? id, file: files.get(id) ?? pageName(id) })),
  }));
}

/** At most this many groups on the class page; results.json has them all. */
const CLUSTERS_SHOWN = 30;

function clusterViews(run: RunResults, files: ReadonlyMap<string, string>): ClusterView[] {
  const byId = new Map(run.submissions.map((s) => [s.id, s]));
  const name = (id: string) => byId.get(id)?.student?.name ?? id;
  return (run.clusters ?? []).slice(0, CLUSTERS_SHOWN).map((cluster, index) => {
    const failed = byId.get(cluster.example.submission)?.tests.find((t) => t.id === cluster.test);
    const example = failed && { ...testView(failed), anchor: `cluster-${index + 1}` };
    return {
      ...(cluster.id && { id: cluster.id }),
      ...(cluster.note && { noteHtml: noteHtml(cluster.note) }),
      count: cluster.count,
      test: cluster.test,
      testName: cluster.testName,
      summary: cluster.summary,
      ...(cluster.diagnosis && { diagnosis: cluster.diagnosis.sentence }),
      students: cluster.submissions.map((id) => ({ displayName: name(id), file: files.get(id) ?? pageName(id) })),
      ...(example && { example }),
      exampleStudent: name(cluster.example.submission),
    };
  });
}

const round = (n: number) => Math.round(n * 1000) / 1000;
