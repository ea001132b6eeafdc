import { describe, expect, it } from 'vitest';
import { globToRegExp, onlyPattern } from '../../../runner/spec/globs.js';

describe('test id patterns', () => {
  it('match a whole id or its start, with * for any run of characters and the rest literal', () => {
    expect(globToRegExp('board.*').test('board.is_full')).toBe(true);
    expect(globToRegExp('board.*').test('xboard.is_full')).toBe(false);
    expect(globToRegExp('board.is_full').test('board.is_fullx')).toBe(false);
    expect(globToRegExp('board.is_full', 'prefix').test('board.is_full.document')).toBe(true);
    // A dot is a dot, not any character.
    expect(globToRegExp('board.', 'prefix').test('boardXis_full')).toBe(false);
  });

  it('--only takes several patterns separated by commas, each matching the start of an id', () => {
    const { regex, pattern } = onlyPattern('board.is_full, connect_four.*games,,');
    expect(pattern).toBe('board.is_full, connect_four.*games,,');
    const ids = [
      'board.is_full',
      'board.is_full.document',
      'board.can_add_to',
      'connect_four.ai-games',
      'connect_four.human-transcript',
      'xboard.is_full',
    ];
    expect(ids.filter((id) => regex.test(id))).toEqual(['board.is_full', 'board.is_full.document', 'connect_four.ai-games']);
    // One pattern alone, as before.
    expect(['board.is_full', 'board.can_add_to'].filter((id) => onlyPattern('board.can').regex.test(id))).toEqual(['board.can_add_to']);
    // Nothing but commas names no test.
    expect(onlyPattern(',').regex.test('board.is_full')).toBe(false);
  });
});
