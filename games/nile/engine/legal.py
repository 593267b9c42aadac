"""The legal actions of a state, every one listed explicitly and sorted (nile.md, Move notation;
ruling 21), and the grammar of the notation (``canonical``).
"""

from __future__ import annotations

import re

from games.engines.base import IllegalAction, State, has_control_characters
from games.engines.base import gettext_noop as _
from games.nile.engine.camp import (
    camp_actions,
    fill_actions,
    loss_actions,
    market_actions,
    trade_actions,
)
from games.nile.engine.data import CARD_IDS, HEXES, MAP, PORT_OF_HEX, PORTS, PROFESSIONS
from games.nile.engine.europe import sail_actions
from games.nile.engine.move import legal_moves, level_actions


def legal_actions(state: State) -> list[str]:
    """Every legal canonical action of the seat to play, sorted; [] once the game is over."""
    phase = state["phase"]
    seat = state["seat"]
    player = state["players"][seat]
    ex = player["explorer"]
    pending = state["pending"]
    if phase == "over":
        return []
    if phase == "profession":
        out = [f"profession {p}" for p in PROFESSIONS]
    elif phase == "europe":
        out = [*sail_actions(state, seat), "stay"]
    elif phase == "outfit":
        out = [*market_actions(state, seat, ex["hex"]), "end"]
    elif phase == "discard":
        out = [f"discard {c}" for c in player["donations"]]
    elif phase == "publish":
        out = ["end", "publish all"]
    elif phase == "camp":
        out = camp_actions(state, seat) + level_actions(ex)
    elif phase == "move":
        out = [f"move {h}" for h in legal_moves(state, ex)] + ["stop"]
    elif phase == "policy":
        out = [f"policy {n}" for n in range(1, 6)]
    elif phase == "negotiate":
        out = [f"gifts {n}" for n in range(10, pending["gifts_max"] + 1, 10)] + ["leave"]
    elif phase == "prisoners":
        out = [f"keep {n}" for n in range(pending["max"] + 1)]
    else:  # village
        out = ["loot", "spare"]
    return sorted(set(out))


def candidates(state: State, text: str) -> list[str]:
    """The legal actions among which ``text`` must be, computed for its verb only where that
    is cheaper (camp); the same answer as ``text in legal_actions(state)``."""
    phase = state["phase"]
    if phase == "outfit" and text == "end":
        return ["end"]
    if phase != "camp":
        return legal_actions(state)
    seat = state["seat"]
    ex = state["players"][seat]["explorer"]
    hid = ex["hex"]
    verb = text.split(" ", 1)[0]
    if verb == "level":
        return level_actions(ex)
    if verb in ("hire", "buy"):
        return market_actions(state, seat, hid) if hid in PORT_OF_HEX else []
    if verb == "sail":
        return ["sail europe"] if hid in PORT_OF_HEX else []
    if verb in ("drop", "dismiss", "shoot"):
        return loss_actions(state, ex)
    if verb == "fill":
        return fill_actions(state, ex, hid)
    if verb == "trade":
        tribe = state["hexes"].get(hid, {}).get("tribe")
        if tribe and seat in tribe["friendly"] and tribe["attitude"] >= -4:
            return trade_actions(state, seat, hid)
    return []


_N = r"(0|[1-9][0-9]{0,2})"
_PEOPLE = "askari|bearer|guide"
_WORDS = {
    "askaris": "askari",
    "bearers": "bearer",
    "guides": "guide",
    "muskets": "musket",
    "horses": "horse",
    "camels": "camel",
    "canoes": "canoe",
    "items": "item",
    "ration": "rations",
    "gift": "gifts",
}
#: The move notation: {verb: the pattern of each word after it}, in the canonical spelling.
_ARGUMENTS = {
    "profession": ("|".join(PROFESSIONS),),
    "sail": (f"europe|{'|'.join(PORTS)}",),
    "stay": (),
    "discard": ("|".join(CARD_IDS),),
    "publish": ("all",),
    "end": (),
    "hire": (_PEOPLE, _N),
    "buy": ("rations|water|gifts|horse|camel|canoe|musket", _N),
    "trade": ("rations|bearer|guide|canoe|camel|gifts", _N),
    "fill": (_N,),
    "drop": ("canoe|gifts|item|musket|rations|water", _N),
    "dismiss": (_PEOPLE, _N),
    "shoot": ("camel|horse", _N),
    "level": ("cautious|normal|reckless", "foot|mounted|canoe"),
    "move": ("[0-9]{2}-[0-9]{2}",),
    "stop": (),
    "policy": ("[1-5]",),
    "gifts": (_N,),
    "leave": (),
    "keep": (_N,),
    "loot": (),
    "spare": (),
}
#: {verb: how many words follow it} of the canonical spelling: the table that the kind's
#: reader of typed lines (``GameKind.notation``) reads, as ``canonical`` reads ``_ARGUMENTS``.
ARITY = {verb: len(words) for verb, words in _ARGUMENTS.items()}
_GRAMMAR = re.compile(
    "|".join(
        " ".join([verb, *(f"({word})" for word in words)]) for verb, words in _ARGUMENTS.items()
    )
)
_PORT_NAMES = {p["name"].lower(): pid for pid, p in MAP["ports"].items()}


def canonical(text: str) -> str:
    """The canonical spelling of a typed action: lower case, single blanks, plural or
    singular kinds, port names with blanks ("sail Cape Town"), numbers without leading
    zeros. Raises IllegalAction when ``text`` is no action of this game."""
    if has_control_characters(str(text)):
        raise IllegalAction(
            _("“{text}” is not an action of Source of the Nile."),
            code="not_an_action",
            text=str(text),
        )
    words = str(text).lower().split()
    if words[:1] == ["sail"] and len(words) > 2:
        name = " ".join(words[1:])
        words = ["sail", _PORT_NAMES.get(name, "-".join(words[1:]))]
    words = [_WORDS.get(w, w) for w in words]
    words = [str(int(w)) if w.isdigit() else w for w in words]
    if words[:1] == ["publish"] and len(words) == 1:
        words.append("all")
    result = " ".join(words)
    if not _GRAMMAR.fullmatch(result) or (result.startswith("move") and words[1] not in HEXES):
        raise IllegalAction(
            _("“{text}” is not an action of Source of the Nile."),
            code="not_an_action",
            text=str(text),
        )
    return result
