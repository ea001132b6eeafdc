/**
 * `grade kit`: writes the student's kit for one assignment into a folder, packs it as npm would into the .tgz a course
 * hands out, and with `classroom` adds a GitHub Classroom starter (the workflow and the kit it installs). Built in a
 * staging folder and moved into place whole, so a failed build never leaves half a kit.
 */
import { chmodSync, cpSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { gradingPlan, toolsFiles } from '../assignments/registry.js';
import type { MistakeAnswers } from '../plan/lookahead-cases.js';
import { mistakeTable } from '../plan/lookahead-diagnosis.js';
import { KIT_DATA_FILE, PROJECT_ROOT } from '../project-root.js';
import { HARNESS_DIR } from '../sandbox/environment.js';
import { loadSpec } from '../pack/load-spec.js';
import { bundleKit, KitBuildError } from './kit-bundle.js';
import { buildKitData, type KitData, type KitLookahead } from './kit-data.js';
import { classroomWorkflow, kitName, kitPackageJson, kitReadme, kitTarball } from './kit-package.js';
import { packFolder } from './pack-tarball.js';
import { isNodePtyHelper, vendorNodePty } from './vendor-node-pty.js';

export interface BuiltKit {
  readonly data: KitData;
  /** The unpacked kit (`<out>/connect4-check-<id>/`). */
  readonly folder: string;
  /** The package to hand out (`<out>/connect4-check-<id>-<version>.tgz`). */
  readonly tarball: string;
  /** The Classroom starter's folder, with --classroom. */
  readonly classroom?: string;
  /** The grader's modules in the bundle, for the record. */
  readonly modules: readonly string[];
}

/** The kit's command, in its folder (its package.json's `bin`). */
const KIT_COMMAND_FILE = 'bin/connect4-check.js';

/** Where the Classroom starter keeps the kit it installs, relative to the repository's root. */
export const CLASSROOM_KIT_DIR = '.github/connect4-check';

/** `assignment`: a built-in's id, or a course's pack (its folder or assignment.yml). */
/**
 * `alias`: the package also declares the plain `connect4-check`, for a course that hands out one kit at a time (npm
 * refuses a second package with a command of that name, so two alias kits cannot be installed side by side).
 */
export async function buildKit(options: {
  readonly assignment: string;
  readonly out: string;
  readonly classroom: boolean;
  readonly version: string;
  readonly alias?: boolean;
}): Promise<BuiltKit> {
  const spec = loadSpec(PROJECT_ROOT, options.assignment);
  const built = buildKitData(spec, options.version);
  const lookahead = lookaheadTable(built.spec);
  const data: KitData = lookahead ? { ...built, lookahead } : built;
  mkdirSync(options.out, { recursive: true });
  const folder = join(options.out, kitName(data));
  const staging = `${folder}.partial`;
  rmSync(staging, { recursive: true, force: true });
  try {
    const modules = await bundleKit(spec.assignment, join(staging, KIT_COMMAND_FILE));
    chmodSync(join(staging, KIT_COMMAND_FILE), 0o755);
    copyHarness(join(staging, 'runner', 'harness', 'python'));
    vendorNodePty(join(staging, 'node_modules', 'node-pty'));
    for (const tools of toolsFiles(spec.assignment)) cpSync(tools, join(staging, relative(PROJECT_ROOT, tools)));
    writeFileSync(join(staging, KIT_DATA_FILE), `${JSON.stringify(data)}\n`);
    writeFileSync(join(staging, 'package.json'), kitPackageJson(data, { alias: options.alias ?? false }));
    writeFileSync(join(staging, 'README.md'), kitReadme(data, { alias: options.alias ?? false }));
    rmSync(folder, { recursive: true, force: true });
    renameSync(staging, folder);
    const tarball = await packKit(folder, options.out, kitTarball(data));
    const classroom = options.classroom ? writeClassroom(options.out, data, tarball) : undefined;
    return { data, folder, tarball, modules, ...(classroom && { classroom }) };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Each named mistake's scores on the kit's visible look-ahead cases, made here with the reference's search so the
 * kit carries answers for wrong searches on boards the student already sees, and no search.
 */
function lookaheadTable(spec: KitData['spec']): KitLookahead | undefined {
  const { plan } = gradingPlan(spec.assignment);
  const choices = plan.choiceMistakes;
  const answers: Record<string, MistakeAnswers> = {};
  let mistakes: KitLookahead['mistakes'] = [];
  for (const test of spec.tests) {
    const cases = plan.lookahead?.(test);
    if (!cases) continue;
    // An assignment's look-ahead tests read one family of mistakes.
    const table = mistakeTable(cases.family ?? 'scores', choices);
    mistakes = table.mistakes;
    for (const c of test.fixtureCases) {
      const position = cases.positionOf(c);
      const own = plan.kitMistakeAnswers?.(c);
      if (own) answers[c.id] = own;
      else if (position) answers[c.id] = table.answers(position);
    }
  }
  if (Object.keys(answers).length === 0) return undefined;
  return { mistakes, answers };
}

/** The harness's modules only the grader's stand-ins use: a win check is an answer to every assignment's own. */
const STAND_IN_MODULES = ['lines.py'];

/** The harness's Python package, without caches or what only the stand-ins use. */
function copyHarness(to: string): void {
  cpSync(HARNESS_DIR, to, {
    recursive: true,
    filter: (path) => !path.includes('__pycache__') && !path.endsWith('.pyc') && !STAND_IN_MODULES.includes(basename(path)),
  });
}

/**
 * The kit's folder packed into `out` as the .tgz a course hands out; the tarball's path. The command and node-pty's
 * helpers are packed executable whatever their modes on disk.
 */
async function packKit(folder: string, out: string, name: string): Promise<string> {
  const tarball = join(out, name);
  try {
    await packFolder(folder, tarball, { executable: (path) => path === KIT_COMMAND_FILE || isNodePtyHelper(path) });
  } catch (error) {
    rmSync(tarball, { force: true });
    throw new KitBuildError(`could not write the kit's package ${tarball}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return tarball;
}

/**
 * The starter's files, to copy into a GitHub Classroom template repository: the workflow and the kit it installs.
 * An earlier kit of the same assignment is replaced, so the workflow never installs a stale one.
 */
function writeClassroom(out: string, data: KitData, tarball: string): string {
  const root = join(out, 'classroom');
  const kits = join(root, ...CLASSROOM_KIT_DIR.split('/'));
  mkdirSync(kits, { recursive: true });
  for (const old of readdirSync(kits)) if (old.startsWith(kitName(data)) && statSync(join(kits, old)).isFile()) rmSync(join(kits, old));
  cpSync(tarball, join(kits, kitTarball(data)));
  mkdirSync(join(root, '.github', 'workflows'), { recursive: true });
  writeFileSync(join(root, '.github', 'workflows', 'check.yml'), classroomWorkflow(data, `${CLASSROOM_KIT_DIR}/${kitTarball(data)}`));
  return root;
}
