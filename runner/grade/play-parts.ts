/**
 * A driven case's independent parts (a tournament's games, plan/property.ts PlayParts) on the submission's
 * harnesses: one after another on the test's own, or side by side on it and a second one where a core would idle.
 * Either way each part starts in a fresh process with seeds of its own, and the parts that count are the same: a
 * part counts while the ones before it leave the verdict open, so one played side by side that turns out not to
 * count is dropped.
 */
import type { Ask } from '../plan/property.js';

/** A harness parts are played on. */
export interface Lane {
  /** Whether the lane can play at all (a second harness that cannot start leaves its parts to the others). */
  ready?(): Promise<boolean>;
  /** A fresh process for the next part. */
  fresh(): Promise<void>;
  /** Part `index`'s way to ask, with seeds of its own. */
  ask(index: number): Ask;
}

/**
 * Plays `parts` on `lanes` (the first is the test's own, whose process is fresh for its first part) and returns the
 * results that count, in order. `wanted` must stay false once it is false for a prefix (a decided verdict stays so).
 */
export async function playParts<T>(
  parts: readonly ((ask: Ask) => Promise<T>)[],
  wanted: (before: readonly T[]) => boolean,
  lanes: readonly Lane[],
): Promise<T[]> {
  const ended: (PromiseSettledResult<T> | undefined)[] = [];
  // Whether part i may still count: the parts before it that have ended leave the verdict open.
  const open = (i: number): boolean => {
    const before: T[] = [];
    for (let j = 0; j < i; j++) {
      const e = ended[j];
      if (e === undefined) return true;
      if (e.status === 'rejected') return false;
      before.push(e.value);
    }
    return wanted(before);
  };
  let next = 0;
  const work = async (lane: Lane, freshAlready: boolean) => {
    if (lane.ready && !(await lane.ready())) return;
    for (let played = 0; next < parts.length; played++) {
      const i = next++;
      if (!open(i)) return;
      if (played > 0 || !freshAlready) await lane.fresh();
      try {
        ended[i] = { status: 'fulfilled', value: await parts[i]!(lane.ask(i)) };
      } catch (reason) {
        ended[i] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(lanes.map((lane, k) => work(lane, k === 0)));
  const counted: T[] = [];
  for (let i = 0; i < parts.length && wanted(counted); i++) {
    const e = ended[i];
    if (e === undefined) break;
    if (e.status === 'rejected') throw e.reason;
    counted.push(e.value);
  }
  return counted;
}
