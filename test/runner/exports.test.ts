/**
 * What instructors download, graded end to end by the real CLI: a Canvas download (folder and zip), a Gradescope
 * export, a folder of one zip per student; and the zip reader's refusals (paths out of its folder, zip bombs).
 */
import { execa } from 'execa';
import { zipSync, strToU8 } from 'fflate';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { looksLikeCanvas, parseCanvasName, unpackZip, ZIP_LIMITS } from '../../runner/layout/exports.js';
import { discoverSubmissions } from '../../runner/layout/layout.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { tempDirs } from '../temp-dirs.js';
import type { RunResults } from '../../runner/model/results.js';
import { CLI_COMMAND } from '../helpers/cli-command.js';

const EXPORTS = join(PROJECT_ROOT, 'fixtures', 'exports');
const SAMPLES = join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs61a-hw04');
const temp = tempDirs();

/** A folder's files as a zip, each under `prefix`. */
function zipFolder(dir: string, prefix = ''): Uint8Array {
  return zipSync(Object.fromEntries(readdirSync(dir).map((f) => [`${prefix}${f}`, readFileSync(join(dir, f))])));
}

async function grade(...args: string[]): Promise<{ results: RunResults; out: string; stderr: string }> {
  const out = temp('exports-out-');
  const run = await execa(process.execPath, [...CLI_COMMAND, ...args, '--out', out, '--format', 'json,csv,html'], {
    cwd: PROJECT_ROOT,
    env: { CI: 'true' },
    reject: false,
  });
  expect(run.exitCode, String(run.stderr)).toBe(0);
  return { results: JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults, out, stderr: String(run.stderr) };
}

const scores = (results: RunResults) => Object.fromEntries(results.submissions.map((s) => [s.id, s.score]));

/** The submissions grade finds at `path` (CS61A's file names): who, and each Python file's name and text. */
const found = (path: string) => {
  const discovered = discoverSubmissions([path], new Set(['hw04.py']));
  expect(discovered.warnings).toEqual([]);
  return discovered.submissions.map((s) => ({
    id: s.id,
    student: s.student,
    files: s.files.filter((f) => f.name.endsWith('.py')).map((f) => [f.name, readFileSync(f.source, 'utf8')]),
  }));
};

describe('Canvas downloads', () => {
  const expectCanvas = (results: RunResults) => {
    expect(scores(results)).toEqual({ smithjohn: 40, doejane: 39, leeal: 40 });
    expect(results.submissions.find((s) => s.id === 'doejane')!.student).toEqual({ name: 'doejane', id: '12346', late: true });
    expect(results.submissions.find((s) => s.id === 'leeal')!.student).toEqual({ name: 'leeal', id: '12347' });
  };

  it('groups the attachments back into one submission per student, resubmitted names cleaned', async () => {
    const { results, out } = await grade(join(EXPORTS, 'canvas-cs61a'));
    expectCanvas(results);
    const gradebook = readFileSync(join(out, 'gradebook.csv'), 'utf8').split('\r\n');
    expect(gradebook[0]).toMatch(/^Student,ID,SIS User ID,SIS Login ID,Section,CS 61A Homework 4/);
    expect(gradebook).toContain('doejane,12346,,,,39');
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('<span class="badge timeout">late</span>');
  });

  it('reads the same download as the zip Canvas hands over', () => {
    // The same students with the same files and names as the folder, which the test above grades end to end.
    const zip = join(temp('canvas-zip-'), 'submissions.zip');
    writeFileSync(zip, zipFolder(join(EXPORTS, 'canvas-cs61a')));
    const fromZip = found(zip);
    expect(fromZip.map((s) => s.id).sort()).toEqual(['doejane', 'leeal', 'smithjohn']);
    expect(fromZip).toEqual(found(join(EXPORTS, 'canvas-cs61a')));
  });

  it('reads Canvas names, and tells a Canvas folder from others', () => {
    expect(parseCanvasName('doejane_LATE_12346_1002_hw04-1.py')).toEqual({
      sortableName: 'doejane',
      late: true,
      userId: '12346',
      attachmentId: '1002',
      file: 'hw04.py',
    });
    expect(parseCanvasName('alice_hw04.py')).toBeUndefined();
    expect(looksLikeCanvas(['smithjohn_12345_1001_hw04.py', 'notes.txt'])).toBe(true);
    expect(looksLikeCanvas(['alice_hw04.py', 'bob_hw04.py'])).toBe(false);
  });
});

