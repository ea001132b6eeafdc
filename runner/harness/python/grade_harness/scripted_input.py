"""A program run without a terminal, made to look like one to the program and to the runner: its output and errors
on one unbuffered stream, and input() answered from the test's script with the echo a terminal would show. Both a
forked program child (program_fork.py) and program mode on pipes (program.py) use it, so the two answer alike."""
import builtins
import io
import os
import sys
import time

from .capture import AnsweringStdin


def terminal_like_output():
    """fd 1 as sys.stdout and sys.stderr, unbuffered, with fd 2 joined to it: a terminal shows both as they are
    written, in order. The size and TERM are a terminal's too (the pseudo-terminal run's 200 columns)."""
    os.dup2(1, 2)
    os.environ.update(TERM="xterm", COLUMNS="200", LINES="50")
    out = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8", errors="replace", write_through=True)
    sys.stdout = sys.stderr = sys.__stdout__ = sys.__stderr__ = out
    return out


def answer_from_script(out, answers, marker):
    """input() and sys.stdin answered from `answers`: the prompt, the ask marker (the runner counts the questions by
    it), then the answer echoed as a terminal would; once they run out, end-of-input once, and after that a wait, as
    a terminal gives ^D once and then waits for more typing."""
    answers = list(answers)
    ended = []

    def answer(prompt):
        out.write(str(prompt))
        out.write(marker)
        if not answers:
            if ended:
                while True:
                    time.sleep(3600)
            ended.append(True)
            raise EOFError
        line = answers.pop(0)
        out.write(line + "\n")
        return line

    builtins.input = lambda prompt="": answer(prompt)
    sys.stdin = AnsweringStdin(answer)
