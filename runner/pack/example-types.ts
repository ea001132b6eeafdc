/** What an assignment offers a pack's handout examples: a call turned into a fixture case by the reference. */
import type { PyValue } from '../checks/py-value.js';
import type { Expected } from '../fixtures/fixture-types.js';
import type { PythonCall } from './python-literal.js';

export interface ExampleCase {
  /** The case's input in the assignment's own terms, as its plan reads the generated cases of the same target. */
  readonly input: Readonly<Record<string, unknown>>;
  readonly expected: Expected;
  /** What a check needs that only the reference can say (`facts`, as the generated cases of the target carry). */
  readonly facts?: Readonly<Record<string, unknown>>;
  /** When the handout's value may differ from the reference's and still be right (a list in any order). */
  readonly accepts?: (said: PyValue) => boolean;
}

/** The reference's case for a call (by the document's names), or why it cannot be one. */
export type ExampleBuilder = (call: PythonCall) => ExampleCase | { readonly problem: string };
