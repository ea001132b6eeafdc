/**
 * The Python a handout example is written in, read as data: a literal (`[['-', 'X'], ['O', '-']]`, `(1, True)`,
 * `50.0`, `None`) or one call of a function with literal arguments (`create_row(3)`). Anything else is refused with
 * what was expected where. Pure.
 */
import { py, type PyValue } from './py-value.js';

export class PythonSyntaxError extends Error {}

export interface PythonCall {
  readonly name: string;
  readonly args: readonly PyValue[];
}

/** A name an argument refers to in a session (`p.scoresFor(b)`): the object a line before made. */
export interface PythonName {
  readonly type: 'name';
  readonly name: string;
}

export type SessionArg = PyValue | PythonName;

/**
 * One line of a shell session: `b = Board(6, 7)`, `b.add_checkers('0011')`, `Player('X', 'LEFT', 0).oppCh()`. The
 * receiver of a method is a name, or a call made on the same line; arguments are literals or names.
 */
export interface PythonStatement {
  readonly assign?: string;
  readonly receiver?:
    | { readonly name: string }
    | { readonly call: string; readonly args: readonly SessionArg[]; readonly keywords?: Readonly<Record<string, SessionArg>> };
  readonly call: string;
  readonly args: readonly SessionArg[];
  /** Arguments given by name (`flippable=False`), when any. */
  readonly keywords?: Readonly<Record<string, SessionArg>>;
}

