"""CS61A Homework 4's instruments, which the student's kit ships too: a board that is not a list (AbstractBoard), and
the barrier put around the student's own constructors and selectors, so the barrier tests run on the student's code
alone; and the course's check_win_diagonal, which hw04.py gives every student and no test grades."""
from grade_harness.students import student_modules

# The constructors and selectors: the only functions allowed to see a board as the list it is.
SELECTORS = ("create_row", "create_board", "replace_elem", "get_piece")


class AbstractionBarrierError(Exception):
    """Raised when code above the abstraction barrier treats a board as the list it no longer is."""


def _crossed(what, fact="crossed"):
    """Raises the barrier's error: `what` in words, `fact` as data the grader reads (`write` for an assignment into the
    board, which the board tests charge; the line the student wrote is in the traceback's frames)."""
    error = AbstractionBarrierError(what)
    error.grade_fact = fact
    raise error


class AbstractRow:
    """One row of an AbstractBoard: it can only be handed to replace_elem."""

    def __init__(self, cells):
        self.cells = list(cells)

    def __getitem__(self, index):
        _crossed("indexed a row of the board instead of calling get_piece(board, row, col)")

    def __setitem__(self, index, value):
        _crossed("assigned into a row of the board instead of using replace_elem", "write")

    def __iter__(self):
        _crossed("looped over a row of the board instead of calling get_piece for each column")

    def __len__(self):
        _crossed("took len() of a row of the board; use max_cols")

    def __contains__(self, item):
        _crossed("searched a row of the board with `in`; call get_piece for each column")

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        _crossed(f"called .{name}() on a row of the board as if it were a list")

    def __repr__(self):
        return "<a row of a board>"


class AbstractBoard:
    """A board that is not a list: rows come out only for replace_elem; pieces only through get_piece."""

    def __init__(self, rows):
        self.rows = [list(row) for row in rows]

    def __getitem__(self, index):
        if not isinstance(index, int):
            _crossed("sliced the board as if it were a list")
        return AbstractRow(self.rows[index])

    def __setitem__(self, index, value):
        _crossed("assigned into the board instead of using replace_elem", "write")

    def __iter__(self):
        _crossed("looped over the board's rows instead of calling get_piece")

    def __len__(self):
        _crossed("took len() of the board; use max_rows")

    def __contains__(self, item):
        _crossed("searched the board with `in`; call get_piece")

    def __add__(self, other):
        _crossed("added to the board as if it were a list")

    __radd__ = __add__
    __mul__ = __add__

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        _crossed(f"called .{name}() on the board as if it were a list")

    def __repr__(self):
        return "AbstractBoard(" + repr(self.rows) + ")"


def _plain(value):
    """A board or row as the list the student's own selectors keep it in."""
    if isinstance(value, AbstractBoard):
        return value.rows
    if isinstance(value, AbstractRow):
        return value.cells
    return value


def _sequence(value):
    return isinstance(value, (list, tuple))


def _as_board(value):
    """The student's board behind the barrier; anything that is not a list of lists is left to the value tests."""
    return AbstractBoard(value) if _sequence(value) and all(_sequence(row) for row in value) else value


def _as_row(value):
    return AbstractRow(value) if _sequence(value) else value


def _student_function(name):
    """The student's own function of that name, or None when no file defines it."""
    for module in student_modules():
        found = module.__dict__.get(name)
        if callable(found) and not isinstance(found, type):
            return found
    return None


def _missing(name):
    def absent(*args, **kwargs):
        raise NameError(f"name '{name}' is not defined")
    return absent


def barrier_tools():
    """The student's own constructors and selectors behind the barrier. Called from above it (the test, put_piece,
    the win checks), each gets its boards and rows back as plain lists, runs as the student wrote it, and hands its
    result back as an AbstractBoard or AbstractRow; a selector calling another selector is left alone. Outside them
    a board is an AbstractBoard, so code that treats it as a list raises AbstractionBarrierError, as in the grader's
    barrier tests."""
    depth = [0]

    def wrap(name, original, rewrap):
        def selector(*args, **kwargs):
            if depth[0] > 0:
                return original(*args, **kwargs)
            check_crossing(name, args)
            depth[0] += 1
            try:
                result = original(*(_plain(a) for a in args), **{k: _plain(v) for k, v in kwargs.items()})
            finally:
                depth[0] -= 1
            return rewrap(args, result)
        selector.__name__ = name
        return selector

    def check_crossing(name, args):
        # The same two rules the grader's selectors on AbstractBoard enforce: a board comes from create_board, and
        # a row goes into it only as replace_elem made it.
        if name == "get_piece" and args and not isinstance(args[0], AbstractBoard):
            _crossed(f"passed get_piece a {type(args[0]).__name__} that create_board did not make")
        if name == "replace_elem" and len(args) >= 3 and isinstance(args[0], AbstractBoard) and not isinstance(args[2], AbstractRow):
            _crossed(f"put {type(args[2]).__name__} {args[2]!r:.40} into the board as a row; build rows with replace_elem")

    def like_first(args, result):
        if args and isinstance(args[0], AbstractBoard):
            return _as_board(result)
        if args and isinstance(args[0], AbstractRow):
            return _as_row(result)
        return result

    rewraps = {
        "create_row": lambda args, result: _as_row(result),
        "create_board": lambda args, result: _as_board(result),
        "replace_elem": like_first,
        "get_piece": lambda args, result: result,
    }
    tools = {"AbstractBoard": AbstractBoard}
    for name in SELECTORS:
        original = _student_function(name)
        tools[name] = wrap(name, original, rewraps[name]) if original else _missing(name)
    return tools


def check_win_diagonal(board, max_rows, max_cols, num_connect, row, col, player):
    """The course's check_win_diagonal (hw04.py provides it): both diagonals through (row, col), read with the
    student's own get_piece."""
    get_piece = _student_function("get_piece") or _missing("get_piece")
    for step in (1, -1):
        # Back to the diagonal's first spot on the board, then along it counting the longest run.
        back = min(row, col if step == 1 else max_cols - 1 - col)
        r, c = row - back, col - step * back
        run = 0
        while 0 <= r < max_rows and 0 <= c < max_cols:
            run = run + 1 if get_piece(board, r, c) == player else 0
            if run >= num_connect:
                return True
            r, c = r + 1, c + step
    return False


FUNCTION_DOUBLES = {"cs61a-barrier": barrier_tools, "cs61a-given": lambda: {"check_win_diagonal": check_win_diagonal}}