describe('Gradescope exports', () => {
  it('grades each submission folder and names it by its submitters, a group by all of them', async () => {
    const { results, out } = await grade(join(EXPORTS, 'gradescope-cs61a'));
    // The group's print_board leaves trailing spaces, which the CS61A document warns of: print_board.spacing alone.
    expect(scores(results)).toEqual({ submission_900101: 40, submission_900102: 39 });
    expect(results.submissions[1]!.tests.filter((t) => t.status !== 'pass').map((t) => t.id)).toEqual(['print_board.spacing']);
    expect(results.submissions.map((s) => s.student)).toEqual([
      { name: 'Ada Lovelace', id: '900101', sisId: '3031001', email: 'ada@example.edu' },
      { name: 'Grace Hopper & Alan Turing', id: '900102', sisId: '3031002', email: 'grace@example.edu' },
    ]);
    expect(readFileSync(join(out, 'gradebook.csv'), 'utf8')).toContain('Ada Lovelace,900101,3031001,ada@example.edu,,40\r\n');
  });
});

describe('a folder of zips, one per student', () => {
  it('grades each zip as its student, whether it holds the files or a folder of them', async () => {
    const dir = temp('student-zips-');
    writeFileSync(join(dir, 'alice.zip'), zipFolder(join(SAMPLES, 'correct-classic'), 'hw04-alice/'));
    writeFileSync(join(dir, 'bob.zip'), zipFolder(join(SAMPLES, 'print-board-indexes-board')));
    // Each student's file as in the sample (a sample suite pins its verdicts); one graded, through the CLI.
    const students = found(dir);
    expect(students.map((s) => [s.id, s.files])).toEqual([
      ['alice', [['hw04.py', readFileSync(join(SAMPLES, 'correct-classic', 'hw04.py'), 'utf8')]]],
      ['bob', [['hw04.py', readFileSync(join(SAMPLES, 'print-board-indexes-board', 'hw04.py'), 'utf8')]]],
    ]);
    const { results } = await grade(join(dir, 'bob.zip'));
    expect(scores(results)).toEqual({ bob: 39 });
  });
});

describe('the zip reader', () => {
  it('leaves out entries whose path leads out of its folder, and says so', () => {
    const zip = join(temp('slip-'), 'slip.zip');
    writeFileSync(zip, zipSync({ '../evil.py': strToU8('print(1)'), 'ok/hw04.py': strToU8('x = 1') }));
    const unpacked = unpackZip(zip);
    expect(readdirSync(unpacked.dir)).toEqual(['ok']);
    expect(existsSync(join(unpacked.dir, '..', 'evil.py'))).toBe(false);
    expect(unpacked.warnings.join('\n')).toContain("../evil.py left out: its path leads outside the zip's folder");
  });

  it('refuses a zip that unpacks to more than the limits, and leaves out one oversized file', () => {
    const big = new Uint8Array(ZIP_LIMITS.fileBytes + 1);
    const zip = join(temp('bomb-'), 'bomb.zip');
    writeFileSync(zip, zipSync({ 'big.py': big, 'hw04.py': strToU8('x = 1') }, { level: 9 }));
    const unpacked = unpackZip(zip);
    expect(readdirSync(unpacked.dir)).toEqual(['hw04.py']);
    expect(unpacked.warnings.join('\n')).toContain('big.py left out: it unpacks to more than 8 MB');
    const many = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`f${i}.bin`, new Uint8Array(ZIP_LIMITS.fileBytes)]));
    const bomb = join(temp('bomb-'), 'many.zip');
    writeFileSync(bomb, zipSync(many, { level: 9 }));
    expect(() => unpackZip(bomb)).toThrow(/unpacks to more than 64 MB/);
  });
});
