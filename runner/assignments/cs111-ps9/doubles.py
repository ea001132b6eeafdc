"""CS111 PS9's doubles: the document's Board, handed to the tests of the players and of process_move, so a bug in
the student's Board costs only the Board tests. A double subclasses the student's class (helpers the student added
still work) and holds no expected value: it is the board a correct Board class would build."""


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


DOUBLES = {"cs111-board": cs111_board}
