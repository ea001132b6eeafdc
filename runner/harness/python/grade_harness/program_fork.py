"""A whole program (a game, a REPL) in a child forked from the warm interpreter, its input() answered from the
script: the transcript a terminal would show, without a fresh Python or a terminal per run. Only a harness that
has done nothing but import (the runner's program server) is asked this, so every child starts from the modules as
they were imported."""
import codecs
import os
import random
import select
import sys
import time

from .compat import exit_code as exit_code_of
from .program import run_entry
from .scripted_input import answer_from_script, terminal_like_output
from .students import public_names


def run_forked(harness, config):
    """Forks the program's child and watches it; returns how the run went (see watch_program)."""
    read_fd, write_fd = os.pipe()
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(read_fd)
            os.setpgid(0, 0)
            program_child(harness, config, write_fd)
        finally:
            os._exit(70)
    os.close(write_fd)
    try:
        return watch_program(pid, read_fd, config, started)
    finally:
        os.close(read_fd)


def program_child(harness, config, write_fd):
    if harness.channel_fd is not None:
        os.close(harness.channel_fd)  # the child never speaks the protocol
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.dup2(write_fd, 1)
    os.dup2(write_fd, 2)
    os.close(write_fd)
    out = terminal_like_output()
    answer_from_script(out, config.get("answers", []), config.get("askMarker", ""))
    random.seed(config.get("seed", 0))
    ai = None
    if config.get("aiMoves") is not None:
        ai = harness.doubles.ai()
        ai.script(config["aiMoves"], config.get("stateMarker", ""))
        ai.patch(list(sys.modules.values()))
    namespace = {}
    for module in harness.modules:
        namespace.update(public_names(module))
    harness.doubles.replace(config.get("replace"), namespace)
    code = run_entry({**config, "names": harness.names}, harness.workdir, harness.module_entries, namespace, ai)
    out.flush()
    os._exit(code)


def watch_program(pid, fd, config, started):
    """Reads a program child's output until it ends, the time runs out or the cap is reached, and says how it
    went. The timers are the terminal run's: promptMs for each next question while answers remain, programMs in
    all. Nothing here waits a fixed time: it wakes on output, on the exit, or on a deadline."""
    answers = len(config.get("answers", []))
    marker = config.get("askMarker", "")
    cap = int(config["maxChars"])
    prompt_s, total_s = config["promptMs"] / 1000, config["programMs"] / 1000
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    parts, size, asks, tail = [], 0, 0, ""
    truncated, timed_out, status = False, None, None
    last_answer = started

    def take(data):
        nonlocal size, asks, tail, truncated, last_answer
        text = decoder.decode(data, final=not data)
        if marker:
            window = tail + text
            seen = window.count(marker) - tail.count(marker)
            if seen:
                asks += seen
                last_answer = time.monotonic()
            tail = window[-(len(marker) - 1):] if len(marker) > 1 else ""
        room = cap - size
        if len(text) > room:
            truncated = True
        parts.append(text[:max(room, 0)])
        size += min(len(text), max(room, 0))

    while True:
        now = time.monotonic()
        sent = min(asks, answers)
        if marker and asks > answers + 1:
            # Asked again after its end of input: a terminal would leave it waiting until the whole limit.
            timed_out = {"kind": "ended", "sent": sent}
            break
        deadline, kind = started + total_s, "total"
        if sent < answers and last_answer + prompt_s < deadline:
            deadline, kind = last_answer + prompt_s, ("first" if sent == 0 else "after")
        if now >= deadline:
            timed_out = {"kind": kind, "sent": sent}
            break
        # The short wake-up notices an exit whose output pipe a left-behind grandchild still holds open.
        ready, _, _ = select.select([fd], [], [], min(deadline - now, 0.25))
        if ready:
            data = os.read(fd, 65536)
            take(data)
            if not data or truncated:
                break
        else:
            done, code = os.waitpid(pid, os.WNOHANG)
            if done:
                status = code
                drain(fd, take)
                break
    try:
        os.killpg(pid, 9)  # SIGKILL: whatever is left, the child after a timeout, its own children always
    except OSError:
        pass
    if status is None:
        _, status = os.waitpid(pid, 0)
    exit_code = exit_code_of(status)
    reply = {"output": "".join(parts), "truncated": truncated, "asks": asks,
             "durationMs": round((time.monotonic() - started) * 1000, 3)}
    if timed_out:
        reply["timedOut"] = timed_out
    elif exit_code < 0:
        reply["signal"] = -exit_code
    else:
        reply["exitCode"] = exit_code
    return reply


def drain(fd, take):
    """What is left in the pipe after the exit, without waiting for writers that may never close it."""
    while select.select([fd], [], [], 0)[0]:
        data = os.read(fd, 65536)
        take(data)
        if not data:
            return
