"""What the Source of the Nile play page shows one viewer: the map's clickable hexes (legal
moves), the actions grouped into forms (a choice of quantity per kind, buttons for the rest),
the question of an encounter, and the explorers' panel (open information, the same for all).

Everything comes from the observation and, for the player to move, the legal actions: only
legal actions are offered.
"""

from __future__ import annotations

import json
from collections import defaultdict

from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.nile.engine.data import PRICES
from games.nile.engine.scoring import VP_SOURCES
from games.nile.kind.board import board_context
from games.nile.kind.terms import (
    KIND_NAMES,
    LEVEL_NAMES,
    MODE_NAMES,
    PROFESSION_NAMES,
    SEAT_COLOURS,
    STATUS_NAMES,
    TERRAIN_NAMES,
    counted,
    port_name,
)


def _kind(code: str) -> str:
    return str(KIND_NAMES.get(code, code))


def action_label(action: str, observation: dict, names: list[str]) -> str:
    """A player's words for ``action`` ("buy rations 30" -> "Buy 30 rations ($30)")."""
    words = action.split()
    key = words[0]
    if key == "profession":  # under the question "Choose the profession of your new explorer."
        return capfirst(str(PROFESSION_NAMES.get(words[1], words[1])))
    if key == "sail":
        if words[1] == "europe":
            return _("Sail home to Europe")
        return _("Sail to %(port)s") % {"port": port_name(words[1])}
    if key in ("hire", "buy"):
        count = int(words[2])
        values = {"goods": counted(words[1], count), "cost": PRICES.get(words[1], 0) * count}
        if key == "hire":
            return _("Hire %(goods)s ($%(cost)s)") % values
        return _("Buy %(goods)s ($%(cost)s)") % values
    if key in ("trade", "drop", "dismiss", "shoot") and len(words) == 3:
        values = {"goods": counted(words[1], int(words[2]))}
        return {
            "trade": _("Trade for %(goods)s"),
            "drop": _("Drop %(goods)s"),
            "dismiss": _("Dismiss %(goods)s"),
            "shoot": _("Shoot %(goods)s"),
        }[key] % values
    if key == "fill":
        return _("Fill %(goods)s") % {"goods": counted("water", int(words[1]))}
    if key == "level":
        return _("Travel %(level)s, %(mode)s") % {
            "level": LEVEL_NAMES.get(words[1], words[1]),
            "mode": MODE_NAMES.get(words[2], words[2]),
        }
    if key == "move":
        terrain = observation["hexes"].get(words[1], {}).get("terrain")
        return _("Move to %(hex)s (%(terrain)s)") % {
            "hex": words[1],
            "terrain": TERRAIN_NAMES.get(terrain, terrain),
        }
    if key == "policy":
        sums = (observation.get("pending") or {}).get("sums") or {}
        if words[1] in sums:
            return _("Policy %(n)s (hostile if 3 dice exceed %(sum)s)") % {
                "n": words[1],
                "sum": sums[words[1]],
            }
        return _("Policy %(n)s") % {"n": words[1]}
    if key == "gifts":
        return _("Offer %(goods)s") % {"goods": counted("gifts", int(words[1]))}
    if key == "keep":
        count = int(words[1])
        return ngettext(
            "Keep %(count)d prisoner as a bearer", "Keep %(count)d prisoners as bearers", count
        ) % {"count": count}
    if key == "discard":
        return _("Discard donation %(card)s") % {"card": words[1]}
    simple = {
        "stop": _("Stop moving (end the turn)"),
        "end": _("Done: end the turn"),
        "stay": _("Stay in Europe"),
        "publish": _("Publish all your records"),
        "leave": _("Leave the tribe alone"),
        "loot": _("Loot the village"),
        "spare": _("Spare the village"),
    }
    return str(simple.get(key, action))


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
        return _("%(verb)s %(kind)s: how many?") % {"verb": verb, "kind": _kind(words[1])}
    return verb


def pending_question(observation: dict) -> str | None:
    """The question of a pending encounter decision, in words, or None."""
    pending = observation.get("pending") or {}
    kind = pending.get("kind")
    if kind == "policy":
        return _(
            "A tribe of %(size)s (attitude %(attitude)s) in %(hex)s. Choose a native policy "
            "from 1 (gentle) to 5 (harsh): three dice above the sum shown make the tribe "
            "hostile, otherwise it hides; a hostile tribe is more likely to attack under a "
            "harsh policy."
        ) % {"size": pending["tribe_size"], "attitude": pending["attitude"], "hex": pending["hex"]}
    if kind == "negotiate":
        return _(
            "The tribe of %(size)s hides. Offer gifts to make friends (the higher of two dice "
            "times the gifts must reach %(size)s) or leave them?"
        ) % {"size": pending["tribe_size"]}
    if kind == "prisoners":
        return _(
            "Victory! Keep up to %(max)s prisoners as bearers, or free them all (keep 0) to "
            "improve the tribe's attitude?"
        ) % {"max": pending.get("max", 0)}
    if kind == "village":
        return _("The village is found. Loot it, or spare it?")
    if kind == "profession":
        return _("Choose the profession of your new explorer.")
    if kind == "discard":
        return _("You hold too many donations: choose one to discard.")
    if kind == "camp" and pending.get("stranded"):
        return _(
            "Your explorer is stranded: starving, with nothing to eat, no animal to shoot and "
            "no musket or askari to hunt, he has no movement points, and as every starving "
            "month costs one more, he will have none again. The rules leave no way out but to "
            "wait: choose an activity level each month. He may die of illness or in a "
            "disaster; then you start a new explorer in Europe with $1000, and what you have "
            "published stays yours."
        )
    return None


