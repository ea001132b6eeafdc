/**
 * The kit's .tgz, written in this process as `npm pack` lays one out: every file under `package/`, in sorted order,
 * with no owner and one fixed date, so the same kit gives the same bytes. `npm pack` did this in a second of its own
 * start for each kit, and needed npm on the PATH; the kit's folder holds only what the build wrote (its package.json
 * `files` and the vendored node-pty), so nothing is left to choose.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { create } from 'tar';

/** The date npm gives every entry of a package it packs. */
const NPM_PACK_DATE = new Date('1985-10-26T08:15:00.000Z');

/** Every file under `folder`, relative and `/`-separated, sorted. */
function filesUnder(folder: string, prefix = ''): string[] {
  return readdirSync(join(folder, prefix), { withFileTypes: true })
    .flatMap((entry) => {
      const path = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      return entry.isDirectory() ? filesUnder(folder, path) : [path];
    })
    .sort();
}

/**
 * `folder` packed into `tarball` as npm packs a package: each file under `package/`, no owner, every file 0644, or
 * 0755 where it was executable or `executable` names it (by its path in the folder, `/`-separated): a file that must
 * run whatever mode it had on disk (node-pty's spawn-helper, which its package ships 0644; any file of a kit built on
 * Windows, where nothing has an execute bit).
 */
export async function packFolder(
  folder: string,
  tarball: string,
  options: { readonly executable?: (path: string) => boolean } = {},
): Promise<void> {
  const files = filesUnder(folder);
  await create(
    {
      file: tarball,
      cwd: folder,
      gzip: true,
      prefix: 'package',
      portable: true,
      noDirRecurse: true,
      mtime: NPM_PACK_DATE,
      // The header's mode is read from the entry's stat after this call: a file only its owner could read (a umask of
      // 077) would install unreadable for everyone else.
      onWriteEntry: (entry) => {
        if (!entry.stat) return;
        const executable = (entry.stat.mode & 0o111) !== 0 || options.executable?.(entry.path) === true;
        entry.stat.mode = (entry.stat.mode & ~0o7777) | (executable ? 0o755 : 0o644);
      },
    },
    files,
  );
}
