"""The market of a port on the Source of the Nile play page: one form to hire and buy several
kinds at once, each with a choice of quantity, and the actions such a form asks for
(``Page.batch_actions``); and the words of a choice of quantities."""

from __future__ import annotations

from collections import defaultdict

from django.utils.translation import gettext as _

from games.nile.engine.data import PRICES
from games.nile.kind.terms import KIND_NAMES


def kind_name(code: str) -> str:
    """The words for a kind of people, animal or goods ("bearer" -> "bearers")."""
    return str(KIND_NAMES.get(code, code))


def group_label(key: str) -> str:
    """The heading of a choice of quantities ("buy rations" -> "Buy rations: how many?")."""
    words = key.split()
    verbs = {
        "hire": _("Hire"),
        "buy": _("Buy"),
        "trade": _("Trade for"),
        "drop": _("Drop"),
        "dismiss": _("Dismiss"),
        "shoot": _("Shoot"),
        "fill": _("Fill water"),
        "gifts": _("Offer gifts"),
        "keep": _("Keep prisoners"),
        "sail": _("Sail to a port"),
        "policy": _("Native policy"),
    }
    verb = str(verbs.get(words[0], words[0]))
    if len(words) > 1:
        return _("%(verb)s %(kind)s: how many?") % {"verb": verb, "kind": kind_name(words[1])}
    return verb


#: The market's rows in the order a market form applies them: people first (bearers carry),
#: then animals and canoes, then goods (games.nile.engine.camp).
MARKET_ORDER = (
    "hire bearer",
    "hire askari",
    "hire guide",
    "buy horse",
    "buy camel",
    "buy canoe",
    "buy rations",
    "buy water",
    "buy gifts",
    "buy musket",
)
#: Cargo units per item (rations, water and muskets 1, gifts 1 per 10) and carrying capacity
#: on foot per item (a bearer 10, a horse or camel 20, a canoe carried -40): nile.md carrying.
CARGO_PER_ITEM = {"rations": 1, "water": 1, "musket": 1, "gifts": 0.1}
FOOT_CAPACITY_PER_ITEM = {"bearer": 10, "horse": 20, "camel": 20, "canoe": -40}
QUANTITY_FIELD = "qty:"


def market(observation: dict, legal: list[str]) -> dict | None:
    """The market form of a port (hire and buy with quantities), or None when nothing is for
    sale: {"rows": [{"key", "field", "label", "price", "cargo", "capacity", "max", "step"}],
    "cash", "cargo", "capacity"} with cargo and capacity in cargo units on foot (the script
    adds up the totals; the engine checks each hire and purchase)."""
    quantities = defaultdict(list)
    for action in legal:
        words = action.split()
        if words[0] in ("hire", "buy") and len(words) == 3 and words[2].isdigit():
            quantities[f"{words[0]} {words[1]}"].append(int(words[2]))
    if not quantities:
        return None
    seat = observation["current_player"]
    player = observation["players"][seat]
    explorer = player["explorer"]
    goods = explorer["goods"]
    bearers = explorer["people"]["bearer"]
    rows = []
    for key in MARKET_ORDER:
        if key not in quantities:
            continue
        kind = key.split()[1]
        numbers = sorted(quantities[key])
        rows.append(
            {
                "key": key,
                "field": QUANTITY_FIELD + key,
                "label": group_label(key).split(":")[0].strip(),
                "price": PRICES.get(kind, 0),
                "cargo": CARGO_PER_ITEM.get(kind, 0),
                "capacity": FOOT_CAPACITY_PER_ITEM.get(kind, 0),
                # One hire or purchase is at most 10 units or lots (nile.md market); what
                # the cash and the load allow after the others is the engine's to check.
                "max": 10 * numbers[0],
                "step": numbers[0],
            }
        )
    cargo = (
        goods["rations"]
        + goods["water"]
        + goods["musket"]
        + explorer["items"]
        + -(-goods["gifts"] // 10)
    )
    capacity = (
        10 * (1 + bearers["healthy"] + bearers["sick"])
        + 20 * (goods["horse"] + goods["camel"])
        - 40 * goods["canoe"]
    )
    return {"rows": rows, "cash": player["cash"], "cargo": cargo, "capacity": capacity}
