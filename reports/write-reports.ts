/** Writes the formats a run asked for into its output folder; results.json itself is the runner's. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeWhole } from './write-whole.js';
import type { RunResults } from '../runner/model/results.js';
import { canvasCsv, changesCsv, scoresCsv, type CanvasOptions } from './csv.js';
import { gradescopeResults } from './gradescope.js';
import { writeHtmlReport } from './html.js';
import { junitXml } from './junit.js';
import { pageNames } from './model.js';

export const REPORT_FORMATS = ['json', 'html', 'junit', 'gradescope', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface ReportOptions {
  readonly canvasAssignmentId?: string;
  /** `--canvas-problems`: a gradebook column per problem. */
  readonly canvasProblems?: CanvasOptions['problems'];
  /** `student`: also the pages to hand back, in for-students/ (hidden tests show name, points and pass/fail only). */
  readonly audience?: 'instructor' | 'student';
}

/** The files written, by format (json excepted), and `changes` for a run compared with a previous one. */
export function writeReports(
  run: RunResults,
  out: string,
  formats: readonly ReportFormat[],
  options: ReportOptions = {},
): Map<ReportFormat | 'changes', string[]> {
  const written = new Map<ReportFormat | 'changes', string[]>();
  mkdirSync(out, { recursive: true });
  if (formats.includes('html')) written.set('html', writeHtmlReport(run, out, options.audience ? { audience: options.audience } : {}));
  if (run.comparison) {
    // The comparison's own table goes wherever its run goes, whatever the formats.
    const path = join(out, 'changes.csv');
    writeWhole(path, changesCsv(run.comparison));
    written.set('changes', [path]);
  }
  if (formats.includes('junit')) {
    const path = join(out, 'junit.xml');
    writeWhole(path, junitXml(run));
    written.set('junit', [path]);
  }
  if (formats.includes('gradescope')) {
    const dir = join(out, 'gradescope');
    mkdirSync(dir, { recursive: true });
    const names = pageNames(run.submissions.map((s) => s.id));
    const paths = run.submissions.map((submission) => {
      const path = join(dir, names.get(submission.id)!.replace(/\.html$/u, '.json'));
      writeWhole(path, `${JSON.stringify(gradescopeResults(submission, { manualPoints: run.settings?.manualPoints ?? 0 }), null, 2)}\n`);
      return path;
    });
    written.set('gradescope', paths);
  }
  if (formats.includes('csv')) {
    const gradebook = join(out, 'gradebook.csv');
    const scores = join(out, 'scores.csv');
    writeWhole(
      gradebook,
      canvasCsv(run, {
        ...(options.canvasAssignmentId && { assignmentId: options.canvasAssignmentId }),
        ...(options.canvasProblems && { problems: options.canvasProblems }),
      }),
    );
    writeWhole(scores, scoresCsv(run));
    written.set('csv', [gradebook, scores]);
  }
  return written;
}
