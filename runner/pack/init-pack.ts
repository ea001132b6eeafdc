/**
 * `grade init`'s assignment.yml: a pack that changes nothing yet. It records the built-in it was made from (its
 * values' hash and the grader's version, `madeFrom`), and writes every value the built-in has as a comment beside its
 * key, so a course uncomments and edits what it changes and nothing else is frozen: what stays a comment follows the
 * built-in, now and after it changes. Pure.
 */
import type { Assignment } from '../plan/assignment.js';
import type { Spec } from '../model/spec-types.js';
import { filledIn } from './titles.js';

/** A YAML scalar for any string: JSON's quoting is valid YAML. */
const q = (text: string): string => JSON.stringify(text);

/** The texts section: each text the document fixes, with what it is and whether a test grades it. */
function textLines(base: Spec): string[] {
  const texts = Object.entries(base.texts ?? {});
  if (texts.length === 0) return ['# texts: this assignment fixes no wording a test compares (its checks read the output leniently).'];
  return [
    '# The wording the document fixes: a prompt or printed line is looked for in the output, a command is typed.',
    '# Reword one to grade your course\'s wording. A text marked "not graded" is shown in the expected output only.',
    '# texts:',
    ...texts.map(([key, t]) => `#   ${key}: ${q(t.text)}  # ${t.kind}: ${t.says}${t.notGraded ? `. Not graded: ${t.notGraded}` : ''}`),
  ];
}

/** The boards section: the generated cases' sizes, where the assignment's API takes a size. */
function boardLines(boards: Assignment['boards']): string[] {
  if (boards !== 'follow') return [`# boards: ${boards.refused}`];
  return [
    "# The boards the generated cases use, in turn (the document's own examples keep theirs): 4 to 10 rows and columns.",
    '# boards:',
    '#   sizes: [{ rows: 6, columns: 7 }]',
  ];
}

/** The built-in a pack is made from, as `madeFrom` records it. */
export interface MadeFrom {
  readonly builtIn: string;
  readonly grader: string;
}

export function initPackText(base: Spec, folder: string, boards: Assignment['boards'], madeFrom: MadeFrom): string {
  const lines = [
    `# An assignment pack: what this course changes in the built-in assignment ${base.assignment}.`,
    '# It changes nothing yet: each value below is the built-in\'s, in a comment. To change one, delete the "# " before',
    "# its section's key and its own line, then edit the value. What stays a comment follows the built-in, as it is now",
    '# and as later versions of the grader change it.',
    `# Check it: grade lint ${folder}    Grade with it: grade <submissions> --assignment ${folder}`,
    `extends: ${base.assignment}  # the built-in this pack adapts (it cannot change)`,
    `madeFrom: { builtIn: "${madeFrom.builtIn}", grader: ${q(madeFrom.grader)} }  # the built-in as this pack was made from it: grade lint says when it changes`,
    `# title: ${q(base.title)}  # the title reports and the student's check show`,
    '# due: 2026-12-04T23:59:00-05:00  # ISO date and time with its zone: after-due tests are hidden until then',
    '',
    ...textLines(base),
    '',
    "# The course's own names for the document's API: a class or function, or Class.method with the method's new",
    "# name (Board.add_checker: add_move). A submission that keeps the document's name loses one test, names.used.",
    '# names:',
    ...(base.api ?? []).map((name) => `#   ${name}: ${name.split('.').at(-1)}`),
    '',
    ...boardLines(boards),
    '',
    "# Each role's file: the names it may have, the first being the one students are asked for (* matches anything).",
    '# files:',
    ...base.files.map((file) => `#   ${file.role}: { names: [${file.names.map(q).join(', ')}] }${file.optional ? '  # optional' : ''}`),
    '',
    "# Each problem: its name, the points graded by hand, and its total (checked: its tests' points plus manualPoints;",
    '# left out, it is worked out).',
    '# groups:',
    ...base.groups.map(
      (group) => `#   ${group.id}: { name: ${q(group.name)}, manualPoints: ${group.manualPoints ?? 0}, points: ${group.points} }`,
    ),
    '',
    "# Each test: points (all or nothing), visibility (visible: in the student's check and pages; hidden: never shown to",
    '# students, its cases nowhere; after-due: hidden until due, then shown), a hint shown with a failure, and',
    '# enabled: false to leave it out of every run and total. A hint may say {files.<role>} and {texts.<key>}.',
    '# tests:',
  ];
  for (const group of base.groups) {
    lines.push(`#   # ${group.name}`);
    for (const test of group.tests) {
      const values = [
        `points: ${test.points}`,
        `visibility: ${test.visibility}`,
        ...(test.hint === undefined ? [] : [`hint: ${q(test.hint)}`]),
      ];
      lines.push(`#   ${test.id}: { ${values.join(', ')} }  # ${filledIn(test.name, base.files, base.texts)}`);
    }
  }
  lines.push(
    '#',
    "#   A test of the course's own: under tests, an id of its own (names joined by dots) with its kind, group, name and",
    "#   points (visibility and hint as above). kind: calls runs Python on the student's code, setup then each call, and",
    "#   grades what the call's last line gives (expected: a Python value; prints: the text; raises: an exception; left",
    "#   out, the reference's answer where the call uses only the assignment's API). kind: session runs a program (run:",
    '#   the Python that starts it, or main: true), types input, one line per question whatever it asks, and grades the',
    '#   lines its transcript must show, in order (shows: a line, or { pattern: a regular expression }).',
    `#   course.example: { kind: calls, group: ${base.groups[0]!.id}, name: "…", points: 1, setup: "…", calls: [{ call: "…", expected: "…" }] }`,
  );
  return `${lines.join('\n')}\n`;
}