/** A session: one statement a line (a leading `>>> ` or `In [n]: ` is the prompt, not the code). */
export function parseSession(text: string): PythonStatement[] {
  const lines = text
    .split('\n')
    .map((line) => line.replace(/^\s*(>>>|In \[\d+\]:)\s?/u, '').trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  if (lines.length === 0) throw new PythonSyntaxError('expected a call');
  return lines.map((line) => {
    const reader = new Reader(line, true);
    const statement = reader.statement();
    reader.end();
    return statement;
  });
}

export function parseLiteral(text: string): PyValue {
  const reader = new Reader(text);
  const value = reader.value();
  reader.end();
  return value;
}

class Reader {
  private at = 0;
  constructor(
    private readonly text: string,
    /** Bare names stand for objects made before (a session), not a fault. */
    private readonly names = false,
  ) {}

  statement(): PythonStatement {
    this.space();
    const assign = /^([A-Za-z_][A-Za-z0-9_]*)\s*=(?!=)/u.exec(this.text.slice(this.at));
    if (assign) this.at += assign[0].length;
    const first = this.name();
    this.space();
    let receiver: PythonStatement['receiver'];
    let call = first;
    if (this.text[this.at] === '(') {
      this.at++;
      const made = this.callArgs();
      this.space();
      if (this.text[this.at] !== '.') return { ...(assign && { assign: assign[1]! }), call, ...made };
      receiver = { call, ...made };
    } else {
      receiver = { name: first };
    }
    this.expect('.');
    call = this.name();
    this.expect('(');
    return { ...(assign && { assign: assign[1]! }), receiver, call, ...this.callArgs() };
  }

  /** A call's arguments up to its `)`: by position, then by name (`flippable=False`). */
  private callArgs(): { args: SessionArg[]; keywords?: Record<string, SessionArg> } {
    const args: SessionArg[] = [];
    const keywords: Record<string, SessionArg> = {};
    for (;;) {
      this.space();
      if (this.text[this.at] === ')') {
        this.at++;
        return Object.keys(keywords).length > 0 ? { args, keywords } : { args };
      }
      const keyword = /^([A-Za-z_][A-Za-z0-9_]*)\s*=(?!=)/u.exec(this.text.slice(this.at));
      if (keyword) {
        this.at += keyword[0].length;
        keywords[keyword[1]!] = this.value();
      } else {
        if (Object.keys(keywords).length > 0) this.fault('expected an argument by name after one by name');
        args.push(this.value());
      }
      this.space();
      if (this.text[this.at] === ',') this.at++;
      else if (this.text[this.at] !== ')') this.fault('expected "," or ")"');
    }
  }

  private space(): void {
    while (this.at < this.text.length && /\s/u.test(this.text[this.at]!)) this.at++;
  }

  private fault(what: string): never {
    throw new PythonSyntaxError(`${what} at character ${this.at + 1} of ${JSON.stringify(this.text)}`);
  }

  expect(char: string): void {
    this.space();
    if (this.text[this.at] !== char) this.fault(`expected ${JSON.stringify(char)}`);
    this.at++;
  }

  end(): void {
    this.space();
    if (this.at < this.text.length) this.fault('expected nothing more');
  }

  name(): string {
    this.space();
    const match = /^[A-Za-z_][A-Za-z0-9_]*/u.exec(this.text.slice(this.at));
    if (!match) this.fault('expected a function name');
    this.at += match[0].length;
    return match[0];
  }

  /** Values separated by commas up to `close` (a trailing comma allowed). */
  items(close: string): PyValue[];
  items(close: string): SessionArg[];
  items(close: string): SessionArg[] {
    const items: SessionArg[] = [];
    for (;;) {
      this.space();
      if (this.text[this.at] === close) {
        this.at++;
        return items;
      }
      items.push(this.value());
      this.space();
      if (this.text[this.at] === ',') this.at++;
      else if (this.text[this.at] !== close) this.fault(`expected "," or ${JSON.stringify(close)}`);
    }
  }

  value(): PyValue;
  value(): SessionArg;
  value(): SessionArg {
    this.space();
    const rest = this.text.slice(this.at);
    const char = rest[0];
    const bare = this.names ? /^(?!(True|False|None)\b)[A-Za-z_][A-Za-z0-9_]*(?![\w(.])/u.exec(rest) : null;
    if (bare) {
      this.at += bare[0].length;
      return { type: 'name', name: bare[0] };
    }
    if (char === '[') {
      this.at++;
      return py.list(this.items(']'));
    }
    if (char === '(') {
      this.at++;
      const start = this.at;
      const items = this.items(')');
      // (x) is x; (x,) is a tuple of one.
      const single = items.length === 1 && !/,\s*\)$/u.test(this.text.slice(start, this.at));
      return single ? items[0]! : py.tuple(items);
    }
    if (char === '{') {
      this.at++;
      const entries: [PyValue, PyValue][] = [];
      for (;;) {
        this.space();
        if (this.text[this.at] === '}') {
          this.at++;
          return py.dict(entries);
        }
        const key = this.value();
        this.expect(':');
        entries.push([key, this.value()]);
        this.space();
        if (this.text[this.at] === ',') this.at++;
        else if (this.text[this.at] !== '}') this.fault('expected "," or "}"');
      }
    }
    if (char === "'" || char === '"') return py.str(this.string(char));
    const word = /^(True|False|None)\b/u.exec(rest);
    if (word) {
      this.at += word[0].length;
      return word[1] === 'None' ? py.none() : py.bool(word[1] === 'True');
    }
    const number = /^-?(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?/u.exec(rest);
    if (number) {
      this.at += number[0].length;
      return /[.eE]/u.test(number[0]) ? py.float(Number(number[0])) : py.int(Number(number[0]));
    }
    return this.fault('expected a Python literal (a number, a string, True, False, None, a list, a tuple or a dict)');
  }

  private string(quote: string): string {
    let out = '';
    this.at++;
    while (this.at < this.text.length) {
      const char = this.text[this.at]!;
      if (char === quote) {
        this.at++;
        return out;
      }
      if (char === '\\') {
        const next = this.text[this.at + 1];
        const escapes: Record<string, string> = { n: '\n', t: '\t', '\\': '\\', "'": "'", '"': '"' };
        if (next === undefined || !(next in escapes)) this.fault('expected a known escape (\\n, \\t, \\\\, \\\', \\")');
        out += escapes[next]!;
        this.at += 2;
        continue;
      }
      out += char;
      this.at++;
    }
    return this.fault('expected the string to end');
  }
}
