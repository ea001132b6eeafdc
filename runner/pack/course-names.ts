/**
 * A pack's `names`: the course's own names for the document's API (`Board.add_checker: add_move`), applied where the
 * grader speaks to or about the student's code: the files found by what they define, the tests' names and hints,
 * and each result's message and Python to reproduce it. The harness makes the calls answer (grade_harness/names.py).
 * Pure.
 */
import type { TestResult } from '../grade/results.js';

export type CourseNames = Readonly<Record<string, string>>;

/** Document name → course name, each as a bare identifier (a method's class left out). */
function renames(names: CourseNames): [string, string][] {
  return Object.entries(names).map(([doc, course]) => [doc.split('.').at(-1)!, course]);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/**
 * Text with each document name in the course's: an identifier that cannot be an English word (`add_checker`,
 * `nextMove`, `Board`) wherever it stands as a word; a plain lowercase word (`reset`) only where it is called.
 */
export function inCourseNames(text: string, names: CourseNames | undefined): string {
  if (!names) return text;
  let out = text;
  for (const [doc, course] of renames(names)) {
    const identifier = /[_A-Z0-9]/u.test(doc);
    out = out.replace(new RegExp(identifier ? `\\b${escape(doc)}\\b` : `(?<=\\.|\\b)${escape(doc)}(?=\\()`, 'gu'), course);
  }
  return out;
}

/** A definition a file is found by (`defines`: classes and functions): the course's name where the pack renames it. */
export const definedAs = (name: string, names: CourseNames | undefined): string => names?.[name] ?? name;

/** A test's result as the student reads it: its message, hint-bearing text and Python in the course's names. */
export function resultInCourseNames(result: TestResult, names: CourseNames | undefined): TestResult {
  if (!names || Object.keys(names).length === 0) return result;
  return {
    ...result,
    name: inCourseNames(result.name, names),
    message: inCourseNames(result.message, names),
    ...(result.reproduce !== undefined && { reproduce: inCourseNames(result.reproduce, names) }),
  };
}
