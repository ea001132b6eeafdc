import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverSubmissions, groupFlatFiles } from '../../../runner/layout/layout.js';

const KNOWN = new Set(['ps9pr1.py', 'ps9pr2.py', 'ps9pr0.txt', 'ps11pr3.py', 'ps9pr3.py']);

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'layout-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('submission layouts', () => {
  it('reads a folder with one sub-folder per student, finding files a level or two down', () => {
    const root = tree({
      'alice/ps9pr1.py': '',
      'alice/notes.md': '',
      'bob/ps9/ps9pr1.py': '',
      'carol/homework9.py': '',
      'dave/sub/readme.txt': '',
    });
    const found = discoverSubmissions([root], KNOWN);
    expect(found.submissions.map((s) => [s.id, s.files.map((f) => f.name)])).toEqual([
      ['alice', ['notes.md', 'ps9pr1.py']],
      ['bob', ['ps9pr1.py']],
      ['carol', ['homework9.py']],
    ]);
    expect(found.layouts).toEqual(['folders']);
    expect(found.warnings.join('\n')).toContain('carol: no file of the assignment in it (looked for');
    expect(found.warnings.join('\n')).toContain('; graded with its files missing');
    expect(found.warnings.join('\n')).toMatch(/dave: no file of the assignment in it \(looked for [^\n]*…\)$/m);
  });

  it("reads a folder of Manchester's single files as one student each, named by the pattern's *", () => {
    const known = new Set(['connect4_*.py']);
    const root = tree({ 'connect4_Emmy_Noether.py': '', 'connect4_alan_turing.py': '', 'notes.txt': '' });
    const found = discoverSubmissions([root], known);
    expect(found.submissions.map((s) => [s.id, s.files.map((f) => f.name)])).toEqual([
      ['Emmy_Noether', ['connect4_Emmy_Noether.py']],
      ['alan_turing', ['connect4_alan_turing.py']],
    ]);
    expect(found.layouts).toEqual(['flat']);
    const one = tree({ 'ada/connect4_ada.py': '' });
    expect(discoverSubmissions([one], known).submissions.map((s) => s.id)).toEqual(['ada']);
  });

  it('reads one submission folder as one submission named for the folder', () => {
    const root = tree({ 'ps9pr1.py': '', 'ps9pr2.py': '' });
    const found = discoverSubmissions([root], KNOWN);
    expect(found.submissions).toHaveLength(1);
    expect(found.layouts).toEqual(['single']);
  });

  it('groups a flat folder by the prefix before the file name, renaming files to what the assignment expects', () => {
    const root = tree({ 'alice_ps9pr1.py': '', 'alice_ps9pr2.py': '', 'bob-smith-PS9PR1.py': '', 'stray.py': '' });
    const found = discoverSubmissions([root], KNOWN);
    expect(found.submissions.map((s) => [s.id, s.files.map((f) => f.name)])).toEqual([
      ['alice', ['ps9pr1.py', 'ps9pr2.py']],
      ['bob-smith', ['ps9pr1.py']],
    ]);
    expect(found.layouts).toEqual(['flat']);
  });

  it('prefers the longest known name, so ps11pr3.py is not read as ps1…', () => {
    expect([...groupFlatFiles(['x_ps11pr3.py'], KNOWN)]).toEqual([['x', [['x_ps11pr3.py', 'ps11pr3.py']]]]);
  });

  it('finds folders whose files have other names by what they define, at any depth up to three', () => {
    const defines = new Set(['Board', 'Player', 'process_move']);
    const root = tree({
      'ana/ps11pr1.py': 'class Board:\n    pass\n',
      'ana/ps11pr2.py': 'from ps11pr1 import *\nclass Player:\n    pass\n',
      'ben/Hw11/part2/Player.py': 'class Player:\n    pass\n',
      'cy/ps9pr1.txt': 'class Board:\n    pass\n',
      'dee/essay.txt': 'My board game class was fun.\n',
    });
    const found = discoverSubmissions([root], KNOWN, defines);
    expect(found.submissions.map((s) => [s.id, s.files.map((f) => f.name)])).toEqual([
      ['ana', ['ps11pr1.py', 'ps11pr2.py']],
      ['ben', ['Player.py']],
      ['cy', ['ps9pr1.txt']],
      ['dee', ['essay.txt']],
    ]);
    expect(found.warnings.join('\n')).toMatch(
      /dee: no file of the assignment in it \(looked for .*, and for files defining Board, Player, process_move, …\); graded with its files missing/u,
    );
    // Given alone, a folder of such files is one submission; a folder with nothing recognisable is none.
    expect(discoverSubmissions([join(root, 'ana')], KNOWN, defines).submissions.map((s) => s.id)).toEqual(['ana']);
    expect(discoverSubmissions([join(root, 'ana')], KNOWN, defines).layouts).toEqual(['single']);
    expect(discoverSubmissions([join(root, 'dee')], KNOWN, defines).submissions).toEqual([]);
  });

  it('warns about paths that are not there', () => {
    expect(discoverSubmissions(['/no/such/place'], KNOWN).warnings).toEqual(['/no/such/place: no such file or folder']);
  });
});
