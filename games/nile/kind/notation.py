"""The Source of the Nile move notation as players write it in a mail reply (the canonical
strings are the engine's; ``engine.canonical`` accepts any case, blanks and aliases)."""

import re

#: {keyword: how many words follow it}.
KEYWORDS = {
    "profession": 1,
    "sail": 1,
    "stay": 0,
    "discard": 1,
    "publish": 1,
    "end": 0,
    "hire": 2,
    "buy": 2,
    "trade": 2,
    "fill": 1,
    "drop": 2,
    "dismiss": 2,
    "shoot": 2,
    "level": 2,
    "move": 1,
    "stop": 0,
    "policy": 1,
    "gifts": 1,
    "leave": 0,
    "keep": 1,
    "loot": 0,
    "spare": 0,
}

#: A line that looks like a mistyped action: a word and a hex id or a number.
MISTYPED = re.compile(r"^\S+(\s+\S+)?\s+(\d\d-\d\d|\d{1,3})[.]?$", re.IGNORECASE)
