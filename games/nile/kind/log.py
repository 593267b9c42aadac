"""The Source of the Nile move log in words, in the reader's language, with the dice each
step rolled and the card it read (from the engine's public events, games.nile.engine)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext_lazy

from games.kinds import log
from games.nile.kind.terms import (
    COUNTED,
    KIND_NAMES,
    PROFESSION_NAMES,
    TERRAIN_NAMES,
    counted,
    port_name,
)

#: {event type: its sentence}; %(player)s the seat's name, %(hex)s the hex.
SENTENCES = {
    "profession": gettext_lazy("%(player)s's new explorer: %(profession)s."),
    "stay": gettext_lazy("%(player)s stays in Europe."),
    "discard": gettext_lazy("%(player)s discards a donation."),
    "home": gettext_lazy("%(player)s sails home to Europe."),
    "disaster": gettext_lazy("A disaster strikes %(player)s's expedition."),
    "lost": gettext_lazy("%(player)s's expedition gets lost and stays put."),
    "blocked": gettext_lazy("%(player)s maps a hex the expedition cannot enter."),
    "move": gettext_lazy("%(player)s moves to %(hex)s."),
    "no_natives": gettext_lazy("No natives are found."),
    "natives": gettext_lazy("%(player)s meets a tribe of %(size)s in %(hex)s."),
    "hostile": gettext_lazy("The tribe is hostile."),
    "neutral": gettext_lazy("The tribe hides: it is neutral."),
    "friendly": gettext_lazy("The tribe becomes friendly."),
    "insulted": gettext_lazy("The chief is insulted."),
    "poison": gettext_lazy("The chief tries poison."),
    "hide": gettext_lazy("The hostile tribe hides."),
    "attack": gettext_lazy("The natives attack."),
    "victory": gettext_lazy("%(player)s's askaris win the fight."),
    "village": gettext_lazy("The search for the village."),
    "loot": gettext_lazy("The village is looted."),
    "defeat": gettext_lazy("%(player)s's expedition is defeated."),
    "captive": gettext_lazy("%(player)s's explorer is taken prisoner."),
    "killed": gettext_lazy("%(player)s's explorer is killed."),
    "escape": gettext_lazy("%(player)s's explorer tries to escape."),
    "camp": gettext_lazy("End of %(player)s's turn: hunting, food, desertions."),
    "illness": gettext_lazy("Illness and recovery in %(player)s's party."),
    "bonus": gettext_lazy("%(player)s draws a bonus card for %(hex)s."),
    "death": gettext_lazy("%(player)s's explorer dies."),
}


#: {(roll, outcome): its sentence}; %(value)s the total rolled, %(target)s what it was rolled
#: against (games.nile.engine.core.G.roll_decided).
ROLL_SENTENCES = {
    ("lost", "safe"): gettext_lazy(
        "Rolled %(value)s against the lost number %(target)s: the way is found."
    ),
    ("lost", "lost"): gettext_lazy("Rolled %(value)s against the lost number %(target)s: lost."),
    ("lost", "lost_guide"): gettext_lazy(
        "Rolled %(value)s against the lost number %(target)s: lost; a guide deserts."
    ),
    ("natives", "none"): gettext_lazy(
        "Rolled %(value)s for natives (found on %(target)s): nobody is there."
    ),
    ("natives", "found"): gettext_lazy(
        "Rolled %(value)s for natives (found on %(target)s): a tribe is there."
    ),
    ("policy", "hostile"): gettext_lazy(
        "Rolled %(value)s against the policy's sum %(target)s: above it, the tribe is hostile."
    ),
    ("policy", "neutral"): gettext_lazy(
        "Rolled %(value)s against the policy's sum %(target)s: not above it, the tribe hides."
    ),
    ("gifts", "friendly"): gettext_lazy(
        "Rolled %(value)s for %(gifts)s, against a tribe of %(target)s: enough, the tribe "
        "becomes friendly."
    ),
    ("gifts", "refused"): gettext_lazy(
        "Rolled %(value)s for %(gifts)s, against a tribe of %(target)s: not enough."
    ),
    ("insult", "hostile"): gettext_lazy(
        "Rolled %(value)s against the sum %(target)s: above it, the insulted tribe turns hostile."
    ),
    ("insult", "calm"): gettext_lazy(
        "Rolled %(value)s against the sum %(target)s: not above it, the chief tries poison."
    ),
    ("charge", "charge"): gettext_lazy(
        "Rolled %(value)s against the policy %(target)s: the natives charge."
    ),
    ("charge", "ambush"): gettext_lazy(
        "Rolled %(value)s against the policy %(target)s: the natives lay an ambush."
    ),
    ("hunt", "food"): gettext_lazy(
        "Hunting: %(hunters)s, needing %(target)s or more; %(succeeded)s, for %(food)s."
    ),
    ("hunt", "nothing"): gettext_lazy(
        "Hunting: %(hunters)s, needing %(target)s or more; none succeeded, so no fresh food."
    ),
    ("desert", "deserted"): gettext_lazy(
        "Not fed: %(unfed)s. A roll of %(target)s or less makes one desert: %(deserted)s."
    ),
    ("desert", "stayed"): gettext_lazy(
        "Not fed: %(unfed)s. A roll of %(target)s or less makes one desert: all stayed."
    ),
    ("illness", "recovers"): gettext_lazy(
        "The sick explorer rolled %(value)s with modifiers (%(target)s or more recovers, 1 or "
        "less dies): recovers."
    ),
    ("illness", "sick"): gettext_lazy(
        "The sick explorer rolled %(value)s with modifiers (%(target)s or more recovers, 1 or "
        "less dies): still sick."
    ),
    ("illness", "dies"): gettext_lazy(
        "The sick explorer rolled %(value)s with modifiers (%(target)s or more recovers, 1 or "
        "less dies): dies."
    ),
    ("illness", "followers"): gettext_lazy(
        "Sick: %(patients)s, a roll for each with modifier %(modifier)s (%(target)s or more "
        "recovers, 1 or less dies): %(recovered)s, %(died)s, %(sick)s."
    ),
    ("poison", "dies"): gettext_lazy(
        "Poison: the higher of two dice is %(value)s (2 or less kills, %(target)s sickens): "
        "the explorer dies."
    ),
    ("poison", "sick"): gettext_lazy(
        "Poison: the higher of two dice is %(value)s (2 or less kills, %(target)s sickens): "
        "the explorer falls sick."
    ),
    ("poison", "fails"): gettext_lazy(
        "Poison: the higher of two dice is %(value)s (2 or less kills, %(target)s sickens): "
        "it fails."
    ),
    ("oasis", "found"): gettext_lazy("Rolled %(value)s for the oasis (odd finds it): found."),
    ("oasis", "missed"): gettext_lazy("Rolled %(value)s for the oasis (odd finds it): missed."),
    ("copy", "copied"): gettext_lazy(
        "Rolled %(value)s for the neighbour to copy (%(target)s): %(terrain)s, copied."
    ),
    ("copy", "blank"): gettext_lazy(
        "Rolled %(value)s for the neighbour to copy (%(target)s): nothing known to copy."
    ),
    ("key", "terrain"): gettext_lazy("Rolled %(value)s on the terrain key: %(terrain)s."),
    ("key", "again"): gettext_lazy(
        "Rolled %(value)s on the terrain key: %(terrain)s, and the key is rolled again."
    ),
    ("key", "combined"): gettext_lazy(
        "Rolled %(value)s on the terrain key again: %(terrain)s; the hex is %(result)s."
    ),
    ("mountain", "height"): gettext_lazy(
        "Mountain dice multiplied: %(value)s, so the mountains rise to %(height)s ft."
    ),
    ("exit", "exit"): gettext_lazy(
        "Rolled %(value)s for the river's exit: it flows out to %(to)s."
    ),
    ("exit", "swamp"): gettext_lazy(
        "Rolled %(value)s for the river's exit: no side can take it, the hex turns to swamp."
    ),
    ("branch", "branch"): gettext_lazy(
        "Rolled %(value)s for a branch: the river opens towards %(to)s."
    ),
    ("branch", "none"): gettext_lazy(
        "Rolled %(value)s for a branch: no blank side is left for it."
    ),
    ("cataract", "cataract"): gettext_lazy(
        "Rolled %(value)s for a cataract (one on %(target)s): a cataract of %(height)s ft."
    ),
    ("cataract", "none"): gettext_lazy(
        "Rolled %(value)s for a cataract (one on %(target)s): none."
    ),
    ("size", "size"): gettext_lazy(
        "Tribe size: the dice %(rolled)s multiplied make a tribe of %(value)s."
    ),
    ("size", "lowered"): gettext_lazy(
        "Tribe size: the dice %(rolled)s, the highest lowered to the port distance %(target)s, "
        "multiplied (%(dice)s) make a tribe of %(value)s."
    ),
    ("first_fire", "victory"): gettext_lazy(
        "First fire: %(fallen)s. Times a die of %(multiplier)s, that makes %(value)s, more "
        "than %(left)s: the natives flee."
    ),
    ("first_fire", "on"): gettext_lazy(
        "First fire: %(fallen)s. Times a die of %(multiplier)s, that makes %(value)s, not more "
        "than %(left)s: the fight goes on."
    ),
    ("natives_fire", "defeat"): gettext_lazy(
        "The natives fire (divisor die %(divisor)s): %(fallen)s, %(left)s. Times a die of "
        "%(multiplier)s, that makes %(value)s, more than %(start)s at the start: the "
        "expedition is beaten."
    ),
    ("natives_fire", "on"): gettext_lazy(
        "The natives fire (divisor die %(divisor)s): %(fallen)s, %(left)s. Times a die of "
        "%(multiplier)s, that makes %(value)s, not more than %(start)s at the start: the "
        "expedition holds."
    ),
    ("counter_fire", "victory"): gettext_lazy(
        "The askaris fire back (divisor die %(divisor)s): %(fallen)s. Times a die of "
        "%(multiplier)s, that makes %(value)s, more than %(left)s: the natives flee."
    ),
    ("counter_fire", "on"): gettext_lazy(
        "The askaris fire back (divisor die %(divisor)s): %(fallen)s. Times a die of "
        "%(multiplier)s, that makes %(value)s, not more than %(left)s: the fight goes on."
    ),
    ("v", "prisoners"): gettext_lazy("Rolled %(value)s for V. With %(askaris)s, %(kept)s."),
    ("village", "found"): gettext_lazy(
        "Rolled %(value)s for the village (found on %(target)s or less): found."
    ),
    ("village", "missed"): gettext_lazy(
        "Rolled %(value)s for the village (found on %(target)s or less): not found."
    ),
    ("loot", "loot"): gettext_lazy(
        "Looting, a die for each native of a tribe of %(value)s, finds %(found)s."
    ),
    ("defeat_table", "captive"): gettext_lazy(
        "Defeat table, %(value)s: the explorer is taken prisoner."
    ),
    ("defeat_table", "still_captive"): gettext_lazy(
        "Defeat table, %(value)s: the explorer stays a prisoner."
    ),
    ("defeat_table", "killed"): gettext_lazy("Defeat table, %(value)s: the explorer is killed."),
    ("defeat_table", "escape"): gettext_lazy(
        "Defeat table, %(value)s: the explorer escapes with nothing."
    ),
    ("defeat_table", "supplies"): gettext_lazy(
        "Defeat table, %(value)s: the explorer escapes with a musket and 9 rations."
    ),
    ("defeat_table", "followers"): gettext_lazy(
        "Defeat table, %(value)s: the explorer escapes with a musket, 9 rations and followers "
        "found on Table A."
    ),
    ("table_a", "found"): gettext_lazy(
        "Rolled %(value)s on Table A: the explorer finds %(found)s."
    ),
    ("load", "load"): gettext_lazy("Rolled %(value)s for its load: it carries %(found)s."),
    ("talent", "talent"): gettext_lazy(
        "The prisoner's talent: rolled %(value)s, the tribe's attitude changes by %(change)s."
    ),
    ("escape", "escape"): gettext_lazy(
        "Escape roll: die %(die)s, less 2, with the attitude change %(change)s: %(value)s (from 1"
        " to 6)."
    ),
    ("item", "item"): gettext_lazy("An item rolled %(value)s VP."),
    ("item", "scientist"): gettext_lazy(
        "An item, for a scientist two dice less 7 (at least 1): %(value)s VP."
    ),
    ("count", "count"): gettext_lazy(
        "Rolled for how many the disaster strikes (%(target)s): %(struck)s."
    ),
    ("shot", "shot"): gettext_lazy(
        "Rolled %(value)s to shoot the beast (%(target)s or more): shot, 10 fresh food."
    ),
    ("shot", "missed"): gettext_lazy(
        "Rolled %(value)s to shoot the beast (%(target)s or more): missed."
    ),
    ("victim", "lost"): gettext_lazy(
        "Rolled %(value)s (12 strikes the explorer instead): one of the %(who)s is lost."
    ),
    ("victim", "instead"): gettext_lazy(
        "Rolled %(value)s (12 strikes the explorer instead): the explorer dies."
    ),
    ("victim", "spared"): gettext_lazy(
        "No %(who)s to strike: rolled %(value)s (11 or more strikes the explorer): the explorer"
        " is spared."
    ),
    ("victim", "dies"): gettext_lazy(
        "No %(who)s to strike: rolled %(value)s (11 or more strikes the explorer): the explorer"
        " dies."
    ),
}


#: What a village's loot may hold (games.nile.engine.battle.loot), in the order it is told.
LOOT = ("rations", "gifts", "camel", "canoe")
NOTHING = gettext_lazy("nothing")

#: {roll field: a count of it in words, with its verb}, singular or plural by the count:
#: COUNTS["natives_fall"] % {"count": 1} is "1 native falls".
COUNTS = {
    "hunters": ngettext_lazy("%(count)s hunter rolled", "%(count)s hunters rolled", "count"),
    "succeeded": ngettext_lazy("%(count)s succeeded", "%(count)s succeeded", "count"),
    "food": ngettext_lazy("%(count)s unit of fresh food", "%(count)s units of fresh food", "count"),
    "deserted": ngettext_lazy("%(count)s deserted", "%(count)s deserted", "count"),
    "recovered": ngettext_lazy("%(count)s recovers", "%(count)s recover", "count"),
    "died": ngettext_lazy("%(count)s dies", "%(count)s die", "count"),
    "sick": ngettext_lazy("%(count)s stays sick", "%(count)s stay sick", "count"),
    "natives_fall": ngettext_lazy("%(count)s native falls", "%(count)s natives fall", "count"),
    "natives_left": ngettext_lazy("%(count)s native left", "%(count)s natives left", "count"),
    "askaris_fall": ngettext_lazy("%(count)s askari falls", "%(count)s askaris fall", "count"),
    "askaris_left": ngettext_lazy("%(count)s askari left", "%(count)s askaris left", "count"),
    "kept": ngettext_lazy(
        "%(count)s prisoner may be kept", "%(count)s prisoners may be kept", "count"
    ),
}


def _count(name: str, count) -> str:
    """COUNTS[name] for ``count`` in the active language ("1 native falls")."""
    return str(COUNTS[name] % {"count": count or 0})


def _counts(roll: dict) -> dict[str, str]:
    """The counts of ``roll`` in words, by the names its sentence uses: "fallen" ("1 askari
    falls"), "left", "start", "kept", "gifts", "unfed", "patients", "found", ..."""
    what, who = roll.get("what"), roll.get("who")
    value, target = roll.get("value"), roll.get("target")
    words = {
        "hunters": _count("hunters", roll.get("hunters")),
        "succeeded": _count("succeeded", value),
        "food": _count("food", roll.get("food")),
        "deserted": _count("deserted", value),
        "recovered": _count("recovered", value),
        "died": _count("died", roll.get("died")),
        "sick": _count("sick", roll.get("sick")),
        "gifts": counted("gifts", roll.get("gifts") or 0),
    }
    if who in COUNTED:
        ill = (value or 0) + (roll.get("died") or 0) + (roll.get("sick") or 0)
        words["unfed"] = counted(who, roll.get("unfed") or 0)
        words["patients"] = counted(who, ill)
        words["struck"] = counted(who, value or 0)
    if what == "natives_fire":
        words["fallen"] = _count("askaris_fall", roll.get("killed"))
        words["left"] = _count("askaris_left", roll.get("left"))
        words["start"] = counted("askari", target or 0)
    elif what in ("first_fire", "counter_fire"):
        words["fallen"] = _count("natives_fall", roll.get("killed"))
        words["left"] = _count("natives_left", target)
    elif what == "v":
        words["askaris"] = counted("askari", target or 0)
        words["kept"] = _count("kept", roll.get("most"))
    elif what in ("table_a", "load") and who in COUNTED:
        words["found"] = counted(who, 1 if what == "table_a" else 10)
    elif what == "loot":
        found = [counted(kind, roll.get(kind) or 0) for kind in LOOT if roll.get(kind)]
        words["found"] = ", ".join(found) if found else str(NOTHING)
    return words


#: What a die may pick beyond the hexes of the map (games.nile.engine.data.SIDES).
BEYOND_THE_MAP = {"sea": gettext_lazy("the sea"), "edge": gettext_lazy("off the map")}


def describe_roll(roll: dict) -> str | None:
    """What one roll decided, in words ("Rolled 2 against the lost number 3: lost."), or None
    for a roll this log has no sentence for."""
    sentence = ROLL_SENTENCES.get((roll.get("what"), roll.get("outcome")))
    if sentence is None:
        return None
    target = roll.get("target")
    if isinstance(target, list):
        target = ", ".join(map(str, target))
    elif target in BEYOND_THE_MAP:
        target = BEYOND_THE_MAP[target]
    keys = ("gifts", "hunters", "food", "unfed", "died", "sick", "to", "height", "killed")
    keys += ("multiplier", "divisor", "left", "most", "rations", "camel", "canoe", "die")
    values = {key: roll.get(key) for key in keys}
    values["to"] = BEYOND_THE_MAP.get(roll.get("to"), roll.get("to"))
    values["rolled"] = " × ".join(map(str, roll.get("rolled", ())))
    values["dice"] = " × ".join(map(str, roll.get("dice", ())))
    values["change"] = f"{roll.get('change', 0):+d}"
    values["terrain"] = TERRAIN_NAMES.get(roll.get("terrain"), roll.get("terrain"))
    values["result"] = TERRAIN_NAMES.get(roll.get("result"), roll.get("result"))
    values["modifier"] = f"{roll.get('modifier', 0):+d}"
    values["who"] = KIND_NAMES.get(roll.get("who"), roll.get("who"))
    values |= _counts(roll)
    return str(sentence) % (values | {"value": roll["value"], "target": target})


class Log(log.Log):
    """The Nile's move log: one sentence a public event, with its dice and card."""

    def describe(self, event: dict, names: list[str]) -> str | None:
        """One sentence for ``event`` with its dice ("Dice: 3, 1.") and card, or None for the
        set-up; a camp or market event names its action in the page's words
        (``Page.action_label``)."""
        kind = event["type"]
        seat = event.get("seat")
        values = {
            "player": names[seat] if seat is not None and seat < len(names) else "",
            "hex": event.get("hex", ""),
            "size": event.get("size", ""),
        }
        if kind == "setup":
            return None
        if kind == "game_end":
            totals = ", ".join(f"{names[i]} {score}" for i, score in enumerate(event["scores"]))
            return _("The game ends. Published VP: %(totals)s.") % {"totals": totals}
        if kind == "profession":
            values["profession"] = PROFESSION_NAMES.get(event["text"], event["text"])
            text = str(SENTENCES[kind]) % values
        elif kind == "sail":
            text = _("%(player)s sails to %(port)s.") % (
                values | {"port": port_name(event.get("port", ""))}
            )
        elif kind == "publish":
            text = _("%(player)s publishes: %(vp)s VP.") % (values | {"vp": event.get("vp", 0)})
        elif kind == "map":
            terrain = event["text"].rsplit(": ", 1)[-1]
            text = _("%(player)s maps %(hex)s: %(terrain)s.") % (
                values | {"terrain": TERRAIN_NAMES.get(terrain, terrain)}
            )
        elif kind in ("hire", "buy", "trade", "fill", "drop", "dismiss", "shoot", "level"):
            action = event["text"] if kind != "level" else f"level {event['text']}"
            words = self.kind.page.action_label(action, {}, names)
            text = _("%(player)s: %(action)s.") % (values | {"action": words})
        elif kind in SENTENCES:
            text = str(SENTENCES[kind]) % values
        else:
            text = _("%(player)s: %(what)s.") % (values | {"what": kind})
        if event.get("dice"):
            text += " " + _("Dice: %(dice)s.") % {"dice": ", ".join(map(str, event["dice"]))}
        for roll in event.get("rolls", ()):
            if words := describe_roll(roll):
                text += " " + words
        if event.get("card"):
            text += " " + _("Card %(card)s.") % {"card": event["card"]}
        return text