def group_actions(legal: list[str]) -> tuple[list[dict], list[str]]:
    """The legal actions split into ({"key", "actions"} groups of one action in several
    quantities, for a choice list) and single actions (buttons); order kept."""
    groups: dict[str, list[str]] = defaultdict(list)
    for action in legal:
        words = action.split()
        if words[0] not in ("move", "policy") and len(words) > 1 and words[-1].isdigit():
            groups[" ".join(words[:-1])].append(action)
        elif words[0] == "sail" and words[1] != "europe":
            groups["sail"].append(action)
    forms = []
    grouped = set()
    for key, actions in groups.items():
        if len(actions) > 1:
            actions.sort(key=lambda a: int(a.split()[-1]) if a.split()[-1].isdigit() else 0)
            forms.append({"key": key, "actions": actions})
            grouped.update(actions)
    buttons = [a for a in legal if a not in grouped and not a.startswith("move ")]
    return forms, buttons


#: The sections of the move panel, in order, and the action keywords each gathers: setting
#: off (travelling starts the move, the turn's main action), the party, the cargo, the other
#: choices of the moment, and ending the turn.
SECTIONS = (
    (
        "move",
        gettext_lazy("Move: choosing how to travel starts your move"),
        {"level", "sail", "stay"},
    ),
    ("party", gettext_lazy("Your party"), {"hire", "dismiss", "keep"}),
    ("cargo", gettext_lazy("Your cargo"), {"buy", "drop", "fill", "trade", "discard"}),
    ("other", gettext_lazy("Other choices"), set()),
    ("end", gettext_lazy("End"), {"end", "stop", "publish"}),
)


def sections(buttons: list[tuple[str, str]], forms: list[dict]) -> list[dict]:
    """The panel's buttons ([(action, label)]) and quantity forms ({"key", ...}) by section:
    [{"key", "heading", "buttons", "forms"}] in SECTIONS order, empty sections left out; an
    action no section names goes to "other"."""

    def section_of(action: str) -> str:
        word = action.split()[0]
        return next((key for key, _h, words in SECTIONS if word in words), "other")

    out = []
    for key, heading, _words in SECTIONS:
        mine = [b for b in buttons if section_of(b[0]) == key]
        mine_forms = [f for f in forms if section_of(f["key"]) == key]
        if mine or mine_forms:
            out.append({"key": key, "heading": heading, "buttons": mine, "forms": mine_forms})
    return out


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


def market_actions(data) -> list[str]:
    """The hires and purchases of a market form, in ``MARKET_ORDER``: "<key> <n>" for each
    field "qty:<key>" with a quantity above 0 (a quantity that is no whole number is passed
    on as written, for the engine to refuse)."""
    actions = []
    for key in MARKET_ORDER:
        value = (data.get(QUANTITY_FIELD + key) or "").strip()
        if value in ("", "0"):
            continue
        actions.append(f"{key} {value}")
    return actions


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


def panel(observation: dict, seats) -> list[dict]:
    """One row per seat: the explorer's whole situation (the game is open information)."""
    colours = {colour.key: colour for colour in SEAT_COLOURS}
    rows = []
    for seat in seats:
        player = observation["players"][seat.number]
        colour = colours.get(seat.colour)
        explorer = player["explorer"]
        info = None
        if explorer:
            people = [
                (_kind(k), v["healthy"], v["sick"])
                for k, v in explorer["people"].items()
                if v["healthy"] or v["sick"]
            ]
            goods = [(_kind(k), n) for k, n in explorer["goods"].items() if n]
            status = STATUS_NAMES.get(explorer["status"], explorer["status"])
            info = {
                "profession": PROFESSION_NAMES.get(explorer["profession"], ""),
                "status": status,
                "hex": explorer["hex"],
                "sick": explorer["sick"],
                "starving": explorer["starving"],
                "level": LEVEL_NAMES.get(explorer["level"], ""),
                "mode": MODE_NAMES.get(explorer["mode"], ""),
                "mp": explorer["mp"],
                "people": people,
                "goods": goods,
                "items": explorer["items"],
                "records": len(explorer["records"]),
            }
        rows.append(
            {
                "seat": seat,
                "name": seat.name,
                "colour": seat.colour,
                "colour_name": colour.name if colour else seat.colour,
                "is_current": observation["current_player"] == seat.number,
                "score": player["score"],
                "cash": player["cash"],
                "donations": player["donations"],
                "explorers_lost": player["explorers_lost"],
                "explorer": info,
            }
        )
    return rows


