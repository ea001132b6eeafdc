/**
 * What `grade lint` says of the built-in's versions (runner/pack/pack-upgrade.ts): whether it has changed since the
 * pack was made, the values the pack keeps from it as it was, and with `--upgrade` every change of the built-in's
 * since, beside the pack's own. Pure.
 */
import { counted } from '../counted.js';
import { shownValue, type BuiltInValues } from './built-in-values.js';
import type { BuiltInChange, PackUpgrade } from './pack-upgrade.js';

/** `tests.board.reset.points: 2 (was 1)`, or a test added or left out as one line. */
function changeLines(changes: readonly BuiltInChange[], now: BuiltInValues): string[] {
  const testOf = (path: string) => /^tests\.(.+)\.(group|name|points|visibility|hint)$/u.exec(path)?.[1];
  const whole = new Map<string, 'added' | 'removed'>();
  for (const change of changes) {
    const test = testOf(change.path);
    if (test && change.path.endsWith('.group')) whole.set(test, change.was === undefined ? 'added' : 'removed');
  }
  const lines: string[] = [];
  for (const [test, how] of whole)
    lines.push(
      how === 'added'
        ? `tests.${test}: added, ${counted(Number(now[`tests.${test}.points`] ?? 0), 'point')}: ${shownValue(now[`tests.${test}.name`])}`
        : `tests.${test}: left out`,
    );
  for (const change of changes) {
    const test = testOf(change.path);
    if (test && whole.has(test)) continue;
    const writes =
      change.packSays === undefined
        ? ''
        : JSON.stringify(change.packSays) === JSON.stringify(change.was)
          ? `; this pack writes ${shownValue(change.packSays)}, the value it had then: delete it to follow the built-in`
          : `; this pack writes ${shownValue(change.packSays)}, which stays`;
    lines.push(`${change.path}: ${shownValue(change.now)} (was ${shownValue(change.was)})${writes}`);
  }
  return lines;
}

export function upgradeLines(
  upgrade: PackUpgrade,
  now: BuiltInValues,
  options: { upgrade: boolean; assignment: string; grader: string; ownChanges: readonly string[] },
): string[] {
  const { base, unknown, changes, kept } = upgrade;
  const lines: string[] = [];
  if (unknown) {
    lines.push(
      `  madeFrom names a version of ${options.assignment} this grader has no record of (${unknown.builtIn}, grader ${unknown.grader}): made with another version of grade? Its values are compared with the built-in as it is now.`,
    );
  } else if (!base) {
    lines.push(
      `  It records no madeFrom (written by hand, or by grade init before it recorded one), and no earlier version of the built-in explains its values better than the built-in as it is now: add the line grade init writes, madeFrom: { builtIn: "${upgrade.current}", grader: "${options.grader}" }, so lint can tell the built-in's later changes from yours.`,
    );
  } else if (changes.length === 0) {
    lines.push(`  Made from the built-in as it is now (${base.hash}, grader ${base.grader}).`);
  } else {
    const made = base.inferred
      ? `It records no madeFrom (grade init wrote none then); the values it writes are the built-in's as it was at ${base.hash} (grader ${base.grader}), which has changed since`
      : `The built-in has changed since this pack was made from it (${base.hash}, grader ${base.grader}; now ${upgrade.current})`;
    lines.push(
      `  ${made}: ${counted(changes.length, 'value')}${kept.length > 0 ? `, ${kept.length} of them kept here as they were` : ''}.${options.upgrade ? '' : " grade lint --upgrade lists them beside the pack's own changes."}`,
    );
    if (kept.length > 0) {
      lines.push(
        "  Kept from the built-in as it was, not the course's changes (delete each to follow the built-in):",
        ...kept.map((k) => `    ${k.path}: ${shownValue(k.was)}, the built-in now ${shownValue(k.now)}`),
      );
    }
  }
  if (options.upgrade && base && changes.length > 0) {
    lines.push(`  The built-in's changes since ${base.hash}:`, ...changeLines(changes, now).map((l) => `    ${l}`));
    lines.push(
      options.ownChanges.length === 0 ? "  The pack's own changes: none." : "  The pack's own changes:",
      ...options.ownChanges.map((l) => `    ${l}`),
    );
  }
  return lines;
}
