/**
 * A name as an instructor types it in a file (adjustments.csv, extensions.csv): matched to the class's names
 * without regard to case (`Ada`, `ADA` and `ada` are one student), exactly first when two names differ only by case,
 * and, when nothing matches, the nearest names offered ("did you mean 'ada'?"). Pure.
 */

/** Levenshtein's distance, capped: beyond `max` it answers max + 1. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next.push(Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    if (Math.min(...next) > max) return max + 1;
    row = next;
  }
  return row[b.length]!;
}

/** `; did you mean 'ada'?` for the names nearest to `given` (at most three), or nothing when none is near. */
export function didYouMean(given: string, names: Iterable<string>): string {
  const lower = given.toLowerCase();
  const max = Math.max(1, Math.min(3, Math.floor(lower.length / 3)));
  const near = [...new Set(names)]
    .map((name) => ({
      name,
      d:
        name.toLowerCase().includes(lower) || (lower.length >= 3 && lower.includes(name.toLowerCase()))
          ? 1
          : distance(lower, name.toLowerCase(), max),
    }))
    .filter((n) => n.d <= max)
    .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name))
    .slice(0, 3)
    .map((n) => `'${n.name}'`);
  return near.length === 0 ? '' : `; did you mean ${near.length === 1 ? near[0] : `${near.slice(0, -1).join(', ')} or ${near.at(-1)}`}?`;
}

/** `given` among `names` (each mapped to what it stands for): exactly, else without regard to case. */
export function matchName<T>(
  given: string,
  names: ReadonlyMap<string, T>,
): { readonly found: T } | { readonly ambiguous: readonly string[] } | { readonly missing: true } {
  if (names.has(given)) return { found: names.get(given)! };
  const lower = given.toLowerCase();
  const hits = [...names.keys()].filter((name) => name.toLowerCase() === lower);
  const targets = [...new Set(hits.map((h) => names.get(h)!))];
  if (targets.length === 1) return { found: targets[0]! };
  if (targets.length > 1) return { ambiguous: hits };
  return { missing: true };
}
