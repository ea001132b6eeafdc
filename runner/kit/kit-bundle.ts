/**
 * The student's kit's one JavaScript file: the check command, the runner and one assignment's kit plan, bundled by
 * esbuild from the package's sources (or from dist/ in an installed grader). The build refuses any module that
 * could answer a graded function: reference/, a case builder, the fixtures' builders, the grader's own plan
 * (index.ts) or another assignment's folder. node-pty stays outside: an optional dependency of the kit.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { AssignmentId } from '../model/ids.js';
import { kitPlanModule } from '../assignments/registry.js';
import { PROJECT_ROOT } from '../project-root.js';

export class KitBuildError extends Error {}

/** Why a module may not be in the kit, or undefined when it may (paths relative to the package root, `/`-separated). */
export function forbiddenInKit(path: string, assignment: AssignmentId): string | undefined {
  const file = path.replace(/^dist\//u, '');
  if (file.startsWith('reference/')) return 'the reference implementation solves every graded function';
  if (file.startsWith('runner/fixtures/')) return 'the case builders use the reference';
  if (file.startsWith('runner/golden/')) return 'the golden outputs are written from the reference';
  if (file.startsWith('runner/mutants/')) return 'mutants are made from a correct solution';
  const own = /^runner\/assignments\/([^/]+)\/(.+)$/u.exec(file);
  if (own) {
    if (own[1] !== assignment) return `it is another assignment's (${own[1]})`;
    if (/(^|-)cases\.[jt]s$/u.test(own[2]!)) return 'a case builder uses the reference';
    if (/^index\.[jt]s$/u.test(own[2]!)) return "it is the grader's plan, which may use the reference";
  }
  if (/^runner\/assignments\/registry\.[jt]s$/u.test(file)) return 'the registry lists every assignment';
  return undefined;
}

/** The package's own module at `path` (without extension): its TypeScript source, or its compiled file in dist/. */
function packageModule(path: string): string {
  const candidates = [join(PROJECT_ROOT, `${path}.ts`), join(PROJECT_ROOT, 'dist', `${path}.js`)];
  const found = candidates.find((file) => existsSync(file));
  if (!found)
    throw new KitBuildError(
      `${path} is missing from the grader's package (looked for ${candidates.map((c) => relative(PROJECT_ROOT, c)).join(', ')})`,
    );
  return found;
}

/**
 * Bundles the kit's command into `outfile` (`plan`: another kit plan module, for tests). Returns the package modules
 * it holds (relative paths); throws KitBuildError naming a forbidden module and what brought it in, writing nothing.
 */
export async function bundleKit(assignment: AssignmentId, outfile: string, options: { readonly plan?: string } = {}): Promise<string[]> {
  const { build } = await import('esbuild');
  const plan = options.plan ?? kitPlanModule(assignment);
  const main = packageModule(join('runner', 'cli', 'kit-main'));
  const entry = [
    `import { KIT_PLAN } from ${JSON.stringify(plan)};`,
    `import { runKit } from ${JSON.stringify(main)};`,
    "for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));",
    'process.exitCode = await runKit(KIT_PLAN);',
  ].join('\n');
  const result = await build({
    stdin: { contents: entry, resolveDir: PROJECT_ROOT, sourcefile: 'connect4-check.js', loader: 'js' },
    absWorkingDir: PROJECT_ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    external: ['node-pty'],
    // The bundle's CommonJS dependencies call require(); ESM gives them one made for the bundle's own place.
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as kitRequire } from 'node:module';\nconst require = kitRequire(import.meta.url);",
    },
    legalComments: 'none',
    metafile: true,
    logLevel: 'silent',
    write: false,
  });
  const own = (path: string) => relative(PROJECT_ROOT, resolve(PROJECT_ROOT, path)).split(sep).join('/');
  const inputs = Object.keys(result.metafile.inputs)
    .filter((path) => !path.includes('node_modules'))
    .map(own);
  const importers = (input: string) =>
    Object.entries(result.metafile.inputs)
      .filter(([, meta]) => meta.imports.some((i) => own(i.path) === input))
      .map(([path]) => own(path));
  const forbidden = inputs.filter((input) => forbiddenInKit(input, assignment));
  // The module to name is the one the kit's own code brings in (its importer is allowed), not one deep inside.
  const first = forbidden.find((input) => importers(input).some((by) => !forbiddenInKit(by, assignment))) ?? forbidden[0];
  if (first) {
    const by = importers(first).filter((path) => !forbiddenInKit(path, assignment));
    throw new KitBuildError(
      `the kit for ${assignment} would hold ${first}${by.length > 0 ? ` (imported by ${by.join(', ')})` : ''}: ${forbiddenInKit(first, assignment)}; the kit must hold nothing that answers a graded function`,
    );
  }
  // Written only once it is known to hold nothing forbidden.
  mkdirSync(dirname(outfile), { recursive: true });
  writeFileSync(outfile, result.outputFiles[0]!.contents);
  return inputs.filter((path) => path !== 'connect4-check.js');
}
