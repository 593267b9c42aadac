"""The Africana move log in words, in the reader's language.

The engine records each action's public events (see ``games.africana.engine``); this module
turns one event into one sentence. Events never name a card only its holder may see (a draw
says how many cards, never which), so neither does the log.
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.africana.engine.data import ADVENTURES, EXPEDITIONS
from games.africana.kind.terms import ARTIFACT_NAMES, card_name, colour_name
from games.kinds import log


def place(loc: str) -> str:
    """A location's name ("cape-town" -> "Cape Town")."""
    return loc.replace("-", " ").title()


def silver(amount: int) -> str:
    """An amount of silver in words ("1 silver")."""
    return ngettext("%(n)d silver", "%(n)d silver", amount) % {"n": amount}


def adventure_words(card_id: str) -> str:
    """An adventure card in words: "N07 (mask, to Cape Town)"."""
    card = ADVENTURES[card_id]
    what = (
        ARTIFACT_NAMES.get(card["artifact"], card["artifact"])
        if card["kind"] == "artifact"
        else _("%(colour)s assistant") % {"colour": colour_name(card["assistant"])}
    )
    return _("%(id)s (%(what)s, to %(target)s)") % {
        "id": card_id,
        "what": what,
        "target": place(card["target"]),
    }


def expedition_words(card_id: str) -> str:
    """An expedition card in words: "A03 (Lagos to Khartum)"."""
    card = EXPEDITIONS[card_id]
    return _("%(id)s (%(start)s to %(target)s)") % {
        "id": card_id,
        "start": place(card["start"]),
        "target": place(card["target"]),
    }


def _book(book: str) -> str:
    return str(_("the north book")) if book == "north" else str(_("the south book"))


class Log(log.Log):
    """Africana's move log: one sentence a public event."""

    def describe(self, event: dict, names: list[str]) -> str | None:
        """One sentence for ``event`` ({"type": ..., "seat": n, ...}), or None for events the log
        leaves out (the set-up). ``names`` are the players' display names by seat."""
        kind = event["type"]
        seat = event.get("seat")
        v = {"player": names[seat] if seat is not None else ""}
        if kind == "draw":
            n = event["cards"]
            return ngettext(
                "%(player)s draws %(n)d travel card.", "%(player)s draws %(n)d travel cards.", n
            ) % (v | {"n": n})
        if kind == "reshuffle":
            return _("The discard pile is shuffled into a new draw pile.")
        if kind == "turn":
            values = v | {"silver": silver(event["silver"])}
            # One whole sentence per book and direction: French writes "du livre", not "de le".
            return {
                ("north", "forward"): _(
                    "%(player)s turns a page of the north book forward, paying %(silver)s."
                ),
                ("north", "back"): _(
                    "%(player)s turns a page of the north book back, paying %(silver)s."
                ),
                ("south", "forward"): _(
                    "%(player)s turns a page of the south book forward, paying %(silver)s."
                ),
                ("south", "back"): _(
                    "%(player)s turns a page of the south book back, paying %(silver)s."
                ),
            }[event["book"], "forward" if event["direction"] == "forward" else "back"] % values
        if kind == "buy":
            return _("%(player)s buys adventure %(card)s from %(book)s.") % (
                v | {"card": adventure_words(event["adventure"]), "book": _book(event["book"])}
            )
        if kind == "pass":
            return _("%(player)s ends the turn without an action.") % v
        if kind == "go":
            text = _("%(player)s moves from %(from)s to %(to)s playing the %(card)s.") % (
                v
                | {
                    "from": place(event["origin"]),
                    "to": place(event["location"]),
                    "card": card_name(event["card"].split("-as-")[0]),
                }
            )
            if "-as-" in event["card"]:
                text += " " + _("It was recoloured to %(colour)s for %(silver)s.") % {
                    "colour": colour_name(event["card"].rpartition("-as-")[2]),
                    "silver": silver(event.get("silver", 5)),
                }
            return text
        if kind == "join":
            bonus = (
                silver(event["silver"])
                if event.get("silver")
                else ngettext(
                    "%(n)d travel card", "%(n)d travel cards", event.get("travel_cards", 0)
                )
                % {"n": event.get("travel_cards", 0)}
            )
            return _("%(player)s joins expedition %(card)s and takes %(bonus)s.") % (
                v | {"card": expedition_words(event["expedition"]), "bonus": bonus}
            )
        if kind == "expedition":
            return _("%(player)s finishes expedition %(card)s: %(silver)s and %(vp)d VP.") % (
                v
                | {
                    "card": expedition_words(event["expedition"]),
                    "silver": silver(event["silver"]),
                    "vp": event["vp"],
                }
            )
        if kind == "adventure":
            if "assistant" in event:
                return _("%(player)s finishes adventure %(card)s and gains an assistant.") % (
                    v | {"card": adventure_words(event["adventure"])}
                )
            return _("%(player)s finishes adventure %(card)s: %(silver)s and %(vp)d VP.") % (
                v
                | {
                    "card": adventure_words(event["adventure"]),
                    "silver": silver(event["silver"]),
                    "vp": event["vp"],
                }
            )
        if kind == "discard":
            return _("%(player)s discards one %(card)s.") % (v | {"card": card_name(event["card"])})
        if kind == "drop":
            return _("%(player)s drops adventure %(card)s.") % (
                v | {"card": adventure_words(event["adventure"])}
            )
        if kind == "refill":
            return _("Expedition %(card)s is laid on space %(slot)d.") % {
                "card": expedition_words(event["expedition"]),
                "slot": event["slot"],
            }
        if kind == "last_round":
            return _("The expedition pile is empty: this is the last round.")
        if kind == "game_end":
            totals = ", ".join(f"{names[i]} {score}" for i, score in enumerate(event["scores"]))
            return _("Final scoring: %(totals)s.") % {"totals": totals}
        return None
