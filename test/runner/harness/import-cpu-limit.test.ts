/**
 * An import's limit is CPU time, not wall time (grade_harness/cut_off.py): a top level that computes for less than its
 * limit imports whole however busy the machine (here it shares its core with a process that never sleeps); one that
 * runs past it is stopped where it stands and keeps what it defined before; a later import stops at that same line at
 * once, so each interpreter a submission starts gets the same definitions without spending the limit again.
 */
import { execa } from 'execa';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HARNESS_DIR, probeSandbox } from '../../../runner/sandbox/environment.js';
import { tempDirs } from '../../temp-dirs.js';

const temp = tempDirs();
const hogs: ReturnType<typeof execa>[] = [];
afterAll(() => {
  for (const hog of hogs) hog.kill('SIGKILL');
});

/** Imports `source` as a module through the harness's top-level runner, on core 0 beside a CPU hog there. */
async function importBesideHog(source: string, request: Record<string, number>): Promise<{ cut: string | null; names: string[] }> {
  const { python } = await probeSandbox('python3');
  const dir = temp('cpu-limit-');
  writeFileSync(join(dir, 'student.py'), source);
  const hog = execa('taskset', ['-c', '0', python, '-c', 'while True: pass'], { reject: false });
  hogs.push(hog);
  const script = [
    'import sys, json',
    `sys.path.insert(0, ${JSON.stringify(HARNESS_DIR)})`,
    'from grade_harness.cut_off import run_top_level, CutOff',
    'from grade_harness.loading import module_from_spec, spec_from_file_location',
    `spec = spec_from_file_location("student", ${JSON.stringify(join(dir, 'student.py'))})`,
    'module = module_from_spec(spec)',
    'cut = None',
    'try:',
    `    run_top_level(${JSON.stringify(request)}, spec.origin, lambda: spec.loader.exec_module(module))`,
    'except CutOff as error:',
    '    cut = error.grade_fact + ": " + str(error)',
    'print(json.dumps({"cut": cut, "names": sorted(n for n in vars(module) if not n.startswith("__"))}))',
  ].join('\n');
  try {
    const run = await execa('taskset', ['-c', '0', python, '-I', '-S', '-B', '-c', script], { reject: false });
    expect(run.exitCode, String(run.stderr)).toBe(0);
    return JSON.parse(String(run.stdout)) as { cut: string | null; names: string[] };
  } finally {
    hog.kill('SIGKILL');
  }
}

/** A top level that computes for about `seconds` of CPU time, then defines `after`. */
const computes = (seconds: number) =>
  `import time\ndef before():\n    return 1\nstart = time.process_time()\nwhile time.process_time() - start < ${seconds}:\n    pass\ndef after():\n    return 2\n`;

describe('an import under a limit of CPU time', () => {
  it('imports whole a top level that computes for less than its limit, though it shares its core', async () => {
    expect(await importBesideHog(computes(0.6), { cpuMs: 2000 })).toEqual({ cut: null, names: ['after', 'before', 'start', 'time'] });
  }, 60_000);

  it('stops one that runs past it where it stands, keeping what it defined before, and a later import at that line', async () => {
    const loops =
      'def before():\n    return 1\nn = 0\nwhile True:\n    try:\n        n += 1\n    except BaseException:\n        pass\ndef after():\n    return 2\n';
    const first = await importBesideHog(loops, { cpuMs: 300 });
    expect(first.cut).toMatch(/^cpu-limit: its top level ran for more than 300 ms of CPU time$/u);
    expect(first.names).toEqual(['before', 'n']);
    const again = await importBesideHog(loops, { stopAt: 4 });
    expect(again).toEqual({
      cut: 'cpu-limit: its top level was stopped at line 4, where its first import ran out of CPU time',
      names: ['before', 'n'],
    });
  }, 60_000);
});
