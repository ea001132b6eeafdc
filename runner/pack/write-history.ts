/**
 * `npm run spec:history`: records each built-in's values as they are now in `spec/<id>/history.json`, beside every
 * version recorded before, so a pack made from any of them can be told what the built-in has changed since
 * (runner/pack/built-in-values.ts). Run it whenever a built-in's title, files, problems, tests, points, visibility,
 * hints or texts change; a test fails until it is. `--git` also records every version the repository's history
 * holds since the packs came in (each commit that changed a built-in's spec), oldest first.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parse } from 'yaml';
import { ASSIGNMENT_IDS } from '../model/ids.js';
import { PROJECT_ROOT } from '../project-root.js';
import { specOfBuiltIn, type BuiltInPack } from '../spec/built-in-pack.js';
import type { Spec } from '../model/spec-types.js';
import { builtInHistory, builtInValues, historyFile, historyPath, valuesHash, type BuiltInVersion } from './built-in-values.js';
import { builtInSpec } from './load-built-in.js';

/** The commit that brought in course packs: a pack can have been made from any version since. */
const PACKS_SINCE = 'b77a350';

const git = (...args: string[]): string =>
  execFileSync('git', args, { cwd: PROJECT_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });

/** A built-in's spec as a commit had it: spec/<id>.json before the built-ins were packs, spec/<id>/assignment.yml since. */
function specAt(commit: string, id: string): Spec | undefined {
  for (const path of [`spec/${id}/assignment.yml`, `spec/${id}.json`]) {
    let text: string;
    try {
      text = git('show', `${commit}:${path}`);
    } catch {
      continue;
    }
    if (path.endsWith('.json')) return JSON.parse(text) as Spec;
    return specOfBuiltIn(parse(text) as BuiltInPack, () => ({ line: 1, column: 1 })).spec;
  }
  return undefined;
}

function versionsFromGit(id: string): BuiltInVersion[] {
  const commits = git('log', '--reverse', '--format=%H', `${PACKS_SINCE}^..HEAD`, '--', `spec/${id}.json`, `spec/${id}/assignment.yml`)
    .split('\n')
    .filter(Boolean);
  const first = git('rev-list', '-n', '1', PACKS_SINCE).trim();
  return [...new Set([first, ...commits])].flatMap((commit) => {
    const spec = specAt(commit, id);
    if (!spec) return [];
    const grader = (JSON.parse(git('show', `${commit}:package.json`)) as { version: string }).version;
    const values = builtInValues(spec);
    return [{ hash: valuesHash(values), grader, values }];
  });
}

function main(argv: readonly string[]): number {
  const grader = (JSON.parse(readFileSync(`${PROJECT_ROOT}/package.json`, 'utf8')) as { version: string }).version;
  for (const id of ASSIGNMENT_IDS) {
    const recorded = [...builtInHistory(PROJECT_ROOT, id)];
    const values = builtInValues(builtInSpec(PROJECT_ROOT, id));
    const found = [...(argv.includes('--git') ? versionsFromGit(id) : []), { hash: valuesHash(values), grader, values }];
    const added = found.filter((v, i) => !recorded.some((r) => r.hash === v.hash) && found.findIndex((w) => w.hash === v.hash) === i);
    const path = historyPath(PROJECT_ROOT, id);
    if (added.length === 0 && existsSync(path)) {
      console.log(`${id}: ${recorded.length} versions recorded, the current one among them`);
      continue;
    }
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${JSON.stringify(historyFile([...recorded, ...added]), null, 1)}\n`);
    console.log(`${id}: recorded ${added.map((v) => v.hash).join(', ')} (${recorded.length + added.length} versions)`);
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
