/**
 * The look-ahead mistakes: with no mistake the variant scorer gives every fixture case of CS111's scores_for and
 * HMC's scoresFor; each mistake, played as a student's answers, is named, and only it; answers no mistake gives,
 * or a crash, name nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scoreColumnsWith } from '../../reference/core/lookahead-variants.js';
import { FULL_BOARD_RULES } from '../../reference/core/lookahead.js';
import type { FixtureCase } from '../../runner/model/fixture-types.js';
import { diagnoseLookahead, LOOKAHEAD_MISTAKES } from '../../runner/plan/lookahead-diagnosis.js';
import { positionFromRows, type SeenCase } from '../../runner/plan/lookahead-cases.js';
import { gridFromRows, XO_SPACE } from '../../reference/core/grid.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';

const gridOf = (p: SeenCase['position']) => gridFromRows(p.rows, XO_SPACE);
const pieceOf = (p: SeenCase['position']): 1 | 2 => (p.me === 'X' ? 1 : 2);
const numbers = (v: unknown) => (v as { items: { value: number }[] }).items.map((i) => i.value);
function cases(
  assignment: string,
  file: string,
  position: (c: FixtureCase) => SeenCase['position'] | undefined,
): { c: FixtureCase; position: SeenCase['position']; expected: number[]; also: number[][] }[] {
  const fixture = JSON.parse(readFileSync(join(PROJECT_ROOT, 'fixtures', assignment, file), 'utf8')) as { cases: FixtureCase[] };
  return fixture.cases.flatMap((c) => {
    const p = position(c);
    if (!p || !('value' in c.expected)) return [];
    return [{ c, position: p, expected: numbers(c.expected.value), also: (c.lenient?.alsoAccepted ?? []).map(numbers) }];
  });
}
const CS111 = cases('cs111-ps9', 'aiplayer-scores-for.json', (c) =>
  positionFromRows((c.input['board'] as { rows: unknown }).rows, c.input['checker'], c.input['lookahead']),
);
const HMC = cases('hmc-cs5-hw11', 'player-scores-for.json', (c) => {
  const player = c.input['player'] as { ox: unknown; ply: unknown };
  return positionFromRows((c.input['board'] as { rows: unknown }).rows, player.ox, player.ply);
});

describe('look-ahead mistakes', () => {
  it.each([
    ['CS111', CS111],
    ['HMC', HMC],
  ] as const)('with none made, give every %s fixture case its expected scores', (_, all) => {
    expect(all.length).toBeGreaterThan(40);
    for (const { c, position, expected, also } of all) {
      const answers = FULL_BOARD_RULES.map((rule) => scoreColumnsWith(gridOf(position), pieceOf(position), position.lookahead, {}, rule));
      expect([expected, ...also], c.id).toContainEqual(answers[0]);
    }
  });

  it('names each mistake from answers that make it, and nothing from answers no mistake gives', () => {
    // The deeper look-aheads, where the mistakes differ from one another.
    const deep = CS111.filter((x) => x.position.lookahead >= 2 && x.position.lookahead <= 3).slice(0, 12);
    for (const m of LOOKAHEAD_MISTAKES) {
      const seen: SeenCase[] = deep.map(({ c, position, expected }) => {
        const made = scoreColumnsWith(gridOf(position), pieceOf(position), position.lookahead, m.mistake, 'tie-50');
        const actual = made;
        return { id: c.id, position, expected, actual, passed: actual.every((v, i) => v === expected[i]) };
      });
      if (seen.every((s) => s.passed)) continue;
      const found = diagnoseLookahead(seen, FULL_BOARD_RULES);
      // Named as itself (or its family, where the boards cannot tell the family's members apart), or not at all
      // where another mistake gives the same answers on these boards.
      const family = LOOKAHEAD_MISTAKES.find((x) => x.family !== undefined && x.family === m.family)?.id;
      if (found) expect(found.variant, m.id).toBe(family ?? m.id);
      if (found) expect(found.sentence).toMatch(/^Your scores are what/u);
    }
    const shallow = diagnoseLookahead(
      deep.map(({ c, position, expected }) => ({
        id: c.id,
        position,
        expected,
        actual: scoreColumnsWith(gridOf(position), pieceOf(position), position.lookahead, { depth: -1 }, 'tie-50'),
        passed: false,
      })),
      FULL_BOARD_RULES,
    );
    expect(shallow?.variant).toBe('one-level-shallower');
    // Scores no mistake gives, and a crash, name nothing.
    expect(
      diagnoseLookahead(
        deep.map(({ c, position, expected }) => ({ id: c.id, position, expected, actual: expected.map((v) => v + 1), passed: false })),
        FULL_BOARD_RULES,
      ),
    ).toBeUndefined();
    expect(
      diagnoseLookahead([{ id: 'x', position: deep[0]!.position, expected: deep[0]!.expected, passed: false }], FULL_BOARD_RULES),
    ).toBeUndefined();
  });

  it('leaves out a failing case that ran out of time, where a case that crashed rules every name out', () => {
    const deep = CS111.filter((x) => x.position.lookahead >= 2 && x.position.lookahead <= 3).slice(0, 12);
    const deeper = deep.map(({ c, position, expected }): SeenCase => ({
      id: c.id,
      position,
      expected,
      actual: scoreColumnsWith(gridOf(position), pieceOf(position), position.lookahead, { depth: 1 }, 'tie-50'),
      passed: false,
    }));
    const last = deeper.at(-1)!;
    // A search one level too deep is slower too: on a slow machine its deepest case may not return in time.
    const hung = diagnoseLookahead(
      [...deeper.slice(0, -1), { id: last.id, position: last.position, expected: last.expected, passed: false, hung: true }],
      FULL_BOARD_RULES,
    );
    expect(hung?.variant).toBe('one-level-deeper');
    expect(hung?.cases).not.toContain(last.id);
    expect(
      diagnoseLookahead(
        [...deeper.slice(0, -1), { id: last.id, position: last.position, expected: last.expected, passed: false }],
        FULL_BOARD_RULES,
      ),
    ).toBeUndefined();
    // Nothing but hung cases names nothing.
    expect(
      diagnoseLookahead(
        deeper.map(({ id, position, expected }) => ({ id, position, expected, passed: false, hung: true })),
        FULL_BOARD_RULES,
      ),
    ).toBeUndefined();
  });
});
