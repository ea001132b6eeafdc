/**
 * One place that turns what a terminal sent into text to compare: escape sequences stripped, CRLF and lone CR
 * folded to LF, and a cap with a flag, so a program printing megabytes cannot fill the grader's memory.
 */
import stripAnsi from 'strip-ansi';

export function normalizeTerminalText(raw: string): string {
  return fold(stripAnsi(raw));
}

const fold = (text: string) => text.replace(/\r+\n/g, '\n').replace(/\r/g, '\n');

/**
 * A whole escape sequence. strip-ansi leaves a text with no ESC and no CSI byte as it is, C1 sequences and all, so
 * a part of a text strips as the whole does only when it is stripped behind one of these.
 */
const ESCAPED = '\u001B[m';

/**
 * An escape string (OSC, ended by BEL or ST; DCS, SOS, PM, APC or a title, ended by ST) whose payload has not ended
 * yet: only these sequences can run past a line's end, so until they end the text after them may still change.
 */
const OPEN_STRING =
  /(?:(?:\u001B\]|\u009D)[^\u0007\u0018\u001A\u001B\u0080-\u009F]*|(?:\u001B[PX^_k]|[\u0090\u0098\u009E\u009F])[^\u0018\u001A\u001B\u0080-\u009F]*)$/u;

/**
 * normalizeTerminalText of a terminal's output as it arrives, chunk by chunk, without going over all of it again for
 * every chunk (a program printing megabytes sends thousands of chunks, and the grader went over the whole output each
 * time). The text up to the last line ending that no escape string spans is settled: nothing after it can change how
 * it strips or folds, so it is normalized once. Only the unsettled rest, normally a part of one line, is normalized
 * again with each chunk (a program that prints without a line ending still costs its square, up to the output cap).
 */
export class GrowingTerminalText {
  private settled = '';
  /** The output after what is settled, as it came. */
  private pending = '';
  private raw = '';
  /** Whether the output holds an ESC or a CSI byte, so strip-ansi strips every sequence in it. */
  private escaped = false;

  /**
   * Takes the next chunk: says what it settled (`added`, all of the settled text when `restarted`: the output's first
   * escape changes how all of it strips, so it is normalized again, once) and the normalized rest after it (`tail`).
   */
  append(chunk: string): { added: string; tail: string; restarted: boolean } {
    // Until the first escape, the output is kept as it came, to be normalized again then.
    if (!this.escaped) this.raw += chunk;
    const restarted = !this.escaped && (chunk.includes('\u001B') || chunk.includes('\u009B'));
    if (restarted) {
      this.escaped = true;
      this.settled = '';
      this.pending = this.raw;
      this.raw = '';
    } else {
      this.pending += chunk;
    }
    let next = this.pending.lastIndexOf('\n') + 1;
    while (next > 0) {
      const open = OPEN_STRING.exec(this.pending.slice(0, next));
      if (!open) break;
      next = this.pending.lastIndexOf('\n', open.index - 1) + 1;
    }
    const added = next > 0 ? this.normalize(this.pending.slice(0, next)) : '';
    this.settled += added;
    this.pending = this.pending.slice(next);
    return { added: restarted ? this.settled : added, tail: this.normalize(this.pending), restarted };
  }

  /** normalizeTerminalText of everything appended. */
  get text(): string {
    return this.settled + this.normalize(this.pending);
  }

  private normalize(part: string): string {
    return this.escaped ? fold(stripAnsi(ESCAPED + part)) : fold(part);
  }
}

export class CappedText {
  private text = '';
  truncated = false;

  constructor(private readonly cap: number) {}

  /** Keeps what of `chunk` fits under the cap, and returns it. */
  append(chunk: string): string {
    const room = this.cap - this.text.length;
    if (chunk.length > room) this.truncated = true;
    const kept = chunk.slice(0, Math.max(room, 0));
    this.text += kept;
    return kept;
  }

  get value(): string {
    return this.text;
  }
}
