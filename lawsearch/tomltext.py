"""A TOML file's data, or one error naming its file and the line the user must look at.

A leaf: it imports only ``problems``, so the profile loader (which every module reaches at
import time) can parse a profile with the manifest's messages without importing ``schema``.

    parse_toml('[code]\nlaws = [1, 93\n\n[[source]]\n', Path("m.toml"))
    # CorpusError: m.toml:2: not valid TOML: Unclosed array (opened on this line; ...)
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .problems import CorpusError, Problem

_TOML_REPEATS = re.compile(r"Cannot overwrite a value|Cannot declare .* twice|Cannot mutate immutable namespace")


def _tomllib():
    import tomllib  # on first use: a search reads no TOML (built-in profiles have parsed copies)

    return tomllib


def parse_toml(text: str, path: Path) -> dict[str, Any]:
    tomllib = _tomllib()
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"\(at line (\d+), column \d+\)", str(e))
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(e))
        if _TOML_REPEATS.search(message):
            message = f"a key or table is given twice ({message}); keep one"
        line = int(m[1]) if m else None
        opened = _unclosed_bracket(text, line) if line and re.match(r"Unclosed (?:array|inline table)", message) else None
        if opened is not None and opened != line:
            message = f"{message} (opened on this line; the parser noticed at line {line})"
            line = opened
        raise CorpusError(Problem("error", f"not valid TOML: {message}", str(path), line)) from None


def _unclosed_bracket(text: str, upto: int) -> int | None:
    """The line (1-based) where a value's ``[`` or ``{`` still open at line ``upto`` was
    opened: where the user must look, not where the parser gave up.

    >>> _unclosed_bracket('[code]\\nlaws = [1, 93\\n\\n[[source]]\\n', 4)
    2
    """
    stack: list[int] = []
    for n, line in enumerate(text.split("\n")[:upto], 1):
        if not stack and re.match(r"\s*\[", line):
            continue  # a table header, not a value
        quote = None
        for ch in line:
            if quote:
                quote = None if ch == quote else quote
            elif ch in "\"'":
                quote = ch
            elif ch == "#":
                break
            elif ch in "[{":
                stack.append(n)
            elif ch in "]}" and stack:
                stack.pop()
    return stack[0] if stack else None
