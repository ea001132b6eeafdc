/**
 * One place that turns what a terminal sent into text to compare: escape sequences stripped, CRLF and lone CR
 * folded to LF, and a cap with a flag, so a program printing megabytes cannot fill the grader's memory.
 */
import stripAnsi from 'strip-ansi';

export function normalizeTerminalText(raw: string): string {
  return stripAnsi(raw).replace(/\r+\n/g, '\n').replace(/\r/g, '\n');
}

export class CappedText {
  private text = '';
  truncated = false;

  constructor(private readonly cap: number) {}

  append(chunk: string): void {
    const room = this.cap - this.text.length;
    if (chunk.length > room) this.truncated = true;
    this.text += chunk.slice(0, Math.max(room, 0));
  }

  get value(): string {
    return this.text;
  }
}
