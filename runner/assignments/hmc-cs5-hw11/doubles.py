"""HMC CS5 Homework 11's doubles: the document's Player, keeping the one method under test the student's own, so a
bug in scoreBoard costs the scoreBoard tests and not every look-ahead test too; and the student's own Board with a
delMove that takes back exactly the last move, to tell a look-ahead's mistake from its Board's."""
import copy
import random

from grade_harness.lines import four_in_a_row as _wins


def _rows_of(board):
    """The rows of a student's Board, read from its repr (the document fixes no attribute names): strings, top
    down. The document's scoreBoard reads a board this way for every board a look-ahead tries."""
    rows = []
    for line in repr(board).split("\n"):
        line = line.rstrip()
        if len(line) >= 3 and len(line) % 2 == 1 and line[::2] == "|" * (len(line) // 2 + 1):
            rows.append(line[1::2])
    if not rows:
        raise ValueError("the grader could not read the board's cells from repr(b); see the board.setup test")
    return rows


def _cells_of(board):
    """The cells of a student's Board, as lists a look-ahead can change: rows top down."""
    return [list(row) for row in _rows_of(board)]


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
    """HMC's Player(ox, tiebreak, ply): the document's oppCh, scoreBoard, tiebreakMove, scoresFor and a computer
    player's nextMove, except the methods in `keep` (the one under test), which stay the student's. Boards are read
    through their repr only."""

    class Player(base):
        def __init__(self, ox, tiebreak, ply):
            if base is not object:
                base.__init__(self, ox, tiebreak, ply)
            self._grade_player = (ox, tiebreak, ply)

    def opp_ch(self):
        return "O" if self._grade_player[0] == "X" else "X"

    def score_board(self, b):
        cells = _rows_of(b)
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

    def next_move(self, b):
        # A 'HUMAN' player's dialogue stays the student's (graded by nextMove's human test); a computer's move is
        # the tie-break of its scores, asked through this class so the document's versions answer where swapped.
        if self._grade_player[2] == "HUMAN":
            return base.nextMove(self, b)
        return self.tiebreakMove(self.scoresFor(b))

    for name, method in (("oppCh", opp_ch), ("scoreBoard", score_board), ("tiebreakMove", tiebreak_move), ("scoresFor", scores_for), ("nextMove", next_move)):
        if name not in keep:
            setattr(Player, name, method)
    Player.__qualname__ = Player.__name__ = base.__name__ if base is not object else "Player"
    return Player


def _snapshot(value):
    """A copy of a Board attribute: the usual grid of strings copied row by row, anything else deep-copied."""
    if isinstance(value, (str, int, float, bool, type(None), tuple)):
        return value
    if isinstance(value, list):
        return [_snapshot(item) for item in value]
    return copy.deepcopy(value)


def _restore(current, saved):
    """Puts a saved value back in place where it can, so a reference the student's code holds stays good."""
    if isinstance(current, list) and isinstance(saved, list) and len(current) == len(saved):
        for i, item in enumerate(saved):
            if isinstance(current[i], list) and isinstance(item, list):
                _restore(current[i], item)
            else:
                current[i] = item
        return current
    return saved


def hmc_board_undo(base, keep=()):
    """The student's Board (the previous part's, which this assignment does not grade), whose delMove(col) right after
    an addMove(col, ...) that changed the board puts it back exactly as it was; any other delMove is the student's own
    (after a move into a full column, a right delMove takes that column's top checker, which the student's does too
    or is wrong there as well). The Board's
    attributes are the student's to name, so the whole instance state is saved, not one known field."""
    if not isinstance(getattr(base, "addMove", None), type(hmc_board_undo)):
        return base

    class Board(base):
        def addMove(self, *args, **kwargs):
            col = args[0] if args else kwargs.get("col")
            saved = {k: _snapshot(v) for k, v in self.__dict__.items() if k != "_grade_undo"}
            result = base.addMove(self, *args, **kwargs)
            # A move that changed nothing (a full column) has nothing to take back: the delMove after it is the
            # student's own, as a right delMove would take the top checker there too.
            changed = saved != {k: v for k, v in self.__dict__.items() if k != "_grade_undo"}
            self.__dict__.setdefault("_grade_undo", []).append((col, saved if changed else None))
            return result

        def delMove(self, *args, **kwargs):
            col = args[0] if args else kwargs.get("col")
            undo = self.__dict__.get("_grade_undo")
            if not undo or undo[-1][0] != col:
                return base.delMove(self, *args, **kwargs)
            _, saved = undo.pop()
            if saved is None:
                return base.delMove(self, *args, **kwargs)
            for name, value in saved.items():
                self.__dict__[name] = _restore(self.__dict__.get(name), value)
            for name in [n for n in self.__dict__ if n not in saved and n != "_grade_undo"]:
                del self.__dict__[name]
            return None

    Board.__qualname__ = Board.__name__ = base.__name__
    return Board


DOUBLES = {"hmc-player": hmc_player, "hmc-board-undo": hmc_board_undo}
