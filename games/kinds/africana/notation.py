"""Africana's move notation as players write it in a mail reply: the keywords and how many
words follow each (the canonical strings are the engine's, games/engines/africana)."""

import re

#: {keyword: how many words follow it}.
KEYWORDS = {
    "draw": 0,
    "turn": 2,
    "buy": 2,
    "go": 2,
    "join": 1,
    "expedition": 1,
    "adventure": 1,
    "done": 0,
    "discard": 1,
    "drop": 1,
}

#: A line that looks like a mistyped action: a word and a card id ("jion A03", "dorp N07").
MISTYPED = re.compile(r"^\S+\s+[abcns]\d{2}[.]?$", re.IGNORECASE)
