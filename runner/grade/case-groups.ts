/**
 * A heavy test's cases in two groups of about the same work, each run in a child of its own: side by side where a
 * core would idle (grade check), one after the other otherwise. The groups depend on the cases alone, never on the
 * mode, so a case shares its child with the same cases either way and the two give the same verdicts. Pure.
 */

/** Below this many boards in all (what a plain look-ahead tries), a test's cases are not worth a second child. */
export const SPLIT_BOARDS = 1000;
/** Nor when the lighter group would hold less than this share of the work: a child's start for nothing. */
const LIGHTER_SHARE = 0.1;

/**
 * The cases' indices in groups, each group in the cases' order and the group holding the first case first; one
 * group when the cases say too little of their work (`costs`: boards, undefined where unknown) to be worth a split.
 */
export function caseGroups(costs: readonly (number | undefined)[]): number[][] {
  const all = costs.map((_, i) => i);
  const cost = (i: number) => costs[i] ?? 0;
  const total = all.reduce((sum, i) => sum + cost(i), 0);
  if (costs.length < 2 || total < SPLIT_BOARDS) return [all];
  // The heaviest first, each into the group with less work so far (the first on a tie): two near-equal halves.
  const into: number[] = [];
  const load = [0, 0];
  for (const i of [...all].sort((a, b) => cost(b) - cost(a) || a - b)) {
    const group = load[1]! < load[0]! ? 1 : 0;
    into[i] = group;
    load[group]! += cost(i);
  }
  if (Math.min(load[0]!, load[1]!) < LIGHTER_SHARE * total) return [all];
  const groups = [0, 1].map((g) => all.filter((i) => into[i] === g));
  return groups.sort((a, b) => a[0]! - b[0]!);
}
