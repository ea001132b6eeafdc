/** The name a mistyped one was meant to be, for lint's faults. Pure. */

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

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}
