/**
 * A note on a cluster, through whole runs: the same class graded twice gives the same cluster ids, and a note on
 * a cluster of five shows on those five students' pages and nowhere else.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../runner/cli/run-cli.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { tempDirs } from '../temp-dirs.js';

const SAMPLES = join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs61a-hw04');
const temp = tempDirs();

describe('notes.yml on a class', () => {
  it('shows a cluster note on its five members only, and keeps the cluster ids over a rerun', async () => {
    const klass = temp('grade-class-');
    for (let i = 1; i <= 5; i++) cpSync(join(SAMPLES, 'create-row-spaces'), join(klass, `student-${i}`), { recursive: true });
    cpSync(join(SAMPLES, 'correct-classic'), join(klass, 'student-6'), { recursive: true });
    cpSync(join(SAMPLES, 'put-piece-top-row'), join(klass, 'student-7'), { recursive: true });
    const grade = async (out: string) => {
      let said = '';
      const code = await runCli(
        [klass, '--assignment', 'cs61a-hw04', '--out', out, '--format', 'json,html,gradescope', '--jobs', '2'],
        (s) => (said += s),
        (s) => (said += s),
        { env: {}, cwd: klass },
      );
      expect(code).toBe(0);
      return { said, run: JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) };
    };
    const first = await grade(temp('grade-out-'));
    const cluster = first.run.clusters.find((c: { count: number; test: string }) => c.count === 5 && c.test.startsWith('create_row'));
    expect(cluster.id).toMatch(/^create_row\.\w+#[0-9a-f]{8}$/u);

    writeFileSync(join(klass, 'notes.yml'), `"${cluster.id}": |\n  Look at the spaces: **no** space between cells.\n`);
    const out = temp('grade-out-');
    const second = await grade(out);
    expect(second.run.clusters.map((c: { id: string }) => c.id)).toEqual(first.run.clusters.map((c: { id: string }) => c.id));
    expect(second.said).toContain('Notes from notes.yml: 1 used');
    for (let i = 1; i <= 7; i++) {
      const page = readFileSync(join(out, 'submissions', `student-${i}.html`), 'utf8');
      const gradescope = readFileSync(join(out, 'gradescope', `student-${i}.json`), 'utf8');
      expect(page.includes('<strong>no</strong> space between cells'), `student-${i}`).toBe(i <= 5);
      // Gradescope shows the note rendered, not its Markdown.
      expect(gradescope.includes('<strong>no</strong> space between cells'), `student-${i}`).toBe(i <= 5);
      expect(gradescope.includes('**no**'), `student-${i}`).toBe(false);
    }
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('shown to these students');
  }, 120_000);
});
