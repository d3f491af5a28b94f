"""Word tables of the index on disk, read a line at a time.

A search looks up the few words of its query in tables that grow with the corpus's
vocabulary (the forms table held 136k forms at 50x, two thirds of meta.json, and every
cold search parsed it whole). A ``WordTable`` is a text file of lines ``word<TAB>value…``
sorted by the word's UTF-8 bytes; a look-up is a binary search over the file's bytes,
mapped into memory rather than read: a cold search touches a few pages of it, whatever
the corpus's size. The browser's data (lawsearch/site.py) read the whole table back in
order (``items``).

    WordTable.write(path, {"карте": ["карта"], "картами": ["карта"]})
    WordTable(path).get("карте") == ["карта"]

This module imports nothing from the package.
"""

from __future__ import annotations

import mmap
from collections.abc import Iterable, Iterator
from pathlib import Path


class WordTable:
    """A sorted table of words, each with a list of strings (none for a plain word list),
    looked up by binary search; the file is opened on first use.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "forms.txt"
    >>> WordTable.write(path, {"карта": ["карта"], "ёж": ["еж", "ежа"], "болван": []})
    >>> table = WordTable(path)
    >>> table.get("ёж"), table.get("кот"), "болван" in table, [w for w, _ in table.items()]
    (['еж', 'ежа'], None, True, ['болван', 'карта', 'ёж'])
    """

    def __init__(self, path: Path):
        self.path = path
        self._data: bytes | mmap.mmap | None = None
        self._found: dict[str, list[str] | None] = {}  # a result page asks for the same words again and again

    @staticmethod
    def write(path: Path, rows: dict[str, list[str]] | Iterable[str]) -> None:
        """Write ``rows`` (word → strings, or words alone), sorted as the look-up expects.
        A word or value holding a tab or a line break cannot be stored: ValueError."""
        items = rows.items() if isinstance(rows, dict) else ((w, ()) for w in rows)
        WordTable.write_rows(path, [WordTable.row(word, values) for word, values in items])

    @staticmethod
    def row(word: str, values=()) -> bytes:
        """One line of a table, without its line end: ``word<TAB>value…`` in UTF-8.
        A word or value holding a tab or a line break cannot be stored: ValueError."""
        fields = [word, *values]
        if any("\t" in f or "\n" in f or "\r" in f for f in fields):
            raise ValueError(f"a word table cannot hold {fields!r}")
        return "\t".join(fields).encode("utf-8")

    @staticmethod
    def row_key(row: bytes) -> bytes:
        """What the table is sorted by: the word's UTF-8 bytes."""
        return row.split(b"\t", 1)[0]

    @staticmethod
    def parse_row(row: bytes) -> tuple[str, list[str]]:
        word, *values = row.decode("utf-8").split("\t")
        return word, values

    @staticmethod
    def write_rows(path: Path, rows: list[bytes]) -> None:
        """Rows made by ``row`` (each word once), sorted in place and written line by line."""
        rows.sort(key=WordTable.row_key)
        with open(path, "wb") as f:
            for line in rows:
                f.write(line + b"\n")

    def _bytes(self) -> bytes | mmap.mmap:
        if self._data is None:
            with open(self.path, "rb") as f:
                size = f.seek(0, 2)
                # an empty file cannot be mapped; the map outlives the closed file
                self._data = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) if size else b""
        return self._data

    def _line(self, word: str) -> bytes | None:
        data, key = self._bytes(), word.encode("utf-8")
        lo, hi = 0, len(data)  # both always at the start of a line (or the end)
        while lo < hi:
            mid = (lo + hi) // 2
            start = data.rfind(b"\n", 0, mid) + 1  # the line holding byte mid
            end = data.find(b"\n", start)
            line = data[start:end]
            found = line.split(b"\t", 1)[0]
            if found < key:
                lo = end + 1
            elif found > key:
                hi = start
            else:
                return line
        return None

    def get(self, word: str) -> list[str] | None:
        """The strings stored with ``word``, or None if the table lacks it."""
        if word not in self._found:
            if len(self._found) > 100_000:  # a long-lived searcher meets endless words
                self._found.clear()
            line = self._line(word)
            self._found[word] = None if line is None else line.decode("utf-8").split("\t")[1:]
        return self._found[word]

    def find(self, word: str) -> list[str] | None:
        """``get`` without keeping the answer: for a caller that asks for each word once
        (the build's browser data), whose answers would only fill the cache."""
        if word in self._found:
            return self._found[word]
        line = self._line(word)
        return None if line is None else line.decode("utf-8").split("\t")[1:]

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.get(word) is not None

    def items(self) -> Iterator[tuple[str, list[str]]]:
        """Every word with its strings, in the table's order, a line at a time (the table
        is never held whole)."""
        data = self._bytes()
        start, size = 0, len(data)
        while start < size:
            end = data.find(b"\n", start)
            end = size if end < 0 else end
            word, *values = data[start:end].decode("utf-8").split("\t")
            yield word, values
            start = end + 1

    def close(self) -> None:
        if isinstance(self._data, mmap.mmap):
            self._data.close()
        self._data = None
