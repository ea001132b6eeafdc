/**
 * What a student's process is given of the machine's environment: nothing of the grader's but, on Windows, the
 * system's folder, without which Python cannot start its random numbers (`import random`) or its sockets.
 */
import { describe, expect, it } from 'vitest';
import { studentEnv } from '../../../runner/harness/session.js';

describe("a student's environment", () => {
  it('holds its workspace and fixed values, nothing of the grader', () => {
    process.env['CONNECT4_TEST_CANARY'] = 'the grader';
    try {
      const env = studentEnv('/w', 'linux');
      expect(Object.keys(env).sort()).toEqual([
        'HOME',
        'LANG',
        'PATH',
        'PYTHONDONTWRITEBYTECODE',
        'PYTHONHASHSEED',
        'PYTHONIOENCODING',
        'TMPDIR',
      ]);
      expect(env).toMatchObject({ HOME: '/w', TMPDIR: '/w' });
    } finally {
      delete process.env['CONNECT4_TEST_CANARY'];
    }
  });

  it("on Windows, also the system's folder", () => {
    const env = studentEnv('C:\\w', 'win32');
    expect(env['SYSTEMROOT']).toBe(process.env['SYSTEMROOT'] ?? 'C:\\Windows');
    expect(Object.keys(env).filter((name) => !(name in studentEnv('C:\\w', 'linux')))).toEqual(['SYSTEMROOT']);
  });
});
