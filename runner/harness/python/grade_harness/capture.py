"""What stands in for stdout and stdin while student code runs: a capped buffer per call, and scripted lines."""
import io


class _CappedSink(io.RawIOBase):
    """Where the stand-in's encoded text lands: the first `cap` bytes kept, the rest only counted."""

    def __init__(self, cap):
        self.cap = cap
        self.clear()

    def clear(self):
        self.kept = bytearray()
        self.total = 0

    def writable(self):
        return True

    def write(self, data):
        room = self.cap - len(self.kept)
        if room > 0:
            self.kept += data[:room]
        self.total += len(data)
        return len(data)


class CappedOutput(io.TextIOWrapper):
    """Stands in for sys.stdout: keeps the first `cap` characters of each call's output and counts the rest.

    A real text stream, so `print` writes in C: a program that prints in a loop costs what it costs on a terminal,
    not a Python call per piece (3-4 times that). UTF-32 makes every character 4 bytes, so bytes count characters
    (lone surrogates included), and the sink sees one call per 64 KiB.
    """

    WIDTH = 4

    def __init__(self, cap):
        sink = _CappedSink(cap * self.WIDTH)
        super().__init__(io.BufferedWriter(sink, 65_536), encoding="utf-32-le", errors="surrogatepass", newline="")
        self.sink = sink

    def reset(self):
        self.flush()
        self.sink.clear()

    def close(self):
        # Student code that closes stdout must not silence every later call of the same process.
        self.flush()

    def reconfigure(self, *args, **kwargs):
        # The encoding is how characters are counted; what a student may change elsewhere changes nothing here.
        pass

    def isatty(self):
        return False

    @property
    def buffer(self):
        # Bytes written beside the text would break the count; a plain stand-in had no buffer either.
        raise AttributeError("'CappedOutput' object has no attribute 'buffer'")

    def detach(self):
        raise io.UnsupportedOperation("detach")

    def text(self):
        self.flush()
        return bytes(self.sink.kept).decode("utf-32-le", "surrogatepass")

    @property
    def dropped(self):
        self.flush()
        return (self.sink.total - len(self.sink.kept)) // self.WIDTH


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
