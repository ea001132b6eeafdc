/**
 * `grade init`'s assignment.yml: a built-in spec written as a pack that changes nothing, every field present with
 * its current value and a one-line comment, so a course edits values rather than learning keys. Pure.
 */
import type { Assignment } from '../assignments/assignment.js';
import type { Spec } from '../spec/spec-types.js';
import { filledIn } from './titles.js';

/** The texts section: each text the document fixes, with what it is, or a line saying there is none. */
function textLines(base: Spec): string[] {
  const texts = Object.entries(base.texts ?? {});
  if (texts.length === 0) return ['# texts: this assignment fixes no wording a test compares (its checks read the output leniently).'];
  return [
    '# The wording the document fixes and the tests look for: a prompt or printed line is looked for in the output, a',
    '# command is typed. Change one to grade your course\'s wording.',
    'texts:',
    ...texts.map(([key, t]) => `  ${key}: ${q(t.text)}  # ${t.kind}: ${t.says}`),
  ];
}

/** A YAML scalar for any string: JSON's quoting is valid YAML. */
const q = (text: string): string => JSON.stringify(text);

/** The boards section, commented out: the generated cases' sizes, where the assignment's API takes a size. */
function boardLines(boards: Assignment['boards']): string[] {
  if (boards !== 'follow') return [`# boards: ${boards.refused}`];
  return [
    '# The boards the generated cases use, in turn (the document\'s own examples keep theirs): 4 to 10 rows and columns.',
    '# boards:',
    '#   sizes: [{ rows: 6, columns: 7 }]',
  ];
}

export function initPackText(base: Spec, folder: string, boards: Assignment['boards']): string {
  const lines = [
    `# An assignment pack: what this course changes in the built-in assignment ${base.assignment}.`,
    '# Every value below is the built-in\'s own. Change what your course changes; a key you delete keeps its value.',
    `# Check it: grade lint ${folder}    Grade with it: grade <submissions> --assignment ${folder}`,
    `extends: ${base.assignment}  # the built-in this pack adapts (it cannot change)`,
    `title: ${q(base.title)}  # the title reports and the student's check show`,
    '# due: 2026-12-04T23:59:00-05:00  # ISO date and time with its zone: after-due tests are hidden until then',
    '',
    ...textLines(base),
    '',
    '# The course\'s own names for the document\'s API: a class or function, or Class.method with the method\'s new',
    '# name (Board.add_checker: add_move). Uncomment the line and the names you change.',
    '# names:',
    ...(base.api ?? []).map((name) => `#   ${name}: ${name.split('.').at(-1)}`),
    '',
    ...boardLines(boards),
    '',
    '# Each role\'s file: the names it may have, the first being the one students are asked for (* matches anything).',
    'files:',
  ];
  for (const file of base.files) {
    lines.push(`  ${file.role}:${file.optional ? '  # optional' : ''}`, `    names: [${file.names.map(q).join(', ')}]`);
  }
  lines.push('', '# Each problem: its name, the points graded by hand, and its total (checked: its tests\' points plus manualPoints).', 'groups:');
  for (const group of base.groups) {
    lines.push(`  ${group.id}:`, `    name: ${q(group.name)}`, `    manualPoints: ${group.manualPoints ?? 0}`, `    points: ${group.points}`);
  }
  lines.push(
    '',
    '# Each test: points (all or nothing), visibility (visible: in the student\'s check and pages; hidden: its cases',
    '# never shown to students; after-due: hidden until due), a hint shown with a failure, and enabled: false to leave',
    '# it out of every run and total.',
    'tests:',
  );
  for (const group of base.groups) {
    lines.push(`  # ${group.name}`);
    for (const test of group.tests) {
      lines.push(
        `  ${test.id}:  # ${filledIn(test.name, base.files, base.texts)}`,
        `    points: ${test.points}`,
        `    visibility: ${test.visibility}`,
        test.hint === undefined ? '    # hint: "what to look at when this fails"' : `    hint: ${q(test.hint)}`,
        '    enabled: true',
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
