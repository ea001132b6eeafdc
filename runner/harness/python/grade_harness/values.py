"""Python values to and from the protocol's typed JSON: types kept (50 and 50.0, a tuple and a list), cycles cut,
and no more than MAX_NODES values serialised for one reply, whatever the student's object graph holds. A list of
nothing but lists, strs, whole numbers, bools and None goes in its short form, {"type": "plain", "value": [...]}: the
JSON it is, which says all of it (no float, tuple or dict in it) at a sixth of the size, read by the JSON parser alone."""
from .channel import HarnessError

MAX_STR = 100_000
MAX_OBJECT_REPR = 10_000
MAX_ITEMS = 10_000
MAX_DEPTH = 16
MAX_ATTRS = 40
# Values serialised for one reply, at most: a student's object graph (children linking to parents) never costs time.
MAX_NODES = 20_000
SAFE_INT = 2 ** 53


class Encoder:
    """One reply's value at a time: the budget and the cycle guard start again with each."""

    def __init__(self):
        self.budget = MAX_NODES
        self.path_ids = set()

    def encode_reply(self, value):
        """One reply's value: cycles are cut and at most MAX_NODES values are serialised."""
        self.budget = MAX_NODES
        self.path_ids = set()
        return self.encode(value)

    def encode(self, value, depth=0):
        self.budget -= 1
        if value is None:
            return {"type": "none"}
        if isinstance(value, bool):
            return {"type": "bool", "value": value}
        if isinstance(value, int):
            if -SAFE_INT < value < SAFE_INT:
                return {"type": "int", "value": value}
            return {"type": "int", "value": str(value), "big": True}
        if isinstance(value, float):
            if value != value or value in (float("inf"), float("-inf")):
                return {"type": "float", "value": repr(value)}
            return {"type": "float", "value": value}
        if isinstance(value, str):
            if len(value) > MAX_STR:
                return {"type": "str", "value": value[:MAX_STR], "truncated": True}
            return {"type": "str", "value": value}
        if depth >= MAX_DEPTH or self.budget <= 0:
            return self.encode_object(value, depth, attrs=False)
        if id(value) in self.path_ids:  # a cycle: the value contains itself
            return {"type": "object", "class": type(value).__name__, "repr": "<cycle: this value contains itself>"}
        self.path_ids.add(id(value))
        try:
            return self.encode_container(value, depth)
        finally:
            self.path_ids.discard(id(value))

    def encode_container(self, value, depth):
        if type(value) is list:
            plain = plain_copy(value, depth, self.budget + 1)
            if plain is not None:
                self.budget -= plain[1] - 1  # encode() counted the list itself
                return {"type": "plain", "value": plain[0]}
        if type(value) in (list, tuple, set, frozenset):
            items = list(value)
            kind = {list: "list", tuple: "tuple", set: "set", frozenset: "set"}[type(value)]
            if kind == "set":
                items.sort(key=repr)
            kept = items[:max(0, min(MAX_ITEMS, self.budget))]
            encoded = {"type": kind, "items": [self.encode(v, depth + 1) for v in kept]}
            if len(items) > len(kept):
                encoded["truncated"] = True
            return encoded
        if type(value) is dict:
            entries = list(value.items())
            kept = entries[:max(0, min(MAX_ITEMS, self.budget // 2))]
            encoded = {"type": "dict", "entries": [[self.encode(k, depth + 1), self.encode(v, depth + 1)]
                                                   for k, v in kept]}
            if len(entries) > len(kept):
                encoded["truncated"] = True
            return encoded
        return self.encode_object(value, depth, attrs=True)

    def encode_object(self, value, depth, attrs):
        encoded = {"type": "object", "class": type(value).__name__, "repr": safe_repr(value)}
        fields = getattr(value, "__dict__", None) if attrs else None
        if isinstance(fields, dict):
            encoded["attrs"] = {str(k): self.encode(v, depth + 1) for k, v in list(fields.items())[:MAX_ATTRS]}
        return encoded


def plain_copy(value, depth, budget):
    """A list as plain JSON, with the number of values in it, when every value in it is a list, str, whole number
    (within SAFE_INT), bool or None and none of the limits is reached; else None (the typed form says the rest). A
    copy: what is sent is what was read, whatever the student's code does to the list afterwards."""
    if depth >= MAX_DEPTH or len(value) > MAX_ITEMS:
        return None
    items = []
    used = 1
    for item in value:
        kind = type(item)
        if kind is list:
            inner = plain_copy(item, depth + 1, budget - used)
            if inner is None:
                return None
            item, count = inner
        elif kind is str:
            if len(item) > MAX_STR:
                return None
            count = 1
        elif kind is int:
            if not -SAFE_INT < item < SAFE_INT:
                return None
            count = 1
        elif kind is bool or item is None:
            count = 1
        else:
            return None
        used += count
        if used > budget:
            return None
        items.append(item)
    return items, used


def safe_repr(value):
    try:
        text = repr(value)
    except BaseException as error:  # a student's __repr__ may raise anything
        return f"<repr raised {type(error).__name__}: {error}>"
    if not isinstance(text, str):
        return f"<repr returned {type(text).__name__}>"
    # An object's repr only describes it; a huge one would cross the channel with every reply that holds it.
    return text if len(text) <= MAX_OBJECT_REPR else text[:MAX_OBJECT_REPR] + f"… ({len(text)} characters)"


def decode(arg, resolve):
    """An argument as a Python value; `resolve` reads a reference to a name in the namespace."""
    kind = arg.get("type")
    if kind == "ref":
        return resolve(arg["path"])
    if kind == "plain":  # parsed from this request's JSON: the harness's own, no one else holds it
        return arg["value"]
    if kind in ("int", "float", "bool", "str"):
        return arg["value"] if kind != "float" else float(arg["value"])
    if kind == "none":
        return None
    if kind == "list":
        return [decode(v, resolve) for v in arg["items"]]
    if kind == "tuple":
        return tuple(decode(v, resolve) for v in arg["items"])
    if kind == "dict":
        return {decode(k, resolve): decode(v, resolve) for k, v in arg["entries"]}
    raise HarnessError(f"cannot decode an argument of type {kind!r}")
