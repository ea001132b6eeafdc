/**
 * A YAML slip as one line and its place: the parser's own words (read with `prettyErrors: false`, so it adds no
 * snippet to them) and the line and column its offset is at. Every reader of a YAML file says its slips this way.
 */
import type { LineCounter, YAMLError } from 'yaml';

export interface YamlFault {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export function yamlFault(error: YAMLError, lines: LineCounter): YamlFault {
  const { line, col } = lines.linePos(error.pos[0]);
  return { line, column: col, message: error.message };
}
