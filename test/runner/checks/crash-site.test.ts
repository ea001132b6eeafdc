import { describe, expect, it } from 'vitest';
import { askedTheSameAgain, crashedBeforeOwnCode, crashKey, crashSite } from '../../../runner/checks/crash-site.js';

describe('where a program crashed', () => {
  it('is the exception and the outermost line of the program it came through', () => {
    const transcript = [
      'Enter a file name: /',
      'Traceback (most recent call last):',
      '  File "connect4_ada.py", line 344, in play',
      '    game = loadGame(filename)',
      '  File "connect4_ada.py", line 296, in loadGame',
      '    raise ValueError("not a game")',
      'ValueError: not a game',
    ].join('\n');
    expect(crashSite(transcript)).toEqual({
      type: 'ValueError',
      file: 'connect4_ada.py',
      line: 344,
      innermost: { file: 'connect4_ada.py', line: 296 },
    });
    expect(crashKey(crashSite(transcript)!)).toBe('ValueError at connect4_ada.py line 344');
  });

  it('reads a bare exception line and a path, and only the last traceback', () => {
    const transcript =
      'Traceback (most recent call last):\n  File "old.py", line 1, in <module>\nKeyError: 1\nagain\nTraceback (most recent call last):\n  File "/tmp/grade-x/work/main.py", line 54, in <module>\n    choice = input()\nEOFError\n';
    expect(crashSite(transcript)).toEqual({ type: 'EOFError', file: 'main.py', line: 54, innermost: { file: 'main.py', line: 54 } });
  });

  it('is nothing without a traceback', () => {
    expect(crashSite('Player X wins!\n')).toBeUndefined();
  });
});

describe('running out of input', () => {
  const M = '<ask>';
  it('is a crash of its own only when the program asked one question again and again', () => {
    const refusing = `Who starts? ${M}2\nRandom? (Yes or No) ${M}No\nRandom? (Yes or No) ${M}1\nRandom? (Yes or No) ${M}q\nTraceback`;
    expect(askedTheSameAgain(refusing, M)).toBe(true);
    const playing = `Ada, your move: ${M}3\nGrace, your move: ${M}4\nAda, your move: ${M}S\nGrace, your move: ${M}\nTraceback`;
    expect(askedTheSameAgain(playing, M)).toBe(false);
  });
});

describe("a crash before the student's own code ran", () => {
  it('is a traceback with no frame of theirs; one through their code, or none at all, is not', () => {
    expect(
      crashedBeforeOwnCode("X to move\nTraceback (most recent call last):\nAttributeError: 'Board' object has no attribute 'playGame'\n"),
    ).toBe(true);
    expect(
      crashedBeforeOwnCode(
        'Traceback (most recent call last):\n  File "hw11pr2.py", line 190, in playGame\n    px.oppCh()\nAttributeError: x\n',
      ),
    ).toBe(false);
    expect(crashedBeforeOwnCode('X wins\n')).toBe(false);
  });
});
