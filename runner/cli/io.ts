/** What a command reads and writes of the world: its output streams, whether they are a terminal, the environment and the folder it runs in. Tests pass their own. */
export interface Io {
  readonly out: (s: string) => void;
  readonly err: (s: string) => void;
  readonly isTTY: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
}
