"""What the Source of the Nile play page shows one viewer: the map's clickable hexes (legal
moves), the actions grouped into forms (a choice of quantity per kind, buttons for the rest),
the question of an encounter, and the explorers' panel (open information, the same for all).

Everything comes from the observation and, for the player to move, the legal actions: only
legal actions are offered.
"""

from __future__ import annotations

from collections import defaultdict

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.kinds import page
from games.kinds.board import board_seats
from games.nile.engine.data import PRICES
from games.nile.kind.market import (
    MARKET_ORDER,
    QUANTITY_FIELD,
    group_label,
    market,
)
from games.nile.kind.terms import (
    LEVEL_NAMES,
    MODE_NAMES,
    PROFESSION_NAMES,
    SEAT_COLOURS,
    STATUS_NAMES,
    TERRAIN_NAMES,
    counted,
    port_name,
)


def party_member(kind: str, healthy: int, sick: int) -> str:
    """The people of one ``kind`` of an expedition in words, by their counts: "2 askaris",
    "1 guide (+1 sick)" (singular or plural in each language)."""
    words = counted(kind, healthy)
    if not sick:
        return words
    return ngettext("%(people)s (+%(count)s sick)", "%(people)s (+%(count)s sick)", sick) % {
        "people": words,
        "count": sick,
    }


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


class Page(page.Page):
    """The Nile's half of the play page: one-click hexes for the moves, the market of a port,
    the other choices in sections, and the explorers' panel."""

    shuffled = gettext_lazy(
        "The cards were shuffled and the dice rolls drawn before the game began."
    )
    replay_note = gettext_lazy(
        "Nothing on the map was hidden: only the cards and dice to come were."
    )
    fragment_sources = {"board_area": ["board_area", "board", "legend"]}
    stylesheets = ("games/nile/nile.css",)

    def context(self, request, game, seat, observation, legal, names) -> dict:
        """The Nile half of the play page (see ``games.kinds.page.Page.context``): each legal
        move is a one-click hex whose link has a "kind", a key of ``Board.target_kinds``."""

        def label(action):
            return self.action_label(action, observation, names)

        links = {}
        for action in legal:
            if action.startswith("move "):
                hid = action.split()[1]
                blank = observation["hexes"].get(hid, {}).get("terrain") is None
                kind = "explore" if blank else "move"
                links[hid] = self.move_target(
                    game, kind, label(action), action, anchor="actions-heading"
                )
        shop = market(observation, legal) if legal else None
        if shop:
            sold = {row["key"] for row in shop["rows"]}
            legal = [a for a in legal if " ".join(a.split()[:2]) not in sold]
        forms, buttons = group_actions(legal)

        def board():
            seats = board_seats(game.seat_list)
            hexes = observation["hexes"]
            linked = self.with_why_not(game, links, hexes, "move {}".format) if legal else links
            return {
                "board": self.kind.board.context(observation, seats, links=linked),
                "target_kinds": self.kind.board.target_kinds,
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
            "board_selection": "",
            "buttons": labelled,
            "quantity_forms": quantity_forms,
            "sections": sections(labelled, quantity_forms),
            "moves": [(a, label(a)) for a in legal if a.startswith("move ")],
            "market": shop,
            "end_reason": end_reason(observation),
        }

    def panel(self, observation: dict, seats) -> list[dict]:
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
                    party_member(k, v["healthy"], v["sick"])
                    for k, v in explorer["people"].items()
                    if v["healthy"] or v["sick"]
                ]
                goods = [counted(k, n) for k, n in explorer["goods"].items() if n]
                if explorer["items"]:
                    goods.append(counted("item", explorer["items"]))
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

    def action_label(self, action: str, observation: dict, names: list[str]) -> str:
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

    def question(self, observation: dict) -> str | None:
        """The question of a pending encounter decision, in words, or None."""
        pending = observation.get("pending") or {}
        kind = pending.get("kind")
        if kind == "policy":
            return _(
                "A tribe of %(size)s (attitude %(attitude)s) in %(hex)s. Choose a native policy "
                "from 1 (gentle) to 5 (harsh): three dice above the sum shown make the tribe "
                "hostile, otherwise it hides; a hostile tribe is more likely to attack under a "
                "harsh policy."
            ) % {
                "size": pending["tribe_size"],
                "attitude": pending["attitude"],
                "hex": pending["hex"],
            }
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

    def batch_actions(self, data) -> list[str]:
        """The hires and purchases of a market form, in ``market.MARKET_ORDER``: "<key> <n>"
        for each field "qty:<key>" with a quantity above 0 (a quantity that is no whole number
        is passed on as written, for the engine to refuse)."""
        actions = []
        for key in MARKET_ORDER:
            value = (data.get(QUANTITY_FIELD + key) or "").strip()
            if value in ("", "0"):
                continue
            actions.append(f"{key} {value}")
        return actions
