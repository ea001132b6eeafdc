"""Stand-ins for a submission's own classes, so a test of one class is not failed by a bug in another.

A double subclasses the student's class (helpers the student added still work) and replaces only the methods the
assignment document specifies, with their documented behaviour. Doubles hold no expected values: they are the
board a test hands to the code under test, like a board the student built with a correct Board class.
"""
import os
import random
import sys


def cs111_board(base, keep=()):
    """CS111 PS9's Board(height, width): `slots` rows top to bottom, ' ' for empty, four in a row wins."""

    class Board(base):
        def __init__(self, height, width):
            if base is not object:
                try:
                    base.__init__(self, height, width)
                except Exception:
                    pass
            self.height = height
            self.width = width
            self.slots = [[' '] * width for _ in range(height)]

        def __repr__(self):
            rows = ['|' + '|'.join(row) + '|\n' for row in self.slots]
            labels = ''.join(' ' + str(col % 10) for col in range(self.width))
            return ''.join(rows) + '-' * (2 * self.width + 1) + '\n' + labels + '\n'

        def add_checker(self, checker, col):
            for row in range(self.height - 1, -1, -1):
                if self.slots[row][col] == ' ':
                    self.slots[row][col] = checker
                    return

        def add_checkers(self, colnums):
            checker = 'X'
            for col_str in colnums:
                col = int(col_str)
                if 0 <= col < self.width:
                    self.add_checker(checker, col)
                checker = 'O' if checker == 'X' else 'X'

        def reset(self):
            self.slots = [[' '] * self.width for _ in range(self.height)]

        def can_add_to(self, col):
            return 0 <= col < self.width and self.slots[0][col] == ' '

        def is_full(self):
            return not any(self.can_add_to(col) for col in range(self.width))

        def remove_checker(self, col):
            for row in range(self.height):
                if self.slots[row][col] != ' ':
                    self.slots[row][col] = ' '
                    return

        def is_win_for(self, checker):
            # Anchored checks with early exits, as the document suggests: look-ahead calls this thousands of times.
            s, h, w = self.slots, self.height, self.width
            for row in range(h):
                line = s[row]
                for col in range(w - 3):
                    if line[col] == checker and line[col + 1] == checker and line[col + 2] == checker and line[col + 3] == checker:
                        return True
            for row in range(h - 3):
                for col in range(w):
                    if s[row][col] == checker and s[row + 1][col] == checker and s[row + 2][col] == checker and s[row + 3][col] == checker:
                        return True
            for row in range(h - 3):
                for col in range(w - 3):
                    if s[row][col] == checker and s[row + 1][col + 1] == checker and s[row + 2][col + 2] == checker and s[row + 3][col + 3] == checker:
                        return True
            for row in range(3, h):
                for col in range(w - 3):
                    if s[row][col] == checker and s[row - 1][col + 1] == checker and s[row - 2][col + 2] == checker and s[row - 3][col + 3] == checker:
                        return True
            return False

    Board.__qualname__ = getattr(base, '__qualname__', 'Board') if base is not object else 'Board'
    return Board


# --- CS61A Homework 4 -------------------------------------------------------------------------------------------
# The functions below stand in for a student's own when another function is under test ("list"), and, with a board
# that is not a list at all ("abstract"), find code that steps around create_board, get_piece and replace_elem.


class AbstractionBarrierError(Exception):
    """Raised when code above the abstraction barrier treats a board as the list it no longer is."""


def _crossed(what):
    raise AbstractionBarrierError(what)


class AbstractRow:
    """One row of an AbstractBoard: it can only be handed to replace_elem."""

    def __init__(self, cells):
        self.cells = list(cells)

    def __getitem__(self, index):
        _crossed(f"indexed a row of the board (row[{index!r}]) instead of calling get_piece(board, row, col)")

    def __setitem__(self, index, value):
        _crossed(f"assigned into a row of the board (row[{index!r}] = ...) instead of using replace_elem")

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
            _crossed(f"sliced the board (board[{index!r}]) as if it were a list")
        return AbstractRow(self.rows[index])

    def __setitem__(self, index, value):
        _crossed(f"assigned into the board (board[{index!r}] = ...) instead of using replace_elem")

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


