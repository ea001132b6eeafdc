/**
 * `grade kit <assignment> [--out <dir>] [--classroom] [--alias]`: the student's self-check package, and how to hand it
 * out. Its command is connect4-check-<id>; with --alias it answers to connect4-check too (one kit at a time).
 */
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isAssignmentId } from '../model/ids.js';
import { buildKit } from '../kit/build-kit.js';
import { KitBuildError } from '../kit/kit-bundle.js';
import { KIT_ALIAS, kitCommand, kitName } from '../kit/kit-package.js';
import { SpecError } from '../pack/load-spec.js';
import { isPackRef } from '../pack/pack-ref.js';
import type { Io } from './io.js';
import { availableSpecs } from './spec-files.js';
import { counted } from '../counted.js';

/** Where the kit goes when --out is not given. */
export const DEFAULT_KIT_OUT = 'student-kit';

export async function runKitCommand(argv: readonly string[], io: Io, root: string, version: string): Promise<number> {
  let values: { out?: string | undefined; classroom?: boolean | undefined; alias?: boolean | undefined };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { out: { type: 'string', short: 'o' }, classroom: { type: 'boolean' }, alias: { type: 'boolean' } },
    }));
  } catch (error) {
    io.err(`grade kit: ${(error as Error).message}\n`);
    return 2;
  }
  const graded = availableSpecs(root);
  const named = positionals[0];
  const pack = named !== undefined && isPackRef(named);
  if (!named || positionals.length > 1 || (!pack && (!graded.includes(named) || !isAssignmentId(named)))) {
    io.err(
      `grade kit: give one assignment${named && !pack && !graded.includes(named) ? ` (no spec for ${named})` : ''}: ${graded.join(', ')}, or a course's pack folder\n`,
    );
    return 2;
  }
  const assignment = pack ? resolve(io.cwd, named) : named;
  const out = resolve(io.cwd, values.out ?? DEFAULT_KIT_OUT);
  const shown = (path: string) => relative(io.cwd, path) || path;
  try {
    const kit = await buildKit({ assignment, out, classroom: values.classroom ?? false, version, alias: values.alias ?? false });
    const { data } = kit;
    io.out(
      [
        `Wrote the student's kit for ${data.title}:`,
        `  ${shown(kit.tarball)}   the package to hand out (${kitName(data)}, spec ${data.specHash})`,
        `  ${shown(kit.folder)}/   the same, unpacked`,
        ...(kit.classroom
          ? [`  ${shown(kit.classroom)}/   a GitHub Classroom starter: copy its .github folder into the template repository`]
          : []),
        '',
        `It holds the ${counted(data.spec.tests.length, 'visible test')} (${counted(data.spec.maxScore, 'point')}) and no answer: ${counted(data.hidden.tests, 'hidden test')} worth ${counted(data.hidden.points, 'point')} stay${data.hidden.tests === 1 ? 's' : ''} with you${data.hidden.manualPoints > 0 ? `, as do the ${counted(data.hidden.manualPoints, 'point')} graded by hand` : ''}.`,
        'A student installs it and checks their folder with:',
        `  npm install -g ./${shown(kit.tarball).split(/[\\/]/u).at(-1)}`,
        `  ${kitCommand(data)}          (or, without installing: npx --yes ./${shown(kit.tarball).split(/[\\/]/u).at(-1)})`,
        ...(values.alias ? [`It answers to ${KIT_ALIAS} too (--alias): a student can have one such kit installed at a time.`] : []),
        '',
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    if (error instanceof KitBuildError || error instanceof SpecError) {
      io.err(`grade kit: ${error.message}\n`);
      return 2;
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code && (error as NodeJS.ErrnoException).syscall) {
      io.err(`grade kit: cannot write ${shown((error as NodeJS.ErrnoException).path ?? out)}: ${code}\n`);
      return 2;
    }
    throw error;
  }
}
