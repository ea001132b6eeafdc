"""The protocol's version, one request answered, and replies written whole on the runner's channel."""
import time

from .wire import dumps, loads

PROTOCOL_VERSION = 7


# Made before it is needed: with the memory full, a reply must not need much more.
OUT_OF_MEMORY = {"type": "MemoryError", "bases": ["MemoryError", "Exception", "BaseException", "object"],
                 "message": "the process ran out of memory", "frames": []}


class HarnessError(Exception):
    """A bad request: the runner's bug, never the student's."""


def answer(harness, request):
    try:
        reply = harness.handle(request)
    except HarnessError as error:
        reply = {"ok": False, "internal": str(error)}
    except MemoryError:
        # Only the student's objects fill a process's memory (a search that keeps every state it made): where the
        # error surfaces, in their call or in the check that reads its answer, it is theirs, and it stops the test.
        reply = {"ok": False, "exception": OUT_OF_MEMORY}
    except Exception as error:  # our own bug: say so plainly rather than die
        reply = {"ok": False, "internal": f"{type(error).__name__}: {error}"}
    reply["id"] = request.get("id") if isinstance(request, dict) else None
    return reply


def answer_all(harness, request, reply_with, page=None):
    """One request, a batch (one test case's requests in one line) or a pipeline (a test's cases in one line)."""
    if request.get("op") == "pipeline":
        answer_pipeline(harness, request, reply_with, page)
    else:
        answer_case(harness, request.get("requests", []) if request.get("op") == "batch" else [request], reply_with, page)


def answer_case(harness, parts, reply_with, page):
    """One case's requests, each answered as it completes (each timed on its own); the first that fails ends the
    case, as it would have one request at a time. Returns the last reply."""
    reply = None
    for part in parts:
        if page is not None:
            page.running(part.get("id"), part.get("limitMs", 5000))
        reply = answer(harness, part)
        if page is not None:
            page.writing()
        reply_with(reply)
        if page is not None:
            page.idle()
        if not reply.get("ok"):
            break
    return reply


def answer_pipeline(harness, request, reply_with, page):
    """A test's cases, one after the other, each as a batch is: the runner reads their replies while the next case
    runs. No case starts once "budgetMs" has passed (the submission's time budget), and none after a case that
    raised one of "stopOn" (a MemoryError stops the test). The last line says how many cases ran."""
    started = time.monotonic()
    budget_ms = request.get("budgetMs")
    stop_on = set(request.get("stopOn") or ())
    ran = 0
    for parts in request.get("cases", []):
        if budget_ms is not None and (time.monotonic() - started) * 1000 >= budget_ms:
            break
        ran += 1
        last = answer_case(harness, parts, reply_with, page)
        if last is not None and not last.get("ok") and (last.get("exception") or {}).get("type") in stop_on:
            break
    reply_with({"id": request.get("id"), "ok": True, "ran": ran})


def requests_from(reader, channel):
    """The runner's requests, one a line, until the channel closes; a line that is not JSON is answered as the
    runner's bug and skipped."""
    while True:
        line = reader.readline()
        if not line:
            return
        try:
            yield loads(line)
        except ValueError as error:
            send(channel, {"id": None, "ok": False, "internal": f"a request that is not JSON: {error}"})


def send(channel, message):
    write_all(channel, (dumps(message) + "\n").encode("utf-8", "surrogatepass"))


def write_all(stream, data):
    """An unbuffered write can take part of the data; the rest is written until none is left."""
    view = memoryview(data)
    while view:
        written = stream.write(view)
        view = view[written:]
