/**
 * A pack's `names`: the course's own names for the document's API (`Board.add_checker: add_move`), applied where the
 * grader speaks to or about the student's code: the files found by what they define, the tests' names and hints,
 * and each result's message and Python to reproduce it. The harness makes the calls answer (grade_harness/names.py).
 * Pure.
 */
import type { TestResult } from '../model/results.js';
import { rewordedWith } from '../model/words.js';

export type CourseNames = Readonly<Record<string, string>>;

/** Document name → course name, each as a bare identifier (a method's class left out). */
function renames(names: CourseNames): [string, string][] {
  return Object.entries(names).map(([doc, course]) => [doc.split('.').at(-1)!, course]);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/**
 * Text with each document name in the course's: an identifier that cannot be an English word (`add_checker`,
 * `nextMove`, `Board`) wherever it stands as a word; a plain lowercase word (`reset`) only where it is called. The
 * test ids in `keep` stay as they are (`board.add_checker` names a test, whatever the course calls the method).
 */
export function inCourseNames(text: string, names: CourseNames | undefined, keep: readonly string[] = []): string {
  if (!names || Object.keys(names).length === 0) return text;
  const kept: string[] = [];
  // Longest first, so a test id that starts another (board.add_checker in board.add_checker.document) is kept whole.
  const ids =
    keep.length === 0
      ? undefined
      : new RegExp(
          `(?<![\\w.])(?:${[...keep]
            .sort((a, b) => b.length - a.length)
            .map(escape)
            .join('|')})(?!\\w|\\.\\w)`,
          'gu',
        );
  let out = ids ? text.replace(ids, (id) => `\u0000${kept.push(id) - 1}\u0000`) : text;
  for (const [doc, course] of renames(names)) {
    const identifier = /[_A-Z0-9]/u.test(doc);
    out = out.replace(new RegExp(identifier ? `\\b${escape(doc)}\\b` : `(?<=\\.|\\b)${escape(doc)}(?=\\()`, 'gu'), course);
  }
  return out.replace(/\u0000(\d+)\u0000/gu, (_, i: string) => kept[Number(i)]!);
}

/**
 * The pack's names as one submission wrote them: a name the submission keeps as the document has it (its code
 * defines `add_checker` and no `add_move`) is left out, so what it reads of its own code says its own name. `defined`
 * holds the modules' public names and their renamed methods (`Board.add_checker`, by the document's class): the
 * harness reports both (grade_harness/names.py). Before the modules are imported it is empty, and every name is the
 * course's.
 */
export function namesAsWritten(names: CourseNames | undefined, defined: ReadonlySet<string>): CourseNames | undefined {
  if (!names) return names;
  const kept = new Set(namesKept(names, defined).map((k) => k.doc));
  return kept.size === 0 ? names : Object.fromEntries(Object.entries(names).filter(([doc]) => !kept.has(doc)));
}

/** A document name the submission keeps where the course asks for its own. */
export interface NameKept {
  readonly doc: string;
  readonly course: string;
}

/** The names the submission defines as the document does, not as the pack renames them. */
export function namesKept(names: CourseNames, defined: ReadonlySet<string>): NameKept[] {
  return Object.entries(names).flatMap(([doc, course]) => {
    const scope = doc.includes('.') ? `${doc.split('.')[0]}.` : '';
    const wrote = (name: string) => defined.has(`${scope}${name}`);
    return course !== doc.split('.').at(-1) && !wrote(course) && wrote(doc.split('.').at(-1)!) ? [{ doc, course }] : [];
  });
}

/**
 * A course's own test's message and Python (which the course wrote in its names) as a submission that kept some of
 * the document's names reads them: each such course name said as the document's, the name its code answers to.
 */
export function ownTestInNamesKept(result: TestResult, kept: readonly NameKept[]): TestResult {
  if (kept.length === 0) return result;
  const said = (text: string) =>
    kept.reduce((out, { doc, course }) => out.replace(new RegExp(`\\b${escape(course)}\\b`, 'gu'), doc.split('.').at(-1)!), text);
  return {
    ...result,
    message: said(result.message),
    ...(result.said && { said: rewordedWith(result.said, said) }),
    ...(result.reproduce !== undefined && { reproduce: said(result.reproduce) }),
  };
}

/** A definition a file is found by (`defines`: classes and functions): the course's name where the pack renames it. */
export const definedAs = (name: string, names: CourseNames | undefined): string => names?.[name] ?? name;

/**
 * A test's result as the student reads it: its title in the course's names, its message (hint included) and Python
 * in the names the submission uses (`written`: namesAsWritten), the test ids in `keep` as they are.
 */
export function resultInCourseNames(
  result: TestResult,
  names: CourseNames | undefined,
  written: CourseNames | undefined = names,
  keep: readonly string[] = [],
): TestResult {
  if (!names || Object.keys(names).length === 0) return result;
  return {
    ...result,
    name: inCourseNames(result.name, names, keep),
    message: inCourseNames(result.message, written, keep),
    ...(result.said && { said: rewordedWith(result.said, (text) => inCourseNames(text, written, keep)) }),
    ...(result.reproduce !== undefined && { reproduce: inCourseNames(result.reproduce, written, keep) }),
  };
}
