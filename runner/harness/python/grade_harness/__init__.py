"""The grading harness: runs inside a throw-away copy of one submission and answers the runner's requests.

Two modes, both started by the runner (never by hand), through harness.py beside this package:

  python3 harness.py serve '<config json>'     JSON-line requests and replies on the file descriptor named in the
                                               config (a socket the student's code does not write to by accident)
  python3 harness.py program '<config json>'   imports the modules, then evaluates one call built from plain JSON
                                               (for programs driven through a pseudo-terminal; with "answers" in
                                               the config, on pipes, input() answered from them here)

The package, one role a module:
  channel.py       the protocol's version, one request answered, replies written whole
  values.py        Python values to and from the protocol's typed JSON
  capture.py       what stands in for stdout and stdin while student code runs
  guard.py         the import guard and the process limits, set before any student code runs
  doubles.py       the assignment's doubles and tools, loaded by path from the files the config names
  lines.py         four in a row as one number, for the stand-ins' win checks (left out of the student's kit)
  requests.py      the Harness: imports, namespaces, calls, doubles
  scripted_input.py  a program's input() answered from the script, its output one stream as a terminal shows it
  program_fork.py  a whole program forked from the warm interpreter, and the reading of its output
  program.py       program mode, and what both program paths share: the call, the file a person runs
  server.py        serve mode: the request loop, and each test in a forked child under a watchdog

Requests (protocol version 7; the TypeScript side is runner/harness/protocol.ts):
  {"id", "op": "import", "module", "file", "skip"?}  load one student file as a module (partial modules are kept;
                                               `skip` registers it empty, for a module that hung at import)
  {"id", "op": "fresh", "seed"}                  a new namespace holding every loaded module's public names
  {"id", "op": "call", "target", "args", "bind"?, "inputs"?, "repeat"?, "quiet"?}
  {"id", "op": "get", "target", "bind"?, "quiet"?}  read an attribute or item
  {"id", "op": "set", "target", "value"}         assign an attribute or item
  {"id", "op": "repr", "target"}                 repr() of a value, as a str
  {"id", "op": "double", "kind", "name", "keep"?, "inModules"?}
                                               rebind a class name to a double of it (the assignment's doubles.py)
                                               that keeps the student's methods named in `keep`; with `inModules`,
                                               in the student's modules too, until the next "fresh"
  {"id", "op": "double", "kind", "names"}        replace functions, in the namespace and in every student module,
                                               with stand-ins (the assignment's doubles.py) until the next "fresh";
                                               tool kinds only add the grader's tools (capitalised names:
                                               GradeWriteFile, GradeDocstrings, GradeChildren, …) to the namespace
  {"id", "op": "program", "program": {call, answers, askMarker, seed, promptMs, programMs, maxChars, aiMoves?,
                                      stateMarker?}}
                                               a whole program in a child forked from this process, input()
                                               answered from `answers`; replies {"program": {output, truncated,
                                               asks, durationMs, exitCode | signal | timedOut}} (asked only of a
                                               harness that has done nothing but import: the runner's program server)
  {"id", "op": "fork"}                           from now on, every request but import and program is answered by a
                                               child forked from this process as it is now (after the imports):
                                               each test runs in its own child; a reply that timed out (the
                                               request's "limitMs") or whose child died is {"ok": false, "timedOut":
                                               ms} or {"ok": false, "crashed": {"exitCode" | "signal"}}, and the next
                                               request gets a new child
  {"op": "batch", "requests": [...]}            several requests in one line, each replied to as it completes, up to
                                               the first that fails (one test case: fresh, then its steps)
  {"id", "op": "pipeline", "cases": [[...], ...], "budgetMs"?, "stopOn"?}
                                               a test's cases in one line, each answered as a batch is, one after
                                               the other; no case starts after budgetMs, nor after a case that
                                               raised an exception named in stopOn; then {"id", "ok": true, "ran": n}.
                                               A case that times out or kills its child ends the pipeline: its
                                               child held the line, so the cases after it are never answered
  {"id", "op": "exec", "source", "value"?, "inputs"?, "quiet"?}
                                               a statement of a course's own test, run in the namespace
A target is a path: a name in the namespace, then attribute names (strings) or indexes (integers).
The config's "doubles" lists the files of the assignment's doubles (bound read-only into the sandbox).
Version 7 added "exec", and on an import "cpuMs" and "stopAt" (a top level stopped at a line once its CPU time ran out,
its definitions kept) and, in the reply, "formerNames" (another accepted name of a role's file, resolved).
Version 6 added the short form of a plain list, in arguments and in replies: {"type": "plain", "value": <JSON>}, a
list whose values are all lists, strs, whole numbers within 2**53, bools and None, sent as the JSON it is.
Version 5 added "pipeline": a test's cases sent at once, so the runner judges one case while the next runs.
Version 4 added "fork", "batch", "limitMs", "program", and "scriptedSearch" in serve mode's config (the scripted AI
stand-in, installed before the imports).
Version 3 added "quiet" on call and get: the value is not serialised (no check reads it), only its class named;
and serialising stops at cycles and at MAX_NODES values in all.
Version 2 added: dict arguments, each exception's classes ("bases"), the tool kinds above, and in program mode
"askMarker" (printed after every input() prompt), "endMarker" (printed last), "aiMoves" (the scripted AI) and
{"runMain": true}.
Program mode's config may carry "answers" (no terminal to be had: input() answered from them, with the ask marker
and the echo, as in a forked program); the serve protocol is unchanged by it.

Expected values never come here: replies carry only what the student's code did.
"""
