/**
 * How many of the project's files one test passes through, measured, not estimated: `grade check` runs a bundled
 * sample twice under V8's coverage (NODE_V8_COVERAGE), once with `--only <test>` and once with an `--only` that
 * matches no test, and the files counted are those where a function other than the module's own top level ran in the
 * first run and not in the second: what grading that test takes beyond starting the command. `npm run trace`; the
 * figures go in docs/development.md ("Following one test").
 *
 *   npm run trace [-- <assignment> <sample> <test id>]...
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { PROJECT_ROOT } from '../../runner/project-root.js';

interface Coverage {
  readonly result: readonly {
    readonly url: string;
    readonly functions: readonly { readonly functionName: string; readonly ranges: readonly { readonly count: number }[] }[];
  }[];
}

/** Functions the TypeScript transform adds to every module, not the project's. */
const HELPERS = new Set(['__name', '__export', '__defProp', '__publicField', '__copyProps', '__toESM']);

const TRACES: readonly (readonly [assignment: string, sample: string, test: string])[] = [
  ['cs111-ps9', 'correct-classic', 'board.add_checker'],
  ['cs111-ps9', 'correct-classic', 'connect_four.ai-games'],
  ['manchester-connect4', 'correct-classic', 'play.'],
];

/** The project's source files (not node_modules, not tests) where some function beyond the top level ran. */
async function filesRun(assignment: string, sample: string, only: string): Promise<Set<string>> {
  const dir = mkdtempSync(join(tmpdir(), 'trace-'));
  try {
    await execa(
      'node',
      [
        '--import',
        'tsx',
        join(PROJECT_ROOT, 'runner', 'cli.ts'),
        'check',
        join(PROJECT_ROOT, 'fixtures', 'submissions', assignment, sample),
        '--assignment',
        assignment,
        '--only',
        only,
      ],
      {
        cwd: PROJECT_ROOT,
        env: { NODE_V8_COVERAGE: dir },
        reject: false,
        stdin: 'ignore',
      },
    );
    const files = new Set<string>();
    for (const name of readdirSync(dir)) {
      const { result } = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Coverage;
      for (const script of result) {
        if (!script.url.startsWith('file://')) continue;
        const file = relative(PROJECT_ROOT, fileURLToPath(script.url));
        if (file.startsWith('..') || file.startsWith('node_modules') || file.startsWith('test/') || !file.endsWith('.ts')) continue;
        // The first entry is the module itself, and the transform adds helpers of its own (`__name`): a file is passed
        // through when one of its own functions ran.
        if (script.functions.slice(1).some((f) => !HELPERS.has(f.functionName) && f.ranges[0]!.count > 0)) files.add(file);
      }
    }
    return files;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const asked = process.argv.slice(2);
const traces = asked.length >= 3 ? [[asked[0]!, asked[1]!, asked[2]!] as const] : TRACES;
const idle = new Map<string, Set<string>>();
for (const [assignment, sample, test] of traces) {
  const key = `${assignment}/${sample}`;
  if (!idle.has(key)) idle.set(key, await filesRun(assignment, sample, '^no test has this id$'));
  const ran = await filesRun(assignment, sample, test);
  const own = [...ran].filter((f) => !idle.get(key)!.has(f)).sort();
  console.log(`${assignment} ${test} (${sample}): ${own.length} files beyond starting the command (${ran.size} in all)`);
  for (const file of own) console.log(`  ${file}`);
}
