/** `grade check` from the repository: every spec under spec/, the registry's plans, and the instructor's report formats. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allAssignments, gradingPlan, kitGradingPlan } from '../assignments/registry.js';
import { ResumeError } from '../class/journal.js';
import type { Submission } from '../layout/layout.js';
import { loadSpec, SpecError } from '../pack/load-spec.js';
import { isPackRef } from '../pack/pack-ref.js';
import { REPORT_FORMATS } from '../../reports/write-reports.js';
import { UsageError, type CheckSource } from './check-command.js';
import { availableSpecs, readSpecFiles, withVisibleCount } from './spec-files.js';
import { gradedLater } from '../spec/graded-later.js';
import { writeOutputs } from './write-outputs.js';
import type { ReportFormat } from '../../reports/write-reports.js';

export function repoCheckSource(root: string, version: string): CheckSource {
  return {
    command: 'grade check',
    tool: { name: 'connect-four-grader', version },
    specs: (assignment) => {
      const graded = availableSpecs(root);
      if (assignment === undefined) return graded.map((id) => readSpecFiles(root, id));
      if (!isPackRef(assignment) && !graded.includes(assignment))
        throw new UsageError(`no spec for --assignment ${assignment}; graded here: ${graded.join(', ')}`);
      // One assignment named: loaded (and checked) now, before any grading.
      return [withVisibleCount(loadSpec(root, assignment))];
    },
    load: (spec) => ('tests' in spec ? (spec as unknown as ReturnType<typeof loadSpec>) : loadSpec(root, spec.assignment)),
    grading: (spec, standIns) => (standIns === 'own' ? kitGradingPlan(spec.assignment) : gradingPlan(spec.assignment)),
    later: gradedLater,
    formats: REPORT_FORMATS,
    write: (run, out, formats) => writeOutputs(run, out, { formats: formats as ReportFormat[] }),
    hint: recognisedHint,
    offers: { assignment: true, standIns: true },
    forbiddenOut: join(root, 'reports'),
    setupErrors: [SpecError, ResumeError],
  };
}

/** When no file name says the assignment: an assignment whose code one of the files plainly is, as a hint. */
export function recognisedHint(submissions: readonly Submission[]): string {
  const python = submissions.flatMap((s) => s.files.filter((f) => f.name.endsWith('.py')).map((f) => readText(f.source)));
  const known = allAssignments().find((a) => a.recognise && python.some((text) => a.recognise!.pattern.test(text)));
  return known ? `; ${known.recognise!.says}: pass --assignment ${known.id} (its files may have any names)` : '';
}

/** A file's text for a quick look, or '' when it cannot be read. */
function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8').slice(0, 200_000);
  } catch {
    return '';
  }
}
