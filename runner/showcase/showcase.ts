/**
 * What `npm run samples` does: a small, representative set of the bundled samples of each assignment (correct work,
 * one-bug work, a deviation that costs little, a hostile one) graded as a class into `<out>/<assignment>/`, and the
 * index over them, `<out>/index.html` (the page `grade index` writes). How `grade` is started is the caller's: the
 * built bin for a person, whatever the tests start.
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { allAssignments } from '../assignments/registry.js';
import { PROJECT_ROOT } from '../project-root.js';
import { writeRunsIndex } from '../cli/index-command.js';
import type { IndexAbout } from '../../reports/runs-index.js';

/** The samples' index's top lines: what the cards are, and the command that made them (`shown`: the folder written). */
export function showcaseAbout(shown: string): IndexAbout {
  return {
    heading: 'The bundled samples, graded',
    what: 'Each card is one assignment’s sample submissions graded as a small class: correct work, work with one bug, a slip that costs little, and code that attacks the grader. Open its class summary, or go straight to a student who passed every test and one who did not.',
    command: 'npm run samples',
    how: [
      { text: ', which grades each assignment’s samples with ' },
      { text: `grade <samples> --assignment <id> --out ${shown}/<id> --audience student`, code: true },
      { text: ' and writes this page as ' },
      { text: `grade index ${shown}`, code: true },
      { text: ' does.' },
    ],
  };
}

export class ShowcaseError extends Error {}

export interface Showcase {
  readonly index: string;
  readonly samples: number;
  readonly assignments: number;
}

/**
 * Grades each assignment's showcase samples with `grade` (given the arguments after the command), writes the index,
 * and ends with where to open it: the last line `say` is given is the index's path.
 */
export async function gradeShowcase(
  out: string,
  grade: (argv: readonly string[]) => Promise<void>,
  say: (line: string) => void,
): Promise<Showcase> {
  const started = performance.now();
  const assignments = allAssignments();
  const shown = relative(process.cwd(), out) || out;
  // A class graded into this folder itself (grade's default --out) would lose its class summary to the index.
  if (existsSync(join(out, 'results.json')))
    throw new ShowcaseError(
      `${shown} holds a class graded there (its results.json): the samples' index would take the place of its class summary. Move that run, or grade the samples into another folder: npm run samples -- --out <folder>`,
    );
  for (const { id: assignment, showcase: names } of assignments) {
    const paths = names.map((name) => join(PROJECT_ROOT, 'fixtures', 'submissions', assignment, name));
    say(`\n== ${assignment}: ${names.join(', ')}`);
    await grade([...paths, '--assignment', assignment, '--out', join(out, assignment), '--audience', 'student', '--jobs', '2']);
  }
  const written = writeRunsIndex(out, PROJECT_ROOT, () => showcaseAbout(shown), { folders: assignments.map((a) => a.id), shown });
  const samples = assignments.flatMap((a) => a.showcase).length;
  say(
    `\nGraded ${samples} samples of ${assignments.length} assignments in ${Math.round((performance.now() - started) / 1000)} s: a class summary for each, a page for each sample. Open the index:`,
  );
  say(`  ${relative(process.cwd(), written.path) || written.path}`);
  return { index: written.path, samples, assignments: assignments.length };
}
