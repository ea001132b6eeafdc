"""The mutation operators. Each looks at one node and proposes edits: the node's source span, the text to put there
instead, and the tree that text must parse to. mutate.py checks every proposal in its file before keeping it."""
import ast
import copy
import re
from typing import NamedTuple, Optional


class Edit(NamedTuple):
    node: ast.AST          # the node whose whole span is replaced
    text: str              # the replacement text for that span
    intended: ast.AST      # what `text` must parse to on its own
    operator: str
    change: str
    original: Optional[str] = None  # shown before/after; by default the node's text and `text`
    mutated: Optional[str] = None


class Source:
    """A file's text as UTF-8 bytes: ast column offsets count bytes, so spans are sliced as bytes, never as str."""

    def __init__(self, text):
        self.data = text.encode('utf-8')
        self.starts = [0] + [m.end() for m in re.finditer(rb'\r\n|\r|\n', self.data)]

    def start(self, node):
        return self.starts[node.lineno - 1] + node.col_offset

    def end(self, node):
        return self.starts[node.end_lineno - 1] + node.end_col_offset

    def text(self, node):
        return self.data[self.start(node):self.end(node)].decode('utf-8')

    def splice(self, node, pieces):
        """The node's text with byte ranges (absolute start, end, new text) inside it replaced."""
        out, at = [], self.start(node)
        for start, end, new in sorted(pieces):
            out += [self.data[at:start].decode('utf-8'), new]
            at = end
        out.append(self.data[at:self.end(node)].decode('utf-8'))
        return ''.join(out)


def op_between(src, left, right, pattern, new):
    """The piece that turns the operator token between two operands into `new`. Between two operands there can only
    be the operator, brackets, blanks and comments, so after blanking the comments the token is the one match."""
    start, end = src.end(left), src.start(right)
    gap = src.data[start:end].decode('utf-8')
    code = re.sub(r'#[^\r\n]*', lambda m: ' ' * len(m.group()), gap)
    found = list(re.finditer(pattern, code))
    if len(found) != 1:
        return None
    m = found[0]
    return (start, end, gap[:m.start()] + new + gap[m.end():])


COMPARE = {ast.Lt: [ast.LtE, ast.Gt], ast.LtE: [ast.Lt], ast.Gt: [ast.GtE, ast.Lt], ast.GtE: [ast.Gt],
           ast.Eq: [ast.NotEq], ast.NotEq: [ast.Eq], ast.In: [ast.NotIn], ast.NotIn: [ast.In],
           ast.Is: [ast.IsNot], ast.IsNot: [ast.Is]}
ARITH = {ast.Add: [ast.Sub], ast.Sub: [ast.Add], ast.Mult: [ast.FloorDiv], ast.FloorDiv: [ast.Mult, ast.Div],
         ast.Div: [ast.Mult], ast.Mod: [ast.FloorDiv]}
SYMBOL = {ast.Lt: '<', ast.LtE: '<=', ast.Gt: '>', ast.GtE: '>=', ast.Eq: '==', ast.NotEq: '!=', ast.In: 'in',
          ast.NotIn: 'not in', ast.Is: 'is', ast.IsNot: 'is not', ast.Add: '+', ast.Sub: '-', ast.Mult: '*',
          ast.Div: '/', ast.FloorDiv: '//', ast.Mod: '%', ast.And: 'and', ast.Or: 'or'}


def token_pattern(op, suffix=''):
    words = SYMBOL[op].split()
    if words[0].isalpha():
        return r'\b' + r'\s+'.join(words) + r'\b'
    return re.escape(SYMBOL[op] + suffix)


def swapped(a, b):
    return '`%s` → `%s`' % (a, b)


def compare(src, node):
    for i, op in enumerate(node.ops):
        left = node.left if i == 0 else node.comparators[i - 1]
        for new in COMPARE.get(type(op), []):
            piece = op_between(src, left, node.comparators[i], token_pattern(type(op)), SYMBOL[new])
            intended = copy.deepcopy(node)
            intended.ops[i] = new()
            if piece:
                yield Edit(node, src.splice(node, [piece]), intended, 'compare', swapped(SYMBOL[type(op)], SYMBOL[new]))


