"""Conniption's stand-in: the minimax values of a state's best child and of the child the student's search chose, by a
full-window search on the student's own genChildStates and betterEval, which the search's answer is judged by; and
the children each mistaken search would choose (search-mistakes.ts), on the same parts, for naming a failing search's
mistake. These are working searches, so the student's kit never ships this file; there the answer is judged by the
fixtures' facts, and the mistakes by a table made with the reference."""
import math
import struct

import grade_tools as _tools  # tools.py, loaded before this file (grade_harness/doubles.py)
_children, _fields_of, chosen_state = _tools._children, _tools._fields_of, _tools.chosen_state


_LINES = ([[(c + k, r) for k in range(4)] for r in range(6) for c in range(4)]
          + [[(c, r + k) for k in range(4)] for c in range(7) for r in range(3)]
          + [[(c + k, r + k) for k in range(4)] for c in range(4) for r in range(3)]
          + [[(c - k, r + k) for k in range(4)] for c in range(3, 7) for r in range(3)])


def _has_four(state):
    """Four in a line for either player, read from the board: the student's isWin is tested on its own."""
    board = [tuple(column) for column in state.board]
    for line in _LINES:
        cells = [board[c][r] if r < len(board[c]) else None for c, r in line]
        if cells[0] is not None and all(cell is cells[0] for cell in cells):
            return True
    return False


def _full_window_value(state, depth, stop_at_win):
    """Minimax with alpha-beta and a full window at the root: exactly plain minimax's value, on the student's own
    genChildStates and betterEval."""
    def visit(s, d, alpha, beta):
        if d == 0:
            return s.betterEval()
        if stop_at_win and _has_four(s):
            return s.betterEval()
        kids = _children(s)
        if not kids:
            return s.betterEval()
        if getattr(s, _fields_of(type(s))["player1Turn"]):
            value = float("-inf")
            for kid in kids:
                value = max(value, visit(kid, d - 1, alpha, beta))
                if value >= beta:
                    return value
                alpha = max(alpha, value)
            return value
        value = float("inf")
        for kid in kids:
            value = min(value, visit(kid, d - 1, alpha, beta))
            if value <= alpha:
                return value
            beta = min(beta, value)
        return value
    return visit(state, depth, float("-inf"), float("inf"))


class _TooBig(Exception):
    pass


class _Tree:
    """The student's own states below a search's root, each expanded and scored once, so every mistaken search reads
    the same nodes; capped in nodes, since a mistaken search may look where alpha-beta never does."""
    def __init__(self, limit):
        self.kids, self.evals, self.fours, self.kept, self.limit = {}, {}, {}, [], limit

    def children(self, s):
        key = id(s)
        if key not in self.kids:
            if len(self.kept) >= self.limit:
                raise _TooBig()
            self.kept.append(s)  # keeps the id unique while the tree lives
            self.kids[key] = _children(s)
        return self.kids[key]

    def eval(self, s):
        key = id(s)
        if key not in self.evals:
            self.kept.append(s)
            self.evals[key] = s.betterEval()
        return self.evals[key]

    def four(self, s):
        key = id(s)
        if key not in self.fours:
            self.kept.append(s)
            self.fours[key] = _has_four(s)
        return self.fours[key]


def _minimax(tree, s, d, maximises, stop, level):
    """Plain minimax, each level maximising where `maximises(level)` says (the root is level 0)."""
    if d == 0 or (stop and tree.four(s)):
        return tree.eval(s)
    kids = tree.children(s)
    if not kids:
        return tree.eval(s)
    values = [_minimax(tree, k, d - 1, maximises, stop, level + 1) for k in kids]
    return max(values) if maximises(level) else min(values)


def _alpha_beta(tree, s, d, alpha, beta, maximising, stop, own_bound=False):
    """Fail-soft alpha-beta, levels alternating: exact where the value is inside (alpha, beta), else a bound beyond.
    With `own_bound`, the cutoff-own-bound mistake: max_value returns once value >= alpha (the document: beta) and
    min_value once value <= beta (the document: alpha)."""
    if d == 0 or (stop and tree.four(s)):
        return tree.eval(s)
    kids = tree.children(s)
    if not kids:
        return tree.eval(s)
    if maximising:
        value = float("-inf")
        for k in kids:
            value = max(value, _alpha_beta(tree, k, d - 1, alpha, beta, False, stop, own_bound))
            if value >= (alpha if own_bound else beta):
                return value
            alpha = max(alpha, value)
        return value
    value = float("inf")
    for k in kids:
        value = min(value, _alpha_beta(tree, k, d - 1, alpha, beta, True, stop, own_bound))
        if value <= (beta if own_bound else alpha):
            return value
        beta = min(beta, value)
    return value


