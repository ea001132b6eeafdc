"""Every one-change mutant of a solution's Python files, as one JSON document on stdout.

    python3 mutate.py <solution-dir> <file> [<file>...]

The files are parsed, never run. Each mutant replaces the source span of one node and leaves every other byte of
the file as it was (comments, layout), so its diff against the original is a line or so. See README.md."""
import argparse
import ast
import hashlib
import json
import os
import sys

from operators import Source, edits

# Fields never mutated: decorators, type annotations, f-string format specs.
SKIPPED_FIELDS = {'decorator_list', 'annotation', 'returns', 'type_comment', 'format_spec', 'type_params'}
SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
# Statement lists whose statements may be removed: those of a function or a block, not of a module or class.
BODIES = ('body', 'orelse', 'finalbody')


def is_main_guard(node):
    """`if __name__ == '__main__':`, either way round."""
    test = getattr(node, 'test', None)
    if not isinstance(node, ast.If) or not isinstance(test, ast.Compare) or len(test.ops) != 1:
        return False
    sides = sorted(ast.dump(n) for n in (test.left, test.comparators[0]))
    return isinstance(test.ops[0], ast.Eq) and sides == sorted([ast.dump(ast.Name('__name__', ast.Load())),
                                                                  ast.dump(ast.Constant('__main__'))])


def is_docstring(parent, child, index):
    return (index == 0 and isinstance(parent, (ast.Module,) + SCOPES) and isinstance(child, ast.Expr)
            and isinstance(child.value, ast.Constant) and isinstance(child.value.value, str))


def is_own_test(parent, child):
    """A module-level `def test...()`: the student's own checks, which no document fixes (as pytest names them)."""
    return isinstance(parent, ast.Module) and isinstance(child, ast.FunctionDef) and child.name.startswith('test')


def left_alone(parent, child, index):
    return (isinstance(child, (ast.Import, ast.ImportFrom)) or is_docstring(parent, child, index)
            or (isinstance(parent, ast.Module) and is_main_guard(child)) or is_own_test(parent, child))


def walk(node, parent=None, scope=(), in_body=False, path=(), anchor=None, in_function=False):
    """(node, parent, qualified scope, whether it is a statement of a function or block body, anchor) outside the
    parts that are left alone. The anchor is the path ((field, index), ...) from the module to the outermost function
    holding the node, or else to the module-level statement holding it: a mutant is checked on its anchor alone."""
    yield node, parent, scope, in_body, anchor
    if isinstance(node, SCOPES):
        scope = scope + (node.name,)
    opens = isinstance(node, FUNCTIONS) and not in_function
    for field, value in ast.iter_fields(node):
        if field in SKIPPED_FIELDS:
            continue
        body = isinstance(value, list) and field in BODIES and not isinstance(node, (ast.Module, ast.ClassDef))
        for index, child in enumerate(value if isinstance(value, list) else [value]):
            if isinstance(child, ast.AST) and not left_alone(node, child, index):
                step = path + ((field, index if isinstance(value, list) else None),)
                inner = step if parent is None else (path if opens else anchor)
                yield from walk(child, node, scope, body, step, inner, in_function or opens)


def at(tree, path):
    """The node at a path from walk, or None where the tree has none."""
    node = tree
    for field, index in path:
        value = getattr(node, field, None)
        if index is not None:
            value = value[index] if isinstance(value, list) and index < len(value) else None
        if not isinstance(value, ast.AST):
            return None
        node = value
    return node


def parse_alone(text, statement):
    """What a statement's or an expression's text parses to on its own, or None."""
    try:
        if statement:
            body = ast.parse(text).body
            return body[0] if len(body) == 1 else None
        return ast.parse('(' + text + ')', mode='eval').body
    except (SyntaxError, ValueError):
        return None


def same(text, node, statement):
    parsed = parse_alone(text, statement)
    return parsed is not None and ast.dump(parsed) == ast.dump(node)


def dump_with(root, parent, node, new):
    """The dump of `root` with `node` (a child of `parent`, under `root`) swapped for `new`; the tree is left as it
    was."""
    if root is node:
        return ast.dump(new)
    for field, value in ast.iter_fields(parent):
        if value is node:
            setattr(parent, field, new)
            try:
                return ast.dump(root)
            finally:
                setattr(parent, field, node)
        if isinstance(value, list) and any(item is node for item in value):
            index = next(i for i, item in enumerate(value) if item is node)
            value[index] = new
            try:
                return ast.dump(root)
            finally:
                value[index] = node
    raise ValueError('node not found under its parent')


def apply(src, tree, parent, edit, filename, anchor):
    """(new file text, replacement text, new dump of the anchor), or None when the edit cannot be made exactly as
    intended.

    Only the anchor (the outermost function holding the edit, or its module-level statement) is parsed, compared and
    compiled: doing so for the whole file for every mutant was nine tenths of the mutator's time. Where the anchor's
    text is not one statement on its own, or compiles only in its file, the whole file decides."""
    statement = isinstance(edit.node, ast.stmt)
    # Before Python 3.12 the positions of nodes inside f-strings can be off: the node's span must be the node.
    if not same(src.text(edit.node), edit.node, statement) or not same(edit.text, edit.intended, statement):
        return None
    root = at(tree, anchor)
    expected = dump_with(root, parent, edit.node, edit.intended)
    start, end = src.start(edit.node), src.end(edit.node)
    # The anchor's text from the start of its first line (its decorators'); a method's under `if 1:`, which takes an
    # indented block as it is.
    first = src.starts[min([root.lineno] + [d.lineno for d in getattr(root, 'decorator_list', [])]) - 1]
    indented = root.col_offset > 0
    # Brackets only when the text would otherwise bind differently with its neighbours (`-1` after `**`, say).
    for text in [edit.text] if statement else [edit.text, '(' + edit.text + ')']:
        new = text.encode('utf-8')
        alone = (b'if 1:\n' if indented else b'') + src.data[first:start] + new + src.data[end:src.end(root)]
        whole = (src.data[:start] + new + src.data[end:]).decode('utf-8')
        verdict = alone_as_intended(alone.decode('utf-8'), indented, expected, filename)
        if verdict is None:
            verdict = whole_as_intended(whole, dump_with(tree, parent, edit.node, edit.intended), filename)
        if verdict:
            return whole, text, expected
    return None


