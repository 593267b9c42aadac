"""The working context of one ``apply``: a copied state, its dice, cards and events.

Randomness (nile.md, Randomness): die n (counted over hash dice only, after the ``dice``
option runs out) is 1 + (first 8 bytes of SHA-256("nile:{seed}:die:{n}"), big-endian) mod 6;
shuffle k swaps items i and j = H("nile:{seed}:deck:{k}:{i}") mod (i + 1) for i from
len - 1 down to 1. A card that is needed when the draw pile is empty reshuffles the discard
pile (in discard order) with the next k; if every card is in a hand, the card is None
(it counts as blank, ruling 41).

Hexes are copied on write: ``G.hex(id)`` returns a private, changeable copy of one hex entry.
"""

from __future__ import annotations

import hashlib
from typing import Any

from games.engines.base import State
from games.nile.engine.data import CARDS

#: The rules this engine plays by default: 1 = as first published, 2 = with rulings 43-48
#: (movement points after the disaster card, one record and one negotiation history per
#: tribe, the oasis range only once found, step 6 only for a branch count of 0, a river
#: without exit kept in its swamp, the oasis finding die told with the move), 3 = with ruling
#: 49 too (a prisoner's captors are the tribe that took him, not whoever lives in his hex).
RULES_VERSION = 3
RULES_VERSIONS = (1, 2, 3)


def rules_version(state: State) -> int:
    """The rules version a state plays by (the ``rules_version`` option, kept in the state);
    a state made before versions were kept plays by version 1."""
    return state.get("rules_version", 1)


