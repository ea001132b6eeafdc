/**
 * execa, loaded at its first use: it is the largest module the CLI would load at start-up (about 0.1 s), and
 * `--help`, `list` and the first line of a student's check need none of it.
 */
export async function loadExeca(): Promise<typeof import('execa').execa> {
  return (await import('execa')).execa;
}
