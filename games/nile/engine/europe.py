"""Europe (nile.md, Europe; rulings 14-17, 41; table ``europe``): the profession, launching an
expedition (``sail <port>``), staying (``stay``, ``discard``, ``publish all``, ``end``) and
going home (``sail europe``).
"""

from __future__ import annotations

from typing import Any

from games.engines.base import State
from games.nile.engine.core import G
from games.nile.engine.data import CARDS, HAND_LIMIT, PASSAGE, PORTS, PRICES, START_CASH
from games.nile.engine.party import new_explorer
from games.nile.engine.scoring import add_record, publish_all


def _donation(cid: str) -> Any:
    return CARDS[cid]["donation"]


def money(player: dict[str, Any]) -> int:
    """The dollars of the money cards held."""
    return sum(v for c in player["donations"] if isinstance(v := _donation(c), int))


def ticket_for(player: dict[str, Any], port: str) -> str | None:
    """The ticket card used to sail to ``port``: a port ticket before an ``any`` ticket."""
    for wanted in (f"ticket:{port}", "ticket:any"):
        for cid in player["donations"]:
            if _donation(cid) == wanted:
                return cid
    return None


def sail_actions(state: State, seat: int) -> list[str]:
    """``sail <port>`` for every port the seat can reach (passage, ticket or journalist)."""
    player = state["players"][seat]
    journalist = player["explorer"]["profession"] == "journalist"
    funds = player["cash"] + money(player)
    return [
        f"sail {port}"
        for port in sorted(PORTS)
        if journalist or funds >= PASSAGE or ticket_for(player, port)
    ]


def start_europe_turn(g: G) -> None:
    """A Europe turn begins: the journalist's cash is raised to $1000 (if lower)."""
    ex = g.ex
    if ex["profession"] == "journalist" and g.player["cash"] < START_CASH:
        g.player["cash"] = START_CASH
    g.s["phase"] = "europe"
    g.s["pending"] = {"kind": "europe"}


def choose_profession(g: G, profession: str) -> None:
    """A new explorer of ``profession`` with $1000 (ruling 17)."""
    player = g.player
    player["explorer"] = new_explorer(profession, f"{g.s['seat']}.{player['explorers_lost']}")
    player["cash"] = START_CASH
    g.event("profession", profession)
    start_europe_turn(g)


def sail(g: G, port: str) -> None:
    """Launch: cash the money cards, use a ticket or pay passage, discard the other tickets;
    the expedition outfits in ``port`` (ruling 14)."""
    player = g.player
    ex = g.ex
    discard = g.s["deck"]["discard"]
    ticket = None if ex["profession"] == "journalist" else ticket_for(player, port)
    for cid in player["donations"]:
        value = _donation(cid)
        if isinstance(value, int):
            player["cash"] += value
        discard.append(cid)
    player["donations"] = []
    if ticket is None and ex["profession"] != "journalist":
        player["cash"] -= PASSAGE
    ex["status"] = "africa"
    ex["hex"] = PORTS[port]
    ex["start_port"] = port
    g.s["turn"]["start_hex"] = ex["hex"]
    g.s["phase"] = "outfit"
    g.s["pending"] = {"kind": "outfit", "hex": ex["hex"]}
    g.event("sail", f"sails to {port}", port=port)


def _draw(g: G) -> None:
    if g.ex["profession"] != "journalist":
        cid = g.take_card()
        if cid is not None:
            g.player["donations"].append(cid)
    g.s["phase"] = "publish"
    g.s["pending"] = {"kind": "publish"}


def stay(g: G) -> None:
    """Stay: discard the free tickets, then discard down to 5, then draw one donation."""
    player = g.player
    for cid in list(player["donations"]):
        if not isinstance(_donation(cid), int):
            player["donations"].remove(cid)
            g.s["deck"]["discard"].append(cid)
    g.event("stay", "stays in Europe")
    _after_discard(g)


def _after_discard(g: G) -> None:
    over = len(g.player["donations"]) - HAND_LIMIT
    if over > 0:
        g.s["phase"] = "discard"
        g.s["pending"] = {"kind": "discard", "over": over}
    else:
        _draw(g)


def discard(g: G, cid: str) -> None:
    """Discard a donation card (the player picks, ruling 14)."""
    g.player["donations"].remove(cid)
    g.s["deck"]["discard"].append(cid)
    g.event("discard", cid)
    _after_discard(g)


def publish(g: G) -> None:
    """``publish all``: score every record, then one donation per 4 VP (not journalists)."""
    vp = publish_all(g)
    g.event("publish", f"{vp} VP published", vp=vp)
    if g.ex["profession"] != "journalist":
        for _ in range(vp // 4):
            cid = g.take_card()
            if cid is not None:
                g.player["donations"].append(cid)


def sail_home(g: G) -> None:
    """``sail europe``: goods sold at half price (rounded down per kind), people paid off,
    bonus items become item records (rulings 18, 41)."""
    ex = g.ex
    player = g.player
    for kind, n in ex["goods"].items():
        player["cash"] += n * PRICES[kind] // 2
    for _ in range(ex["items"]):
        add_record(g, g.s["seat"], "item", None)
    keep = {k: ex[k] for k in ("eid", "profession", "records", "looked", "negotiated")}
    ex.clear()
    ex.update(new_explorer(keep["profession"], keep["eid"]))
    ex.update(keep)
    g.event("home", "sails home to Europe")
