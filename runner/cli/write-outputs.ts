/** Writes a run: results.json and the report formats asked for, into one folder. */
import { mkdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { writeWhole } from '../../reports/write-whole.js';
import type { RunResults } from '../model/results.js';
import { writeReports, type ReportFormat, type ReportOptions } from '../../reports/write-reports.js';

/**
 * results.json and the formats asked for; the paths to name in the summary. The gradebook's options not given are
 * the run's own (a compare or merge writes the gradebook as the run did), and are recorded in results.json.
 */
export function writeOutputs(
  given: RunResults,
  out: string,
  flags: {
    readonly formats: readonly ReportFormat[];
    readonly canvasAssignmentId?: string | undefined;
    readonly audience?: 'instructor' | 'student' | undefined;
    readonly canvasProblems?: ReportOptions['canvasProblems'] | undefined;
  },
): string[] {
  mkdirSync(out, { recursive: true });
  const canvasAssignmentId = flags.canvasAssignmentId ?? given.gradebook?.canvasAssignmentId;
  const problems = flags.canvasProblems ?? given.gradebook?.problems;
  const gradebook = { ...(canvasAssignmentId && { canvasAssignmentId }), ...(problems && { problems }) };
  const run: RunResults = Object.keys(gradebook).length > 0 ? { ...given, gradebook } : given;
  // Written whole or not at all: a full disk leaves the last good results.json (reports/write-whole.ts).
  writeWhole(join(out, 'results.json'), `${JSON.stringify(run, null, 2)}\n`);
  const written = [join(out, 'results.json')];
  const reports = writeReports(run, out, flags.formats, {
    ...(canvasAssignmentId && { canvasAssignmentId }),
    ...(flags.audience && { audience: flags.audience }),
    ...(problems && { canvasProblems: problems }),
  });
  // The class summary stands for the HTML pages, the folder for the Gradescope files; the others are named.
  for (const [format, paths] of reports) {
    if (format === 'html')
      written.push(
        paths[0]!,
        ...(paths.some((p) => p.includes('for-students')) ? [`${join(out, 'for-students')}${sep} (the pages to hand back)`] : []),
      );
    else if (format === 'gradescope')
      written.push(`${join(out, 'gradescope')}${sep} (${paths.length} file${paths.length === 1 ? '' : 's'})`);
    else written.push(...paths);
  }
  return written;
}
