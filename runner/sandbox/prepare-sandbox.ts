/**
 * The sandbox a run grades in: the Python with the assignment's packages (a prepared environment when the given one
 * lacks them) and the isolation probed for that Python. The probe of the given Python starts before the spec is
 * loaded (it waits on processes), and is used when the packages did not call for another interpreter.
 */
import type { ResolvedSpec } from '../model/spec-types.js';
import { probeSandbox, SetupError, type SandboxEnvironment } from './environment.js';
import { preparePython } from './python-packages.js';

/** The probe of `python`, started early; its failure is kept to be thrown only if that Python is the one used. */
export type EarlyProbe = Promise<{ probed: SandboxEnvironment } | { error: unknown }>;

export const probeEarly = (python: string): EarlyProbe =>
  probeSandbox(python).then(
    (probed) => ({ probed }),
    (error: unknown) => ({ error }),
  );

export async function prepareSandbox(
  python: string,
  spec: Pick<ResolvedSpec, 'packages' | 'courseModules' | 'names'>,
  probing: EarlyProbe,
): Promise<SandboxEnvironment> {
  const early = await probing;
  // No environment built on an interpreter that cannot grade helps (not Python 3, older than 3.8, not there): said at
  // once, before a venv and pip spend minutes on it.
  if ('error' in early && early.error instanceof SetupError && early.error.code === 'no-python') throw early.error;
  const prepared = await preparePython(python, spec.packages);
  if ('error' in early && prepared.python === python) throw early.error;
  const probed = prepared.python === python && 'probed' in early ? early.probed : await probeSandbox(prepared.python);
  return {
    ...probed,
    notes: [...probed.notes, ...prepared.notes],
    allowedPackages: spec.packages,
    courseModules: spec.courseModules,
    ...(spec.names && { names: spec.names }),
    packagesSummary: prepared.summary,
  };
}