def hash_int(text: str) -> int:
    """The first 8 bytes of SHA-256(``text``) as a big-endian integer."""
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def shuffle(items: list[str], seed: int, k: int) -> list[str]:
    """Shuffle number ``k`` of ``items`` (a new list; item 0 is the top)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = hash_int(f"nile:{seed}:deck:{k}:{i}") % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def _copy_explorer(ex: dict[str, Any] | None) -> dict[str, Any] | None:
    if ex is None:
        return None
    new = ex.copy()
    new["people"] = {k: v.copy() for k, v in ex["people"].items()}
    new["guides"] = [g.copy() for g in ex["guides"]]
    new["goods"] = ex["goods"].copy()
    new["records"] = list(ex["records"])
    new["looked"] = list(ex["looked"])
    new["negotiated"] = list(ex["negotiated"])
    if ex.get("capture"):
        new["capture"] = ex["capture"].copy()
    return new


def clone(state: State) -> State:
    """A copy of ``state`` whose containers may be changed, except the hex entries, which are
    shared until ``G.hex`` copies them."""
    new = state.copy()
    new["hexes"] = state["hexes"].copy()
    new["players"] = list(state["players"])  # copied seat by seat on write (G.mut_player)
    new["deck"] = {k: (list(v) if isinstance(v, list) else v) for k, v in state["deck"].items()}
    new["lakes"] = {k: {**v, "hexes": list(v["hexes"])} for k, v in state["lakes"].items()}
    new["turn"] = {k: (list(v) if isinstance(v, list) else v) for k, v in state["turn"].items()}
    new["published"] = {k: list(v) for k, v in state["published"].items()}
    if state["enc"] is not None:
        new["enc"] = state["enc"].copy()
    new["events"] = []
    return new


class G:
    """One apply's context: ``s`` the new state (changeable), its copied hexes, the dice and
    cards used since the last event, and the events made."""

    __slots__ = ("s", "copied", "seats", "dice_log", "card_log", "roll_log")

    def __init__(self, state: State):
        self.s = clone(state)
        self.copied: set[str] = set()
        self.seats: set[int] = set()
        self.dice_log: list[int] = []
        self.card_log: list[str] = []
        self.roll_log: list[dict[str, Any]] = []

    # -- hexes
    def hex(self, hid: str) -> dict[str, Any]:
        """The changeable entry of known hex ``hid`` (created blank if missing)."""
        hexes = self.s["hexes"]
        if hid not in self.copied:
            old = hexes.get(hid)
            if old is None:
                new = blank_hex()
            else:
                new = old.copy()
                if old["river"] is not None:
                    new["river"] = {
                        "out": list(old["river"]["out"]),
                        "open": list(old["river"]["open"]),
                    }
                if old["tribe"] is not None:
                    new["tribe"] = {**old["tribe"], "friendly": list(old["tribe"]["friendly"])}
                new["mapped_by"] = list(old["mapped_by"])
            hexes[hid] = new
            self.copied.add(hid)
        return hexes[hid]

    # -- randomness
    def die(self) -> int:
        """The next die: the next scripted value, else the next hash die."""
        s = self.s
        s["rng_used"] += 1
        at = s["dice_at"]
        if at < len(s["dice"]):
            s["dice_at"] = at + 1
            value = s["dice"][at]
        else:
            n = s["die_n"]
            s["die_n"] = n + 1
            value = 1 + hash_int(f"nile:{s['seed']}:die:{n}") % 6
        self.dice_log.append(value)
        return value

    def card(self) -> dict[str, Any] | None:
        """Draw the top card (it goes to the discard pile); None if every card is in a hand."""
        s = self.s
        deck = s["deck"]
        s["rng_used"] += 1
        if not deck["draw"]:
            if not deck["discard"]:
                return None
            deck["k"] += 1
            deck["draw"] = shuffle(deck["discard"], s["seed"], deck["k"])
            deck["discard"] = []
        cid = deck["draw"].pop(0)
        deck["discard"].append(cid)
        self.card_log.append(cid)
        return CARDS[cid]

    def take_card(self) -> str | None:
        """Draw the top card into a hand (a donation): its id, or None if none is left."""
        card = self.card()
        if card is None:
            return None
        self.s["deck"]["discard"].pop()
        return card["id"]

    # -- events
    def event(self, kind: str, text: str, seat: int | None = None, **extra: Any) -> None:
        """Add an event with the dice and cards used since the previous one."""
        self.s["events"].append(
            {
                "type": kind,
                "kind": kind,
                "seat": self.s["seat"] if seat is None else seat,
                "dice": self.dice_log,
                "card": self.card_log[-1] if self.card_log else None,
                "text": text,
                **({"rolls": self.roll_log} if self.roll_log else {}),
                **extra,
            }
        )
        self.dice_log = []
        self.card_log = []
        self.roll_log = []

    def roll_decided(self, what: str, value: int, target: Any, outcome: str, **extra: Any) -> None:
        """Note what a roll decided, for the next event's "rolls": ``what`` names the roll
        ("lost", "natives", "policy", "gifts", "insult", "charge", "poison", "oasis", "hunt",
        "desert", "illness"; when a blank hex is mapped "copy", "key", "mountain", "exit",
        "branch", "cataract"), ``value`` is the total
        rolled (with its modifiers), ``target`` what it was rolled against (a number, or a list
        of the totals that succeed) and ``outcome`` the word of the result."""
        self.roll_log.append(
            {"what": what, "value": value, "target": target, "outcome": outcome, **extra}
        )

    # -- the current explorer
    def mut_player(self, seat: int) -> dict[str, Any]:
        """The changeable entry of ``seat`` (its explorer copied too)."""
        players = self.s["players"]
        if seat not in self.seats:
            p = players[seat]
            q = p.copy()
            q["donations"] = list(p["donations"])
            q["explorer"] = _copy_explorer(p["explorer"])
            players[seat] = q
            self.seats.add(seat)
        return players[seat]

    @property
    def player(self) -> dict[str, Any]:
        """The changeable entry of the seat to play."""
        return self.mut_player(self.s["seat"])

    @property
    def ex(self) -> dict[str, Any]:
        """The changeable explorer of the seat to play (None if he has none)."""
        return self.mut_player(self.s["seat"])["explorer"]


def blank_hex() -> dict[str, Any]:
    """A hex entry with nothing known."""
    return {
        "terrain": None,
        "river": None,
        "source": False,
        "mountain_ft": None,
        "cataract_ft": None,
        "oasis": False,
        "oasis_by": None,
        "lake": None,
        "tribe": None,
        "mapped_by": [],
        "published_by": None,
        "known_1820": False,
    }
