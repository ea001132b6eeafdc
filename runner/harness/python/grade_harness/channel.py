"""The protocol's version, one request answered, and replies written whole on the runner's channel."""
import json

PROTOCOL_VERSION = 4


class HarnessError(Exception):
    """A bad request: the runner's bug, never the student's."""


def answer(harness, request):
    try:
        reply = harness.handle(request)
    except HarnessError as error:
        reply = {"ok": False, "internal": str(error)}
    except Exception as error:  # our own bug: say so plainly rather than die
        reply = {"ok": False, "internal": f"{type(error).__name__}: {error}"}
    reply["id"] = request.get("id") if isinstance(request, dict) else None
    return reply


def answer_all(harness, request, reply_with, page=None):
    """One request, or a batch: one test case's requests in one line, each answered as it completes (each timed
    on its own), and the first that fails ends the case, as it would have one request at a time."""
    parts = request.get("requests", []) if request.get("op") == "batch" else [request]
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
            return


def requests_from(reader, channel):
    """The runner's requests, one a line, until the channel closes; a line that is not JSON is answered as the
    runner's bug and skipped."""
    while True:
        line = reader.readline()
        if not line:
            return
        try:
            yield json.loads(line)
        except ValueError as error:
            send(channel, {"id": None, "ok": False, "internal": f"a request that is not JSON: {error}"})


def send(channel, message):
    write_all(channel, (json.dumps(message, ensure_ascii=False, allow_nan=False) + "\n").encode("utf-8", "surrogatepass"))


def write_all(stream, data):
    """An unbuffered write can take part of the data; the rest is written until none is left."""
    view = memoryview(data)
    while view:
        written = stream.write(view)
        view = view[written:]
