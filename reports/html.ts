/**
 * The HTML reports: one page per submission and a class summary, from results.json alone. Each page is one
 * self-contained file (styles and script inlined, no network), so it opens from a zip or an LMS attachment.
 * Everything from a submission goes through Handlebars' escaping; the templates never use triple braces for it. The
 * one triple brace is the instructor's notes, rendered by markdown-it with raw HTML off (reports/markdown.ts).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeWhole } from './write-whole.js';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type Handlebars from 'handlebars';
import type { RunResults, SubmissionResult } from '../runner/model/results.js';
import { forStudents } from './for-students.js';
import { classView, gradedWith, pageNames, submissionView, type SubmissionView } from './model.js';
import { inZone } from './timeliness.js';
import type { RunsIndexView } from './runs-index.js';

/** reports/ in the source tree, found from here whether this runs as source (reports/) or built (dist/reports/). */
export function reportsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [here, join(here, '..', '..', 'reports')];
  const found = candidates.find((dir) => existsSync(join(dir, 'templates', 'layout.hbs')));
  if (!found) throw new Error(`the report templates are missing (looked in ${candidates.join(', ')})`);
  return found;
}

interface Renderers {
  readonly submission: Handlebars.TemplateDelegate;
  readonly classPage: Handlebars.TemplateDelegate;
  readonly runsIndex: Handlebars.TemplateDelegate;
  readonly css: string;
  readonly js: string;
}

let cached: Renderers | undefined;

function renderers(): Renderers {
  if (cached) return cached;
  const dir = reportsFolder();
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  // Loaded here, not at start-up: a run that writes no HTML (a student's check) never pays for it.
  const hb = (createRequire(import.meta.url)('handlebars') as typeof Handlebars).create();
  hb.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  hb.registerHelper('or', (a: unknown, b: unknown) => Boolean(a) || Boolean(b));
  hb.registerHelper('columns', (rows: readonly (readonly unknown[])[]) => Math.max(1, ...rows.map((row) => row.length)));
  for (const partial of ['layout', 'board', 'test']) hb.registerPartial(partial, read(`templates/${partial}.hbs`));
  // A stylesheet or script that could close its own tag would let text out of it; ours never does.
  const css = read('assets/report.css');
  const js = read('assets/report.js');
  if (/<\/style/iu.test(css) || /<\/script/iu.test(js)) throw new Error('report assets must not contain closing tags');
  cached = {
    submission: hb.compile(read('templates/submission.hbs'), { strict: false }),
    classPage: hb.compile(read('templates/class.hbs')),
    runsIndex: hb.compile(read('templates/runs-index.hbs')),
    css,
    js,
  };
  return cached;
}

/** What every page's frame shows; the time it was graded in the deadline's zone, to the second. */
function pageContext(run: RunResults, title: string, zone: string | undefined) {
  const { css, js } = renderers();
  return { title, css, js, tool: `${run.tool.name} ${run.tool.version}`, generatedAt: inZone(run.generatedAt, zone), seed: run.seed };
}

/** A submission's page; `handedBack` for the page handed back (a submission already through forStudents). */
export function renderSubmissionPage(
  run: RunResults,
  submission: SubmissionResult,
  options: { classLink: boolean; handedBack?: boolean },
): string {
  const view: SubmissionView = submissionView(submission, undefined, options.handedBack === true);
  const assignmentTitle = run.settings?.title ?? submission.assignment;
  return renderers().submission({
    ...pageContext(run, `${view.displayName}: ${view.score}/${view.maxScore} — ${assignmentTitle}`, submission.late?.zone),
    s: view,
    assignmentTitle,
    gradedWith: gradedWith(run),
    classLink: options.classLink,
  });
}

export function renderClassPage(run: RunResults): string {
  const view = classView(run);
  return renderers().classPage({
    ...pageContext(run, `${view.title}: class summary`, run.submissions.find((s) => s.late?.zone)?.late?.zone),
    c: view,
  });
}

/** The page over a folder of runs (reports/runs-index.ts), in the reports' frame. */
export function renderRunsIndex(view: RunsIndexView): string {
  const { css, js, runsIndex } = renderers();
  return runsIndex({ title: view.heading, css, js, tool: view.tool, generatedAt: view.generatedAt, seed: view.seed, v: view });
}

/**
 * Writes `index.html` (the class summary) and `submissions/<id>.html` into `out`, and with the student audience
 * `for-students/<id>.html` too: the pages to hand back, hidden tests reduced to name, points and pass/fail. Returns
 * the paths written.
 */
export function writeHtmlReport(run: RunResults, out: string, options: { audience?: 'instructor' | 'student' } = {}): string[] {
  const written: string[] = [];
  if (options.audience === 'student') {
    mkdirSync(join(out, 'for-students'), { recursive: true });
    const names = pageNames(run.submissions.map((s) => s.id));
    for (const submission of run.submissions) {
      const path = join(out, 'for-students', names.get(submission.id)!);
      writeWhole(
        path,
        renderSubmissionPage(run, forStudents(submission, { ...(run.pack?.due !== undefined && { due: run.pack.due }) }), {
          classLink: false,
          handedBack: true,
        }),
      );
      written.push(path);
    }
  }
  mkdirSync(join(out, 'submissions'), { recursive: true });
  const files = pageNames(run.submissions.map((s) => s.id));
  for (const submission of run.submissions) {
    const path = join(out, 'submissions', files.get(submission.id)!);
    writeWhole(path, renderSubmissionPage(run, submission, { classLink: true }));
    written.push(path);
  }
  const index = join(out, 'index.html');
  writeWhole(index, renderClassPage(run));
  return [index, ...written.filter((p) => !p.includes('for-students')), ...written.filter((p) => p.includes('for-students'))];
}
