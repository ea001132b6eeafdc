/**
 * A terminal's output normalized and watched as it arrives: the same text, transcript and prompt count as going over
 * the whole output again, however it is cut into chunks.
 */
import { describe, expect, it } from 'vitest';
import { GrowingTerminalText, normalizeTerminalText } from '../../../runner/pty/normalize.js';
import { countPrompts, ProgramOutputWatch, transcriptOf } from '../../../runner/pty/transcript.js';

/** Pieces a program's output is made of, the awkward ones many times: escape strings that span lines, CRs before LFs. */
const PIECES = [
  'col? ',
  'Enter a column: ',
  'x',
  ' ',
  '\n',
  '\r',
  '\r\n',
  '\r\r\n',
  '\u001b[31m',
  '\u001b[0m',
  '\u001b[',
  '31',
  'm',
  '\u001b]0;title',
  '\u001b]0;two\nlines',
  '\u0007',
  '\u001b\\',
  '\u009c',
  '\u009d',
  '\u001bP',
  '\u001b_',
  '\u001b',
  ']',
  'P1234567',
  '\u001b]R',
  '\u009b',
  '\u0018',
  '\u0090',
  'é',
  '\u001b7',
  // The harness's markers and the prompt, whole, in parts, and coloured.
  '<start>',
  '<sta',
  'rt>',
  '<end>',
  '<e',
  'nd>',
  'col',
  '? ',
  'c\u001b[1mol? ',
  '<start>col? <end>',
];

/** A small seeded generator (mulberry32): the same cases on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Seeded outputs, each as the chunks it arrives in. */
function* outputs(count: number, seed: number): Generator<string[]> {
  const next = random(seed);
  for (let run = 0; run < count; run++) {
    const chunks: string[] = [];
    for (let c = 1 + Math.floor(next() * 12); c > 0; c--) {
      let chunk = '';
      for (let p = 1 + Math.floor(next() * 8); p > 0; p--) chunk += PIECES[Math.floor(next() * PIECES.length)];
      chunks.push(chunk);
    }
    yield chunks;
  }
}

describe('GrowingTerminalText', () => {
  it('gives, after every chunk, exactly what normalizing the whole output so far gives (2,000 seeded outputs)', () => {
    for (const chunks of outputs(2_000, 35)) {
      const growing = new GrowingTerminalText();
      let raw = '';
      for (const chunk of chunks) {
        raw += chunk;
        growing.append(chunk);
        expect(growing.text, JSON.stringify(chunks)).toBe(normalizeTerminalText(raw));
      }
    }
  });

  it('settles a line only once no escape string is left open before its end', () => {
    const growing = new GrowingTerminalText();
    // The title's string spans the line ending: until its BEL comes, the text after it is not known.
    expect(growing.append('a\n\u001b]0;t\nb')).toEqual({ added: 'a\n', tail: '\u001b]0;t\nb', restarted: true });
    expect(growing.append('\u0007c\n')).toEqual({ added: 'c\n', tail: '', restarted: false });
    expect(growing.text).toBe('a\nc\n');
  });
});

describe('ProgramOutputWatch', () => {
  it('counts, after every chunk, the prompts of the whole transcript so far, and gives that transcript (3 × 1,000 seeded outputs)', () => {
    for (const [start, end, prompt] of [
      ['<start>', '<end>', 'col? '],
      ['<start>', undefined, 'col? '],
      ['<start>', '<end>', 'l? c'],
    ] as const) {
      for (const chunks of outputs(1_000, 36)) {
        const watch = new ProgramOutputWatch(start, end, prompt);
        let raw = '';
        for (const chunk of chunks) {
          raw += chunk;
          watch.append(chunk);
          const transcript = transcriptOf(normalizeTerminalText(raw), start, end);
          expect(watch.prompts(), JSON.stringify(chunks)).toBe(countPrompts(transcript, prompt));
        }
        expect(watch.transcript()).toBe(transcriptOf(normalizeTerminalText(raw), start, end));
      }
    }
  });
});
