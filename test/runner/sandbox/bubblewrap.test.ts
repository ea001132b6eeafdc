/** The sandbox as a student's code meets it: its folder, the runtime, a private /tmp, and nothing of the grader. */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { HarnessSession } from '../../../runner/harness/session.js';
import { execa } from 'execa';
import { doublesFiles } from '../../../runner/assignments/registry.js';
import { bubblewrapArgs, doublesInside, runtimeFolders } from '../../../runner/sandbox/bubblewrap.js';
import { compiledBeside, probeSandbox, type SandboxEnvironment } from '../../../runner/sandbox/environment.js';
import { resolveLimits } from '../../../runner/model/limits.js';

const PROBE = `
import os

def attempt(action):
    try:
        return ['ok', str(action())[:200]]
    except Exception as error:
        return ['refused', type(error).__name__]

def probe(project, outside):
    return {
        'uid': os.getuid(),
        'root': sorted(os.listdir('/')),
        'project': attempt(lambda: open(os.path.join(project, 'package.json')).read()),
        'fixtures': attempt(lambda: os.listdir(os.path.join(project, 'fixtures'))),
        'write-tmp': attempt(lambda: open('/tmp/' + outside, 'w').write('x')),
        'write-up': attempt(lambda: open(os.path.join('..', outside), 'w').write('x')),
        'write-here': attempt(lambda: open('mine.txt', 'w').write('x')),
        'grader-env': attempt(lambda: [p for p in os.listdir('/proc') if p.isdigit() and 'SANDBOX_TEST_SECRET' in open('/proc/' + p + '/environ', errors='replace').read()]),
    }
`;

let sandbox: SandboxEnvironment;
let dir: string;
beforeAll(async () => {
  process.env['SANDBOX_TEST_SECRET'] = 'grader-only';
  sandbox = await probeSandbox('python3');
  dir = mkdtempSync(join(tmpdir(), 'sandbox-test-'));
  writeFileSync(join(dir, 'probe.py'), PROBE);
});
afterAll(() => {
  delete process.env['SANDBOX_TEST_SECRET'];
  rmSync(dir, { recursive: true, force: true });
});

describe('bubblewrap arguments', () => {
  it('bind the runtime, the harness and the doubles read-only, the workspace read-write, over a private /tmp', () => {
    const args = bubblewrapArgs({ runtime: ['/opt/py'], harnessDir: '/pkg/runner/harness/python' }, '/tmp/grade-1/work', [
      '/pkg/runner/assignments/cs61a-hw04/doubles.py',
    ]);
    expect(args.join(' ')).toContain('--ro-bind /opt/py /opt/py');
    expect(args.join(' ')).toContain('--ro-bind /pkg/runner/harness/python /grader-harness');
    expect(args.join(' ')).toContain('--ro-bind /pkg/runner/assignments/cs61a-hw04/doubles.py /grader-doubles/cs61a-hw04-doubles.py');
    expect(args.indexOf('--tmpfs')).toBeLessThan(args.indexOf('--bind'));
    expect(args.slice(-4)).toEqual(['/tmp/grade-1/work', '--chdir', '/tmp/grade-1/work', '--']);
  });

  it("bind each doubles file's compiled copy where Python looks for the cache of the file inside", () => {
    const args = bubblewrapArgs(
      { runtime: [], harnessDir: '/h' },
      '/w',
      ['/pkg/runner/assignments/cs61a-hw04/doubles.py'],
      ['/pkg/runner/assignments/cs61a-hw04/__pycache__/doubles.cpython-311.pyc'],
    );
    expect(args.join(' ')).toContain(
      '--ro-bind /pkg/runner/assignments/cs61a-hw04/__pycache__/doubles.cpython-311.pyc /grader-doubles/__pycache__/cs61a-hw04-doubles.cpython-311.pyc',
    );
  });

  it('take a venv and the Python it was made from, outer folders only', () => {
    expect(runtimeFolders(['/root/.cache/g/venv', '/root/.pyenv/versions/3.11.7'], '/root/.cache/g/venv/bin/python')).toEqual([
      '/root/.cache/g/venv',
      '/root/.pyenv/versions/3.11.7',
    ]);
    expect(runtimeFolders(['/usr'], '/usr/bin/python3')).toEqual([]);
  });
});

describe.skipIf(process.env['CI'] !== 'true' && !existsSync('/usr/bin/bwrap'))('a student process in the sandbox', () => {
  it('loads the doubles and tools from the copies the probe compiled, without compiling them again (it may write none)', async () => {
    const files = doublesFiles('cs111-ps9');
    const compiled = compiledBeside(files);
    expect(compiled.length).toBeGreaterThanOrEqual(files.length);
    // A loader that would have to compile a source says so: each one here must find its compiled copy.
    const script = [
      'import importlib.machinery, sys',
      'def refuse(*args, **kwargs): raise RuntimeError("compiled again")',
      'for path in sys.argv[1:]:',
      '    loader = importlib.machinery.SourceFileLoader("d", path)',
      '    loader.source_to_code = refuse',
      '    loader.get_code("d")',
      'print("all cached")',
    ].join('\n');
    const inside = files.map(doublesInside);
    const run = await execa(
      'bwrap',
      [...bubblewrapArgs(sandbox.bubblewrap!, dir, files, compiled), sandbox.python, '-I', '-S', '-B', '-c', script, ...inside],
      { reject: false },
    );
    expect(`${run.stdout}${run.stderr}`.trim()).toBe('all cached');
    const without = await execa(
      'bwrap',
      [...bubblewrapArgs(sandbox.bubblewrap!, dir, files), sandbox.python, '-I', '-S', '-B', '-c', script, ...inside],
      { reject: false },
    );
    expect(String(without.stderr)).toContain('compiled again');
  });

  it("sees its workspace and the runtime, not the grader, other folders or the grader's environment", async () => {
    expect(sandbox.isolation).toBe('bubblewrap');
    const started = await HarnessSession.start({ sandbox, workdir: dir, limits: resolveLimits({}) });
    if ('error' in started) throw new Error(started.error);
    const { session } = started;
    await session.send({ op: 'import', module: 'probe', file: 'probe.py' }, 10_000);
    await session.send({ op: 'fresh', seed: 1 }, 5000);
    const outside = `escape-${process.pid}`;
    const reply = await session.send(
      {
        op: 'call',
        target: ['probe'],
        args: [
          { type: 'str', value: PROJECT_ROOT },
          { type: 'str', value: outside },
        ],
      },
      10_000,
    );
    await session.close();
    if (reply.kind !== 'reply' || !reply.reply.ok || !('value' in reply.reply)) throw new Error(JSON.stringify(reply));
    const seen = JSON.parse(JSON.stringify(reply.reply.value)) as { entries: [{ value: string }, unknown][] };
    const get = (key: string) => JSON.stringify(seen.entries.find(([k]) => k.value === key)?.[1]);
    expect(get('uid')).toContain('65534');
    expect(get('project')).toContain('refused');
    expect(get('fixtures')).toContain('refused');
    expect(get('write-here')).toContain('"ok"');
    expect(get('grader-env')).toBe(
      JSON.stringify({
        type: 'list',
        items: [
          { type: 'str', value: 'ok' },
          { type: 'str', value: '[]' },
        ],
      }),
    );
    expect(existsSync(join(tmpdir(), outside))).toBe(false);
    expect(existsSync(join(dir, '..', outside))).toBe(false);
    expect(existsSync(join(dir, 'mine.txt'))).toBe(true);
  });
});
