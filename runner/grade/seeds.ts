/** Seeds and call lines every run of a test derives the same way, whichever phase makes the run. */
import { reproduceOf, type Interaction } from '../plan/interaction.js';

/** A per-case seed from the run's seed and the case id, so one case's randomness does not depend on the others. */
export function caseSeed(seed: number, id: string): number {
  let hash = seed >>> 0;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 16777619) >>> 0;
  return hash;
}

/** The observed call as the student would type it, without the `# type: …` comment or the binding. */
export function callLine(interaction: Interaction): string {
  const observed = interaction.steps.find((s) => s.observe)?.python ?? reproduceOf(interaction).split('\n').at(-1) ?? '';
  const comment = observed.search(/\s+#/u);
  const bare = comment < 0 ? observed : observed.slice(0, comment);
  const bound = /^[a-z_]\w* = (?=\w+\()/u.exec(bare);
  return bound ? bare.slice(bound[0].length) : bare;
}
