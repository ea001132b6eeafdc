/**
 * A one-node Slurm cluster for a test: Debian's slurmctld and slurmd started in the foreground from a short
 * slurm.conf in a temporary folder (no systemd, no munge: `auth/none`, the controller and the node on 127.0.0.1 at
 * free ports, its state, spool, logs and pid files in that folder), ready once `sinfo` shows the node idle. The
 * commands the test runs (`sbatch`, `squeue`) find it through `SLURM_CONF`. `stop` ends the two daemons it started.
 */
import { execa, type ResultPromise } from 'execa';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';

/** The programs the cluster needs, each found on PATH or in /usr/sbin (where Debian puts the daemons). */
export function slurmMissing(): string[] {
  return ['slurmctld', 'slurmd', 'sbatch', 'sinfo'].filter(
    (program) => spawnSync('sh', ['-c', `command -v ${program} || test -x /usr/sbin/${program}`]).status !== 0,
  );
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

export interface SlurmCluster {
  readonly dir: string;
  /** The environment every Slurm command of the test runs with: `SLURM_CONF` and the PATH with /usr/sbin. */
  readonly env: Record<string, string>;
  readonly cpus: number;
  /** The daemons' logs, for a failing test's message. */
  logs(): string;
  stop(): Promise<void>;
}

export async function startSlurm(): Promise<SlurmCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'grade-slurm-'));
  for (const sub of ['state', 'spool', 'log']) mkdirSync(join(dir, sub));
  const [controller, node] = [await freePort(), await freePort()];
  const count = Math.max(1, cpus().length);
  const conf = join(dir, 'slurm.conf');
  writeFileSync(
    conf,
    [
      `ClusterName=grade${process.pid}`,
      'SlurmctldHost=localhost(127.0.0.1)',
      `SlurmctldPort=${controller}`,
      `SlurmdPort=${node}`,
      'SlurmUser=root',
      'SlurmdUser=root',
      'AuthType=auth/none',
      'CredType=cred/none',
      `StateSaveLocation=${dir}/state`,
      `SlurmdSpoolDir=${dir}/spool`,
      `SlurmctldPidFile=${dir}/slurmctld.pid`,
      `SlurmdPidFile=${dir}/slurmd.pid`,
      `SlurmctldLogFile=${dir}/log/slurmctld.log`,
      `SlurmdLogFile=${dir}/log/slurmd.log`,
      'MailProg=/bin/true',
      'ProctrackType=proctrack/linuxproc',
      'TaskPlugin=task/none',
      'SchedulerType=sched/builtin',
      'SelectType=select/cons_tres',
      'SelectTypeParameters=CR_Core',
      'MpiDefault=none',
      'ReturnToService=2',
      'JobAcctGatherType=jobacct_gather/none',
      'AccountingStorageType=accounting_storage/none',
      // sbatch --wait polls every 2 s while its sleep stays under half of this (it grows fourfold otherwise: 2, 8, 32 s).
      'MinJobAge=4',
      `NodeName=grade-node NodeHostname=localhost NodeAddr=127.0.0.1 CPUs=${count} State=UNKNOWN`,
      'PartitionName=grade Nodes=grade-node Default=YES MaxTime=INFINITE State=UP',
      '',
    ].join('\n'),
  );
  const env = { SLURM_CONF: conf, PATH: `${process.env.PATH ?? ''}:/usr/sbin` };
  const daemons: ResultPromise[] = [
    execa('slurmctld', ['-D', '-i', '-f', conf], { env, reject: false, stdio: 'ignore', cleanup: true }),
    execa('slurmd', ['-D', '-N', 'grade-node', '-f', conf], { env, reject: false, stdio: 'ignore', cleanup: true }),
  ];
  const logs = () =>
    ['slurmctld', 'slurmd']
      .map((d) => {
        try {
          return `${d}:\n${readFileSync(join(dir, 'log', `${d}.log`), 'utf8')
            .split('\n')
            .slice(-15)
            .join('\n')}`;
        } catch {
          return `${d}: no log`;
        }
      })
      .join('\n');
  const stop = async () => {
    for (const daemon of daemons) daemon.kill('SIGTERM');
    await Promise.all(daemons);
    rmSync(dir, { recursive: true, force: true });
  };
  // Ready when the node has registered and is idle; polled, as the daemons take their own time on a busy machine.
  for (let polls = 0; ; polls++) {
    const info = await execa('sinfo', ['-h', '-o', '%T'], { env, reject: false });
    if (String(info.stdout).trim() === 'idle') break;
    if (polls > 600 || daemons.some((d) => d.exitCode !== null)) {
      const why = logs();
      await stop();
      throw new Error(`the one-node Slurm cluster did not come up (sinfo: ${String(info.stdout || info.stderr).trim()}):\n${why}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return { dir, env, cpus: count, logs, stop };
}
