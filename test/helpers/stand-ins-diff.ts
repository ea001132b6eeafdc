/**
 * How the student's kit's verdicts compare with `grade check`'s on one assignment's samples, from the repository:
 * `npx tsx test/helpers/stand-ins-diff.ts <assignment> [sample…]`. Both runs grade the visible tests only; the second
 * as the kit does (`--stand-ins own`: the kit's plan, its tools, the student's own parts). A correct or trivia sample
 * must get the same verdicts; any other sample must fail at least what `grade check` fails.
 */
import { execa } from 'execa';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import type { RunResults } from '../../runner/model/results.js';
import { CLI_COMMAND } from './cli-command.js';

const [assignment, ...only] = process.argv.slice(2);
if (!assignment) throw new Error('usage: stand-ins-diff.ts <assignment> [sample…]');
const samples = join(PROJECT_ROOT, 'fixtures', 'submissions', assignment);
const paths = only.length > 0 ? only.map((s) => join(samples, s)) : [samples];

async function grade(standIns: string): Promise<RunResults> {
  const out = mkdtempSync(join(tmpdir(), `stand-ins-${standIns}-`));
  try {
    const run = await execa(
      process.execPath,
      [
        ...CLI_COMMAND,
        ...paths,
        '--assignment',
        assignment!,
        '--visible',
        '--stand-ins',
        standIns,
        '--format',
        'json',
        '--jobs',
        '2',
        '--out',
        out,
      ],
      { cwd: PROJECT_ROOT, reject: false, env: { CI: 'true' } },
    );
    if (run.exitCode !== 0) throw new Error(String(run.stderr));
    return JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const [check, kit] = await Promise.all([grade('document'), grade('own')]);
let problems = 0;
for (const submission of check.submissions) {
  const mine = kit.submissions.find((s) => s.id === submission.id)!;
  const failing = (s: typeof submission) =>
    new Map(s.tests.filter((t) => t.status !== 'pass' && t.status !== 'skipped').map((t) => [t.id, t]));
  const theirs = failing(submission);
  const ours = failing(mine);
  const alike = /^(correct|trivia)-/u.test(submission.id);
  const missing = [...theirs.keys()].filter((id) => !ours.has(id));
  const extra = [...ours.keys()].filter((id) => !theirs.has(id));
  const wrong = missing.length > 0 || (alike && extra.length > 0);
  if (wrong) problems++;
  if (wrong || extra.length > 0) {
    console.log(
      `${wrong ? '✗' : '·'} ${submission.id}: ${missing.length > 0 ? `kit passes ${missing.join(', ')}; ` : ''}${extra.length > 0 ? `kit also fails ${extra.join(', ')}` : ''}`,
    );
    for (const id of [...missing, ...extra])
      console.log(
        `    ${id}:\n      check: ${(submission.tests.find((t) => t.id === id)?.message ?? '').split('\n').slice(0, 3).join('\n             ')}\n      kit:   ${(mine.tests.find((t) => t.id === id)?.message ?? '').split('\n').slice(0, 6).join('\n             ')}`,
      );
  }
}
console.log(`${check.submissions.length} samples, ${problems} with a kit verdict that breaks the rule`);
process.exitCode = problems > 0 ? 1 : 0;
