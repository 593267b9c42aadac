"""Africa's move notation as players write it in a mail reply: the keywords and how many words
follow each (the canonical strings are the engine's, games/africa/engine)."""

import re

#: {keyword: how many words follow it}.
KEYWORDS = {
    "start": 1,
    "anywhere": 1,
    "move": 1,
    "uncover": 1,
    "place": 1,
    "keep": 0,
    "swap": 2,
    "animal": 2,
    "nomad": 2,
    "camp": 1,
    "end": 0,
}

#: A line that looks like a mistyped action: a word or two and a cell or player ("uncovr E4").
MISTYPED = re.compile(r"^\S+(\s+\S+)?\s+([a-m]\d{1,2}|p\d)(\s+\S+)?[.]?$", re.IGNORECASE)
