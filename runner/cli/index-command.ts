/**
 * `grade index [<folder>]`: index.html over the runs in a folder's sub-folders (each the --out of a `grade`, `grade
 * merge` or `grade mutants` run), a card per run (reports/runs-index.ts). `npm run samples` writes its
 * grade-report/index.html with the same code. Here the files are read and written; the page itself is pure.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { renderRunsIndex } from '../../reports/html.js';
import { runsIndexView, wantedPages, type IndexAbout, type IndexedRun } from '../../reports/runs-index.js';
import { writeWhole } from '../../reports/write-whole.js';
import { JOURNAL_FILE } from '../class/journal.js';
import { isAssignmentId } from '../model/ids.js';
import type { RunResults } from '../model/results.js';
import { builtInSpec } from '../pack/load-built-in.js';
import type { Io } from './io.js';

export class IndexError extends Error {}

export interface RunsOptions {
  /** The sub-folders to index, in this order; else every one that holds a run, by name. */
  readonly folders?: readonly string[];
  /** The folder as messages name it. */
  readonly shown?: string;
}

/** Refused before anything is written: a folder that is one run's, whose index.html is its class summary. */
export function checkIndexFolder(folder: string, shown = folder): void {
  if (existsSync(join(folder, 'results.json')))
    throw new IndexError(
      `${shown} is the folder of one run: its index.html is that run's class summary. Give the folder that holds the runs' folders`,
    );
}

/** The document an assignment is graded against (a pack's is its built-in's), where the spec can be read. */
function documentOf(root: string, run: RunResults): string | undefined {
  const id = run.pack?.extends ?? run.settings?.assignment ?? run.submissions[0]?.assignment;
  if (id === undefined || !isAssignmentId(id)) return undefined;
  try {
    return builtInSpec(root, id).document;
  } catch {
    return undefined;
  }
}

/**
 * The runs in `folder`'s sub-folders (`folders`, in that order, when given; else every one, by name), each with the
 * pages of it a card may link to that exist; and a line for each sub-folder that looks like a run but cannot be read.
 */
export function findRuns(folder: string, root: string, options: RunsOptions = {}): { runs: IndexedRun[]; skipped: string[] } {
  const shown = options.shown ?? folder;
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new IndexError(`${shown} is not a folder`);
  checkIndexFolder(folder, shown);
  const names = options.folders
    ? options.folders.filter((name) => existsSync(join(folder, name)))
    : readdirSync(folder)
        .filter((name) => statSync(join(folder, name)).isDirectory())
        .sort((a, b) => a.localeCompare(b));
  const runs: IndexedRun[] = [];
  const skipped: string[] = [];
  for (const name of names) {
    const dir = join(folder, name);
    const path = join(dir, 'results.json');
    if (!existsSync(path)) {
      if (existsSync(join(dir, JOURNAL_FILE)))
        skipped.push(`${name} has only ${JOURNAL_FILE}: that run did not finish (run it again with --resume)`);
      continue;
    }
    let run: RunResults;
    try {
      run = JSON.parse(readFileSync(path, 'utf8')) as RunResults;
    } catch (error) {
      skipped.push(`${name}/results.json is not JSON: ${(error as Error).message}`);
      continue;
    }
    if (!Array.isArray(run.submissions)) {
      skipped.push(`${name}/results.json has no submissions: it is not a run's`);
      continue;
    }
    const pages = new Set(wantedPages(run).filter((page) => existsSync(join(dir, ...page.split('/')))));
    const document = documentOf(root, run);
    runs.push({ folder: name, run, pages, ...(document !== undefined && { document }) });
  }
  return { runs, skipped };
}

/**
 * Writes `folder`/index.html over the runs in its sub-folders, its top lines made from the runs found; its path, and
 * the sub-folders left out and why.
 */
export function writeRunsIndex(
  folder: string,
  root: string,
  about: (runs: readonly IndexedRun[]) => IndexAbout,
  options: RunsOptions = {},
): { path: string; runs: number; skipped: string[] } {
  const { runs, skipped } = findRuns(folder, root, options);
  if (runs.length === 0)
    throw new IndexError(`no run in ${options.shown ?? folder}'s folders (a run's folder holds the results.json that grade --out writes)`);
  const path = join(folder, 'index.html');
  writeWhole(path, renderRunsIndex(runsIndexView(runs, about(runs))));
  return { path, runs: runs.length, skipped };
}

/** What `grade index` says at the top of its page: `folder` named as the user gave it (`shown`) and by its own name. */
export function indexAbout(folder: string, shown: string, runs: number): IndexAbout {
  return {
    heading: `The runs in ${basename(folder) || folder}`,
    what: `${runs === 1 ? 'One run' : `${runs} runs`} graded into ${shown === '.' ? 'this folder' : shown}: a card for each with its class's scores and the mistakes named, and links to its class summary, to a student who passed every test and to one who did not.`,
    command: `grade index ${shown}`,
  };
}

export function runIndex(argv: readonly string[], io: Io, root: string): number {
  const fail = (message: string) => {
    io.err(`grade index: ${message}\n`);
    return 2;
  };
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({ args: [...argv], allowPositionals: true, options: {} }));
  } catch (error) {
    return fail((error as Error).message);
  }
  if (positionals.length > 1) return fail("give one folder: the one that holds the runs' folders (grade index grade-report)");
  const given = positionals[0] ?? 'grade-report';
  const folder = resolve(io.cwd, given);
  const shown = relative(io.cwd, folder) || '.';
  try {
    const written = writeRunsIndex(folder, root, (runs) => indexAbout(folder, shown, runs.length), { shown });
    for (const line of written.skipped) io.err(`grade index: left out ${line}\n`);
    io.out(`${relative(io.cwd, written.path) || written.path}: ${written.runs} run${written.runs === 1 ? '' : 's'}\n`);
    return 0;
  } catch (error) {
    if (error instanceof IndexError) return fail(error.message);
    throw error;
  }
}
