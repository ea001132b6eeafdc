import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createWorkspace } from '../../../runner/sandbox/workspace.js';

const source = mkdtempSync(join(tmpdir(), 'workspace-src-'));
afterAll(() => rmSync(source, { recursive: true, force: true }));

describe('the throw-away workspace', () => {
  it('copies regular files under their assignment names, leaves out links with the reason, and goes away', () => {
    writeFileSync(join(source, 'alice_ps9pr1.py'), 'class Board: pass\n');
    symlinkSync('/etc/hostname', join(source, 'ps9pr2.py'));
    const workspace = createWorkspace([
      { source: join(source, 'alice_ps9pr1.py'), name: 'ps9pr1.py' },
      { source: join(source, 'ps9pr2.py'), name: 'ps9pr2.py' },
    ]);
    expect(readFileSync(join(workspace.dir, 'ps9pr1.py'), 'utf8')).toBe('class Board: pass\n');
    expect(existsSync(join(workspace.dir, 'ps9pr2.py'))).toBe(false);
    expect(workspace.skipped).toEqual([{ name: 'ps9pr2.py', reason: 'not a regular file' }]);
    expect(workspace.dir.startsWith(tmpdir())).toBe(true);
    workspace.remove();
    expect(existsSync(workspace.dir)).toBe(false);
  });

  it("makes the student's own files writable, as a read-only file from a zip must still be saved over", () => {
    writeFileSync(join(source, 'game.txt'), 'Ada\n');
    chmodSync(join(source, 'game.txt'), 0o444);
    const workspace = createWorkspace([{ source: join(source, 'game.txt'), name: 'game.txt' }]);
    expect(statSync(join(workspace.dir, 'game.txt')).mode & 0o777).toBe(0o644);
    workspace.remove();
  });
});
