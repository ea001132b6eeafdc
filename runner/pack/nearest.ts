/** The name a mistyped one was meant to be, for lint's faults. Pure. */

import { editDistance } from '../model/edit-distance.js';

/**
 * "; did you mean X?" for the closest name within a few edits, or nothing: nothing too where two names are as close
 * (problem-5 is as near problem-0 as problem-4, and pointing at either would mislead).
 */
export function nearest(name: string, known: Iterable<string>): string {
  let best: string[] = [];
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = editDistance(name, candidate);
    if (d < bestDistance) {
      best = [candidate];
      bestDistance = d;
    } else if (d === bestDistance) best.push(candidate);
  }
  return best.length === 1 && bestDistance <= Math.max(2, Math.floor(name.length / 4)) ? `; did you mean ${best[0]}?` : '';
}
