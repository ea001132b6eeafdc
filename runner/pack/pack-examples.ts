/**
 * A pack's handout examples made into visible cases: each call is read as Python, run through the reference by its
 * assignment's builder, checked against the value (or the text printed) the handout gives, and added to the test it
 * names, with the example as its source. A wrong expected value is a fault at its line beside the reference's.
 */
import { formatPy, isSamePy } from '../model/py-value.js';
import type { FixtureCase } from '../model/fixture-types.js';
import type { ResolvedSpec } from '../model/spec-types.js';
import { nearest } from './apply-pack.js';
import { assignmentsWithExamples, exampleBuilder } from '../assignments/registry.js';
import type { PackExample, PackProblem } from '../model/pack-types.js';
import { parseLiteral, parseSession, PythonSyntaxError } from '../model/python-literal.js';
import type { ParsedPack } from './read-pack.js';
import { withTests } from './with-tests.js';

export function withExamples(spec: ResolvedSpec, examples: readonly PackExample[], locate: ParsedPack['locate'], file: string): { spec: ResolvedSpec; problems: PackProblem[] } {
  const problems: PackProblem[] = [];
  const fault = (i: number, key: string | undefined, message: string) => {
    const path = ['examples', i, ...(key ? [key] : [])];
    problems.push({ path, ...locate(path), message });
  };
  const builder = exampleBuilder(spec.assignment);
  const added = new Map<string, FixtureCase[]>();
  // The handout speaks the course's names; the reference, the document's.
  const documentName = new Map(Object.entries(spec.names ?? {}).map(([doc, course]) => [course, doc.split('.').at(-1)!]));
  examples.forEach((example, i) => {
    if (!builder) return fault(i, undefined, `${spec.assignment} takes no handout examples yet (${assignmentsWithExamples().join(', ')} do)`);
    const test = spec.tests.find((t) => t.id === example.test);
    if (!test) return fault(i, 'test', `no test '${example.test}' in this pack${nearest(example.test, spec.tests.map((t) => t.id))}`);
    if (test.kind !== 'cases') return fault(i, 'test', `${test.id} is a ${test.kind} test; an example joins a test of cases`);
    let session;
    try {
      session = parseSession(example.call);
    } catch (error) {
      if (error instanceof PythonSyntaxError) return fault(i, 'call', `not a call with literal arguments: ${error.message}`);
      throw error;
    }
    const call = { name: session.at(-1)!.call };
    const documents = (name: string) => documentName.get(name) ?? name;
    if (documents(call.name) !== test.target.split('.').at(-1)) return fault(i, 'call', `${test.id} grades ${test.target}, not ${call.name}`);
    // The reference reads the document's names: a course's are put back on every line.
    const made = builder(session.map((s) => ({ ...s, call: documents(s.call), ...(s.receiver && 'call' in s.receiver && { receiver: { ...s.receiver, call: documents(s.receiver.call) } }) })));
    if ('problem' in made) return fault(i, 'call', made.problem);
    if (example.expected !== undefined) {
      if ('stdout' in made.expected) return fault(i, 'expected', `${call.name} prints its answer: give it as prints, not expected`);
      let said;
      try {
        said = parseLiteral(example.expected);
      } catch (error) {
        if (error instanceof PythonSyntaxError) return fault(i, 'expected', `not a Python value: ${error.message}`);
        throw error;
      }
      const right = made.accepts?.(said) ?? ('value' in made.expected ? isSamePy(said, made.expected.value) : 'oneOf' in made.expected && made.expected.oneOf.some((v) => isSamePy(said, v)));
      const reference = 'value' in made.expected ? formatPy(made.expected.value) : 'oneOf' in made.expected ? `one of ${made.expected.oneOf.map(formatPy).join(', ')}` : 'an exception';
      if (!right) return fault(i, 'expected', `the reference gives ${reference}, not ${formatPy(said)}`);
    } else if (example.prints !== undefined) {
      if (!('stdout' in made.expected)) return fault(i, 'prints', `${call.name} returns its answer: give it as expected, not prints`);
      const tidy = (text: string) => text.split('\n').map((line) => line.trimEnd()).join('\n').trimEnd();
      if (tidy(example.prints) !== tidy(made.expected.stdout)) return fault(i, 'prints', `the reference prints ${JSON.stringify(made.expected.stdout)}, not ${JSON.stringify(example.prints)}`);
    } else {
      return fault(i, undefined, 'an example gives what the handout shows: expected (the value) or prints (the text)');
    }
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
