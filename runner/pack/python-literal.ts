/**
 * The Python a handout example is written in, read as data: a literal (`[['-', 'X'], ['O', '-']]`, `(1, True)`,
 * `50.0`, `None`) or one call of a function with literal arguments (`create_row(3)`). Anything else is refused with
 * what was expected where. Pure.
 */
import { py, type PyValue } from '../checks/py-value.js';

export class PythonSyntaxError extends Error {}

export interface PythonCall {
  readonly name: string;
  readonly args: readonly PyValue[];
}

export function parseLiteral(text: string): PyValue {
  const reader = new Reader(text);
  const value = reader.value();
  reader.end();
  return value;
}

export function parseCall(text: string): PythonCall {
  const reader = new Reader(text);
  const name = reader.name();
  reader.expect('(');
  const args = reader.items(')');
  reader.end();
  return { name, args };
}

class Reader {
  private at = 0;
  constructor(private readonly text: string) {}

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
  items(close: string): PyValue[] {
    const items: PyValue[] = [];
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

  value(): PyValue {
    this.space();
    const rest = this.text.slice(this.at);
    const char = rest[0];
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
