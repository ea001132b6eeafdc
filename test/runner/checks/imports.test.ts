import { describe, expect, it } from 'vitest';
import { checkImport } from '../../../runner/checks/imports.js';

const exception = {
  type: 'EOFError',
  message: 'no input',
  frames: [{ file: 'ps9pr3.py', line: 60, function: '<module>', code: "connect_four(Player('X'), Player('O'))" }],
};

describe('the import test', () => {
  it('passes a module that imports silently', () => {
    expect(checkImport('ps9pr1.py', { kind: 'ok', stdout: '', prompts: [], durationMs: 1 }).status).toBe('pass');
  });

  it('fails printing and asking for input at import, quoting what happened', () => {
    expect(checkImport('ps9pr1.py', { kind: 'ok', stdout: '|X|\ndone\n', prompts: [], durationMs: 1 }).message).toBe(
      'importing ps9pr1.py printed 2 lines; code at global scope runs on import, so keep tests inside functions or under if __name__ == \'__main__\':. First line: "|X|"',
    );
    const asked = checkImport('ps9pr3.py', { kind: 'exception', exception, stdout: 'Enter a column: ', prompts: ['Enter a column: '] });
    expect(asked.status).toBe('fail');
    expect(asked.message).toContain('asked for input (ps9pr3.py, line 60, in <module>): "Enter a column: "');
  });

  it('tells a crash at import and a hang at import apart', () => {
    const syntax = checkImport('ps9pr4.py', {
      kind: 'exception',
      exception: { type: 'SyntaxError', message: "expected ':'", frames: [] },
      stdout: '',
      prompts: [],
    });
    expect(syntax).toMatchObject({ status: 'error' });
    expect(syntax.message).toContain('Python could not read the file, so nothing in it can be tested');
    expect(syntax.message).not.toContain('still ran');
    expect(checkImport('ps9pr4.py', { kind: 'timeout', limitMs: 10_000 })).toMatchObject({
      status: 'timeout',
      message: expect.stringContaining('did not finish within 10000 ms'),
    });
    expect(checkImport('ps9pr4.py', { kind: 'crashed', detail: 'exit code 3' })).toMatchObject({
      status: 'error',
      message: expect.stringContaining('killed the Python interpreter'),
    });
    expect(checkImport('ps9pr4.py', undefined).status).toBe('error');
  });
});
