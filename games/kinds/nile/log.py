"""The Source of the Nile move log in words, in the reader's language, with the dice each
step rolled and the card it read (from the engine's public events, games.engines.nile)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.kinds.nile.terms import PROFESSION_NAMES, TERRAIN_NAMES, port_name

#: {event type: its sentence}; %(player)s the seat's name, %(hex)s the hex.
SENTENCES = {
    "profession": _("%(player)s's new explorer is a %(profession)s."),
    "stay": _("%(player)s stays in Europe."),
    "discard": _("%(player)s discards a donation."),
    "home": _("%(player)s sails home to Europe."),
    "disaster": _("A disaster strikes %(player)s's expedition."),
    "lost": _("%(player)s's expedition gets lost and stays put."),
    "blocked": _("%(player)s maps a hex the expedition cannot enter."),
    "move": _("%(player)s moves to %(hex)s."),
    "no_natives": _("No natives are found."),
    "natives": _("%(player)s meets a tribe of %(size)s in %(hex)s."),
    "hostile": _("The tribe is hostile."),
    "neutral": _("The tribe hides: it is neutral."),
    "friendly": _("The tribe becomes friendly."),
    "insulted": _("The chief is insulted."),
    "poison": _("The chief tries poison."),
    "hide": _("The hostile tribe hides."),
    "attack": _("The natives attack."),
    "victory": _("%(player)s's askaris win the fight."),
    "village": _("The search for the village."),
    "loot": _("The village is looted."),
    "defeat": _("%(player)s's expedition is defeated."),
    "captive": _("%(player)s's explorer is taken prisoner."),
    "killed": _("%(player)s's explorer is killed."),
    "escape": _("%(player)s's explorer tries to escape."),
    "camp": _("End of %(player)s's turn: hunting, food, desertions."),
    "illness": _("Illness and recovery in %(player)s's party."),
    "bonus": _("%(player)s draws a bonus card for %(hex)s."),
    "death": _("%(player)s's explorer dies."),
}


def describe(event: dict, names: list[str], label=None) -> str | None:
    """One sentence for ``event`` with its dice ("Dice: 3, 1.") and card, or None for the
    set-up. ``label`` turns an action text into words (for camp and market events)."""
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
        text = SENTENCES[kind] % values
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
        words = label(action) if label else action
        text = _("%(player)s: %(action)s.") % (values | {"action": words})
    elif kind in SENTENCES:
        text = SENTENCES[kind] % values
    else:
        text = _("%(player)s: %(what)s.") % (values | {"what": kind})
    if event.get("dice"):
        text += " " + _("Dice: %(dice)s.") % {"dice": ", ".join(map(str, event["dice"]))}
    if event.get("card"):
        text += " " + _("Card %(card)s.") % {"card": event["card"]}
    return text
