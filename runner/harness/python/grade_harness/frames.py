"""A traceback's frames, read without the traceback module: it imports linecache, tokenize and re, which cost every
interpreter's start (or, imported when a student's code first raises, every test's child that sees an exception)."""
import os


def tb_frames(tb, keep=lambda filename: True):
    """(file, line number, function, source line stripped) for each frame of `tb`, oldest first, among those whose
    file `keep` accepts; a source line is read only for those."""
    frames = []
    while tb is not None:
        code = tb.tb_frame.f_code
        if keep(code.co_filename):
            frames.append((code.co_filename, tb.tb_lineno, code.co_name, source_line(code.co_filename, tb.tb_lineno)))
        tb = tb.tb_next
    return frames


_LINES = {}


def source_line(filename, lineno):
    """Line `lineno` of a file, stripped, or "" where there is none. UTF-8 files are read here; any other (a coding
    cookie for another encoding) through linecache, as the traceback module would."""
    lines = _LINES.get(filename)
    if lines is None:
        try:
            with open(filename, encoding="utf-8") as handle:
                lines = handle.read().split("\n")  # as Python numbers lines: \n, \r\n and \r end one
        except UnicodeDecodeError:
            import linecache
            return linecache.getline(filename, lineno).strip()
        except (OSError, ValueError):
            lines = []
        if os.path.isfile(filename):
            _LINES[filename] = lines
    return lines[lineno - 1].strip() if isinstance(lineno, int) and 0 < lineno <= len(lines) else ""
