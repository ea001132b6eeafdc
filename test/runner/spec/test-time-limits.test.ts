/**
 * The limits only the grader's own suites set: a sample pinned to hang under scaled limits (two seconds at least),
 * and the very tests pinned to hang under half a second (CONNECT4_TEST_HANGS_FOR), the sample's other tests untouched.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { PINNED_HANG_MS } from '../../../runner/model/limits.js';
import { loadSpec, SpecError } from '../../../runner/pack/load-spec.js';
import { pinnedHangs, withPinnedHangs, withTimeScale } from '../../../runner/spec/resolve-spec.js';

const before = process.env['CONNECT4_TEST_HANGS_FOR'];
afterEach(() => {
  if (before === undefined) delete process.env['CONNECT4_TEST_HANGS_FOR'];
  else process.env['CONNECT4_TEST_HANGS_FOR'] = before;
});

describe('CONNECT4_TEST_HANGS_FOR', () => {
  it('names tests by submission', () => {
    process.env['CONNECT4_TEST_HANGS_FOR'] = 'loops/board.is_win_for.document, loops/connect_four.ai-games,hangs/import.ps9pr4';
    expect(Object.fromEntries([...pinnedHangs()].map(([id, tests]) => [id, [...tests]]))).toEqual({
      loops: ['board.is_win_for.document', 'connect_four.ai-games'],
      hangs: ['import.ps9pr4'],
    });
    delete process.env['CONNECT4_TEST_HANGS_FOR'];
    expect(pinnedHangs().size).toBe(0);
  });

  it('refuses an entry that is not <submission>/<test>', () => {
    for (const bad of ['loops', 'loops/a/b', '/a', 'loops/', 'a/b,,c/d']) {
      process.env['CONNECT4_TEST_HANGS_FOR'] = bad;
      expect(() => pinnedHangs(), bad).toThrow(SpecError);
    }
  });

  it("limits the named tests' calls, programs and prompts to half a second, after the sample's scale, and no other test", () => {
    const spec = withTimeScale(loadSpec(PROJECT_ROOT, 'cs111-ps9'), 0.1);
    const hung = withPinnedHangs(spec, new Set(['board.is_win_for.document', 'connect_four.ai-games']));
    for (const [i, test] of hung.tests.entries()) {
      const was = spec.tests[i]!;
      if (test.id === 'board.is_win_for.document' || test.id === 'connect_four.ai-games') {
        expect(test.limits, test.id).toEqual({
          ...was.limits,
          callMs: PINNED_HANG_MS,
          programMs: PINNED_HANG_MS,
          promptMs: PINNED_HANG_MS,
        });
        // The scaled limits were longer: two seconds at least.
        expect(was.limits.callMs).toBeGreaterThanOrEqual(2_000);
      } else {
        expect(test, test.id).toBe(was);
      }
    }
    expect(hung.limits).toEqual(spec.limits);
  });

  it('refuses a test the assignment does not have', () => {
    expect(() => withPinnedHangs(loadSpec(PROJECT_ROOT, 'cs111-ps9'), new Set(['board.is_win_for.nowhere']))).toThrow(
      /does not have: board\.is_win_for\.nowhere/u,
    );
  });
});
