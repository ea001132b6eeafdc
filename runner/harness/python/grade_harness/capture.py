"""What stands in for stdout and stdin while student code runs: a capped buffer per call, and scripted lines."""
import io


class CappedOutput(io.TextIOBase):
    """Stands in for sys.stdout: keeps the first `cap` characters of each call's output and counts the rest.

    `write` runs once per piece a program prints, so it does the least it can: a program that prints in a loop
    should cost about what it costs on a terminal, and one huge string costs a slice, never a copy of all of it.
    """

    def __init__(self, cap):
        self.cap = cap
        self.reset()

    def reset(self):
        self.parts = []
        self.room = self.cap
        self.dropped = 0

    def writable(self):
        return True

    def write(self, text):
        if text.__class__ is not str and not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        n = len(text)
        room = self.room
        if n <= room:
            self.parts.append(text)
            self.room = room - n
        elif room > 0:
            self.parts.append(text[:room])
            self.room = 0
            self.dropped += n - room
        else:
            self.dropped += n
        return n

    def flush(self):
        pass

    def isatty(self):
        return False

    def text(self):
        return "".join(self.parts)


class Script:
    """The answers `input()` gives during one call, and the prompts it was asked with."""

    def __init__(self, answers=()):
        self.answers = list(answers)
        self.given = len(self.answers)
        self.prompts = []


class LineStdin(io.TextIOBase):
    """sys.stdin for code that reads it directly: each line comes from `next_line`, "" at the end of input."""

    def __init__(self, next_line):
        self.next_line = next_line

    def readable(self):
        return True

    def readline(self, size=-1):
        return self.next_line()

    def read(self, size=-1):
        return self.readline()


def ScriptedStdin(harness):
    """The same script as input(), without the echo."""
    def next_line():
        script = harness.script
        return script.answers.pop(0) + "\n" if script.answers else ""
    return LineStdin(next_line)


def AnsweringStdin(answer):
    """In a program child: a line read directly is answered like input(""), echo included."""
    def next_line():
        try:
            return answer("") + "\n"
        except EOFError:
            return ""
    return LineStdin(next_line)
