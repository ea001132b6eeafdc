/**
 * The Gradescope autograder zip: its two scripts at the root, executable, and the tool inside. run_autograder is run
 * here as Gradescope runs it (the image's node_modules stood in by ours), on a CS61A sample, and must leave a
 * Gradescope results.json with the score.
 */
import { execa } from 'execa';
import { unzipSync } from 'fflate';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gradescopeBundle } from '../../runner/cli/gradescope-bundle.js';
import { runCli } from '../../runner/cli/run-cli.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';

const root = mkdtempSync(join(tmpdir(), 'autograder-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Each entry's Unix mode, from the zip's central directory (external attributes, high 16 bits). */
function modes(zip: Uint8Array): Map<string, number> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const found = new Map<string, number>();
  for (let at = 0; at + 46 <= zip.length; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(at + 28, true);
    const name = new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength));
    found.set(name, view.getUint32(at + 38, true) >>> 16);
  }
  return found;
}

interface GradescopeOutput {
  readonly score: number;
  readonly tests: readonly { readonly name: string; readonly status: string; readonly max_score: number; readonly visibility: string }[];
}

/** The bundle unpacked as Gradescope does under `at` (our node_modules for the image's), run on a CS61A sample. */
async function runAutograder(at: string, files: Record<string, Uint8Array>, sample: string): Promise<GradescopeOutput> {
  for (const [name, data] of Object.entries(files)) {
    const path = join(at, 'source', name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, data);
  }
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(at, 'source', 'grader', 'node_modules'));
  cpSync(join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs61a-hw04', sample), join(at, 'submission'), { recursive: true });
  const run = await execa('bash', [join(at, 'source', 'run_autograder')], {
    env: { AUTOGRADER_ROOT: at, PATH: process.env.PATH! },
    reject: false,
  });
  expect(run.exitCode, run.stderr).toBe(0);
  return JSON.parse(readFileSync(join(at, 'results', 'results.json'), 'utf8')) as GradescopeOutput;
}

