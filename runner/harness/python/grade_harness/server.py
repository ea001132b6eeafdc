"""Serve mode: requests answered on the runner's channel until it closes; after a "fork" request, each test in a
child forked from the imported harness, watched through a page of shared memory."""
import io
import os
import struct
import sys
import time

from .compat import exit_code
from .channel import PROTOCOL_VERSION, answer_all, requests_from, send, write_all
from .guard import apply_limits, guard_imports, join_cgroup
from .former_names import install_former_names
from .program import program
from .requests import Harness
from .site_paths import restore_site
from .wire import dumps, loads


def main():
    mode, config = sys.argv[1], loads(sys.argv[2])
    restore_site(config)
    if mode == "serve":
        serve(config)
    elif mode == "program":
        program(config)
    else:
        raise SystemExit(f"unknown mode {mode!r}")


def serve(config):
    channel = os.fdopen(os.dup(int(config["channelFd"])), "r+b", buffering=0)
    os.close(int(config["channelFd"]))
    harness = Harness(config)
    harness.channel_fd = channel.fileno()
    notes = join_cgroup(config.get("cgroup")) + apply_limits(config.get("limits", {}))
    harness.install()
    guard_imports(config)
    # After the guard, so it is asked first: a former name is the role's module, not a file missing.
    harness.former_names = install_former_names(config, harness.workdir)
    if config.get("scriptedSearch"):
        # A program server for a REPL whose AI the tests script: classes defining the search get the stand-in as
        # they are built; each program's child is handed its own moves.
        harness.doubles.ai().install([], "")
    send(channel, {"id": 0, "op": "ready", "version": PROTOCOL_VERSION, "python": sys.version.split()[0], "notes": notes})
    for request in requests_from(io.BufferedReader(channel), channel):
        if request.get("op") == "fork":
            send(channel, {"id": request.get("id"), "ok": True})
            Watchdog(harness, channel).run()  # from now on, children answer; returns when the runner is gone
            return
        answer_all(harness, request, lambda reply: send(channel, reply))


class Page:
    """What a test's child is doing, in memory it shares with the serving process: idle, running a request (its
    id, since when, for how long at most) or writing a reply. Written without locks: a sequence number that is odd
    while the fields change tells the reader to look again."""

    LAYOUT = struct.Struct("=Qqqdq")  # sequence, state, request id, started (monotonic s), limit (ms)

    def __init__(self):
        import mmap
        self.memory = mmap.mmap(-1, self.LAYOUT.size)
        self.sequence = 0
        self.put(0, -1, 0.0, 0)

    def put(self, state, request_id, started, limit):
        self.sequence += 1  # odd: changing
        self.memory[:8] = self.sequence.to_bytes(8, "little")
        self.sequence += 1  # even: settled
        self.memory[8:] = self.LAYOUT.pack(0, state, request_id if isinstance(request_id, int) else -1, started, int(limit))[8:]
        self.memory[:8] = self.sequence.to_bytes(8, "little")

    def running(self, request_id, limit):
        self.put(1, request_id, time.monotonic(), limit)

    def writing(self):
        self.put(2, -1, 0.0, 0)

    def idle(self):
        self.put(0, -1, 0.0, 0)

    def read(self):
        # A child killed half-way through a change leaves the sequence odd for good: after a while, take the fields.
        for _ in range(10_000):
            sequence, state, request_id, started, limit = self.LAYOUT.unpack(self.memory[:])
            again = int.from_bytes(self.memory[:8], "little")
            if sequence % 2 == 0 and again == sequence:
                break
        return state, request_id, started, limit


IDLE, RUNNING, WRITING = 0, 1, 2
FORK_EXIT = 99  # a test's child that read a fork request ends with this: the serving process makes the next one


