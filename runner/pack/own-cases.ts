/**
 * The cases of a course's own tests, made when its pack loads: the Python read by Python (course-python.ts: a fault
 * is refused at its line, each snippet split into its statements); each call run through the reference where it uses
 * only the assignment's API with values written out, as a handout example is (pack-examples.ts), so a value the course
 * wrote that the reference does not give is refused with the reference's, and a value left out is the reference's;
 * a call the reference cannot answer keeps the value the course wrote, which it must then write. Pure but for asking
 * Python to read the Python.
 */
import { isSamePy, type PyValue } from '../model/py-value.js';
import type { Expected, FixtureCase } from '../model/fixture-types.js';
import type { CourseCallInput, CourseSessionInput, CourseStatement, ShownLine } from '../model/course-cases.js';
import type { ResolvedSpec, ResolvedTest } from '../model/spec-types.js';
import { readCoursePython } from './course-python.js';
import { ownTests } from './own-tests.js';
import { givenAgainst, referenceCase } from './pack-examples.js';
import type { Pack, PackCall, PackOwnTest, PackProblem } from '../model/pack-types.js';
import { parseLiteral, PythonSyntaxError } from '../model/python-literal.js';
import type { ParsedPack } from './read-pack.js';
import { withTests } from './with-tests.js';

type Path = (string | number)[];

/** The spec with the course's own tests' cases in it, or the faults in their Python and values. */
export function withOwnCases(
  spec: ResolvedSpec,
  pack: Pack,
  locate: ParsedPack['locate'],
  file: string,
  python?: string,
): { spec: ResolvedSpec; problems: PackProblem[] } {
  const own = ownTests(pack).filter(([id]) => spec.tests.some((t) => t.id === id));
  if (own.length === 0) return { spec, problems: [] };
  const problems: PackProblem[] = [];
  const fault = (path: Path, message: string, key = false) => problems.push({ path, ...locate(path, { key }), message });
  // Every snippet of every test, read by Python in one process.
  const snippets = own.flatMap(([id, test]) => snippetsOf(id, test));
  const read = readCoursePython(
    snippets.map((s) => ({ source: s.source, graded: s.graded })),
    python,
  );
  if ('problem' in read) {
    fault(['tests', own[0]![0]], read.problem, true);
    return { spec, problems };
  }
  const statements = new Map<string, readonly CourseStatement[]>();
  snippets.forEach((snippet, i) => {
    const got = read[i]!;
    const at = locate(snippet.path, { content: true });
    if ('fault' in got) {
      problems.push({
        path: snippet.path,
        line: at.line + got.fault.line - 1,
        column: at.column + got.fault.column - 1,
        message: `Python reads it as: ${got.fault.message}`,
      });
    } else {
      statements.set(
        snippet.path.join('.'),
        got.statements.map((s) => ({ text: s.text, line: at.line + s.line - 1 })),
      );
    }
  });
  if (problems.length > 0) return { spec, problems };
  const made = new Map<string, ResolvedTest>();
  for (const [id, written] of own) {
    const test = spec.tests.find((t) => t.id === id)!;
    const cases =
      written.kind === 'calls'
        ? callCases(spec, id, written, statements, locate, file, fault)
        : [sessionCase(id, written, statements, locate, file)];
    if (cases.some((c) => c === undefined)) continue;
    const all = cases as FixtureCase[];
    made.set(id, {
      ...test,
      fixtureCases: all,
      ...(written.target === undefined && { target: targetOf(id, written, all) }),
      uses: usedNames(spec, all),
    });
  }
  if (problems.length > 0) return { spec, problems };
  return {
    spec: withTests(
      spec,
      spec.tests.map((t) => made.get(t.id) ?? t),
    ),
    problems,
  };
}

interface Snippet {
  readonly path: Path;
  readonly source: string;
  readonly graded: boolean;
}

function snippetsOf(id: string, test: PackOwnTest): Snippet[] {
  if (test.kind === 'session') return test.run !== undefined ? [{ path: ['tests', id, 'run'], source: test.run, graded: false }] : [];
  return [
    ...(test.setup !== undefined ? [{ path: ['tests', id, 'setup'], source: test.setup, graded: false }] : []),
    ...(test.calls ?? []).map((c, i) => ({ path: ['tests', id, 'calls', i, 'call'], source: c.call, graded: true })),
  ];
}