def _list_functions():
    """CS61A's constructors, selectors and checks on the document's list-of-lists board."""

    def create_row(size):
        return ['-' for _ in range(size)]

    def create_board(rows, columns):
        return [create_row(columns) for _ in range(rows)]

    def replace_elem(lst, index, elem):
        return lst[:index] + [elem] + lst[index + 1:]

    def get_piece(board, row, column):
        return board[row][column]

    return {"create_row": create_row, "create_board": create_board, "replace_elem": replace_elem, "get_piece": get_piece}


def _abstract_functions():
    """The same constructors and selectors on AbstractBoard."""

    def create_row(size):
        return AbstractRow(['-'] * size)

    def create_board(rows, columns):
        return AbstractBoard([['-'] * columns for _ in range(rows)])

    def replace_elem(lst, index, elem):
        if isinstance(lst, AbstractBoard):
            if not isinstance(elem, AbstractRow):
                _crossed(f"put {type(elem).__name__} {elem!r:.40} into the board as a row; build rows with replace_elem")
            rows = list(lst.rows)
            rows[index] = elem.cells
            return AbstractBoard(rows)
        if isinstance(lst, AbstractRow):
            cells = list(lst.cells)
            cells[index] = elem
            return AbstractRow(cells)
        return lst[:index] + [elem] + lst[index + 1:]

    def get_piece(board, row, column):
        if not isinstance(board, AbstractBoard):
            _crossed(f"passed get_piece a {type(board).__name__} that create_board did not make")
        return board.rows[row][column]

    return {"create_row": create_row, "create_board": create_board, "replace_elem": replace_elem, "get_piece": get_piece}


def _game_functions(base):
    """put_piece and the win checks, written only with the constructors and selectors in `base`."""
    get_piece, replace_elem = base["get_piece"], base["replace_elem"]

    def put_piece(board, max_rows, column, player):
        row = max_rows - 1
        while row >= 0 and get_piece(board, row, column) != '-':
            row -= 1
        if row < 0:
            return -1, board
        return row, replace_elem(board, row, replace_elem(board[row], column, player))

    def make_move(board, max_rows, max_cols, col, player):
        if col < 0 or col >= max_cols:
            return -1, board
        return put_piece(board, max_rows, col, player)

    def run(cells, num_connect, player):
        count = 0
        for cell in cells:
            count = count + 1 if cell == player else 0
            if count >= num_connect:
                return True
        return False

    def check_win_row(board, max_rows, max_cols, num_connect, row, player):
        return run((get_piece(board, row, c) for c in range(max_cols)), num_connect, player)

    def check_win_column(board, max_rows, max_cols, num_connect, col, player):
        return run((get_piece(board, r, col) for r in range(max_rows)), num_connect, player)

    def check_win_diagonal(board, max_rows, max_cols, num_connect, row, col, player):
        for dr, dc in ((1, 1), (1, -1)):
            r, c = row, col
            while 0 <= r - dr < max_rows and 0 <= c - dc < max_cols:
                r, c = r - dr, c - dc
            spots = []
            while 0 <= r < max_rows and 0 <= c < max_cols:
                spots.append(get_piece(board, r, c))
                r, c = r + dr, c + dc
            if run(spots, num_connect, player):
                return True
        return False

    def print_board(board, max_rows, max_cols):
        for r in range(max_rows):
            print(' '.join(get_piece(board, r, c) for c in range(max_cols)))

    def check_win(board, max_rows, max_cols, num_connect, row, col, player):
        return (check_win_row(board, max_rows, max_cols, num_connect, row, player)
                or check_win_column(board, max_rows, max_cols, num_connect, col, player)
                or check_win_diagonal(board, max_rows, max_cols, num_connect, row, col, player))

    return {"put_piece": put_piece, "make_move": make_move, "print_board": print_board, "check_win_row": check_win_row,
            "check_win_column": check_win_column, "check_win_diagonal": check_win_diagonal, "check_win": check_win}


