/**
 * What a class folder or an --out can do to a run: a file name that is not UTF-8 beside correct code is skipped and
 * named, never an internal error; a full disk or a file in the way of --out is one line naming the path and the
 * reason, exit 2, with results.jsonl keeping what was graded.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGrade } from '../../runner/cli/grade-command.js';
import type { RunResults } from '../../runner/model/results.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { tempDirs } from '../temp-dirs.js';

const temp = tempDirs();
const CORRECT = join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs61a-hw04', 'correct-plain');

async function grade(klass: string, out: string): Promise<{ code: number; said: string }> {
  let said = '';
  const io = {
    out: (s: string) => {
      said += s;
    },
    err: (s: string) => {
      said += s;
    },
    isTTY: false,
    env: {},
    cwd: klass,
  };
  const code = await runGrade(
    [klass, '--assignment', 'cs61a-hw04', '--out', out, '--format', 'json,html', '--jobs', '1'],
    io,
    PROJECT_ROOT,
    '0',
    'grade',
  );
  return { code, said };
}

describe('hostile containers', () => {
  it('grades correct code beside file names that are not UTF-8, hold a newline or HTML, and names the one it skipped', async () => {
    const klass = temp('grade-names-');
    const ada = join(klass, 'ada');
    cpSync(CORRECT, ada, { recursive: true });
    writeFileSync(Buffer.concat([Buffer.from(`${ada}/notes-`), Buffer.from([0xff, 0xfe]), Buffer.from('.txt')]), 'hello');
    writeFileSync(join(ada, 'line\nbreak.py'), 'x = 1\n');
    writeFileSync(join(ada, '<b>bold<i>.txt'), 'y = 2\n');
    const out = temp('grade-names-out-');
    const { code, said } = await grade(klass, out);
    expect(code, said).toBe(0);
    expect(said).toContain('notes-\\xff\\xfe.txt: skipped, as its name is not UTF-8');
    const run = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults;
    expect(run.submissions[0]).toMatchObject({ id: 'ada', status: 'graded', score: 40, maxScore: 40 });
    expect(readFileSync(join(out, 'index.html'), 'utf8')).not.toContain('<b>bold<i>');
  });

  it('stops on a full disk with one line naming the file and the reason, exit 2, the last good results.json kept, and results.jsonl keeps the graded', async () => {
    const klass = temp('grade-full-');
    cpSync(CORRECT, join(klass, 'ada'), { recursive: true });
    const out = temp('grade-full-out-');
    const lastGood = '{"the": "last good run"}\n';
    writeFileSync(join(out, 'results.json'), lastGood);
    // Every write to /dev/full fails with ENOSPC: results.json is written beside itself first, and the disk runs
    // out there.
    symlinkSync('/dev/full', join(out, 'results.json.partial'));
    const { code, said } = await grade(klass, out);
    expect(readFileSync(join(out, 'results.json'), 'utf8')).toBe(lastGood);
    expect(existsSync(join(out, 'results.json.partial'))).toBe(false);
    expect(code).toBe(2);
    const lines = said.split('\n').filter((l) => l.startsWith('grade:'));
    expect(lines).toEqual([
      expect.stringMatching(
        /^grade: cannot write .*results\.json: ENOSPC \(no space left on the device\); .*results\.jsonl keeps the 1 submission graded before that, so --resume grades only the rest$/,
      ),
    ]);
    expect(said).not.toMatch(/\n\s+at /u);
    expect(readFileSync(join(out, 'results.jsonl'), 'utf8')).toContain('"id":"ada"');
  });

  it('stops grading at once when results.jsonl cannot be written half-way, naming it and what is kept', async () => {
    const klass = temp('grade-fills-');
    for (const name of ['a1', 'a2', 'a3', 'a4', 'a5']) cpSync(CORRECT, join(klass, name), { recursive: true });
    const out = temp('grade-fills-out-');
    const lastGood = '{"the": "last good run"}\n';
    writeFileSync(join(out, 'results.json'), lastGood);
    let said = '';
    const io = {
      out: (t: string) => {
        said += t;
      },
      err: (t: string) => {
        said += t;
      },
      isTTY: false,
      env: {},
      cwd: klass,
    };
    // The disk fills once two submissions are recorded: every later append to results.jsonl fails with ENOSPC.
    const recorded: string[] = [];
    const code = await runGrade(
      [klass, '--assignment', 'cs61a-hw04', '--out', out, '--format', 'json,html', '--jobs', '1', '--only', 'create_row.'],
      io,
      PROJECT_ROOT,
      '0',
      'grade',
      {
        recorded: (result, count) => {
          recorded.push(result.id);
          if (count === 2) {
            renameSync(join(out, 'results.jsonl'), join(out, 'kept.jsonl'));
            symlinkSync('/dev/full', join(out, 'results.jsonl'));
          }
        },
      },
    );
    expect(code).toBe(2);
    expect(recorded).toEqual(['a1', 'a2']);
    // The third could not be recorded, and no fourth or fifth was graded.
    expect(said).toContain('[3/5] a3');
    expect(said).not.toContain('a4');
    expect(said.split('\n').filter((l) => l.startsWith('grade:'))).toEqual([
      expect.stringMatching(
        /^grade: cannot write .*results\.jsonl: ENOSPC \(no space left on the device\); grading stopped there, and results\.json and the reports were not written \(the last good ones are kept\); .*results\.jsonl keeps the 2 submissions graded before that, so --resume grades only the rest$/u,
      ),
    ]);
    expect(readFileSync(join(out, 'results.json'), 'utf8')).toBe(lastGood);
    expect(readFileSync(join(out, 'kept.jsonl'), 'utf8').split('\n').filter(Boolean)).toHaveLength(3);
  });

  it('says when a file is in the way of --out, before grading anything', async () => {
    const klass = temp('grade-blocked-');
    cpSync(CORRECT, join(klass, 'ada'), { recursive: true });
    const parent = temp('grade-blocked-out-');
    writeFileSync(join(parent, 'report'), 'a file, not a folder');
    const { code, said } = await grade(klass, join(parent, 'report', 'inner'));
    expect(code).toBe(2);
    expect(said).toMatch(/^grade: cannot write .*report.*: (ENOTDIR|EEXIST) \(/mu);
    expect(said).not.toContain('ada:');
    expect(existsSync(join(parent, 'report', 'inner'))).toBe(false);
    mkdirSync(join(parent, 'ok'));
  });
});