/** A calls test's cases, one a call: its statements after the set-up's, and what it must give. Undefined at a fault. */
function callCases(
  spec: ResolvedSpec,
  id: string,
  test: PackOwnTest,
  statements: ReadonlyMap<string, readonly CourseStatement[]>,
  locate: ParsedPack['locate'],
  file: string,
  fault: (path: Path, message: string, key?: boolean) => void,
): (FixtureCase | undefined)[] {
  const setup = statements.get(['tests', id, 'setup'].join('.')) ?? [];
  return (test.calls ?? []).map((call, i) => {
    const at: Path = ['tests', id, 'calls', i];
    const own = statements.get([...at, 'call'].join('.'))!;
    const all = [...setup, ...own];
    const given = expectedOf(call, at, fault);
    if (given === null) return undefined;
    // The reference reads the set-up and the call as one session, as it reads a handout's example.
    const answer = referenceCase(spec, [test.setup ?? '', call.call].join('\n'));
    let expected: Expected;
    let reference: 'computed' | 'checked' | undefined;
    let extra: Pick<FixtureCase, 'lenient'> & Pick<CourseCallInput, 'anyOrder'> = {};
    if ('made' in answer) {
      const { made, call: name } = answer;
      if (call.raises !== undefined) {
        if (!('raises' in made.expected))
          return void fault(
            [...at, 'raises'],
            `the reference ${'stdout' in made.expected ? 'prints' : 'returns'} an answer here and raises nothing`,
          );
        if (made.expected.raises !== call.raises)
          return void fault([...at, 'raises'], `the reference raises ${made.expected.raises} here, not ${call.raises}`);
      } else {
        const wrong = givenAgainst(made, name, call);
        if (wrong) return void fault([...at, wrong.key], wrong.message);
      }
      reference = given === undefined ? 'computed' : 'checked';
      expected = courseExpected(made.expected, call);
      extra = { ...(made.lenient && { lenient: made.lenient }), ...(made.anyOrder && { anyOrder: true }) };
    } else if (given === undefined) {
      const why =
        'unread' in answer ? `it reads only calls of the assignment's API with values written out (${answer.unread})` : answer.problem;
      return void fault(
        [...at, 'call'],
        `the reference cannot say what this call gives (${why}): write it as expected (a Python value), prints (the text) or raises (an exception)`,
      );
    } else {
      expected = given;
    }
    const input: CourseCallInput = {
      statements: all,
      ...(call.input && { inputs: call.input }),
      ...(extra.anyOrder && { anyOrder: true }),
    };
    const { line } = locate([...at, 'call'], { content: true });
    return {
      id: `${id}.${i + 1}`,
      source: { kind: 'course', file, line, ...(reference && { reference }) },
      input: input as unknown as Readonly<Record<string, unknown>>,
      python: all.map((s) => s.text).join('\n'),
      expected,
      ...(extra.lenient && { lenient: extra.lenient }),
    };
  });
}

/** What the course wrote a call gives, as an expectation; undefined when it wrote nothing; null at a fault. */
function expectedOf(call: PackCall, at: Path, fault: (path: Path, message: string, key?: boolean) => void): Expected | undefined | null {
  if (call.raises !== undefined && (call.expected !== undefined || call.prints !== undefined)) {
    fault([...at, 'raises'], 'a call either gives an answer (expected, prints) or raises, not both', true);
    return null;
  }
  if (call.raises !== undefined) return { raises: call.raises };
  let value: PyValue | undefined;
  if (call.expected !== undefined) {
    try {
      value = parseLiteral(call.expected);
    } catch (error) {
      if (!(error instanceof PythonSyntaxError)) throw error;
      fault(
        [...at, 'expected'],
        `not a Python value written out (a number, a string, True, False, None, a list, a tuple or a dict): ${error.message}; to check an object, call what shows it (repr(b), b.slots)`,
      );
      return null;
    }
  }
  if (call.prints !== undefined) return { stdout: call.prints, ...(value !== undefined && { value }) };
  return value === undefined ? undefined : { value };
}

/**
 * The reference's expectation as the course's test grades it: its value or values, or its printed text (with the
 * value returned only where the course wrote one: a function that prints is graded on what it prints).
 */
