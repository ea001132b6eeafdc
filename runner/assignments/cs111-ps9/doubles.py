"""CS111 PS9's doubles: the document's Board, handed to the tests of the players and of process_move, so a bug in
the student's Board costs only the Board tests; and the document's AIPlayer methods, handed to the test of each
other one (next_move runs on the document's scores_for). A double subclasses the student's class (helpers the
student added still work) and holds no expected value: it is what a correct class would do."""

import random

from grade_harness.lines import four_in_a_row as _wins


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
            return _wins(self.slots, checker)

    Board.__qualname__ = getattr(base, '__qualname__', 'Board') if base is not object else 'Board'
    return Board


def _rows_of(board):
    """The board's rows, top to bottom: its `slots`, as the document names them, or, where a student named them
    otherwise, read from its repr (a game played with the student's own Board, which the Board tests grade)."""
    slots = getattr(board, 'slots', None)
    if isinstance(slots, list) and slots and all(isinstance(row, list) and row for row in slots):
        return [list(row) for row in slots]
    rows = []
    for line in repr(board).split('\n'):
        line = line.rstrip('\n')
        if len(line) >= 3 and len(line) % 2 == 1 and all(ch == '|' for ch in line[::2]):
            rows.append(list(line[1::2]))
    if not rows:
        raise ValueError("the grader could not read the board's slots, nor its cells from repr(b); see the Board tests")
    return rows


def _scores_for(s, checker, lookahead):
    """The document's scores_for on the rows `s` (restored after each trial): -1 full, 100 a win, 0 a loss, 50 else;
    a look-ahead scores a column by the opponent's best reply (100 → 0, 0 → 100, anything else → 50)."""
    other = 'O' if checker == 'X' else 'X'
    mine, theirs = _wins(s, checker), _wins(s, other)
    scores = []
    for col in range(len(s[0])):
        if s[0][col] != ' ':
            scores.append(-1)
        elif mine:
            scores.append(100)
        elif theirs:
            scores.append(0)
        elif lookahead == 0:
            scores.append(50)
        else:
            row = max(r for r in range(len(s)) if s[r][col] == ' ')
            s[row][col] = checker
            best = max(_scores_for(s, other, lookahead - 1))
            s[row][col] = ' '
            scores.append(0 if best == 100 else 100 if best == 0 else 50)
    return scores


def cs111_aiplayer(base, keep=()):
    """CS111's AIPlayer(checker, tiebreak, lookahead): the document's opponent_checker, max_score_column, scores_for,
    next_move and __repr__, except the methods in `keep` (the one under test), which stay the student's. Boards are read through
    `slots` (which the Board double these tests use always has), or the student's Board's repr in a game."""

    class AIPlayer(base):
        def __init__(self, checker, tiebreak, lookahead):
            if base is not object:
                base.__init__(self, checker, tiebreak, lookahead)
            self._grade_ai = (checker, tiebreak, lookahead)

    def opponent_checker(self):
        return 'O' if self._grade_ai[0] == 'X' else 'X'

    def max_score_column(self, scores):
        best = [col for col, score in enumerate(scores) if score == max(scores)]
        tiebreak = self._grade_ai[1]
        if tiebreak == 'LEFT':
            return best[0]
        if tiebreak == 'RIGHT':
            return best[-1]
        return random.choice(best)

    def scores_for(self, b):
        return _scores_for(_rows_of(b), self._grade_ai[0], self._grade_ai[2])

    def next_move(self, b):
        self.num_moves += 1
        return self.max_score_column(self.scores_for(b))

    def __repr__(self):
        checker, tiebreak, lookahead = self._grade_ai
        return 'Player ' + checker + ' (' + tiebreak + ', ' + str(lookahead) + ')'

    methods = (('opponent_checker', opponent_checker), ('max_score_column', max_score_column), ('scores_for', scores_for), ('next_move', next_move),
               ('__repr__', __repr__))
    for name, method in methods:
        if name not in keep:
            setattr(AIPlayer, name, method)
    AIPlayer.__qualname__ = getattr(base, '__qualname__', 'AIPlayer') if base is not object else 'AIPlayer'
    return AIPlayer


def _player_methods():
    """The document's Player methods: __init__, __repr__, opponent_checker and next_move."""

    def __init__(self, checker):
        self.checker = checker
        self.num_moves = 0

    def __repr__(self):
        return 'Player ' + self.checker

    def opponent_checker(self):
        return 'O' if self.checker == 'X' else 'X'

    def next_move(self, b):
        self.num_moves += 1
        while True:
            col = int(input('Enter a column: '))
            if b.can_add_to(col):
                return col
            print('Try again!')

    return (('__init__', __init__), ('__repr__', __repr__), ('opponent_checker', opponent_checker), ('next_move', next_move))


def cs111_player(base, keep=()):
    """CS111's Player(checker) for the tests of process_move: the document's methods, except those in `keep`, on a
    subclass of the student's class, so what process_move prints and counts is its own doing."""

    class Player(base):
        pass

    for name, method in _player_methods():
        if name not in keep:
            setattr(Player, name, method)
    Player.__qualname__ = Player.__name__ = base.__name__ if base is not object else 'Player'
    return Player


def cs111_player_inherited(base, keep=()):
    """The same methods for a replayed game, written onto the student's own class, so RandomPlayer and AIPlayer, which
    inherit from it, get them too (a replay runs in a process of its own, which ends with the game)."""
    if base is object:
        return base
    for name, method in _player_methods():
        if name not in keep:
            setattr(base, name, method)
    return base


def process_move(p, b):
    """The document's process_move, for a replayed game whose own process_move failed its tests: the turn, the move
    (next_move prints its dialogue), a blank line, the board, then the win or tie message, as the document words
    them. It uses the game's own Player and Board, so only process_move's printing and result are the document's."""
    print(str(p) + "'s turn")
    col = p.next_move(b)
    b.add_checker(p.checker, col)
    print()
    print(b)
    if b.is_win_for(p.checker):
        print(str(p) + ' wins in ' + str(p.num_moves) + ' moves.')
        print('Congratulations!')
        return True
    if b.is_full():
        print("It's a tie!")
        return True
    return False


FUNCTION_DOUBLES = {"cs111-document": lambda: {"process_move": process_move}}

DOUBLES = {"cs111-board": cs111_board, "cs111-aiplayer": cs111_aiplayer, "cs111-player": cs111_player,
           "cs111-player-inherited": cs111_player_inherited}
