"""The document's versions of Manchester's game functions, for a play() replayed without the bugs other tests
already charged. The grader's alone: the student's kit never ships them."""


def document_functions():
    """The document's game functions, for a play() replayed without the bugs other tests already charged (the
    student's own play() and suggestMove2 are never among them)."""

    def newGame(player1, player2):
        return {"player1": player1, "player2": player2, "who": 1, "board": [[0] * 7 for _ in range(6)]}

    def printBoard(board):
        print("|1|2|3|4|5|6|7|")
        print("+-+-+-+-+-+-+-+")
        for row in board:
            print("|" + "|".join(" XO"[cell] for cell in row) + "|")

    def getValidMoves(board):
        return [col for col in range(7) if board[0][col] == 0]

    def makeMove(board, move, who):
        for row in range(5, -1, -1):
            if board[row][move] == 0:
                board[row][move] = who
                return board
        return board

    def hasWon(board, who):
        for row in range(6):
            for col in range(7):
                for dr, dc in ((0, 1), (1, 0), (1, 1), (-1, 1)):
                    cells = [(row + k * dr, col + k * dc) for k in range(4)]
                    if all(0 <= r < 6 and 0 <= c < 7 and board[r][c] == who for r, c in cells):
                        return True
        return False

    def suggestMove1(board, who):
        for player in (who, 3 - who):
            for col in getValidMoves(board):
                trial = makeMove([list(row) for row in board], col, player)
                if hasWon(trial, player):
                    return col
        return getValidMoves(board)[0]

    def loadGame(filename="game.txt"):
        with open(filename, encoding="utf-8") as handle:
            lines = handle.read().replace("\r\n", "\n").rstrip("\n").split("\n")
        if len(lines) != 9 or not lines[0].strip() or not lines[1].strip():
            raise ValueError("the file does not hold a game")
        try:
            who = int(lines[2])
            board = [[int(value) for value in line.split(",")] for line in lines[3:]]
        except ValueError:
            raise ValueError("the file does not hold a game") from None
        if who not in (1, 2) or any(len(row) != 7 or any(v not in (0, 1, 2) for v in row) for row in board):
            raise ValueError("the file does not hold a game")
        return {"player1": lines[0], "player2": lines[1], "who": who, "board": board}

    def saveGame(game, filename="game.txt"):
        with open(filename, "w", encoding="utf-8") as handle:
            handle.write("\n".join([game["player1"], game["player2"], str(game["who"])] + [",".join(str(v) for v in row) for row in game["board"]]) + "\n")

    return {"newGame": newGame, "printBoard": printBoard, "getValidMoves": getValidMoves, "makeMove": makeMove,
            "hasWon": hasWon, "suggestMove1": suggestMove1, "loadGame": loadGame, "saveGame": saveGame}


FUNCTION_DOUBLES = {"manchester-document": document_functions}
