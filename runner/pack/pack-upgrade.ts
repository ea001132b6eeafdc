/**
 * What has happened to the built-in since a pack was made from it: the version the pack records (`madeFrom`), or for
 * a pack made before packs recorded one, the recorded version whose values it keeps most of; the built-in's changes
 * since, and the values the pack keeps from it as it was then (a pack that wrote every value froze them): those are
 * not the course's changes, and lint says so. Pure.
 */
import type { BuiltInValues, BuiltInVersion } from './built-in-values.js';
import type { Pack } from '../model/pack-types.js';

type Value = BuiltInValues[string];

export interface BuiltInChange {
  readonly path: string;
  readonly was: Value | undefined;
  readonly now: Value | undefined;
  /** What the pack itself writes at this path, if anything. */
  readonly packSays?: Value;
}

export interface PackUpgrade {
  /** The version the pack was made from: recorded (`madeFrom`) or, for a pack that records none, inferred. */
  readonly base?: BuiltInVersion & { readonly inferred: boolean };
  /** `madeFrom.builtIn` names a version the history does not hold (made by another grader). */
  readonly unknown?: { readonly builtIn: string; readonly grader: string };
  readonly current: string;
  readonly changes: readonly BuiltInChange[];
  /** The paths whose value the pack writes as the built-in had it then, which the built-in has changed since. */
  readonly kept: readonly BuiltInChange[];
}

/** The values a pack writes, by the paths of builtInValues; a test disabled as `tests.<id>.enabled: false`. */
export function packValues(pack: Pack): BuiltInValues {
  const values: Record<string, Value> = {};
  if (pack.title !== undefined) values['title'] = pack.title;
  for (const [key, text] of Object.entries(pack.texts ?? {})) values[`texts.${key}`] = text;
  for (const [role, file] of Object.entries(pack.files ?? {})) values[`files.${role}.names`] = [...file.names];
  for (const [id, group] of Object.entries(pack.groups ?? {})) {
    for (const field of ['name', 'manualPoints', 'points'] as const)
      if (group[field] !== undefined) values[`groups.${id}.${field}`] = group[field];
  }
  for (const [id, test] of Object.entries(pack.tests ?? {})) {
    // A test of the course's own is no value of the built-in's, kept or changed.
    if ('kind' in test) continue;
    for (const field of ['points', 'visibility', 'hint'] as const)
      if (test[field] !== undefined) values[`tests.${id}.${field}`] = test[field];
  }
  return values;
}

const same = (a: Value | undefined, b: Value | undefined): boolean => JSON.stringify(a) === JSON.stringify(b);

/** How many of the values the pack writes are `version`'s own. */
const keptOf = (written: BuiltInValues, version: BuiltInValues): number =>
  Object.keys(written).filter((path) => same(written[path], version[path])).length;

export function packUpgrade(
  pack: Pack & { readonly madeFrom?: { readonly builtIn: string; readonly grader: string } },
  current: BuiltInVersion,
  history: readonly BuiltInVersion[],
): PackUpgrade {
  const written = packValues(pack);
  let base: PackUpgrade['base'];
  let unknown: PackUpgrade['unknown'];
  if (pack.madeFrom) {
    const recorded = [...history, current].find((v) => v.hash === pack.madeFrom!.builtIn);
    if (recorded) base = { ...recorded, inferred: false };
    else unknown = pack.madeFrom;
  } else if (Object.keys(written).length > 0) {
    // A pack from before madeFrom: the version whose values it writes most of (the latest of equals), if that
    // explains more of them than the built-in as it is now.
    const best = [...history]
      .reverse()
      .reduce<BuiltInVersion | undefined>(
        (top, v) => (!top || keptOf(written, v.values) > keptOf(written, top.values) ? v : top),
        undefined,
      );
    if (best && best.hash !== current.hash && keptOf(written, best.values) > keptOf(written, current.values))
      base = { ...best, inferred: true };
  }
  if (!base || base.hash === current.hash)
    return { ...(base && { base }), ...(unknown && { unknown }), current: current.hash, changes: [], kept: [] };
  const paths = [...new Set([...Object.keys(base.values), ...Object.keys(current.values)])];
  const changes = paths
    .filter((path) => !same(base.values[path], current.values[path]))
    .map((path): BuiltInChange => ({
      path,
      was: base.values[path],
      now: current.values[path],
      ...(written[path] !== undefined && { packSays: written[path] }),
    }));
  const kept = changes.filter((c) => c.packSays !== undefined && same(c.packSays, c.was) && c.now !== undefined);
  return { base, current: current.hash, changes, kept };
}
