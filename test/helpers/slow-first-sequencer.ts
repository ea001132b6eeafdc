/**
 * The order test files start in: the suites that grade whole classes first, in the order given, so the longest runs
 * overlap each other and the many short files fill the cores at the end; vitest's own order (by a cache that a clean
 * CI checkout lacks, else as found) could leave a ten-minute suite to start last and run alone.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A glob of the config's (`*` within a folder name, `**` any folders) as a regular expression. */
const globToRegex = (glob: string): RegExp =>
  new RegExp(
    `^${glob
      .split(/(\*\*\/|\*)/u)
      .map((part) => (part === '**/' ? '(?:.*/)?' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/gu, '\\$&')))
      .join('')}$`,
    'u',
  );

export function slowFirstSequencer(root: string, slowest: readonly string[]) {
  const patterns = slowest.map(globToRegex);
  const rank = (file: TestSpecification): number => {
    const path = relative(root, file.moduleId).split('\\').join('/');
    const index = patterns.findIndex((p) => p.test(path));
    return index === -1 ? patterns.length : index;
  };
  return class SlowFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const byDefault = await super.sort(files);
      return byDefault
        .map((file, i) => ({ file, i, rank: rank(file) }))
        .sort((a, b) => a.rank - b.rank || a.i - b.i)
        .map(({ file }) => file);
    }
  };
}
