/**
 * Terminal colours, on when a person is reading: FORCE_COLOR (other than 0 or false) turns them on anywhere and
 * takes precedence, as in Node itself; otherwise NO_COLOR (any value) turns them off; otherwise a TTY has them.
 */
export interface Colors {
  readonly enabled: boolean;
  readonly green: (s: string) => string;
  readonly red: (s: string) => string;
  readonly yellow: (s: string) => string;
  readonly dim: (s: string) => string;
  readonly bold: (s: string) => string;
}

export function colorsEnabled(env: Readonly<Record<string, string | undefined>>, isTTY: boolean): boolean {
  const force = env['FORCE_COLOR'];
  if (force !== undefined) return !['0', 'false'].includes(force.toLowerCase());
  if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return false;
  return isTTY;
}

const wrap = (on: boolean, open: number, close: number) => (s: string) => (on ? `\x1b[${open}m${s}\x1b[${close}m` : s);

export function makeColors(enabled: boolean): Colors {
  return {
    enabled,
    green: wrap(enabled, 32, 39),
    red: wrap(enabled, 31, 39),
    yellow: wrap(enabled, 33, 39),
    dim: wrap(enabled, 2, 22),
    bold: wrap(enabled, 1, 22),
  };
}
