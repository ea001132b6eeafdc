/**
 * A pack's `texts` on the fixture cases: each changed text replaced where the document's stands (a prompt or a printed
 * line in the expected output, a command in the lines typed), and the changed wording carried on the case for the
 * plans and checks that wait for or look for it. Pure, and light: the student's kit reads `caseText` too.
 */
import type { FixtureCase } from '../model/fixture-types.js';
import type { SpecText } from '../model/spec-types.js';

/** A text as this case grades it: the course's where its pack rewords it, else the document's. */
export const caseText = (testCase: FixtureCase, key: string, documents: string): string => testCase.texts?.[key] ?? documents;

/** The case with the course's texts: `changed` maps a key to its new wording, `texts` says what each key is. */
export function withCourseTexts(
  testCase: FixtureCase,
  texts: Readonly<Record<string, SpecText>>,
  changed: Readonly<Record<string, string>>,
): FixtureCase {
  const keys = Object.keys(changed).filter((key) => texts[key] && texts[key].text !== changed[key]);
  if (keys.length === 0) return testCase;
  const printed = keys.filter((key) => texts[key]!.kind !== 'command').map((key) => [texts[key]!.text, changed[key]!] as const);
  const commands = new Map(keys.filter((key) => texts[key]!.kind === 'command').map((key) => [texts[key]!.text, changed[key]!] as const));
  const reword = (text: string) => printed.reduce((out, [from, to]) => out.replaceAll(from, to), text);
  return {
    ...testCase,
    input: commands.size > 0 ? (retype(testCase.input, commands) as FixtureCase['input']) : testCase.input,
    expected: printed.length > 0 ? (deepStrings(testCase.expected, reword) as FixtureCase['expected']) : testCase.expected,
    texts: Object.fromEntries(keys.map((key) => [key, changed[key]!])),
  };
}

/** Every string anywhere in `value`, rewritten. */
function deepStrings(value: unknown, rewrite: (text: string) => string): unknown {
  if (typeof value === 'string') return rewrite(value);
  if (Array.isArray(value)) return value.map((item) => deepStrings(item, rewrite));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepStrings(v, rewrite)]));
  return value;
}

/** The lines a test types (`lines` and `inputs` in the input, at any depth): a command alone on its line, retyped. */
function retype(value: unknown, commands: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => retype(item, commands));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      TYPED.has(k) && Array.isArray(v)
        ? v.map((line: unknown) => (typeof line === 'string' ? (commands.get(line) ?? line) : line))
        : retype(v, commands),
    ]),
  );
}

const TYPED = new Set(['lines', 'inputs']);
