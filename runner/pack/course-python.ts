/**
 * The Python a course writes in its pack's own tests, read by Python itself when the pack loads: every snippet is
 * compiled (never run) by `python3` in a process of its own, so a fault is refused at its line with Python's own words,
 * and split into its top-level statements, which the harness then runs one at a time in the student's process. A
 * call's last statement must be an expression: its value is what the test grades. Memoised per process.
 */
import { spawnSync } from 'node:child_process';
import type { CourseStatement } from '../model/course-cases.js';

export interface PythonSnippet {
  readonly source: string;
  /** The last statement is the expression whose value is graded (a call), not only run (a set-up, a session's start). */
  readonly graded: boolean;
}

/** A snippet's statements (lines counted from its first), or Python's fault at its line and column. */
export type SnippetRead =
  | { readonly statements: readonly CourseStatement[] }
  | { readonly fault: { readonly line: number; readonly column: number; readonly message: string } };

/** Compiles each snippet; ast's source segments give each statement exactly as written (decorators and all). */
const READER = String.raw`
import ast, json, sys

KINDS = {"Assign": "an assignment", "AugAssign": "an assignment", "AnnAssign": "an assignment", "For": "a for loop",
         "While": "a while loop", "If": "an if", "Import": "an import", "ImportFrom": "an import",
         "FunctionDef": "a def", "ClassDef": "a class", "With": "a with", "Try": "a try", "Delete": "a del",
         "Pass": "pass", "Assert": "an assert", "Raise": "a raise", "Global": "a global"}

def segment(lines, start, node):
    l1, c1 = start
    l2, c2 = node.end_lineno, node.end_col_offset
    if l1 == l2:
        return lines[l1 - 1].encode("utf-8")[c1:c2].decode("utf-8")
    first = lines[l1 - 1].encode("utf-8")[c1:].decode("utf-8")
    last = lines[l2 - 1].encode("utf-8")[:c2].decode("utf-8")
    return "".join([first] + lines[l1:l2 - 1] + [last])

def read(snippet):
    source = snippet["source"]
    try:
        compile(source, "<course test>", "exec", dont_inherit=True)
        tree = ast.parse(source)
    except SyntaxError as error:
        return {"fault": {"line": error.lineno or 1, "column": error.offset or 1, "message": error.msg}}
    except (ValueError, TypeError) as error:
        return {"fault": {"line": 1, "column": 1, "message": str(error)}}
    if not tree.body:
        return {"fault": {"line": 1, "column": 1, "message": "there is no Python statement here"}}
    last = tree.body[-1]
    if snippet["graded"] and not isinstance(last, ast.Expr):
        kind = KINDS.get(type(last).__name__, "a statement")
        return {"fault": {"line": last.lineno, "column": last.col_offset + 1, "message":
                "the last line of a call is the expression whose value is graded (such as b.undo() or len(b.slots)), not " + kind}}
    lines = source.splitlines(keepends=True)
    statements = []
    for node in tree.body:
        decorators = getattr(node, "decorator_list", [])
        start = (decorators[0].lineno, decorators[0].col_offset - 1) if decorators else (node.lineno, node.col_offset)
        statements.append({"text": segment(lines, start, node), "line": start[0]})
    return {"statements": statements}

json.dump([read(s) for s in json.load(sys.stdin)], sys.stdout)
`;

const known = new Map<string, SnippetRead>();

/** Each snippet read by `python3` (the one grading runs with unless told otherwise), or why Python could not be asked. */
export function readCoursePython(snippets: readonly PythonSnippet[], python = 'python3'): SnippetRead[] | { readonly problem: string } {
  const keyOf = (s: PythonSnippet) => `${s.graded ? 1 : 0}${s.source}`;
  const asked = [...new Map(snippets.filter((s) => !known.has(keyOf(s))).map((s) => [keyOf(s), s])).values()];
  if (asked.length > 0) {
    const ran = spawnSync(python, ['-I', '-S', '-B', '-c', READER], {
      input: JSON.stringify(asked),
      encoding: 'utf8',
      timeout: 30_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    if (ran.error || ran.status !== 0) {
      const why = ran.error
        ? ran.error.message
        : `it exited with ${ran.status ?? ran.signal}: ${ran.stderr.trim().split('\n').at(-1) ?? ''}`;
      return { problem: `the course's Python could not be read: ${python} did not run (${why}); grade needs Python 3 as ${python}` };
    }
    const read = JSON.parse(ran.stdout) as SnippetRead[];
    asked.forEach((s, i) => known.set(keyOf(s), read[i]!));
  }
  return snippets.map((s) => known.get(keyOf(s))!);
}
