/**
 * The part of a program's normalized output that is its transcript (after the harness's start marker, before its end
 * marker), and how many prompts it holds: counted as the output arrives without going over all of it for every chunk,
 * so a program that prints megabytes costs the grader what it printed, not its square.
 */
import { GrowingTerminalText } from './normalize.js';

/** The transcript of `text`: what follows the first start marker (all of it without one), up to the first end marker. */
export function transcriptOf(text: string, start: string, end: string | undefined): string {
  const at = text.indexOf(start);
  const after = at >= 0 ? text.slice(at + start.length) : text;
  // What follows the end marker is the terminal's echo of the runner's answer to it, not the program's output.
  const cut = end ? after.indexOf(end) : -1;
  return cut >= 0 ? after.slice(0, cut) : after;
}

/** How many times `prompt` occurs in `text`, each after the last. */
export function countPrompts(text: string, prompt: string): number {
  let count = 0;
  for (let at = text.indexOf(prompt); at >= 0; at = text.indexOf(prompt, at + prompt.length)) count++;
  return count;
}

/**
 * countPrompts(transcriptOf(settled + tail)) for a `settled` text that only grows at its end (`add`) and a short
 * `tail` that may change. Settled text is looked at once: where the transcript begins (once the start marker is
 * wholly in it), where it ends (likewise) and the prompts before the last few characters, where a marker or a prompt
 * may still begin; only those last characters are kept. Positions count from the settled text's start.
 */
export class GrowingTranscript {
  /** The settled text from `kept` on: what a later search may still look at. */
  private buffer = '';
  private kept = 0;
  private length = 0;
  /** Where the transcript begins (0 until the start marker is found in the settled text). */
  private begin = 0;
  private beginFixed = false;
  /** Where no start marker wholly in the settled text can begin before. */
  private startFrom = 0;
  /** Where the end marker is, once found in the settled text. */
  private endAt: number | undefined;
  /** Where no end marker wholly in the settled text can begin before. */
  private endFrom = 0;
  /** Prompts counted from `begin` up to `countFrom`, where the count goes on. */
  private counted = 0;
  private countFrom = 0;

  constructor(
    private readonly start: string,
    private readonly end: string | undefined,
    private readonly prompt: string,
  ) {}

  add(settled: string): void {
    this.buffer += settled;
    this.length += settled.length;
  }

  count(tail: string): number {
    const total = this.result(tail);
    // Nothing before the earliest place a search goes on from is looked at again.
    const needed = [this.length];
    if (!this.beginFixed) needed.push(this.startFrom);
    if (this.endAt === undefined) needed.push(this.countFrom, ...(this.end ? [this.endFrom] : []));
    const from = Math.min(...needed);
    this.buffer = this.buffer.slice(from - this.kept);
    this.kept = from;
    return total;
  }

  private find(text: string, from: number): number {
    const at = this.buffer.indexOf(text, from - this.kept);
    return at < 0 ? -1 : at + this.kept;
  }

  private result(tail: string): number {
    if (!this.beginFixed) {
      const at = this.find(this.start, this.startFrom);
      if (at >= 0) {
        // Found once: the transcript begins after it, and what was counted from the text's start no longer counts.
        this.beginFixed = true;
        this.begin = at + this.start.length;
        this.endFrom = this.countFrom = this.begin;
        this.counted = 0;
        this.endAt = undefined;
      } else {
        this.startFrom = Math.max(this.startFrom, this.length - this.start.length + 1, 0);
        // The start marker may begin in the last few characters and end in the tail: then it is looked for whole.
        const rest = this.buffer.slice(this.startFrom - this.kept) + tail;
        const inRest = rest.indexOf(this.start);
        if (inRest >= 0) return countPrompts(transcriptOf(rest.slice(inRest), this.start, this.end), this.prompt);
      }
    }
    if (this.endAt === undefined && this.end) {
      const at = this.find(this.end, Math.max(this.endFrom, this.begin));
      if (at >= 0) this.endAt = at;
      else this.endFrom = Math.max(this.endFrom, this.length - this.end.length + 1, 0);
    }
    // Prompts wholly before where an end marker could still begin are counted for good.
    const limit = this.endAt ?? (this.end ? Math.max(this.begin, this.length - this.end.length + 1) : this.length);
    for (
      let at = this.find(this.prompt, this.countFrom);
      at >= 0 && at + this.prompt.length <= limit;
      at = this.find(this.prompt, this.countFrom)
    ) {
      this.counted++;
      this.countFrom = at + this.prompt.length;
    }
    this.countFrom = Math.max(this.countFrom, limit - this.prompt.length + 1, 0);
    if (this.endAt !== undefined) return this.counted;
    // The rest: the last few characters of the settled text and the tail, cut at an end marker there.
    const rest = this.buffer.slice(this.countFrom - this.kept) + tail;
    const cut = this.end ? rest.indexOf(this.end) : -1;
    return this.counted + countPrompts(cut >= 0 ? rest.slice(0, cut) : rest, this.prompt);
  }
}

/** A running program's output as it arrives: its transcript and the prompts in it (runner/pty/run-program.ts). */
export class ProgramOutputWatch {
  private readonly text = new GrowingTerminalText();
  private counter: GrowingTranscript;
  private tail = '';

  constructor(
    private readonly start: string,
    private readonly end: string | undefined,
    private readonly prompt: string,
  ) {
    this.counter = new GrowingTranscript(start, end, prompt);
  }

  append(chunk: string): void {
    const { added, tail, restarted } = this.text.append(chunk);
    if (restarted) this.counter = new GrowingTranscript(this.start, this.end, this.prompt);
    this.counter.add(added);
    this.tail = tail;
  }

  /** countPrompts(transcriptOf(normalizeTerminalText(everything appended))). */
  prompts(): number {
    return this.counter.count(this.tail);
  }

  /** transcriptOf(normalizeTerminalText(everything appended)). */
  transcript(): string {
    return transcriptOf(this.text.text, this.start, this.end);
  }
}
