/**
 * What an interpreter imports before it answers: a submission starts about 5 with fork and 30 without, so the
 * harness reads and writes its JSON with the C scanner and encoder (grade_harness/wire.py), reads a traceback's
 * frames itself (grade_harness/frames.py) and loads modules with importlib's own functions (grade_harness/loading.py),
 * rather than import json, traceback and importlib.util, which bring re, enum, tokenize, linecache and contextlib
 * (about half of the harness's start). Each stand-in must say exactly what the module it replaces says.
 */
import { execa } from 'execa';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HARNESS_DIR, probeSandbox } from '../../../runner/sandbox/environment.js';
import { tempDirs } from '../../temp-dirs.js';

const temp = tempDirs();

/** Runs a Python script with the harness importable, as a student process starts (-I -S -B). */
async function python(script: string): Promise<string> {
  const { python: executable } = await probeSandbox('python3');
  const run = await execa(
    executable,
    ['-I', '-S', '-B', '-c', `import sys\nsys.path.insert(0, ${JSON.stringify(HARNESS_DIR)})\n${script}`],
    { reject: false },
  );
  expect(run.exitCode, String(run.stderr)).toBe(0);
  return String(run.stdout);
}

describe('the harness at start', () => {
  it('imports neither json, traceback nor importlib.util, nor what they bring (re, enum, tokenize, linecache, contextlib)', async () => {
    const out = await python(
      [
        'import grade_harness.server',
        'print(sorted(m for m in ("json", "traceback", "re", "enum", "tokenize", "linecache", "signal", "importlib.util", "contextlib", "collections") if m in sys.modules))',
      ].join('\n'),
    );
    expect(out.trim()).toBe('[]');
  });

  it("loads modules with importlib.util's own functions, taken from where it takes them", async () => {
    const out = await python(
      [
        'import grade_harness.loading as loading, importlib.util',
        'print([getattr(loading, n) is getattr(importlib.util, n) for n in loading.__all__])',
      ].join('\n'),
    );
    expect(out.trim()).toBe('[True, True, True]');
  });

  it('reads and writes JSON as the json package does, and refuses what it refuses', async () => {
    const out = await python(
      [
        'import json, math',
        'from grade_harness.wire import dumps, loads',
        'values = [None, True, 0, -7, 10**40, 2.5, -0.0, 1e300, "", "é ü 中 \\U0001F600", "\\ud800 lone", "quote \\" and \\\\ and \\n\\t\\x00",',
        '          [], {}, {"id": 3, "ok": True, "value": {"type": "list", "items": [1, [2, {"k": None}]]}}, [[[]]], {"é": ["x"]}]',
        'for v in values:',
        '    text = dumps(v)',
        '    assert text == json.dumps(v, ensure_ascii=False, allow_nan=False, separators=(",", ":")), (v, text)',
        '    assert loads(text) == v and loads(text.encode("utf-8", "surrogatepass")) == v, v',
        '    assert loads(" \\n" + json.dumps(v) + "\\n") == v, v',
        'assert math.isnan(loads("NaN")) and loads("[Infinity, -Infinity]") == [math.inf, -math.inf]',
        'refused = []',
        'for bad in [float("nan"), float("inf"), {"x": -math.inf}]:',
        '    try: dumps(bad)',
        '    except ValueError: refused.append("nan")',
        'try: dumps({"x": object()})',
        'except TypeError as error: refused.append(str(error))',
        'for text in ["", "   ", "{\\"a\\": 1} {}", "[1,", "{\\"a\\" 1}", "tru", b"\\xff"]:',
        '    try: loads(text)',
        '    except ValueError: refused.append("bad")',
        'print(refused)',
      ].join('\n'),
    );
    expect(JSON.parse(out.trim().replaceAll("'", '"'))).toEqual([
      'nan',
      'nan',
      'nan',
      'Object of type object is not JSON serializable',
      'bad',
      'bad',
      'bad',
      'bad',
      'bad',
      'bad',
      'bad',
    ]);
  });

  it("reads a traceback's frames as traceback.extract_tb does: files, lines, functions and source lines, in any encoding Python reads", async () => {
    const dir = temp('frames-');
    writeFileSync(
      join(dir, 'student_utf8.py'),
      'def inner(x):\n    # é\n    return 1 / x  # divide ü\n\n\ndef outer():\n    return inner(0)\n',
    );
    // A file Python reads as Latin-1 by its coding line: its source lines come back as Python shows them.
    writeFileSync(
      join(dir, 'student_latin1.py'),
      Buffer.from('# -*- coding: latin-1 -*-\ndef fail():\n    raise ValueError("caf\xe9")  # \xe9\n', 'latin1'),
    );
    const out = await python(
      [
        'import traceback',
        `sys.path.insert(0, ${JSON.stringify(dir)})`,
        'import student_utf8, student_latin1',
        'from grade_harness.frames import tb_frames',
        'seen = []',
        'for call in (student_utf8.outer, student_latin1.fail, lambda: exec("1/0")):',
        '    try: call()',
        '    except Exception as error:',
        '        ours = tb_frames(error.__traceback__)',
        '        theirs = [(f.filename, f.lineno, f.name, f.line or "") for f in traceback.extract_tb(error.__traceback__)]',
        '        assert ours == theirs, (ours, theirs)',
        '        kept = tb_frames(error.__traceback__, lambda f: f.endswith("student_utf8.py"))',
        '        assert kept == [t for t in theirs if t[0].endswith("student_utf8.py")]',
        '        seen.append([t[2:] for t in ours[1:]])',
        'print(seen)',
      ].join('\n'),
    );
    expect(out.trim()).toBe(
      `[[('outer', 'return inner(0)'), ('inner', 'return 1 / x  # divide ü')], [('fail', 'raise ValueError("café")  # é')], [('<lambda>', ''), ('<module>', '')]]`,
    );
  });
});
