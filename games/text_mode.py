"""The text mode of the play page: the board as lists of words, the legal actions as buttons
and a typed line, every new log line read out (for screen readers; handy on a small phone).

Who gets it: the browser's own choice, made with the link at the top of every play page
(``?mode=text`` or ``?mode=board`` on the play page, kept in the session, so that anonymous
visitors may switch too), else the account's preference (``User.text_mode``, on the settings
page), else the graphic board.
"""

from __future__ import annotations

#: The session key of the browser's own choice: True (text), False (board), absent (the
#: account's preference).
SESSION_KEY = "text_mode"
#: The values of the play page's ``mode`` parameter: {value: text mode or not}.
MODES = {"text": True, "board": False}


def is_text_mode(request) -> bool:
    """Whether ``request``'s play page shows the text mode (see the module)."""
    chosen = request.session.get(SESSION_KEY)
    if chosen is not None:
        return bool(chosen)
    user = getattr(request, "user", None)
    return bool(user is not None and user.is_authenticated and user.text_mode)


def choose(request, mode: str) -> bool:
    """Keep ``mode`` ("text" or "board", a key of ``MODES``) as this browser's choice; False
    (and nothing kept) for any other value."""
    if mode not in MODES:
        return False
    request.session[SESSION_KEY] = MODES[mode]
    return True
