"""A module's top level run under a limit of CPU time, not of wall time: a file that plays a whole game when imported
takes the same seconds of CPU on a busy machine as on an idle one, so its verdict does not depend on the machine's load.
Past the limit the top level is stopped where it stands, and the module keeps what it defined before that line. The
signal fires again every few milliseconds, so a top level that catches the first one is stopped too."""
try:
    import _signal
except ImportError:  # pragma: no cover - no signals here: the runner's wall-time limit is all there is
    _signal = None


class CutOff(BaseException):
    """Raised in the student's top level when it has run out of its CPU time."""

    grade_fact = "cpu-limit"


def until_line(path, line, action):
    """Runs `action`, a module's top level from `path`, stopping it with CutOff where it reaches `line`: the line its
    first import was cut off at, so a later interpreter gets the same definitions without spending the limit again."""
    import sys

    def top_level(frame, event, arg):
        if event == "call" and frame.f_code.co_name == "<module>" and frame.f_code.co_filename == path:
            return at_line
        return None

    def at_line(frame, event, arg):
        if event == "line" and frame.f_lineno >= line:
            raise CutOff(f"its top level was stopped at line {line}, where its first import ran out of CPU time")
        return at_line

    sys.settrace(top_level)
    try:
        return action()
    finally:
        sys.settrace(None)


def run_top_level(request, path, action):
    """A module's top level as its import request asks: stopped at a known line, else within its CPU time."""
    if request.get("stopAt"):
        return until_line(path, int(request["stopAt"]), action)
    return within_cpu(request.get("cpuMs"), action)


def within_cpu(ms, action):
    """Runs `action` and returns its result, stopping it with CutOff after `ms` of CPU time (none: no limit)."""
    if not ms or _signal is None or not hasattr(_signal, "setitimer"):
        return action()

    def stop(signum, frame):
        raise CutOff(f"its top level ran for more than {ms} ms of CPU time")

    previous = _signal.signal(_signal.SIGPROF, stop)
    _signal.setitimer(_signal.ITIMER_PROF, ms / 1000, 0.005)
    try:
        return action()
    finally:
        _signal.setitimer(_signal.ITIMER_PROF, 0, 0)
        _signal.signal(_signal.SIGPROF, previous)
