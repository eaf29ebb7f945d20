"""A list that counts the entries Python code reads from it, for the tests
that check work by counting it (never by timing)."""

from __future__ import annotations


class CountedList(list):
    """Counts the entries read one by one or by iterating, in ``read`` (on
    the class: shared by every instance).  Slices and C-level searches
    (``list.index``) are not counted."""

    read = 0

    def __getitem__(self, i):
        if isinstance(i, int):
            CountedList.read += 1
        return super().__getitem__(i)

    def __iter__(self):
        for entry in super().__iter__():
            CountedList.read += 1
            yield entry


def ancestor_counter():
    """A stand-in for ``markup5.dom._host_including_ancestors`` (the walk
    up that the DOM's pre-insertion check makes) that counts the ancestors
    it yields: ``(function, walked)``, ``walked[0]`` being the count, for
    a test to patch in where it starts counting."""
    import markup5.dom as dom

    original = dom._host_including_ancestors
    walked = [0]

    def counted(node):
        for ancestor in original(node):
            walked[0] += 1
            yield ancestor

    return counted, walked


def call_counter(monkeypatch, owner, name):
    """Patches the method ``owner.name`` (through pytest's ``monkeypatch``)
    to count its calls: returns ``calls``, ``calls[0]`` being the count."""
    calls = [0]
    original = getattr(owner, name)

    def counted(self, *args, **kwargs):
        calls[0] += 1
        return original(self, *args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls
