"""A course's own names for the API the document names (a pack's `names`): each document name is made to answer for
the course's in the student's modules, so every test calls what the students wrote; and the grader's doubles, which
speak the document's names, answer to the course's too.

The config's "names" maps a document name to the course's: a class or function ("Board": "Grid") or a method
("Board.add_checker": "add_move", the class by its document name). A method's alias forwards by name at call time,
so a subclass's own override of the course's method is the one that runs."""

_MARK = "_grade_alias"


def _forward(name):
    def method(self, *args, **kwargs):
        return getattr(self, name)(*args, **kwargs)

    method.__name__ = name
    setattr(method, _MARK, True)
    return method


def _alias_of(cls, course):
    """A static or class method is the same descriptor under both names (it has no self to forward through); any
    other method forwards."""
    for klass in cls.__mro__:
        if course in klass.__dict__:
            found = klass.__dict__[course]
            return found if isinstance(found, (staticmethod, classmethod)) else _forward(course)
    return _forward(course)


def _split(names):
    top = {doc: course for doc, course in (names or {}).items() if "." not in doc}
    methods = {}
    for doc, course in (names or {}).items():
        if "." in doc:
            cls, method = doc.split(".", 1)
            methods.setdefault(cls, {})[method] = course
    return top, methods


def alias_module(module, names):
    """After the module ran: each document name bound to the course's thing, where the student defines that and not
    the document's name (a student who wrote both keeps their own)."""
    top, methods = _split(names)
    space = module.__dict__
    for doc, course in top.items():
        if course in space and doc not in space:
            space[doc] = space[course]
    for cls_name, renamed in methods.items():
        cls = space.get(cls_name)
        if not isinstance(cls, type):
            continue
        for doc, course in renamed.items():
            if doc not in cls.__dict__ and hasattr(cls, course) and not hasattr(cls, doc):
                setattr(cls, doc, _alias_of(cls, course))


def methods_written(module, names):
    """The renamed methods the module's own classes define, by either name, as "Class.method" with the class by its
    document name: whether a student wrote the course's name or kept the document's (the names.used test reads them
    among the module's defined names). Read before alias_module adds the document's names."""
    _, methods = _split(names)
    space = module.__dict__
    found = []
    for cls_name, renamed in methods.items():
        cls = space.get(cls_name)
        if not isinstance(cls, type):
            cls = space.get((names or {}).get(cls_name))
        if not isinstance(cls, type):
            continue
        for doc, course in renamed.items():
            for name in (doc, course):
                if not getattr(getattr(cls, name, None), _MARK, False) and hasattr(cls, name):
                    found.append(cls_name + "." + name)
    return found


def alias_double(cls, class_name, names):
    """A double of the document's class: each method it sets by the document's name also answers to the course's,
    so the student's other code, which calls the course's name, reaches the document's version."""
    _, methods = _split(names)
    for doc, course in methods.get(class_name, {}).items():
        own = cls.__dict__.get(doc)
        if own is not None and not getattr(own, _MARK, False):
            setattr(cls, course, _forward(doc))
    return cls


def course_names(name, names):
    """The names a function double must replace in the student's modules: the document's, and the course's."""
    course = (names or {}).get(name)
    return [name] if course is None else [name, course]


def answer_to_course_names(namespace, names):
    """Before a course's own Python runs (it says the course's names): a submission that kept the document's name of
    a class, function or method answers to the course's too, so keeping it costs the names.used test alone. Marked as
    aliases, so names.used, which reads the names written, never counts them."""
    top, methods = _split(names)
    for doc, course in top.items():
        if course not in namespace and doc in namespace:
            namespace[course] = namespace[doc]
    for cls_name, renamed in methods.items():
        cls = namespace.get(cls_name)
        if not isinstance(cls, type):
            cls = namespace.get(top.get(cls_name))
        if not isinstance(cls, type):
            continue
        for doc, course in renamed.items():
            if not hasattr(cls, course) and hasattr(cls, doc):
                setattr(cls, course, _alias_of(cls, doc))
