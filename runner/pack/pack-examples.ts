/**
 * A pack's handout examples made into visible cases: each call is read as Python, run through the reference by its
 * assignment's builder, checked against the value (or the text printed) the handout gives, and added to the test it
 * names, with the example as its source. A wrong expected value is a fault at its line beside the reference's.
 */
import { formatPy, isSamePy } from '../model/py-value.js';
import type { FixtureCase } from '../model/fixture-types.js';
import type { ResolvedSpec } from '../model/spec-types.js';
import { nearest } from './nearest.js';
import { assignmentsWithExamples, exampleBuilder } from '../assignments/registry.js';
import type { ExampleCase } from '../model/example-types.js';
import type { PackExample, PackProblem } from '../model/pack-types.js';
import { parseLiteral, parseSession, PythonSyntaxError } from '../model/python-literal.js';
import type { ParsedPack } from './read-pack.js';
import { withTests } from './with-tests.js';

export function withExamples(
  spec: ResolvedSpec,
  examples: readonly PackExample[],
  locate: ParsedPack['locate'],
  file: string,
): { spec: ResolvedSpec; problems: PackProblem[] } {
  const problems: PackProblem[] = [];
  const fault = (i: number, key: string | undefined, message: string) => {
    const path = ['examples', i, ...(key ? [key] : [])];
    problems.push({ path, ...locate(path), message });
  };
  const added = new Map<string, FixtureCase[]>();
  examples.forEach((example, i) => {
    if (!exampleBuilder(spec.assignment))
      return fault(i, undefined, `${spec.assignment} takes no handout examples yet (${assignmentsWithExamples().join(', ')} do)`);
    const test = spec.tests.find((t) => t.id === example.test);
    if (!test)
      return fault(
        i,
        'test',
        `no test '${example.test}' in this pack${nearest(
          example.test,
          spec.tests.map((t) => t.id),
        )}`,
      );
    if (test.kind !== 'cases') return fault(i, 'test', `${test.id} is a ${test.kind} test; an example joins a test of cases`);
    const answer = referenceCase(spec, example.call);
    if ('unread' in answer) return fault(i, 'call', `not a call with literal arguments: ${answer.unread}`);
    if ('problem' in answer) return fault(i, 'call', answer.problem);
    const { made, call } = answer;
    if (documentNameOf(spec, call) !== test.target.split('.').at(-1))
      return fault(i, 'call', `${test.id} grades ${test.target}, not ${call}`);
    if (example.expected === undefined && example.prints === undefined)
      return fault(i, undefined, 'an example gives what the handout shows: expected (the value) or prints (the text)');
    const wrong = givenAgainst(made, call, example);
    if (wrong) return fault(i, wrong.key, wrong.message);
    const { line } = locate(['examples', i]);
    const shown = example.expected ?? example.prints!;
    const testCase: FixtureCase = {
      id: `${test.target}.example.${i + 1}`,
      source: { kind: 'document', document: file, lines: [line, line], excerpt: `>>> ${example.call}\n${shown}` },
      input: made.input,
      python: example.call,
      expected: made.expected,
      ...(made.facts && { facts: made.facts }),
      ...(made.lenient && { lenient: made.lenient }),
    };
    added.set(test.id, [...(added.get(test.id) ?? []), testCase]);
  });
  if (problems.length > 0 || added.size === 0) return { spec, problems };
  const tests = spec.tests.map((t) => (added.has(t.id) ? { ...t, fixtureCases: [...t.fixtureCases, ...added.get(t.id)!] } : t));
  return { spec: withTests(spec, tests), problems };
}

/** A name as the document says it: the course's names (a pack's `names`) put back, as the reference reads them. */
const documentNameOf = (spec: ResolvedSpec, name: string): string =>
  Object.entries(spec.names ?? {})
    .find(([, course]) => course === name)?.[0]
    .split('.')
    .at(-1) ?? name;

/**
 * The reference's case for Python written in the course's names (a handout example, or a call of a course's own test
 * after its set-up), with the name of the call it grades; or why the reference gives none: `unread`, lines it cannot
 * read as calls with literal arguments; `problem`, what the assignment's builder cannot answer.
 */
export function referenceCase(
  spec: ResolvedSpec,
  text: string,
): { made: ExampleCase; call: string } | { unread: string } | { problem: string } {
  const builder = exampleBuilder(spec.assignment);
  if (!builder)
    return { problem: `the reference of ${spec.assignment} answers no call of a pack yet (${assignmentsWithExamples().join(', ')} do)` };
  let session;
  try {
    session = parseSession(text);
  } catch (error) {
    if (error instanceof PythonSyntaxError) return { unread: error.message };
    throw error;
  }
  const documents = (name: string) => documentNameOf(spec, name);
  // The reference reads the document's names: a course's are put back on every line.
  const made = builder(
    session.map((s) => ({
      ...s,
      call: documents(s.call),
      ...(s.receiver && 'call' in s.receiver && { receiver: { ...s.receiver, call: documents(s.receiver.call) } }),
    })),
  );
  return 'problem' in made ? made : { made, call: session.at(-1)!.call };
}

/**
 * What the handout or the course says a call gives (`expected`, a Python value; `prints`, its text) against the
 * reference's answer: undefined when it is one the reference gives, else the key at fault and the reference's value.
 */
export function givenAgainst(
  made: ExampleCase,
  call: string,
  given: { readonly expected?: string | undefined; readonly prints?: string | undefined },
): { key: 'expected' | 'prints'; message: string } | undefined {
  if (given.expected !== undefined) {
    if ('stdout' in made.expected && made.expected.value?.type === 'none' && given.prints === undefined)
      return { key: 'expected', message: `${call} prints its answer: give it as prints, not expected` };
    let said;
    try {
      said = parseLiteral(given.expected);
    } catch (error) {
      if (error instanceof PythonSyntaxError) return { key: 'expected', message: `not a Python value: ${error.message}` };
      throw error;
    }
    const accepted =
      'value' in made.expected && made.expected.value !== undefined
        ? [made.expected.value]
        : 'oneOf' in made.expected
          ? made.expected.oneOf
          : [];
    const right = made.accepts?.(said) ?? accepted.some((v) => isSamePy(said, v));
    const reference =
      'raises' in made.expected
        ? `an exception (${made.expected.raises})`
        : 'oneOf' in made.expected
          ? `one of ${accepted.map(formatPy).join(', ')}`
          : formatPy(accepted[0]!);
    if (!right) return { key: 'expected', message: `the reference gives ${reference}, not ${formatPy(said)}` };
  }
  if (given.prints !== undefined) {
    if (!('stdout' in made.expected)) return { key: 'prints', message: `${call} returns its answer: give it as expected, not prints` };
    const tidy = (text: string) =>
      text
        .split('\n')
        .map((line) => line.trimEnd())
        .join('\n')
        .trimEnd();
    if (tidy(given.prints) !== tidy(made.expected.stdout))
      return {
        key: 'prints',
        message: `the reference prints ${JSON.stringify(made.expected.stdout)}, not ${JSON.stringify(given.prints)}`,
      };
  }
  return undefined;
}
