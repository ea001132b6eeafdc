/**
 * A course's own call as harness steps (its case's shape: runner/model/course-cases.ts).
 */
import type { FixtureCase } from '../model/fixture-types.js';
import { courseCallInput } from '../model/course-cases.js';
import type { Interaction, Step } from './interaction.js';

const made = new WeakMap<FixtureCase, Interaction>();

/**
 * A call's statements as harness steps, each run on its own in the test's namespace (so a failure names the statement
 * that raised), the last asked for its value; made once per case, as every submission of a class runs it.
 */
export function courseCallInteraction(testCase: FixtureCase): Interaction {
  const known = made.get(testCase);
  if (known) return known;
  const { statements, inputs } = courseCallInput(testCase);
  const typed = inputs && inputs.length > 0 ? `   # type: ${inputs.join(', ')}` : '';
  const steps = statements.map((statement, i): Step => {
    if (i < statements.length - 1) return { request: { op: 'exec', source: statement.text }, python: statement.text };
    return {
      request: { op: 'exec', source: statement.text, value: true, ...(inputs && inputs.length > 0 && { inputs }) },
      observe: 'result',
      python: statement.text + typed,
    };
  });
  const interaction = { steps };
  made.set(testCase, interaction);
  return interaction;
}
