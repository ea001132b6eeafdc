/** Writes a run: results.json and the report formats asked for, into one folder. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { RunResults } from '../grade/results.js';
import { writeReports, type ReportFormat } from '../../reports/write-reports.js';

/** results.json and the formats asked for; the paths to name in the summary. */
export function writeOutputs(run: RunResults, out: string, flags: { readonly formats: readonly ReportFormat[]; readonly canvasAssignmentId?: string | undefined; readonly audience?: 'instructor' | 'student' | undefined }): string[] {
  mkdirSync(out, { recursive: true });
  // A write that fails mid-file (a full disk) says no path: the error is given the file's, for the message.
  try {
    writeFileSync(join(out, 'results.json'), `${JSON.stringify(run, null, 2)}\n`);
  } catch (error) {
    (error as NodeJS.ErrnoException).path ??= join(out, 'results.json');
    throw error;
  }
  const written = [join(out, 'results.json')];
  const reports = writeReports(run, out, flags.formats, { ...(flags.canvasAssignmentId && { canvasAssignmentId: flags.canvasAssignmentId }), ...(flags.audience && { audience: flags.audience }) });
  // The class summary stands for the HTML pages, the folder for the Gradescope files; the others are named.
  for (const [format, paths] of reports) {
    if (format === 'html') written.push(paths[0]!, ...(paths.some((p) => p.includes('for-students')) ? [`${join(out, 'for-students')}${sep} (the pages to hand back)`] : []));
    else if (format === 'gradescope') written.push(`${join(out, 'gradescope')}${sep} (${paths.length} file${paths.length === 1 ? '' : 's'})`);
    else written.push(...paths);
  }
  return written;
}