def is_text(node):
    """Plainly a string or a list: a literal, `str(...)`, or a `+`/`*` of one. `+` and `*` on these are
    concatenation and repetition, and the swapped operator would only raise TypeError, not a plausible slip."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mult)):
        return is_text(node.left) or is_text(node.right)
    if isinstance(node, ast.Call):
        return isinstance(node.func, ast.Name) and node.func.id in ('str', 'repr')
    return isinstance(node, (ast.JoinedStr, ast.List, ast.Tuple, ast.ListComp)) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str))


def arithmetic(src, node):
    if isinstance(node, ast.AugAssign):
        left, right, suffix = node.target, node.value, '='
    else:
        left, right, suffix = node.left, node.right, ''
    op = type(node.op)
    if op in (ast.Add, ast.Mult) and (is_text(left) or is_text(right)):
        return
    for new in ARITH.get(op, []):
        piece = op_between(src, left, right, token_pattern(op, suffix), SYMBOL[new] + suffix)
        intended = copy.deepcopy(node)
        intended.op = new()
        if piece:
            change = swapped(SYMBOL[op] + suffix, SYMBOL[new] + suffix)
            yield Edit(node, src.splice(node, [piece]), intended, 'arithmetic', change)


def boolean(src, node):
    new = ast.Or if isinstance(node.op, ast.And) else ast.And
    pattern = token_pattern(type(node.op))
    pieces = [op_between(src, a, b, pattern, SYMBOL[new]) for a, b in zip(node.values, node.values[1:])]
    intended = copy.deepcopy(node)
    intended.op = new()
    if all(pieces):
        yield Edit(node, src.splice(node, pieces), intended, 'boolean', swapped(SYMBOL[type(node.op)], SYMBOL[new]))


def with_value(node, value):
    new = copy.copy(node)
    new.value = value
    return new


def constant(src, node):
    value = node.value
    if type(value) is int:
        for new in (value + 1, value - 1):
            intended = with_value(node, new) if new >= 0 else ast.UnaryOp(op=ast.USub(), operand=with_value(node, -new))
            yield Edit(node, str(new), intended, 'constant', swapped(src.text(node), new))
    elif type(value) is bool:
        yield Edit(node, str(not value), with_value(node, not value), 'literal', swapped(value, not value))
    elif value in ('X', 'O'):
        old = src.text(node)
        # Only a plain one-letter literal, so that its quotes (and prefix) can be kept as they are.
        if re.fullmatch(r'[uUrR]?(\'|"|\'\'\'|""")[XO]\1', old):
            other = 'O' if value == 'X' else 'X'
            new = old.replace(value, other)
            yield Edit(node, new, with_value(node, other), 'literal', swapped(old, new))


def atom(src, node):
    """The node's text, bracketed unless it is a name, attribute, call or subscript."""
    text = src.text(node)
    return text if isinstance(node, (ast.Name, ast.Attribute, ast.Call, ast.Subscript)) else '(' + text + ')'


def parses_to(text, node):
    try:
        return ast.dump(ast.parse('(' + text + ')', mode='eval').body) == ast.dump(node)
    except SyntaxError:
        return False


def range_bounds(src, node):
    for arg in node.args:
        if isinstance(arg, ast.Starred) or (isinstance(arg, ast.Constant) and type(arg.value) is int):
            continue
        for op, sign in ((ast.Add, '+'), (ast.Sub, '-')):
            intended = ast.BinOp(left=copy.deepcopy(arg), op=op(), right=ast.Constant(value=1))
            new = '%s %s 1' % (src.text(arg), sign)
            # An operand of looser precedence than `+` (a shift, a comparison, `x if c else y`) needs brackets.
            if not parses_to(new, intended):
                new = '(%s) %s 1' % (src.text(arg), sign)
            yield Edit(arg, new, intended, 'range', '`range` bound `%s` → `%s`' % (src.text(arg), new))


def swap_arguments(src, node):
    args = node.args
    if len(args) < 2 or any(isinstance(a, ast.Starred) for a in args):
        return
    for i in range(len(args) - 1):
        a, b = args[i], args[i + 1]
        if src.text(a) == src.text(b):
            continue
        # Each argument's own span is swapped, whatever brackets or comments sit around and between them.
        text = src.splice(node, [(src.start(a), src.end(a), src.text(b)), (src.start(b), src.end(b), src.text(a))])
        intended = copy.deepcopy(node)
        intended.args[i], intended.args[i + 1] = intended.args[i + 1], intended.args[i]
        yield Edit(node, text, intended, 'swap', 'arguments %d and %d swapped' % (i + 1, i + 2))


def negate(src, test):
    yield Edit(test, 'not ' + atom(src, test), ast.UnaryOp(op=ast.Not(), operand=copy.deepcopy(test)),
               'negate', 'condition negated')


def drop_not(src, node):
    # The text after the `not` keyword, brackets included, so `not (a or b)` becomes `(a or b)`.
    text = src.text(node)[3:].lstrip()
    yield Edit(node, text, copy.deepcopy(node.operand), 'negate', '`not` removed')


REMOVABLE = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Return)


def remove_statement(src, node):
    if isinstance(node, ast.AnnAssign) and node.value is None:
        return
    if isinstance(node, REMOVABLE) or (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)):
        change = '`return` removed' if isinstance(node, ast.Return) else 'statement removed'
        first = src.text(node).splitlines()[0]
        yield Edit(node, 'pass', ast.Pass(), 'remove', change, original=first)


def remove_jump(src, node):
    word = 'break' if isinstance(node, ast.Break) else 'continue'
    yield Edit(node, 'pass', ast.Pass(), 'break', '`%s` removed' % word)


def edits(src, node, parent, in_body):
    """Every edit proposed for one node; `in_body` says the node is a statement of a function or block body."""
    if isinstance(node, ast.Compare):
        yield from compare(src, node)
    elif isinstance(node, (ast.BinOp, ast.AugAssign)):
        yield from arithmetic(src, node)
    elif isinstance(node, ast.BoolOp):
        yield from boolean(src, node)
    elif isinstance(node, ast.Constant) and not isinstance(parent, ast.JoinedStr):
        yield from constant(src, node)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield from drop_not(src, node)
    elif isinstance(node, (ast.Break, ast.Continue)):
        yield from remove_jump(src, node)
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name) and node.func.id == 'range':
            yield from range_bounds(src, node)
        yield from swap_arguments(src, node)
    if isinstance(node, (ast.If, ast.While, ast.IfExp)):
        yield from negate(src, node.test)
    if in_body:
        yield from remove_statement(src, node)
