"""The one hardened way to read a JSON file: user files and bundled data alike.

``load_json(path, max_bytes)`` reads at most ``max_bytes`` from a regular file (never through a
symbolic link, never from a FIFO or a device, so it cannot hang or exhaust memory), decodes
strict UTF-8, bounds the nesting depth before parsing (so no input reaches Python's recursion
limit) and the length of every number, and raises :class:`FileProblem` naming the file and
what is wrong. :class:`Fields` helps validators name the field at fault the same way.

Standard library only, so the rules may load their data files through it.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

MAX_DEPTH = 32
"""Deepest nesting of arrays and objects any of our files needs (saves use 3)."""
MAX_NUMBER_CHARS = 40
"""Longest number literal accepted (a 64-bit seed has 20 digits)."""
MAX_DATA_BYTES = 2_000_000
"""Largest bundled data file read (levels/): the biggest is a few tens of kilobytes."""

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_BINARY = getattr(os, "O_BINARY", 0)
_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_EMPTY_PAIRS = re.compile(r"\[\]|\{\}")

T = TypeVar("T")


class FileProblem(ValueError):
    """A file that cannot be used: ``str()`` is ``"<path>: <what is wrong>"``."""

    def __init__(self, path: Path | str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = Path(path)
        self.problem = problem


def read_bounded(path: Path, max_bytes: int) -> bytes:
    """The bytes of the regular file ``path``, refusing links, special files and files over ``max_bytes``.

    Raises FileNotFoundError when nothing is there, FileProblem for anything else.
    """
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        raise
    except OSError as error:
        raise FileProblem(path, f"cannot be read ({error.strerror or error})") from None
    if stat.S_ISLNK(info.st_mode):
        raise FileProblem(path, "is a symbolic link, which is not followed")
    if not stat.S_ISREG(info.st_mode):
        raise FileProblem(path, "is not a regular file (a folder, pipe or device)")
    try:
        descriptor = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _BINARY)
    except OSError as error:
        raise FileProblem(path, f"cannot be read ({error.strerror or error})") from None
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):  # swapped between lstat and open
            raise FileProblem(path, "is not a regular file (a folder, pipe or device)")
        if info.st_size > max_bytes:
            raise FileProblem(path, f"is {info.st_size:,} bytes, over the limit of {max_bytes:,}")
        chunks: list[bytes] = []
        total = 0
        while total <= max_bytes:
            chunk = os.read(descriptor, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > max_bytes:
            raise FileProblem(path, f"is over the limit of {max_bytes:,} bytes")
        return b"".join(chunks)
    except OSError as error:
        raise FileProblem(path, f"cannot be read ({error.strerror or error})") from None
    finally:
        os.close(descriptor)


def decode_utf8(data: bytes, path: Path) -> str:
    """``data`` as strict UTF-8 text (a leading byte-order mark is allowed)."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise FileProblem(path, "is UTF-16 text; it must be UTF-8")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise FileProblem(path, f"is not UTF-8 text (invalid byte at offset {error.start})") from None


def nesting_depth(text: str, limit: int) -> int:
    """The deepest nesting of ``[]``/``{}`` in JSON ``text``, counting no further than ``limit + 1``."""
    skeleton = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    depth = 0
    while skeleton and depth <= limit:
        reduced = _EMPTY_PAIRS.sub("", skeleton)
        if reduced == skeleton:
            break  # unbalanced: the parser reports where
        skeleton, depth = reduced, depth + 1
    return depth if not skeleton or depth <= limit else limit + 1


def parse_json(text: str, path: Path, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON ``text`` with bounded depth and number length; no NaN or Infinity."""
    if nesting_depth(text, max_depth) > max_depth:
        raise FileProblem(path, f"is nested more than {max_depth} levels deep")

    def number(kind: type[T]) -> Any:
        def parse(literal: str) -> T:
            if len(literal) > MAX_NUMBER_CHARS:
                raise FileProblem(path, f"holds a number of {len(literal):,} characters "
                                        f"(at most {MAX_NUMBER_CHARS})")
            return kind(literal)  # type: ignore[call-arg]
        return parse

    def constant(name: str) -> Any:
        raise FileProblem(path, f"holds {name}, which is not a JSON number")

    try:
        return json.loads(text, parse_int=number(int), parse_float=number(float), parse_constant=constant)
    except json.JSONDecodeError as error:
        raise FileProblem(path, f"is not valid JSON (line {error.lineno}, column {error.colno}: "
                                f"{error.msg}); it may be truncated") from None
    except RecursionError:  # unreachable after the depth check; kept as a last guard
        raise FileProblem(path, f"is nested more than {max_depth} levels deep") from None


def load_json(path: Path, max_bytes: int, max_depth: int = MAX_DEPTH) -> Any:
    """Read, decode and parse the JSON file ``path`` (FileNotFoundError when absent, else FileProblem)."""
    return parse_json(decode_utf8(read_bounded(path, max_bytes), path), path, max_depth)


def load_data(path: Path) -> Any:
    """A bundled data file (``levels/``), read like any other: FileNotFoundError or FileProblem."""
    return load_json(path, MAX_DATA_BYTES)


class Fields:
    """Typed access to a parsed document's fields with errors naming the file and the field."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: str, problem: str) -> FileProblem:
        """The error for field ``where``."""
        return FileProblem(self.path, f"field {where!r} {problem}")

    def object(self, value: Any, where: str = "(top level)") -> Mapping[str, Any]:
        """``value`` itself, which must be a JSON object."""
        if not isinstance(value, dict):
            raise self.fail(where, f"must be an object, not {_kind(value)}")
        return value

    def get(self, document: Mapping[str, Any], key: str, kind: type[T], where: str | None = None) -> T:
        """``document[key]``, which must exist and be of ``kind`` (a bool is never an int or float)."""
        name = where or key
        if key not in document:
            raise FileProblem(self.path, f"missing field {name!r}")
        value = document[key]
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            raise self.fail(name, f"must be {_KIND_NAMES.get(kind, kind.__name__)}, not {_kind(value)}")
        return value


_KIND_NAMES: dict[type, str] = {
    dict: "an object", list: "a list", str: "a string", int: "a whole number", float: "a number",
    bool: "true or false",
}


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return _KIND_NAMES.get(type(value), type(value).__name__)
