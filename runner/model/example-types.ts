/** What an assignment offers a pack's handout examples: a call turned into a fixture case by the reference. */
import type { PyValue } from './py-value.js';
import type { Expected, FixtureCase } from './fixture-types.js';
import type { PythonCall, PythonStatement } from './python-literal.js';

export interface ExampleCase {
  /** The case's input in the assignment's own terms, as its plan reads the generated cases of the same target. */
  readonly input: Readonly<Record<string, unknown>>;
  readonly expected: Expected;
  /** What a check needs that only the reference can say (`facts`, as the generated cases of the target carry). */
  readonly facts?: Readonly<Record<string, unknown>>;
  readonly lenient?: FixtureCase['lenient'];
  /** When the handout's value may differ from the reference's and still be right (a list in any order). */
  readonly accepts?: (said: PyValue) => boolean;
  /** The document allows the list in any order: what a course's own test compares its answer with, as `accepts` says. */
  readonly anyOrder?: true;
}

/** The reference's case for a session (by the document's names; its last line the call graded), or why it cannot be one. */
export type ExampleBuilder = (session: readonly PythonStatement[]) => ExampleCase | { readonly problem: string };

/**
 * A builder for a module of functions: the example is one call with literal arguments (`create_row(3)`), given to
 * `build` as a call.
 */
export function functionExamples(build: (call: PythonCall) => ExampleCase | { readonly problem: string }): ExampleBuilder {
  return (session) => {
    const [only, ...more] = session;
    if (!only || more.length > 0 || only.receiver || only.assign)
      return { problem: 'an example here is one call of a function, such as create_row(3)' };
    if (only.keywords) return { problem: 'give the arguments by position, as the document calls the function' };
    const named = only.args.find((a) => a.type === 'name');
    if (named) return { problem: `${named.type === 'name' ? named.name : ''} is a name; the arguments here are values written out` };
    return build({ name: only.call, args: only.args as PyValue[] });
  };
}