class Watchdog:
    """Each test in a child forked from the serving process, which has only imported: a test that breaks global
    state, loops or exits costs only itself, and Python never starts again. The child reads requests and writes
    replies on the runner's channel itself; this process only watches the shared page, and answers for a child
    that overruns a request's limitMs (killed) or dies running one, then forks the next. A fork request ends the
    child."""

    TICK = 0.1  # how often a child is looked at: a new request's deadline is known within this

    def __init__(self, harness, channel):
        self.harness, self.channel = harness, channel
        self.set_death_signal = death_signal_setter()  # looked up once here: each child only calls it

    def run(self):
        import select
        import signal
        # A child's exit wakes this process at once (SIGCHLD written to a pipe), whatever processes it left behind.
        wake_r, wake_w = os.pipe()
        os.set_blocking(wake_w, False)
        signal.set_wakeup_fd(wake_w)
        signal.signal(signal.SIGCHLD, lambda *_: None)
        while True:
            page = Page()
            try:
                pid = os.fork()
            except OSError as error:
                self.serve_unisolated(str(error))  # no child can be made (the process cap)
                return
            if pid == 0:
                signal.set_wakeup_fd(-1)
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                os.close(wake_r)
                os.close(wake_w)
                os.setpgid(0, 0)
                self.set_death_signal()
                child(self.harness, self.channel, page)
            ending = None
            while ending is None:
                state, request_id, started, limit = page.read()
                wait = self.TICK if state != RUNNING else max(0.0, min(self.TICK, started + limit / 1000 - time.monotonic()))
                if select.select([wake_r], [], [], wait)[0]:
                    try:
                        os.read(wake_r, 4096)
                    except BlockingIOError:
                        pass
                done, status = os.waitpid(pid, os.WNOHANG)
                if done:
                    # What the child was doing when it ended, read again: it may have begun a request since.
                    ending = ("ended", exit_code(status), *page.read()[:2])
                elif state == RUNNING and time.monotonic() >= started + limit / 1000 and page.read()[:2] == (RUNNING, request_id):
                    kill_group(pid)
                    os.waitpid(pid, 0)
                    ending = ("timeout", limit, state, request_id)
            kill_group(pid)  # whatever the child left behind
            kind, detail, state, request_id = ending
            if kind == "ended" and detail == FORK_EXIT:
                continue
            if kind == "ended" and detail == 0 and state == IDLE:
                return  # the runner closed the channel
            if state != IDLE:
                why = {"timedOut": detail} if kind == "timeout" else {"crashed": {"signal": -detail} if detail < 0 else {"exitCode": detail}}
                # The newline ends whatever half line a killed child left, which the runner skips.
                write_all(self.channel, b"\n" + (dumps({"id": request_id, "ok": False, **why}) + "\n").encode())

    def serve_unisolated(self, why):
        reader = io.BufferedReader(os.fdopen(os.dup(self.channel.fileno()), "rb", buffering=0))
        for request in requests_from(reader, self.channel):
            if request.get("op") == "fork":
                send(self.channel, {"id": request.get("id"), "ok": True, "note": f"tests are not isolated: {why}"})
                continue
            answer_all(self.harness, request, lambda reply: send(self.channel, reply))


def child(harness, channel, page):
    """A test's child: answers the runner's requests on the channel until a fork request or the channel's end."""
    try:
        reader = io.BufferedReader(os.fdopen(os.dup(channel.fileno()), "rb", buffering=0))
        for request in requests_from(reader, channel):
            if request.get("op") == "fork":
                send(channel, {"id": request.get("id"), "ok": True})
                os._exit(FORK_EXIT)
            if request.get("op") in ("import", "program"):
                send(channel, {"id": request.get("id"), "ok": False, "internal": f"no {request.get('op')} once tests run in children"})
                continue
            answer_all(harness, request, lambda reply: send(channel, reply), page)
        os._exit(0)
    finally:
        os._exit(70)


def kill_group(pid):
    try:
        os.killpg(pid, 9)
    except OSError:
        pass


def death_signal_setter():
    """What a test's child calls so it is killed with the serving process, even outside a PID namespace (Linux;
    best effort). Found once in the serving process: importing ctypes in every child would cost each test its time."""
    try:
        import ctypes
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except Exception:
        return lambda: None

    def set_death_signal():
        try:
            prctl(1, 9)  # PR_SET_PDEATHSIG, SIGKILL
        except Exception:
            pass
    return set_death_signal
