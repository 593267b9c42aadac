"""Helpers the kinds share for the text of their mails."""

from __future__ import annotations

import re

_CELL = re.compile(r"^([A-Za-z]{1,2})(\d{1,3})$")


def board_order(argument: str) -> tuple:
    """A sort key that puts cell names ("H3", "H15", "I4") in reading order of the text
    board: by row number, then column letter; an argument of several words ("H3 I4") by its
    words in turn, and any other word after the cells, alphabetically."""
    key = []
    for word in argument.split():
        match = _CELL.match(word)
        if match:
            key.append((0, int(match[2]), match[1].upper(), ""))
        else:
            key.append((1, 0, "", word.lower()))
    return tuple(key)
