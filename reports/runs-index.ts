/**
 * The page over a folder of runs (`grade index`, and `npm run samples`' grade-report/index.html): a card per run with
 * its class's mean and scores in small, the mistakes named, and links to its class summary, to a student who passed
 * every test and to one who did not. Pure: the caller reads each run's results.json and says which of the pages the
 * card may link to exist, so a card never links to a page that is not there.
 */
import type { RunResults } from '../runner/model/results.js';
import { classView, type HistogramBar, type SubmissionView } from './model.js';
import { inZone } from './timeliness.js';

/** Which student of a run an optional page belongs to, or the run itself. */
export type PageOwner = 'class' | 'correct' | 'failing';

/**
 * A page a card links to only where the run's folder has it, beyond the class summary and the two students' own
 * pages. A new kind of page (a class ladder, the kit's view of a student) is one more row of OPTIONAL_PAGES.
 */
export interface OptionalPage {
  readonly kind: string;
  readonly of: PageOwner;
  /** Its path in the run's folder, `/`-separated; a student's page is given that student's page file. */
  readonly path: (file: string) => string;
  /** The link's words; a student's page is given the student's name. */
  readonly label: (name: string) => string;
  readonly detail: string;
}

export const OPTIONAL_PAGES: readonly OptionalPage[] = [
  {
    kind: 'handed-back',
    of: 'failing',
    path: (file) => `for-students/${file}`,
    label: (name) => `What ${name} is handed back`,
    detail: 'with --audience student: hidden tests by name, points and pass/fail only',
  },
];

/** One run as the index reads it. */
export interface IndexedRun {
  /** Its folder, relative to the index's, `/`-separated. */
  readonly folder: string;
  readonly run: RunResults;
  /** The document the assignment is graded against, where known (results.json does not hold it). */
  readonly document?: string;
  /** The pages of wantedPages(run) that exist in the run's folder. */
  readonly pages: ReadonlySet<string>;
}

/** The two lines at the top: what the reader is looking at, and the command that made it. */
export interface IndexAbout {
  readonly heading: string;
  readonly what: string;
  readonly command: string;
  /** What the command did, after it, where that is not plain from its name: words, and commands shown as code. */
  readonly how?: readonly { readonly text: string; readonly code?: boolean }[];
}

export interface CardLink {
  /** `summary`, `correct`, `failing`, or an optional page's kind. */
  readonly kind: string;
  readonly href: string;
  readonly label: string;
  readonly detail: string;
}

export interface RunCard {
  readonly folder: string;
  readonly assignment: string;
  readonly title: string;
  readonly document?: string;
  /** The class summary's address, when the run has one. */
  readonly summary?: string;
  readonly count: number;
  readonly mean: string;
  readonly median: string;
  readonly maxScore: number;
  readonly histogram: readonly HistogramBar[];
  /** The look-ahead (AI) mistakes named over the class: how many, for how many students, and their names. */
  readonly mistakes: { readonly named: number; readonly students: number; readonly variants: string };
  readonly links: readonly CardLink[];
  /** Said when the run wrote no pages (graded without --format html). */
  readonly noPages?: string;
}

export interface RunsIndexView extends IndexAbout {
  readonly cards: readonly RunCard[];
  /** For the pages' footer: the grader, the latest run's time, the seeds. */
  readonly tool: string;
  readonly generatedAt: string;
  readonly seed: string;
}

const ok = (s: SubmissionView) => s.status === 'graded';
const notPassed = (s: SubmissionView) => s.counts.fail + s.counts.error + s.counts.timeout;

/** A student who passed every test it ran: the first in the run's order. */
function correctStudent(students: readonly SubmissionView[]): SubmissionView | undefined {
  return students.find((s) => ok(s) && notPassed(s) === 0 && s.counts.pass > 0);
}

/**
 * A student who did not pass every test, the most telling first: one whose mistake was named, then the most wrong
 * answers (a crash or a hang shows less of what the tests check), then the lowest score; else the run's order.
 */
