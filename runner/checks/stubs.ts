/**
 * Functions a submission left as the template gave them: a body of nothing but a docstring, `pass`, `...`, a bare
 * string (`"*** YOUR CODE HERE ***"`), `return` / `return None`, or `raise NotImplementedError`. Read from the
 * source by indentation, the way Python reads it; a function with any other statement is written, however wrong.
 * Pure: the caller reads the files.
 */

export interface StubFunction {
  /** `name`, or `Class.name` for a method. */
  readonly name: string;
  readonly line: number;
  /** The body as written, on one line (`"*** YOUR CODE HERE ***"`). */
  readonly body: string;
}

const DEF = /^(\s*)(?:async\s+)?def\s+(\w+)\s*\(/u;
const CLASS = /^(\s*)class\s+(\w+)\b/u;
const STUB_STATEMENT = /^(?:pass|\.\.\.|return|return\s+None|raise\s+NotImplementedError(?:\(.*\))?|(?:[rubf]{0,2})("|')(?:(?!\1).)*\1)$/iu;

const indentOf = (line: string) => line.length - line.trimStart().length;

/** The line a `def` starting at line `at` ends its signature on, and what follows its colon there (an inline body). */
function signatureEnd(lines: readonly string[], at: number): { head: number; inline: string } {
  let depth = 0;
  let opened = false;
  for (let l = at; l < lines.length; l++) {
    const text = lines[l]!.replace(/("|')(?:\\.|(?!\1).)*\1/gu, (s) => '_'.repeat(s.length));
    for (let c = 0; c < text.length; c++) {
      const ch = text[c]!;
      if (ch === '#') break;
      if (ch === '(' || ch === '[') {
        depth++;
        opened = true;
      } else if (ch === ')' || ch === ']') depth--;
      else if (ch === ':' && opened && depth === 0) return { head: l, inline: lines[l]!.slice(c + 1).trim() };
    }
  }
  return { head: at, inline: '' };
}

/** The statements of a body: comments and blank lines dropped, docstrings and string blocks kept as one statement. */
function statements(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!.trim();
    if (text === '' || text.startsWith('#')) continue;
    const quote = /^[rubf]{0,2}("""|''')/iu.exec(text)?.[1];
    if (quote) {
      // A triple-quoted string, maybe over several lines: one string statement.
      let end = i;
      const rest = text.slice(text.indexOf(quote) + 3);
      if (!rest.includes(quote)) while (end + 1 < lines.length && !lines[++end]!.includes(quote));
      const tail = lines[end]!.slice(lines[end]!.indexOf(quote, end === i ? lines[end]!.indexOf(quote) + 3 : 0) + 3).trim();
      out.push(tail === '' || tail.startsWith('#') ? '"docstring"' : `"docstring" ${tail}`);
      i = end;
      continue;
    }
    out.push(text.replace(/\s+#.*$/u, ''));
  }
  return out;
}

/** Every function of the source whose body is a stub, by its name (methods by `Class.name`). */
export function stubFunctions(source: string): StubFunction[] {
  const lines = source.split(/\r?\n/u);
  const found: StubFunction[] = [];
  const classes: { name: string; indent: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const indent = indentOf(line);
    while (classes.length > 0 && indent <= classes.at(-1)!.indent) classes.pop();
    const cls = CLASS.exec(line);
    if (cls) {
      classes.push({ name: cls[2]!, indent });
      continue;
    }
    const def = DEF.exec(line);
    if (!def) continue;
    const owner = classes.at(-1);
    const name = owner && indent > owner.indent ? `${owner.name}.${def[2]!}` : def[2]!;
    // The signature may run over lines: it ends at the colon after its closing parenthesis.
    const { head, inline } = signatureEnd(lines, i);
    const body: string[] = [];
    if (inline !== '' && !inline.startsWith('#')) body.push(inline);
    let end = head + 1;
    for (; end < lines.length; end++) {
      const next = lines[end]!;
      if (next.trim() !== '' && !next.trim().startsWith('#') && indentOf(next) <= indent) break;
      body.push(next);
    }
    const said = statements(body);
    if (said.length > 0 && said.every((s) => s === '"docstring"' || STUB_STATEMENT.test(s))) {
      found.push({ name, line: i + 1, body: said.filter((s) => s !== '"docstring"').join('; ') || 'a docstring only' });
    }
    i = end - 1;
  }
  return found;
}
