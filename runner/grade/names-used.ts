/**
 * `names.used`, the test a course's pack adds when it renames the API (`names`): the submission defines each class,
 * function and method under the course's name, not the document's. A name kept as the document has it costs this one
 * test: every other test still runs the student's code under the name they wrote (grade_harness/names.py), and what
 * they read of it says that name (runner/pack/course-names.ts). Pure: the names the modules define in, a verdict out.
 */
import { namesKept } from '../pack/course-names.js';
import type { DirectVerdict } from './ledger.js';

export function checkNamesUsed(names: Readonly<Record<string, string>>, defined: ReadonlySet<string>): DirectVerdict {
  const kept = namesKept(names, defined);
  if (kept.length === 0) return { status: 'pass', message: "every name is the course's" };
  const said = kept.map(({ doc, course }) => {
    const [cls, method] = doc.includes('.') ? doc.split('.') : [undefined, doc];
    const owner = cls === undefined ? '' : `${names[cls] ?? cls}.`;
    return `${owner}${method} keeps the document's name; this course names it ${owner}${course}: rename ${cls === undefined ? '' : 'the method '}${method} to ${course}${cls === undefined ? '' : ` in class ${names[cls] ?? cls}`}`;
  });
  return {
    status: 'fail',
    message: `${said.join('\n')}\nThe other tests ran your ${kept.map((k) => k.doc.split('.').at(-1)).join(', ')} all the same, under the name you wrote.`,
  };
}