def alone_as_intended(text, indented, expected, filename):
    """Whether an anchor's new text parses to the `expected` dump, and compiles; None when the text is not exactly
    one statement from its first byte to its last (in its file, whose other bytes are the original's, it parses as it
    does alone only then), or when it must be compiled where it is."""
    try:
        tree = ast.parse(text, filename)
    except (SyntaxError, ValueError):
        return None
    body = tree.body[0].body if indented and len(tree.body) == 1 and isinstance(tree.body[0], ast.If) else tree.body
    if len(tree.body) != 1 or len(body) != 1 or Source(text).end(body[0]) != len(text.encode('utf-8')):
        return None
    if ast.dump(body[0]) != expected:
        return False
    try:
        compile(ast.Module(body=body, type_ignores=[]), filename, 'exec')
    except (SyntaxError, ValueError):
        return None  # perhaps only out of its class or module: the whole file decides
    return True


def whole_as_intended(text, expected, filename):
    """Whether the whole new file parses to the `expected` dump, and compiles."""
    try:
        tree = ast.parse(text, filename)
        if ast.dump(tree) != expected:
            return False
        compile(tree, filename, 'exec')
    except (SyntaxError, ValueError):
        return False
    return True


def file_mutants(root, name):
    """The file's mutants in order, each with its anchor's dump under '_dump' and its column under '_col'."""
    with open(os.path.join(root, name), 'rb') as f:
        text = f.read().decode('utf-8-sig')
    tree = ast.parse(text, name)
    src = Source(text)
    found = []
    for node, parent, scope, in_body, anchor in walk(tree):
        for edit in edits(src, node, parent, in_body):
            made = apply(src, tree, parent if edit.node is node else node, edit, name, anchor)
            if made is None:
                continue
            new_text, replacement, dump = made
            found.append({
                'file': name, 'line': edit.node.lineno, 'endLine': edit.node.end_lineno,
                'function': '.'.join(scope) or '<module>', 'operator': edit.operator, 'change': edit.change,
                'original': edit.original if edit.original is not None else src.text(edit.node),
                'mutated': edit.mutated if edit.mutated is not None else replacement,
                'source': new_text, '_dump': (anchor, dump), '_col': edit.node.col_offset})
    # Sorted is stable: two mutants of one node and operator keep the operator's own order (`+ 1` before `- 1`).
    found.sort(key=lambda m: (m['line'], m['_col'], m['operator']))
    return keep_distinct(found, tree)


def keep_distinct(found, tree):
    """Drops a mutant whose tree is the original's or that of an earlier mutant, then names the rest. Two trees
    that differ in one anchor at most are the same tree when that anchor's dumps are."""
    seen, kept, occurrences, originals = set(), [], {}, {}
    for m in found:
        anchor, dump = m['_dump']
        if anchor not in originals:
            originals[anchor] = ast.dump(at(tree, anchor))
        if m['_dump'] in seen or dump == originals[anchor]:
            continue
        seen.add(m['_dump'])
        key = (m['function'], m['operator'], m['original'], m['mutated'])
        index = occurrences.get(key, 0)
        occurrences[key] = index + 1
        m['id'] = mutant_id(m['file'], key, index)
        kept.append(m)
    return kept


def mutant_id(name, key, index):
    """Named by what changed and where in the file's functions, never by line, so moving other code keeps it."""
    digest = hashlib.sha1(json.dumps([name, *key, index], ensure_ascii=False).encode('utf-8')).hexdigest()
    return 'm-' + digest[:10]


FIELDS = ('id', 'file', 'line', 'endLine', 'function', 'operator', 'change', 'original', 'mutated', 'source')


def main(argv):
    parser = argparse.ArgumentParser(description='Every one-change mutant of the named Python files, as JSON.')
    parser.add_argument('solution', help='the solution folder')
    parser.add_argument('files', nargs='+', help='the files to mutate, relative to the solution folder')
    args = parser.parse_args(argv)
    if not os.path.isdir(args.solution):
        print('mutate.py: no solution folder %s' % args.solution, file=sys.stderr)
        return 2
    out = {'mutants': [], 'files': [], 'skipped': []}
    for name in args.files:
        try:
            mutants = file_mutants(args.solution, name)
        except SyntaxError as error:
            out['skipped'].append({'file': name, 'reason': 'SyntaxError: %s, line %s' % (error.msg, error.lineno)})
            continue
        except (OSError, UnicodeDecodeError, ValueError) as error:
            out['skipped'].append({'file': name, 'reason': '%s: %s' % (type(error).__name__, error)})
            continue
        out['mutants'] += [{k: m[k] for k in FIELDS} for m in mutants]
        out['files'].append({'file': name, 'mutants': len(mutants)})
    sys.stdout.buffer.write(json.dumps(out, ensure_ascii=False).encode('utf-8') + b'\n')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
