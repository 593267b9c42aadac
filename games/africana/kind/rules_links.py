"""Rules in context for Africana: the sections of the site's summary of the rules
(games/africana/rules/africana.*.md) and the one that governs each action, decision and event."""

from django.utils.translation import gettext_lazy as _

from games.africana.kind.log import place
from games.africana.kind.terms import colour_name
from games.kinds import rules_links

#: The stable section ids of Africana's summary, with the words a screen reader says for them.
SECTIONS = {
    "setup": _("setup and companies"),
    "turn": _("your turn: one action"),
    "draw": _("drawing travel cards"),
    "reshuffle": _("when the draw pile runs out"),
    "book": _("buying adventure cards"),
    "book-turn": _("turning pages"),
    "buy": _("buying a card"),
    "adventures": _("adventure cards"),
    "move": _("moving your explorer"),
    "cards": _("which cards you can play"),
    "recolour": _("changing a card's colour"),
    "join": _("joining an expedition"),
    "joining-bonus": _("the joining bonus"),
    "expedition": _("finishing an expedition"),
    "adventure": _("finishing an adventure"),
    "assistants": _("assistant cards"),
    "turn-end": _("end of your turn"),
    "discard": _("too many cards: discard"),
    "drop": _("too many adventures: drop"),
    "refill": _("new expeditions"),
    "last-round": _("the last round"),
    "scoring": _("final scoring"),
    "tie-break": _("winner and ties"),
    "information": _("what everyone sees"),
    "online": _("how this site plays it"),
    "notation": _("the move notation"),
    "undo": _("undo"),
    "deadlines": _("deadlines"),
}

#: Action keywords, pending decisions (the observation's phase) and log event types, each to
#: the section that governs it.
GOVERNING_SECTION = {
    "draw": "draw",
    "reshuffle": "reshuffle",
    "turn": "book-turn",
    "buy": "buy",
    "book": "book",
    "go": "move",
    "move": "move",
    "join": "join",
    "expedition": "expedition",
    "adventure": "adventure",
    "done": "turn",
    "pass": "turn",
    "action": "turn",
    "discard": "discard",
    "drop": "drop",
    "refill": "refill",
    "last_round": "last-round",
    "game_end": "scoring",
}


#: Each code of a refusal (Africana's engine raises IllegalAction with one) to the section of
#: the rule that forbids the action ("Why not?").
REASONS = {
    "game_over": "scoring",
    "not_your_turn": "turn",
    "not_an_action": "notation",
    "not_a_card": "notation",
    "no_such_book": "notation",
    "no_such_location": "notation",
    "no_such_expedition": "notation",
    "page_direction": "notation",
    "buy_side": "notation",
    "discard_first": "discard",
    "drop_first": "drop",
    "buying_now": "book",
    "moving_now": "move",
    "end_of_turn_only": "turn-end",
    "too_little_silver": "turn",
    "no_such_card": "cards",
    "adventure_not_yours": "adventures",
    "other_book": "book",
    "no_page": "book-turn",
    "no_book_card": "buy",
    "no_route": "move",
    "card_fits": "recolour",
    "step_colour": "cards",
    "expedition_not_out": "join",
    "joined_already": "join",
    "no_marker_left": "join",
    "not_joined": "expedition",
    "not_there": "move",
}


class RulesLinks(rules_links.RulesLinks):
    """Africana's rule links: ``SECTIONS``, ``GOVERNING_SECTION`` and ``REASONS``."""

    sections = SECTIONS
    governing = GOVERNING_SECTION
    reasons = REASONS
    words = {
        "location": place,
        "here": place,
        "colors": lambda colours: " / ".join(map(colour_name, colours.split(" / "))),
    }
