"""What mails about an Africana position say: the map as a list of locations with explorers,
the expedition slots, the book tops, the reader's own hand, the question of an end-of-turn
decision worded for a reply, and the legal actions grouped by keyword.

Everything comes from ``engine.observation(state, viewer)``: a hand is shown only in its
owner's observation, and only its size otherwise.
"""

from __future__ import annotations

from collections import defaultdict

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from games.africana.engine.data import BOARD
from games.africana.kind.board import adventure_card, expedition_card, slot_bonus
from games.africana.kind.terms import INITIALS, TRAVEL_COLOURS, card_name
from games.kinds import mail

#: Arguments per line in the grouped list of actions.
GROUP_WIDTH = 8


def _adventure_line(card: dict | None) -> str:
    if card is None:
        return "-"
    text = f"{card['id']} {card['what']} -> {card['target']}"
    if card["kind"] == "artifact":
        text += " " + _("(%(silver)s silver, %(vp)s VP)") % card
    return text


class Mail(mail.Mail):
    """Africana's mails: the map as a list of locations, the slots, the books, the reader's
    hand, an end-of-turn decision and the legal actions grouped by keyword."""

    reply_example = gettext_lazy(
        "For example: go kairo orange, then on the next line: done. Text below the actions and "
        "the quoted mail are ignored."
    )

    def board_text(self, observation: dict) -> str:
        """The position as text: one line per location (its id, colour letters and the company
        initials of the explorers there), the five slots, both books' top cards, the piles and
        every player's silver and hand size; the reader's own hand when the observation has it."""
        at = defaultdict(list)
        for seat, _player in enumerate(observation["players"]):
            at[observation["explorers"][seat]].append(f"{INITIALS[seat]}{seat + 1}")
        lines = [_("Map (N north, S south of the equator; letters are travel colours):")]
        for loc in BOARD.locations:
            letters = "".join(TRAVEL_COLOURS[c][1] for c in BOARD.colors(loc))
            hemisphere = "N" if BOARD.book(loc) == "north" else "S"
            here = " ".join(at.get(loc, []))
            lines.append(f"  {loc:<17} {hemisphere} {letters:<2} {here}".rstrip())
        lines.append(_("Expeditions:"))
        for n, slot in enumerate(observation["slots"], start=1):
            card = expedition_card(slot["card"])
            markers = "".join(INITIALS[s] for s in slot["markers"])
            text = (
                f"{card['id']} {card['start']} -> {card['target']} "
                + _("(%(silver)s silver, %(vp)s VP)") % card
                if card
                else "-"
            )
            lines.append(f"  {n}. [{slot_bonus(slot['bonus'])}] {text} {markers}".rstrip())
        for book, view in observation["books"].items():
            left = _adventure_line(adventure_card(view["left_top"]))
            right = _adventure_line(adventure_card(view["right_top"]))
            title = _("North book") if book == "north" else _("South book")
            # Outside the f-string, where makemessages finds the words.
            left_word = pgettext("adventure pile", "left")
            right_word = pgettext("adventure pile", "right")
            lines.append(
                f"{title}: {left_word} ({view['left_count']}) {left}"
                f" | {right_word} ({view['right_count']}) {right}"
            )
        lines.append(
            _("Piles: expeditions %(e)s, draw %(d)s, discard %(x)s.")
            % {
                "e": observation["expedition_pile"],
                "d": observation["draw_pile"],
                "x": len(observation["discard_pile"]),
            }
        )
        if observation["last_round"]:
            lines.append(_("Last round!"))
        for seat, player in enumerate(observation["players"]):
            lines.append(
                f"P{seat + 1} {INITIALS[seat]}: "
                + ngettext(
                    "%(silver)s silver, %(cards)d card, adventures %(adv)s, finished %(fin)s",
                    "%(silver)s silver, %(cards)d cards, adventures %(adv)s, finished %(fin)s",
                    player["hand_size"],
                )
                % {
                    "silver": player["silver"],
                    "cards": player["hand_size"],
                    "adv": ", ".join(player["adventures"]) or "-",
                    "fin": ", ".join(player["finished"]) or "-",
                }
            )
            if player.get("hand") is not None:
                hand = ", ".join(f"{n} x {card_name(c)}" for c, n in player["hand"].items() if n)
                lines.append("  " + _("Your hand: %(hand)s") % {"hand": hand or "-"})
        return "\n".join(lines)

    def legend(self) -> str:
        """The key of the text board, in the active language."""
        colours = ", ".join(f"{letter} {name}" for name, letter, _f, _i in TRAVEL_COLOURS.values())
        return _("%(colours)s; I Italy, F France, G Germany, E England") % {"colours": colours}

    def question(self, observation: dict) -> str | None:
        """The end-of-turn decision, worded for a reply by mail, or None."""
        phase = observation.get("phase")
        if phase == "discard":
            return _(
                'You hold more than 5 cards: reply "discard" and a card (for example "discard '
                'orange") for each card to discard.'
            )
        if phase == "drop":
            return _(
                'You have more than 3 unfinished adventures: reply "drop" and an adventure (for '
                'example "drop N07").'
            )
        return None

    def group_actions(self, legal: list[str]) -> list[str]:
        """Legal actions as lines "<keyword> <argument>, <argument>, ..."; "go" grouped by
        location; at most GROUP_WIDTH arguments per line."""
        groups: dict[str, list[str]] = defaultdict(list)
        for action in legal:
            words = action.split()
            key = " ".join(words[:2]) if words[0] == "go" else words[0]
            groups[key].append(" ".join(words[2:] if words[0] == "go" else words[1:]))
        lines = []
        for keyword, arguments in groups.items():
            arguments = [a for a in arguments if a]
            if not arguments:
                lines.append(keyword)
                continue
            for start in range(0, len(arguments), GROUP_WIDTH):
                lines.append(f"{keyword} {', '.join(arguments[start : start + GROUP_WIDTH])}")
        return lines
