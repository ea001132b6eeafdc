/**
 * A built-in's values a course's pack can change or keep (its title, files, problems, tests with their points,
 * visibility and hints, texts, API), as one flat map of paths to values, and the hash a pack records of them
 * (`madeFrom.builtIn`): the built-in as the pack was made from it. Each built-in keeps the values of every version a
 * pack may have been made from in `spec/<id>/history.json` (`npm run spec:history` records a changed one), so `grade
 * lint` can tell the built-in's own changes since from the course's. Pure but for reading that file.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Spec } from '../model/spec-types.js';
import { filledIn } from './titles.js';

/** Path (`tests.board.reset.points`) to value: a string, a number, or a list of file names. */
export type BuiltInValues = Readonly<Record<string, string | number | readonly string[]>>;

export interface BuiltInVersion {
  /** 16 hex of the sha256 of its values. */
  readonly hash: string;
  /** The grader's version when it was recorded. */
  readonly grader: string;
  readonly values: BuiltInValues;
}

/** The values of a built-in's spec, its titles said with its own file names and texts. */
export function builtInValues(spec: Spec): BuiltInValues {
  const values: Record<string, string | number | readonly string[]> = { title: spec.title };
  for (const name of spec.api ?? []) values[`api.${name}`] = name;
  for (const [key, text] of Object.entries(spec.texts ?? {})) values[`texts.${key}`] = text.text;
  for (const file of spec.files) values[`files.${file.role}.names`] = [...file.names];
  for (const group of spec.groups) {
    values[`groups.${group.id}.name`] = group.name;
    values[`groups.${group.id}.manualPoints`] = group.manualPoints ?? 0;
    values[`groups.${group.id}.points`] = group.points;
    for (const test of group.tests) {
      const at = `tests.${test.id}`;
      values[`${at}.group`] = group.id;
      values[`${at}.name`] = filledIn(test.name, spec.files, spec.texts);
      values[`${at}.points`] = test.points;
      values[`${at}.visibility`] = test.visibility;
      if (test.hint !== undefined) values[`${at}.hint`] = filledIn(test.hint, spec.files, spec.texts);
    }
  }
  return values;
}

/** 16 hex of the sha256 of the values, their paths in order: the same values give the same hash. */
export function valuesHash(values: BuiltInValues): string {
  const sorted = Object.keys(values)
    .sort()
    .map((path) => [path, values[path]]);
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, 16);
}

export const historyPath = (root: string, id: string): string => join(root, 'spec', id, 'history.json');

/**
 * A history as its file holds it: the first version's values whole, each later one as what it set and unset since the
 * one before (a change of points is a line in a review, not the whole list again).
 */
export interface HistoryFile {
  readonly versions: readonly ({ readonly hash: string; readonly grader: string } & (
    { readonly values: BuiltInValues } | { readonly set: BuiltInValues; readonly unset: readonly string[] }
  ))[];
}

/** Every version of a built-in recorded in its history, the oldest first; none where there is no history. */
export function builtInHistory(root: string, id: string): readonly BuiltInVersion[] {
  const path = historyPath(root, id);
  if (!existsSync(path)) return [];
  return versionsOf(JSON.parse(readFileSync(path, 'utf8')) as HistoryFile);
}

export function versionsOf(file: HistoryFile): BuiltInVersion[] {
  const versions: BuiltInVersion[] = [];
  for (const entry of file.versions) {
    const before = versions.at(-1)?.values ?? {};
    const values =
      'values' in entry
        ? entry.values
        : Object.fromEntries([...Object.entries(before).filter(([path]) => !entry.unset.includes(path)), ...Object.entries(entry.set)]);
    versions.push({ hash: entry.hash, grader: entry.grader, values });
  }
  return versions;
}

/** The history file for these versions, in their order. */
export function historyFile(versions: readonly BuiltInVersion[]): HistoryFile {
  return {
    versions: versions.map((v, i) => {
      const before = versions[i - 1]?.values;
      if (!before) return { hash: v.hash, grader: v.grader, values: v.values };
      const set = Object.fromEntries(
        Object.entries(v.values).filter(([path, value]) => JSON.stringify(before[path]) !== JSON.stringify(value)),
      );
      return { hash: v.hash, grader: v.grader, set, unset: Object.keys(before).filter((path) => !(path in v.values)) };
    }),
  };
}

/** One value as lint says it. */
export const shownValue = (value: string | number | readonly string[] | undefined): string =>
  value === undefined
    ? 'none'
    : typeof value === 'string'
      ? JSON.stringify(value)
      : Array.isArray(value)
        ? `[${value.join(', ')}]`
        : String(value);