function courseExpected(reference: Expected, call: PackCall): Expected {
  if ('stdout' in reference)
    return { stdout: reference.stdout, ...(call.expected !== undefined && reference.value !== undefined && { value: reference.value }) };
  if ('oneOf' in reference && call.expected !== undefined) {
    // The course's value is one of those right: each of them passes.
    const said = parseLiteral(call.expected);
    return reference.oneOf.some((v) => isSamePy(v, said)) ? reference : { oneOf: [said, ...reference.oneOf] };
  }
  return reference;
}

/** A session's one case: what it runs, what is typed, and the lines its transcript must show. */
function sessionCase(
  id: string,
  test: PackOwnTest,
  statements: ReadonlyMap<string, readonly CourseStatement[]>,
  locate: ParsedPack['locate'],
  file: string,
): FixtureCase {
  const shows: ShownLine[] = (test.shows ?? []).map((s) => (typeof s === 'string' ? { line: s } : { pattern: s.pattern }));
  const run = statements.get(['tests', id, 'run'].join('.'));
  const input: CourseSessionInput = { ...(run && { run: run.map((s) => s.text).join('\n') }), answers: test.input ?? [], shows };
  const typed = input.answers.length > 0 ? `   # type, one per question: ${input.answers.map((a) => JSON.stringify(a)).join(', ')}` : '';
  const { line } = locate(['tests', id, test.run !== undefined ? 'run' : 'main'], { content: true });
  return {
    id: `${id}.session`,
    source: { kind: 'course', file, line },
    input: input as unknown as Readonly<Record<string, unknown>>,
    python: `${input.run ?? '# run the program (python3 <file>.py)'}${typed}`,
    expected: { stdout: shows.map((s) => ('line' in s ? s.line : `/${s.pattern}/`)).join('\n') },
  };
}

/**
 * What a test exercises, read from its Python when the course does not say: the method the last line calls on an
 * object the lines before made (`b.undo()` after `b = Board(6, 7)`: Board.undo), or the function it calls; a session
 * run from the file a person runs is `main`.
 */
function targetOf(id: string, test: PackOwnTest, cases: readonly FixtureCase[]): string {
  if (test.kind === 'session') {
    const run = (cases[0]!.input as unknown as CourseSessionInput).run;
    if (run === undefined) return 'main';
    const last =
      run
        .split('\n')
        .filter((l) => l.trim() !== '')
        .at(-1) ?? '';
    const made = /^\s*([A-Za-z_]\w*)\(.*\)\.([A-Za-z_]\w*)\(/u.exec(last);
    if (made) return `${made[1]}.${made[2]}`;
    return /^\s*([A-Za-z_]\w*)\(/u.exec(last)?.[1] ?? id;
  }
  const statements = (cases[0]!.input as unknown as CourseCallInput).statements;
  const last = statements.at(-1)!.text;
  const made = /^([A-Za-z_]\w*)\(.*\)\.([A-Za-z_]\w*)\(/u.exec(last);
  if (made) return `${made[1]}.${made[2]}`;
  const method = /^([A-Za-z_]\w*)\.([A-Za-z_]\w*)\(/u.exec(last);
  if (method) {
    const maker = statements
      .map((s) => new RegExp(`^${method[1]}\\s*=\\s*([A-Za-z_]\\w*)\\(`, 'u').exec(s.text)?.[1])
      .filter(Boolean)
      .at(-1);
    return maker ? `${maker}.${method[2]}` : id;
  }
  return /^([A-Za-z_]\w*)\(/u.exec(last)?.[1] ?? id;
}

/**
 * The classes and functions of the API a test's Python names, by the document's names (the modules answer to both):
 * a submission that defines none of one is blocked with the file that should define it, rather than raising NameError.
 */
function usedNames(spec: ResolvedSpec, cases: readonly FixtureCase[]): string[] {
  const source = cases.map((c) => c.python).join('\n');
  const words = new Set(
    source
      .replace(/(["'])(?:\\.|(?!\1).)*\1/gu, '')
      .replace(/#.*$/gmu, '')
      .match(/[A-Za-z_][A-Za-z0-9_]*/gu) ?? [],
  );
  return (spec.api ?? []).filter((name) => !name.includes('.') && (words.has(name) || words.has(spec.names?.[name] ?? name)));
}
