/**
 * The `grade` command as one file (dist/grade.js), bundled by esbuild from the compiled CLI when the grader is built.
 * Node resolving and linking the grader's ~200 modules and their packages one by one was about 0.4 s of every start:
 * a student's `grade check` of a CS61A submission took 1.4 s and takes 1.0–1.1 s from the bundle.
 *
 * The compiled modules stay in dist/ beside it, for what they find next to themselves: each module's `import.meta.url`
 * is rewritten to its own file's address, relative to the bundle, so the report templates, the compiled schema
 * checks, the specs read at build and the pack-case builder are found as before, wherever the package is installed.
 * node-pty (a native module) and esbuild (the kit's bundler, with its own binary) are loaded from node_modules.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

/** The bundle, relative to the package's root (`/`-separated, as the Gradescope scripts name it): the `grade` bin. */
export const CLI_BUNDLE = 'dist/grade.js';

/** Packages loaded from node_modules at run time rather than bundled. */
const EXTERNAL = ['node-pty', 'esbuild'];

/** The identifier each module's `import.meta.url` becomes, and the bundle's own address it is made from. */
const MODULE_URL = '__moduleUrl';
const BUNDLE_URL = '__bundleUrl';

/** Writes dist/grade.js from dist/runner/cli.js under `root`; the bundle's path. */
export async function writeCliBundle(root: string): Promise<string> {
  const { build } = await import('esbuild');
  const outfile = join(root, CLI_BUNDLE);
  await build({
    entryPoints: [join(root, 'dist', 'runner', 'cli.js')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    logLevel: 'warning',
    // CommonJS packages in an ES module bundle require Node's built-ins through a real `require`.
    banner: {
      js: [
        `import { createRequire as __bundleRequire } from 'node:module';`,
        `const ${BUNDLE_URL} = import.meta.url;`,
        `const require = __bundleRequire(${BUNDLE_URL});`,
      ].join('\n'),
    },
    define: { 'import.meta.url': MODULE_URL },
    plugins: [
      {
        name: 'module-url',
        setup(bundler) {
          // esbuild reads the filter as a Go regular expression: no flags.
          bundler.onLoad({ filter: /\.[cm]?js$/ }, async ({ path }) => {
            const contents = await readFile(path, 'utf8');
            if (!contents.includes('import.meta.url')) return undefined;
            const own = `./${relative(dirname(outfile), path).split(sep).join('/')}`;
            return { contents: `const ${MODULE_URL} = new URL(${JSON.stringify(own)}, ${BUNDLE_URL}).href;\n${contents}`, loader: 'js' };
          });
        },
      },
    ],
  });
  return outfile;
}