describe('grade gradescope-bundle', () => {
  const zip = gradescopeBundle(PROJECT_ROOT, 'cs61a-hw04');
  const files = unzipSync(zip);

  it('puts setup.sh and run_autograder at the root, executable, and the tool with one assignment inside', () => {
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'setup.sh',
        'run_autograder',
        'grader/package.json',
        'grader/package-lock.json',
        'grader/dist/grade.js',
        'grader/runner/harness/python/harness.py',
        'grader/runner/harness/python/grade_harness/server.py',
        'grader/runner/assignments/cs61a-hw04/doubles.py',
        'grader/spec/cs61a-hw04/assignment.yml',
        'grader/fixtures/cs61a-hw04/put-piece.json',
      ]),
    );
    expect(
      Object.keys(files).some((name) => name.startsWith('grader/fixtures/cs111-ps9/') || name.startsWith('grader/fixtures/submissions/')),
    ).toBe(false);
    expect(
      Object.keys(files)
        .filter((name) => name.startsWith('grader/runner/assignments/'))
        .sort(),
    ).toEqual(['grader/runner/assignments/cs61a-hw04/doubles.py', 'grader/runner/assignments/cs61a-hw04/tools.py']);
    const mode = modes(zip);
    expect((mode.get('setup.sh')! & 0o777).toString(8)).toBe('755');
    expect((mode.get('run_autograder')! & 0o777).toString(8)).toBe('755');
    expect(JSON.parse(new TextDecoder().decode(files['grader/package.json'])).scripts.prepare).toBeUndefined();
    expect(new TextDecoder().decode(files['setup.sh'])).toContain('npm ci --omit=dev');
  });

  it("grades /autograder/submission with run_autograder into Gradescope's results.json", async () => {
    const results = await runAutograder(root, files, 'print-board-indexes-board');
    expect(results.score).toBe(39);
    expect(results.tests).toHaveLength(31);
    expect(results.tests.filter((t) => t.status === 'failed')).toHaveLength(1);
    // The built-in's hidden tests are never shown on Gradescope (only a pack's after-due ones are shown after the due date).
    expect(results.tests.filter((t) => t.visibility === 'hidden').length).toBeGreaterThan(5);
    expect(results.tests.filter((t) => t.visibility === 'after_due_date')).toEqual([]);
  }, 120_000);

  it("carries a course's pack and grades with it", async () => {
    const packRoot = join(root, 'with-pack');
    const target = join(root, 'pack-bundle.zip');
    const pack = join(PROJECT_ROOT, 'fixtures', 'packs', 'cs61a-hw04');
    expect(
      await runCli(
        ['gradescope-bundle', pack, '--out', target],
        () => {},
        () => {},
      ),
    ).toBe(0);
    const packed = unzipSync(readFileSync(target));
    expect(new TextDecoder().decode(packed['grader/pack/assignment.yml'])).toBe(readFileSync(join(pack, 'assignment.yml'), 'utf8'));
    expect(new TextDecoder().decode(packed['run_autograder'])).toContain('--assignment "$ROOT/source/grader/pack"');
    const results = await runAutograder(packRoot, packed, 'print-board-indexes-board');
    // The pack: print_board.pieces is worth 2 (of 3), one point of Question 5 is graded by hand, create_row.generated is visible.
    expect(results.tests.reduce((n, t) => n + t.max_score, 0)).toBe(39);
    expect(results.score).toBe(38);
    expect(results.tests.find((t) => t.name.startsWith('create_row on generated'))!.visibility).toBe('visible');
  }, 120_000);

  it("builds a pack's generated cases into the image once, where every run reads them", async () => {
    const at = join(root, 'with-boards');
    const packDir = join(root, 'boards-pack');
    mkdirSync(packDir, { recursive: true });
    writeFileSync(join(packDir, 'assignment.yml'), 'extends: hmc-cs5-hw11\nboards:\n  sizes:\n    - { rows: 5, columns: 6 }\n');
    const packed = unzipSync(gradescopeBundle(PROJECT_ROOT, 'hmc-cs5-hw11', join(packDir, 'assignment.yml')));
    const setup = new TextDecoder().decode(packed['setup.sh']);
    const run = new TextDecoder().decode(packed['run_autograder']);
    const line = setup.split('\n').find((l) => l.includes('lint pack'))!;
    expect(line).toBe('CONNECT4_CACHE="/autograder/source/grader/cache" node dist/grade.js lint pack');
    expect(run).toContain('export CONNECT4_CACHE="$ROOT/source/grader/cache"');
    for (const [name, data] of Object.entries(packed)) {
      mkdirSync(dirname(join(at, 'source', name)), { recursive: true });
      writeFileSync(join(at, 'source', name), data);
    }
    symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(at, 'source', 'grader', 'node_modules'));
    // setup.sh's line, as the image is built (the bundle's own dist/, no TypeScript), then a run's reading of it.
    const lint = () =>
      execa('node', ['dist/grade.js', 'lint', 'pack'], {
        cwd: join(at, 'source', 'grader'),
        env: { CONNECT4_CACHE: join(at, 'source', 'grader', 'cache'), PATH: process.env.PATH! },
        reject: false,
      });
    const built = await lint();
    expect(built.exitCode, built.stderr).toBe(0);
    expect(built.stdout).toContain('boards: generated cases on boards of 5 × 6');
    const cache = join(at, 'source', 'grader', 'cache', 'pack-cases');
    const [file] = readdirSync(cache);
    const first = statSync(join(cache, file!)).mtimeMs;
    expect((await lint()).exitCode).toBe(0);
    expect(readdirSync(cache)).toEqual([file]);
    expect(statSync(join(cache, file!)).mtimeMs).toBe(first);
  }, 120_000);

  it('writes the zip from the command line, and refuses an assignment without a spec', async () => {
    let out = '';
    let err = '';
    const target = join(root, 'bundle.zip');
    expect(
      await runCli(
        ['gradescope-bundle', 'cs61a-hw04', '--out', target],
        (s) => (out += s),
        (s) => (err += s),
      ),
    ).toBe(0);
    expect(out).toMatch(/^Wrote .*bundle\.zip \(\d+ KB\): upload it/);
    expect(Object.keys(unzipSync(readFileSync(target)))).toContain('run_autograder');
    expect(
      await runCli(
        ['gradescope-bundle', 'othello'],
        () => {},
        (s) => (err += s),
      ),
    ).toBe(2);
    expect(err).toContain('give one assignment with a spec: conniption, cs111-ps9, cs61a-hw04, hmc-cs5-hw11, manchester-connect4');
  });
});
