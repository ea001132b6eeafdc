"""Runs fixture cases' reproduce snippets against a Python solution and prints what each did, as JSON.

Used by the tests to cross-check the TypeScript reference against real Python. Reads one JSON request on stdin:
  {"submission": dir, "modules": ["ps9pr4"], "cases": [{"id", "python", "inputs", "files"}]}
and writes a JSON list of {"id", "value", "stdout", "raised"} to stdout. Values keep their Python types, in the
fixtures' encoding; other objects come back as {"type": "object", "class", "repr"}.
"""
import ast
import builtins
import contextlib
import io
import json
import os
import random
import sys
import tempfile


def encode(value):
    if value is None:
        return {"type": "none"}
    if isinstance(value, bool):
        return {"type": "bool", "value": value}
    if isinstance(value, int):
        return {"type": "int", "value": value}
    if isinstance(value, float):
        return {"type": "float", "value": value}
    if isinstance(value, str):
        return {"type": "str", "value": value}
    if isinstance(value, list):
        return {"type": "list", "items": [encode(v) for v in value]}
    if isinstance(value, tuple):
        return {"type": "tuple", "items": [encode(v) for v in value]}
    if isinstance(value, dict):
        return {"type": "dict", "entries": [[encode(k), encode(v)] for k, v in value.items()]}
    return {"type": "object", "class": type(value).__name__, "repr": repr(value)}


def run_case(case, modules):
    inputs = list(case.get("inputs") or [])
    out = io.StringIO()

    def scripted_input(prompt=""):
        out.write(str(prompt))
        if not inputs:
            raise EOFError("the program asked for more input than the test gives")
        answer = inputs.pop(0)
        out.write(answer + "\n")
        return answer

    namespace = {}
    for module in modules:
        exec(f"from {module} import *", namespace)
    tree = ast.parse(case["python"])
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    result = {"id": case["id"], "value": None, "stdout": "", "raised": None}
    random.seed(0)
    builtins.input = scripted_input
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(tree, "<case>", "exec"), namespace)
            if last is not None:
                value = eval(compile(ast.Expression(last.value), "<case>", "eval"), namespace)
                result["value"] = encode(value)
    except BaseException as error:  # a case may raise anything, SystemExit included
        result["raised"] = type(error).__name__
    finally:
        builtins.input = original_input
    result["stdout"] = out.getvalue()
    return result


original_input = builtins.input


def main():
    request = json.load(sys.stdin)
    sys.path.insert(0, os.path.abspath(request["submission"]))
    sys.setrecursionlimit(10000)
    results = []
    for case in request["cases"]:
        with tempfile.TemporaryDirectory() as workdir:
            previous = os.getcwd()
            os.chdir(workdir)
            try:
                for name, text in (case.get("files") or {}).items():
                    with open(name, "w") as handle:
                        handle.write(text)
                results.append(run_case(case, request["modules"]))
            finally:
                os.chdir(previous)
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