def _just_below(x):
    """The float just below a finite x: math.nextafter(x, -inf), which Python 3.8 lacks (the grader supports 3.8)."""
    if hasattr(math, "nextafter"):
        return math.nextafter(x, float("-inf"))
    if x == 0:
        return -5e-324
    bits = struct.unpack("<q", struct.pack("<d", x))[0]
    return struct.unpack("<d", struct.pack("<q", bits - 1 if x > 0 else bits + 1))[0]


def _best_alternating(tree, kids, child_depth, child_maximises, stop):
    """Each child's value where the levels alternate, exact for every child at least as good as the best before it
    (searched with alpha just below that best) and a bound below it for the rest: enough to tell the best apart, at
    the cost of an alpha-beta search rather than of the whole tree."""
    values, best = [], float("-inf")
    for k in kids:
        floor = _just_below(best) if best != float("-inf") else best
        value = _alpha_beta(tree, k, child_depth, floor, float("inf"), child_maximises, stop)
        values.append(value)
        best = max(best, value)
    return values


def _child_values(tree, kids, depth, mistake, stop):
    """Each child's value as a search with the mistake sees it, or a bound below the best (the children are level 1;
    the root maximises)."""
    if mistake == "one-level-shallower":
        return _best_alternating(tree, kids, max(0, depth - 2), False, stop)
    if mistake == "one-level-deeper":
        return _best_alternating(tree, kids, depth, False, stop)
    if mistake == "levels-swapped":
        return _best_alternating(tree, kids, depth - 1, True, stop)
    if mistake == "replies-maximised":  # every level maximises: no cut-off can help, the whole tree is read
        return [_minimax(tree, k, depth - 1, lambda level: True, stop, 1) for k in kids]
    # cutoff-own-bound: its values depend on the order the children come in, the student's own
    values, alpha = [], float("-inf")
    for k in kids:
        value = _alpha_beta(tree, k, depth - 1, alpha, float("inf"), False, stop, own_bound=True)
        values.append(value)
        alpha = max(alpha, value)
    return values


# Mistakes whose choices follow from the values alone, whatever order the children come in: asked again once a case
# fails. And those whose choices follow the children's order as the student's search met them: asked in the same
# run as the search, since a set of children may come in another order in another process (cheap: they prune).
ORDER_FREE = ("one-level-shallower", "replies-maximised", "levels-swapped", "one-level-deeper")
IN_ORDER = ("cutoff-own-bound",)
# The most states one case's mistaken searches may expand between them (the deepest search case's whole tree is
# about 1,400): a mistake that would need more is not answered there, and so is named nowhere.
_MISTAKE_NODES = 20000


def _mistaken_choices(state, depth, mistakes):
    """By mistake and terminal rule, the moves (resMove) of the children a search with that mistake may choose, on the
    student's own genChildStates and betterEval; a mistake whose search would expand too many states is left out."""
    tree = _Tree(_MISTAKE_NODES)
    found = {}
    try:
        kids = tree.children(state)
    except _TooBig:
        return found
    moves = [getattr(k, _fields_of(type(k))["resMove"], None) for k in kids]
    for mistake in mistakes:
        try:
            by_rule = {}
            for rule, stop in (("document", False), ("stop-at-win", True)):
                values = _child_values(tree, kids, depth, mistake, stop)
                best = max(values) if values else None
                by_rule[rule] = [m for m, v in zip(moves, values) if v == best and isinstance(m, str)]
            found[mistake] = by_rule
        except _TooBig:
            continue
    return found


def _keeps_children(state):
    """Whether genChildStates keeps the children it made (as the document asks): only then does a search asked again
    meet them in the order the student's search met them. Children made anew at each call come in a new order."""
    before = getattr(state, "children", None)
    state.genChildStates()
    return before is not None and len(before) > 0 and getattr(state, "children", None) is before


def search_values():
    def GradeSearchValues(state, depth, returned):
        """The best child's value and the chosen one's, with and without the search stopping at a won position; and
        the choices of the mistaken searches that follow the children's order, in this run's order."""
        chosen, _ = chosen_state(returned)
        if chosen is None:
            return None
        values = {rule: {"best": _full_window_value(state, depth, stop), "chosen": _full_window_value(chosen, depth - 1, stop)}
                  for rule, stop in (("document", False), ("stop-at-win", True))}
        mistakes = _mistaken_choices(state, depth, IN_ORDER) if _keeps_children(state) else {}
        return {**values, "mistakes": mistakes} if mistakes else values

    def GradeSearchMistakes(state, depth, wanted):
        """Asked again of a failing search's cases: the choices of each mistaken search whose choice does not depend
        on the children's order, of those still `wanted` (the others no longer fit the student's moves)."""
        return {"mistakes": _mistaken_choices(state, depth, [m for m in ORDER_FREE if m in wanted])}

    return {"GradeSearchValues": GradeSearchValues, "GradeSearchMistakes": GradeSearchMistakes}


FUNCTION_DOUBLES = {"search-values": search_values}
