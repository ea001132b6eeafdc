/** What an assignment offers a pack's handout examples: a call turned into a fixture case by the reference. */
import type { Expected } from '../fixtures/fixture-types.js';
import type { PythonCall } from './python-literal.js';

export interface ExampleCase {
  /** The case's input in the assignment's own terms, as its plan reads the generated cases of the same target. */
  readonly input: Readonly<Record<string, unknown>>;
  readonly expected: Expected;
}

/** The reference's case for a call (by the document's names), or why it cannot be one. */
export type ExampleBuilder = (call: PythonCall) => ExampleCase | { readonly problem: string };
