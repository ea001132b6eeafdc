"""Conniption's stand-in: the minimax values of a state's best child and of the child the student's search chose, by a
full-window search on the student's own genChildStates and betterEval, which the search's answer is judged by. That
is a working search, so the student's kit never ships this file; there the answer is judged by the fixtures' facts."""
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


def search_values():
    def GradeSearchValues(state, depth, returned):
        """The best child's value and the chosen one's, with and without the search stopping at a won position."""
        chosen, _ = chosen_state(returned)
        if chosen is None:
            return None
        return {rule: {"best": _full_window_value(state, depth, stop), "chosen": _full_window_value(chosen, depth - 1, stop)}
                for rule, stop in (("document", False), ("stop-at-win", True))}

    return {"GradeSearchValues": GradeSearchValues}


FUNCTION_DOUBLES = {"search-values": search_values}