function failingStudent(students: readonly SubmissionView[], named: ReadonlySet<string>): SubmissionView | undefined {
  const ranked = students.filter((s) => ok(s) && notPassed(s) > 0).map((s, order) => ({ s, order }));
  ranked.sort(
    (a, b) =>
      Number(named.has(b.s.file)) - Number(named.has(a.s.file)) ||
      b.s.counts.fail - a.s.counts.fail ||
      a.s.score / Math.max(1, a.s.maxScore) - b.s.score / Math.max(1, b.s.maxScore) ||
      a.order - b.order,
  );
  return ranked[0]?.s;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function failures(s: SubmissionView): string {
  const parts = [
    s.counts.fail > 0 ? plural(s.counts.fail, 'wrong answer') : '',
    s.counts.error > 0 ? `${s.counts.error} crashed` : '',
    s.counts.timeout > 0 ? `${s.counts.timeout} timed out` : '',
  ];
  return parts.filter(Boolean).join(', ');
}

/** Every page a run's card may link to, relative to its folder: the caller says which exist. */
export function wantedPages(run: RunResults, optional: readonly OptionalPage[] = OPTIONAL_PAGES): string[] {
  const c = classView(run);
  return [
    'index.html',
    ...c.students.map((s) => `submissions/${s.file}`),
    ...optional.flatMap((page) => (page.of === 'class' ? [page.path('')] : c.students.map((s) => page.path(s.file)))),
  ];
}

/** An address relative to the index: each segment of the folder and the page encoded as a URL's path. */
const href = (folder: string, page: string) => [...folder.split('/'), ...page.split('/')].filter(Boolean).map(encodeURIComponent).join('/');

export function runCard(entry: IndexedRun, optional: readonly OptionalPage[] = OPTIONAL_PAGES): RunCard {
  const c = classView(entry.run);
  const has = (page: string) => entry.pages.has(page);
  const named = new Set(c.diagnoses.flatMap((d) => d.students.map((s) => s.file)));
  const variantsOf = (file: string) => c.diagnoses.filter((d) => d.students.some((s) => s.file === file)).map((d) => d.variant);
  const links: CardLink[] = [];
  const summary = has('index.html') ? href(entry.folder, 'index.html') : undefined;
  if (summary)
    links.push({
      kind: 'summary',
      href: summary,
      label: 'The class summary',
      detail: 'every student’s score, the mistakes they share, similar code, each test’s pass rate',
    });
  const optionalLinks = (of: PageOwner, student?: SubmissionView) => {
    for (const page of optional.filter((p) => p.of === of)) {
      const path = page.path(student?.file ?? '');
      if (has(path))
        links.push({
          kind: page.kind,
          href: href(entry.folder, path),
          label: page.label(student?.displayName ?? c.title),
          detail: page.detail,
        });
    }
  };
  const correct = correctStudent(c.students);
  if (correct && has(`submissions/${correct.file}`)) {
    links.push({
      kind: 'correct',
      href: href(entry.folder, `submissions/${correct.file}`),
      label: `${correct.displayName}, who passed every test`,
      detail: `${correct.score}/${correct.maxScore}`,
    });
    optionalLinks('correct', correct);
  }
  const failing = failingStudent(c.students, named);
  if (failing && has(`submissions/${failing.file}`)) {
    const variants = variantsOf(failing.file);
    links.push({
      kind: 'failing',
      href: href(entry.folder, `submissions/${failing.file}`),
      label: `${failing.displayName}, who did not`,
      detail: `${failing.score}/${failing.maxScore}: ${failures(failing)}${variants.length > 0 ? `; the mistake named: ${variants.join(', ')}` : ''}`,
    });
    optionalLinks('failing', failing);
  }
  optionalLinks('class');
  return {
    folder: entry.folder,
    assignment: c.assignment,
    title: c.title,
    ...(entry.document !== undefined && { document: entry.document }),
    ...(summary !== undefined && { summary }),
    count: c.count,
    mean: c.mean,
    median: c.median,
    maxScore: c.maxScore,
    histogram: c.histogram,
    mistakes: { named: c.diagnoses.length, students: named.size, variants: c.diagnoses.map((d) => d.variant).join(', ') },
    links,
    ...(links.length === 0 && {
      noPages: 'This run wrote no pages (it was graded without html in --format): its results.json is all there is.',
    }),
  };
}

const distinct = (values: readonly string[]) => [...new Set(values)].join(', ');

/** The index's view: the two lines, a card per run in the order given, and the footer's facts. */
export function runsIndexView(
  runs: readonly IndexedRun[],
  about: IndexAbout,
  optional: readonly OptionalPage[] = OPTIONAL_PAGES,
): RunsIndexView {
  const latest =
    runs
      .map((r) => r.run.generatedAt)
      .sort()
      .at(-1) ?? '';
  return {
    ...about,
    cards: runs.map((entry) => runCard(entry, optional)),
    tool: distinct(runs.map((r) => `${r.run.tool.name} ${r.run.tool.version}`)),
    generatedAt: latest ? inZone(latest, undefined) : '',
    seed: distinct(runs.map((r) => String(r.run.seed))),
  };
}
