/**
 * A terminal that loads but cannot start a program (a Mac whose node-pty spawn-helper is not executable: every spawn
 * throws `posix_spawnp failed.`, forced here with CONNECT4_TEST_PTY_CANNOT_SPAWN=1): the probe finds it out, the
 * programs run on pipes, the run says so in one line, and a correct sample keeps full marks.
 */
import { execa } from 'execa';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunResults } from '../../runner/model/results.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { CLI_COMMAND } from '../helpers/cli-command.js';

describe('a terminal that cannot start a program', () => {
  it('falls back to pipes, says so once, and a correct CS111 sample gets full marks', async () => {
    const out = mkdtempSync(join(tmpdir(), 'pty-cannot-spawn-'));
    try {
      const sample = join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs111-ps9', 'correct-classic');
      const run = await execa(process.execPath, [...CLI_COMMAND, sample, '--out', out, '--format', 'json'], {
        cwd: PROJECT_ROOT,
        env: { CONNECT4_TEST_PTY_CANNOT_SPAWN: '1' },
        reject: false,
      });
      expect(run.exitCode, String(run.stderr)).toBe(0);
      const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults;
      const [graded] = results.submissions;
      // Every test passes but those worth nothing that were not run (a figure given only for --strength).
      const failed = graded!.tests.filter((t) => t.status !== 'pass' && !(t.status === 'skipped' && t.maxScore === 0));
      expect(failed.map((t) => `${t.id}: ${t.status} ${t.message.split('\n')[0]}`)).toEqual([]);
      expect(graded!.maxScore).toBeGreaterThan(0);
      expect(graded!.score).toBe(graded!.maxScore);
      // The programs ran: process_move at the shell, connect_four's games.
      const programs = graded!.tests.filter((t) => /^(process_move\.terminal|connect_four\.)/u.test(t.id));
      expect(programs.length).toBeGreaterThanOrEqual(3);
      const said = 'programs ran on pipes, not a terminal (node-pty could not start a program: posix_spawnp failed.';
      const notes = results.sandbox.notes.filter((n) => n.includes('pipes'));
      expect(notes).toHaveLength(1);
      expect(notes[0]).toContain(said);
      // And the run's own output says it in one line.
      expect(String(run.stdout).split(said)).toHaveLength(2);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);
});
