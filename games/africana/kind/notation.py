"""Africana's move notation as players write it in a mail reply: the keywords and how many
words follow each (the canonical strings are the engine's, games/africana/engine)."""

import re

from games.africana.engine.legal import ARITY

#: {keyword: how many words follow it}: the engine's own table.
KEYWORDS = ARITY

#: A line that looks like a mistyped action: a word and a card id ("jion A03", "dorp N07").
MISTYPED = re.compile(r"^\S+\s+[abcns]\d{2}[.]?$", re.IGNORECASE)