def cs61a_functions(representation):
    """Every stand-in for one representation, by name: 'list' (the document's) or 'abstract' (AbstractBoard).

    Capitalised names are the grader's own helpers (AbstractBoard builds a test's board); they go into the
    namespace only, never into the student's modules.
    """
    base = _list_functions() if representation == "list" else _abstract_functions()
    helpers = {"AbstractBoard": AbstractBoard} if representation == "abstract" else {}
    return {**base, **_game_functions(base), **helpers}


# --- HMC CS5 Homework 11 -----------------------------------------------------------------------------------------


def _cells_of(board):
    """The cells of a student's Board, read from its repr (the document fixes no attribute names): rows top down."""
    rows = []
    for line in repr(board).split("\n"):
        line = line.rstrip()
        if len(line) >= 3 and len(line) % 2 == 1 and all(ch == "|" for ch in line[::2]):
            rows.append(list(line[1::2]))
    if not rows:
        raise ValueError("the grader could not read the board's cells from repr(b); see the board.setup test")
    return rows


def _wins(cells, ox):
    height, width = len(cells), len(cells[0])
    for row in range(height):
        for col in range(width):
            if cells[row][col] != ox:
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (-1, 1)):
                end_r, end_c = row + 3 * dr, col + 3 * dc
                if 0 <= end_r < height and 0 <= end_c < width and all(cells[row + k * dr][col + k * dc] == ox for k in range(4)):
                    return True
    return False


def _scores_for(cells, ox, ply):
    """HMC's scoresFor on the cells (restored after each trial): -1.0 full, else 100.0 minus the opponent's best."""
    other = "O" if ox == "X" else "X"
    mine, theirs = _wins(cells, ox), _wins(cells, other)
    scores = []
    for col in range(len(cells[0])):
        if cells[0][col] != " ":
            scores.append(-1.0)
        elif mine:
            scores.append(100.0)
        elif theirs:
            scores.append(0.0)
        elif ply == 0:
            scores.append(50.0)
        else:
            row = max(r for r in range(len(cells)) if cells[r][col] == " ")
            cells[row][col] = ox
            scores.append(100.0 - max(_scores_for(cells, other, ply - 1)))
            cells[row][col] = " "
    return scores


def hmc_player(base, keep=()):
    """HMC's Player(ox, tiebreak, ply): the document's oppCh, scoreBoard, tiebreakMove and scoresFor, except the
    methods in `keep` (the one under test), which stay the student's. Boards are read through their repr only."""

    class Player(base):
        def __init__(self, ox, tiebreak, ply):
            if base is not object:
                base.__init__(self, ox, tiebreak, ply)
            self._grade_player = (ox, tiebreak, ply)

    def opp_ch(self):
        return "O" if self._grade_player[0] == "X" else "X"

    def score_board(self, b):
        cells = _cells_of(b)
        ox = self._grade_player[0]
        if _wins(cells, ox):
            return 100.0
        return 0.0 if _wins(cells, "O" if ox == "X" else "X") else 50.0

    def tiebreak_move(self, scores):
        best = [col for col, score in enumerate(scores) if score == max(scores)]
        tiebreak = self._grade_player[1]
        if tiebreak == "LEFT":
            return best[0]
        if tiebreak == "RIGHT":
            return best[-1]
        return random.choice(best)

    def scores_for(self, b):
        return _scores_for(_cells_of(b), self._grade_player[0], self._grade_player[2])

    for name, method in (("oppCh", opp_ch), ("scoreBoard", score_board), ("tiebreakMove", tiebreak_move), ("scoresFor", scores_for)):
        if name not in keep:
            setattr(Player, name, method)
    Player.__qualname__ = Player.__name__ = base.__name__ if base is not object else "Player"
    return Player


def _plain_file_name(name):
    """A file in the workspace itself: the tools never reach outside it."""
    if not isinstance(name, str) or not name or "/" in name or "\\" in name or name in (".", ".."):
        raise ValueError(f"not a plain file name: {name!r}")
    return os.path.join(os.getcwd(), name)