#: {target kind: words} of the map's clickable hexes, for the legend, in its order: a move
#: into a mapped hex, and one into a blank hex, which maps it and may get the party lost
#: (turn summary, Move a Hex). Neither ends the turn by itself.
TARGET_KINDS = {
    "move": gettext_lazy("Move into this mapped hex"),
    "explore": gettext_lazy("Explore this blank hex: it is mapped, and you may get lost"),
}


def page_context(request, game, observation: dict, legal: list[str], names: list[str]) -> dict:
    """The Nile half of the play page (see ``GameKind.page_context``): each legal move is a
    one-click hex whose link has a "kind", a key of TARGET_KINDS."""

    def label(action):
        return action_label(action, observation, names)

    act = reverse("game_act", args=[game.code])
    base = reverse("game_detail", args=[game.code])
    links = {}
    for action in legal:
        if action.startswith("move "):
            hid = action.split()[1]
            blank = observation["hexes"].get(hid, {}).get("terrain") is None
            links[hid] = {
                "kind": "explore" if blank else "move",
                "href": f"{base}#actions-heading",
                "label": label(action),
                "hx_post": act,
                "hx_vals": json.dumps({"action": action, "version": game.version}),
            }
    shop = market(observation, legal) if legal else None
    if shop:
        sold = {row["key"] for row in shop["rows"]}
        legal = [a for a in legal if " ".join(a.split()[:2]) not in sold]
    forms, buttons = group_actions(legal)

    def board():
        seats = [{"name": s.name, "colour": s.colour} for s in game.seat_list]
        return {
            "board": board_context(observation, seats=seats, links=links),
            "target_kinds": TARGET_KINDS,
            "legend_open": observation["round"] <= 1,  # open on a first visit, to be read
        }

    quantity_forms = [
        {
            "key": f["key"],
            "label": group_label(f["key"]),
            "options": [(a, label(a)) for a in f["actions"]],
        }
        for f in forms
    ]
    labelled = [(a, label(a)) for a in buttons]
    return {
        "action_label": label,
        "board_context": board,
        "role": "",
        "buttons": labelled,
        "quantity_forms": quantity_forms,
        "sections": sections(labelled, quantity_forms),
        "moves": [(a, label(a)) for a in legal if a.startswith("move ")],
        "market": shop,
        "end_reason": end_reason(observation),
    }


def end_reason(observation: dict) -> str:
    """Why a finished game ended, in words ("" while it runs), by the end conditions of the
    rules: a player's published VP reached the target, the last round was played, or every
    hex of the map was explored."""
    if observation["phase"] != "over":
        return ""
    target = observation["target_vp"]
    if any(player["score"] >= target for player in observation["players"]):
        return _("It ended when a player reached %(target)d published VP.") % {"target": target}
    if observation["round"] >= observation["max_rounds"]:
        return ngettext(
            "It ended when its %(max)d round had been played.",
            "It ended when all its %(max)d rounds had been played.",
            observation["max_rounds"],
        ) % {"max": observation["max_rounds"]}
    return _("It ended when the whole map was explored.")


def changed_cells(events: list[dict]) -> set[str]:
    """The hexes that the Nile's public ``events`` name (a hex mapped or moved into, a tribe
    met, a bonus found: each event's "hex")."""
    return {event["hex"] for event in events if isinstance(event.get("hex"), str)}


def mark_changed(board_context: dict, cells: set[str]) -> dict:
    """``board_context`` ({"board": ...}) with its hexes in ``cells`` flagged "changed"
    (drawn with the since-your-last-visit outline and dot). Changes the context given and
    returns it."""
    if cells:
        for hexagon in board_context["board"]["hexes"]:
            if hexagon["id"] in cells:
                hexagon.update(changed=True, dot_x=hexagon["x"] + 16, dot_y=hexagon["y"] - 8)
        board_context["changed_any"] = True
    return board_context


#: The words of each source of VP in the final breakdown (games.nile.engine.scoring).
SOURCE_NAMES = {
    "hexes": gettext_lazy("Hexes"),
    "features": gettext_lazy("Features"),
    "records": gettext_lazy("Records"),
    "nile_source": gettext_lazy("Source of the Nile"),
    "professions": gettext_lazy("Professions"),
}


def final_breakdown(observation: dict, names: list[str]) -> dict | None:
    """Each player's published VP by source at the end (see ``GameKind.final_breakdown``):
    columns hexes, features (mountains, cataracts, river sources, oases, lakes), records
    (bonus cards and items), the Source of the Nile and professions; None while the game
    runs. Rows in place order, ties in seat order."""
    final = observation.get("final")
    if not observation.get("terminal") or not final:
        return None
    rows = []
    for seat, player in enumerate(observation["players"]):
        parts = player["vp_sources"]
        rows.append(
            {
                "seat": seat,
                "name": names[seat] if seat < len(names) else "",
                "place": final[seat]["rank"],
                "cells": [parts[source] for source in VP_SOURCES],
                "total": player["score"],
            }
        )
    rows.sort(key=lambda row: (row["place"], row["seat"]))
    return {"columns": [str(SOURCE_NAMES[source]) for source in VP_SOURCES], "rows": rows}
