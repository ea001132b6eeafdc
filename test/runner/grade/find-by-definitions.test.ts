import { describe, expect, it } from 'vitest';
import { findByDefinitions, looksLikePython, moduleFileName, topLevelDefinitions } from '../../../runner/layout/find-by-definitions.js';

const file = (name: string, defines: string[], claimed = false) => ({ name, defines: new Set(defines), claimed });

describe('finding a role by what its file defines', () => {
  it('reads the top-level classes and functions only, never nested ones or text in strings', () => {
    const text =
      'import random\nclass Board:\n    def add_checker(self):\n        pass\n\ndef process_move(p, b):\n    """def fake(): nothing"""\nasync def later():\n    pass\n';
    expect([...topLevelDefinitions(text)].sort()).toEqual(['Board', 'later', 'process_move']);
    expect(looksLikePython(text)).toBe(true);
    expect(looksLikePython('My reading response: the class was fun.\n')).toBe(false);
    expect(looksLikePython('class A:\0')).toBe(false);
  });

  it("takes the file that defines the role's first name and most of the others, then files that add the rest", () => {
    const needs = [{ role: 'hw11pr2', defines: ['Player', 'Board'] }];
    expect(findByDefinitions(needs, [file('Board.py', ['Board']), file('Player.py', ['Player']), file('Game.py', ['main'])])).toEqual(
      new Map([['hw11pr2', { files: ['Player.py', 'Board.py'], names: ['Player', 'Board'] }]]),
    );
    // Part 1's Board alone is not part 2's file.
    expect(findByDefinitions(needs, [file('hw11pr1.py', ['Board'])])).toEqual(new Map());
  });

  it("prefers a file no role claims by name, but takes another role's file when it holds the code", () => {
    const needs = [{ role: 'ps9pr2', defines: ['Player'] }];
    expect(
      findByDefinitions(needs, [file('ps9pr1.py', ['Board', 'Player'], true), file('zz_player.py', ['Player'])]).get('ps9pr2')?.files,
    ).toEqual(['zz_player.py']);
    expect(findByDefinitions(needs, [file('ps9pr1.py', ['Board', 'Player'], true)]).get('ps9pr2')?.files).toEqual(['ps9pr1.py']);
  });

  it('imports a file of another extension under a module name, so the imports between files still work', () => {
    expect(moduleFileName('ps11pr1.py')).toBe('ps11pr1.py');
    expect(moduleFileName('ps9pr1.txt')).toBe('ps9pr1.py');
    expect(moduleFileName('Board Class')).toBe('Board_Class.py');
    expect(moduleFileName('9lives.txt')).toBe('_9lives.py');
  });
});