def file_tools():
    """Manchester's save files: written before loadGame runs, read after saveGame has."""

    def GradeWriteFile(name, text):
        path = _plain_file_name(name)
        if text is None:
            if os.path.lexists(path):
                os.remove(path)
            return None
        with open(path, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        return None

    def GradeReadFile(name):
        path = _plain_file_name(name)
        if not os.path.isfile(path):
            return None
        with open(path, encoding="utf-8", errors="replace", newline="") as handle:
            return handle.read(1_000_000)

    return {"GradeWriteFile": GradeWriteFile, "GradeReadFile": GradeReadFile}


def inspect_tools():
    """What the student's modules define, read without calling any of it."""

    def GradeDocstrings():
        found = []
        for module in _student_modules():
            found.append([f"module {os.path.basename(module.__file__)}", module.__doc__])
            for name, value in list(vars(module).items()):
                if callable(value) and getattr(value, "__module__", None) == module.__name__ and hasattr(value, "__code__"):
                    found.append([name, value.__doc__])
        return found

    def GradeDistinctRows(game):
        """How many different list objects the game's board rows are (6 when none is aliased), or None."""
        board = game.get("board") if isinstance(game, dict) else None
        if not isinstance(board, list):
            return None
        return len({id(row) for row in board})

    return {"GradeDocstrings": GradeDocstrings, "GradeDistinctRows": GradeDistinctRows}


def _student_modules():
    here = os.getcwd() + os.sep
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and os.path.realpath(path).startswith(here):
            yield module


def find_search():
    """The student's alpha_beta_search: a module function, or a method of whichever class defines it."""
    classes = []
    for module in _student_modules():
        found = module.__dict__.get("alpha_beta_search")
        if callable(found) and not isinstance(found, type):
            return found
        classes += [v for v in module.__dict__.values() if isinstance(v, type) and "alpha_beta_search" in vars(v)]
    for cls in classes:
        raw = vars(cls)["alpha_beta_search"]
        if isinstance(raw, (staticmethod, classmethod)):
            return getattr(cls, "alpha_beta_search")
        try:
            instance = cls()
        except Exception:
            instance = cls.__new__(cls)
        return getattr(instance, "alpha_beta_search")
    raise NameError("no alpha_beta_search: neither a function nor a method of a class in the submission's files")


def _children(state):
    state.genChildStates()
    return list(state.children or ())


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


_FIELD_NAMES = {}


def _fields_of(cls):
    """Where a state class keeps the document's fields. The document's names first; a class that stores a
    constructor parameter under another name (`self.canFlip = flippable`) is found by building two states with
    telling values, so a renamed field costs only the test that reads the fields by name."""
    if cls in _FIELD_NAMES:
        return _FIELD_NAMES[cls]
    names = {"board": "board", "player1Turn": "player1Turn", "flipsRem": "flipsRem", "flippable": "flippable",
             "resMove": "resMove"}
    try:
        empty = ((),) * 7
        first = vars(cls(empty, True, (3, 1), False, None, "f7f"))
        second = vars(cls(empty, False, (1, 3), True, None, "2"))
        telling = {"player1Turn": (True, False), "flipsRem": ((3, 1), (1, 3)), "flippable": (False, True),
                   "resMove": ("f7f", "2")}
        for field, (one, two) in telling.items():
            if field in first:
                continue
            found = [k for k in first if k in second and _same(first[k], one) and _same(second[k], two)]
            if len(found) == 1:
                names[field] = found[0]
    except Exception:  # a constructor that cannot be probed keeps the document's names
        pass
    _FIELD_NAMES[cls] = names
    return names


def _same(value, wanted):
    if isinstance(wanted, bool):
        return value is wanted
    if isinstance(wanted, tuple):
        return isinstance(value, (tuple, list)) and tuple(value) == wanted
    return value == wanted


def describe_state(state):
    """A state as plain values: (board, player1Turn, flipsRem, flippable, resMove), sequences as tuples."""
    names = _fields_of(type(state))
    field = lambda name: getattr(state, names[name])
    board = tuple(tuple(column) for column in field("board"))
    return (board, field("player1Turn"), tuple(field("flipsRem")), field("flippable"), field("resMove"))


def conniption_tools():
    def GradeChildren(state):
        return sorted((describe_state(c) for c in (state.children or ())), key=repr)

    def GradeSearch(state, depth):
        search = find_search()
        try:
            chosen = search(state, depth, False)
        except TypeError as error:
            if "positional argument" not in str(error):
                raise
            chosen = search(state, depth)
        paired = isinstance(chosen, (tuple, list)) and len(chosen) >= 1 and hasattr(chosen[0], "board")
        if paired:  # (best state, its value): the state is what the document asks for
            chosen = chosen[0]
        if not hasattr(chosen, "board"):
            return {"chosen": None, "returned": repr(chosen)[:200]}
        values = {}
        for rule, stop in (("document", False), ("stop-at-win", True)):
            values[rule] = {"best": _full_window_value(state, depth, stop),
                            "chosen": _full_window_value(chosen, depth - 1, stop)}
        return {"chosen": describe_state(chosen), "values": values, "paired": paired}

    return {"GradeChildren": GradeChildren, "GradeSearch": GradeSearch}


_SCRIPTED = {"moves": [], "next": 0, "marker": ""}


def _scripted_search(*args, **kwargs):
    """The REPL's AI, replaced for the test: it reports the state it was handed (the board after the user's move)
    and plays the test's next move, so the game goes where the script expects."""
    import json
    state = next((a for a in list(args) + list(kwargs.values()) if hasattr(a, "board") and hasattr(a, "genChildStates")), None)
    if state is None:
        raise TypeError("the grader's stand-in for alpha_beta_search got no game state")
    board, turn, flips, flippable, _ = describe_state(state)
    report = {"board": [list(c) for c in board], "player1Turn": bool(turn), "flipsRem": list(flips), "flippable": bool(flippable)}
    # Iterative deepening asks again about the same state: the same move, and the state is reported once.
    if report != _SCRIPTED.get("last"):
        sys.stdout.write(_SCRIPTED["marker"] + json.dumps(report) + _SCRIPTED["marker"])
        sys.stdout.flush()
        moves = _SCRIPTED["moves"]
        _SCRIPTED["wanted"] = moves[_SCRIPTED["next"]] if _SCRIPTED["next"] < len(moves) else None
        _SCRIPTED["next"] += 1
        _SCRIPTED["last"] = report
    wanted = _SCRIPTED["wanted"]
    kids = _children(state)
    moves = [(describe_state(kid)[4], kid) for kid in kids]
    for move, kid in moves:
        if move == wanted:
            return kid
    plain = [kid for move, kid in sorted((m for m in moves if isinstance(m[0], str) and m[0].isdigit()), key=lambda m: m[0])]
    return plain[0] if plain else kids[0]


def install_scripted_search(moves, marker):
    _SCRIPTED.update(moves=list(moves), next=0, marker=marker)
    import builtins
    build_class = builtins.__build_class__

    def patched_build_class(func, name, *bases, **kwargs):
        cls = build_class(func, name, *bases, **kwargs)
        if isinstance(cls, type) and "alpha_beta_search" in vars(cls):
            cls.alpha_beta_search = staticmethod(_scripted_search)
        return cls

    builtins.__build_class__ = patched_build_class


def patch_search_in(modules):
    """Module-level alpha_beta_search functions (classes are caught as they are built)."""
    for module in modules:
        if getattr(module, "__name__", "") != "__main__" and module not in set(_student_modules()):
            continue
        found = module.__dict__.get("alpha_beta_search")
        if callable(found) and not isinstance(found, type):
            module.__dict__["alpha_beta_search"] = _scripted_search


DOUBLES = {"cs111-board": cs111_board, "hmc-player": hmc_player}
FUNCTION_DOUBLES = {"cs61a-list": lambda: cs61a_functions("list"), "cs61a-abstract": lambda: cs61a_functions("abstract"),
                    "files": file_tools, "inspect": inspect_tools, "conniption": conniption_tools}


def script_search(moves, marker):
    """A program child's own moves for the stand-in installed in its parent (install_scripted_search)."""
    _SCRIPTED.update(moves=list(moves), next=0, marker=marker)
    _SCRIPTED.pop("last", None)
    _SCRIPTED.pop("wanted", None)
