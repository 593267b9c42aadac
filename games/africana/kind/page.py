"""What the Africana play page shows one viewer: the map's clickable locations, the choice of
card when several fit a step, the buttons (draw, book, join, finish, done, the end-of-turn
decisions), the question of a pending decision and the players' panel.

Everything comes from ``engine.observation(state, viewer)`` and, for the player whose turn it
is, ``engine.legal_actions(state)``: only legal actions are offered, nothing hidden is read.
"""

from __future__ import annotations

from collections import defaultdict

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.africana.engine.data import BOARD, COMPANIES
from games.africana.kind.log import adventure_words, expedition_words, place, silver
from games.africana.kind.terms import COMPANY_NAMES, SEAT_COLOURS, card_name
from games.kinds import page
from games.kinds.board import board_seats


def tried_card(observation: dict, seat: int) -> str:
    """The card a click on a location that is no target tries to travel with (for "Why
    not?"): the first card of ``seat``'s own hand, else a joker."""
    hand = observation["players"][seat].get("hand") or {}
    return next((card for card, count in sorted(hand.items()) if count), "joker")


class Page(page.Page):
    """Africana's half of the play page: a click on a location plays its one step or opens
    the choice of card; the panel shows each explorer's silver, cards and markers."""

    shuffled = gettext_lazy(
        "The expedition cards and the travel cards were shuffled before the game began."
    )
    replay_note = gettext_lazy("Every hand is shown, because the game is over.")
    fragment_sources = {
        "board_area": ["board_area", "board", "cards", "adventure"],
        "text_board": ["text_board", "cards", "adventure"],
    }
    stylesheets = ("games/africana/africana.css",)

    def context(self, request, game, seat, observation, legal, names) -> dict:
        """The Africana half of the play page (see ``games.kinds.page.Page.context``): a click
        on a location applies its only step or, when several cards fit or the step asks
        before it is played (``confirming``), opens the choice (``?cell=<location>``, ignored
        unless the legal actions go there). Each link has a "kind", a key of
        ``Board.target_kinds``."""
        confirm = self.confirming(legal)
        by_location: dict[str, list[str]] = defaultdict(list)
        buttons = []
        for action in legal:
            if action.startswith("go "):
                by_location[action.split()[1]].append(action)
            else:
                buttons.append(action)
        selected = request.GET.get("cell")
        if selected not in by_location:
            selected = None

        def label(action):
            return self.action_label(action, observation, names)

        links = {}
        for loc, actions in by_location.items():
            query = {"cell": loc}
            if len(actions) == 1:
                action = actions[0]
                post = None if action in confirm else action
                links[loc] = self.move_target(game, "step", label(action), post, query=query)
            else:
                text = _("%(place)s: choose a card") % {"place": place(loc)}
                links[loc] = self.move_target(game, "choose", text, query=query)
        cell_choices = [(a, label(a)) for a in by_location.get(selected, [])]

        def board_context():
            seats = board_seats(game.seat_list)
            linked = links
            if legal:  # asked on a cache miss only: a "why not?" link on every other place
                card = tried_card(observation, observation["current_player"])
                linked = self.with_why_not(
                    game, links, BOARD.locations, lambda loc: f"go {loc} {card}", place
                )
            board = self.kind.board.context(observation, seats, links=linked, selected=selected)
            return {"board": board, "target_kinds": self.kind.board.target_kinds}

        return {
            "action_label": label,
            "board_context": board_context,
            "board_selection": f"{selected}",
            "buttons": [(a, label(a)) for a in buttons],
            "cell_choices": cell_choices,
            "confirm_choice": bool(cell_choices) and all(a in confirm for a, _w in cell_choices),
            "selected_cell": selected,
        }

    def panel(self, observation: dict, seats) -> list[dict]:
        """One row per seat, in seat order, for the players' panel: company, explorer, silver,
        hand size (the hand itself only in the viewer's own observation), adventures, finished
        cards and markers left (the final scores' breakdown is the board area's table)."""
        colours = {colour.key: colour for colour in SEAT_COLOURS}
        rows = []
        for seat in seats:
            player = observation["players"][seat.number]
            colour = colours.get(seat.colour, SEAT_COLOURS[seat.number])
            hand = player.get("hand")
            rows.append(
                {
                    "seat": seat,
                    "name": seat.name,
                    "colour": seat.colour,
                    "colour_name": colour.name,
                    "is_current": observation["current_player"] == seat.number,
                    "score": player["score"],
                    "company": COMPANY_NAMES[COMPANIES[seat.number]["id"]],
                    "explorer": place(player["explorer"]),
                    "silver": player["silver"],
                    "hand_size": player["hand_size"],
                    "hand": [f"{n} × {card_name(card)}" for card, n in hand.items() if n]
                    if hand
                    else None,
                    "adventures": [adventure_words(a) for a in player["adventures"]],
                    "finished": player["finished"],
                    "markers_left": 4 - player["markers_out"],
                }
            )
        return rows

    def action_label(self, action: str, observation: dict, names: list[str]) -> str:
        """A player's words for ``action`` ("go kairo orange" -> "Move to Kairo with an orange
        card")."""
        words = action.split()
        keyword = words[0]
        if keyword == "draw":
            return _("Draw 2 travel cards")
        if keyword == "done":
            return (
                _("Done: end the action")
                if observation.get("phase") != "action"
                else _("Pass: end the turn without an action")
            )
        if keyword == "turn":
            cost = 0 if observation.get("book_turns", 0) == 0 else 1
            book = _("north book") if words[1] == "north" else _("south book")
            if words[2] == "forward":
                return _("Turn a page of the %(book)s forward (%(cost)s)") % {
                    "book": book,
                    "cost": silver(cost),
                }
            return _("Turn a page of the %(book)s back (%(cost)s)") % {
                "book": book,
                "cost": silver(cost),
            }
        if keyword == "buy":
            view = observation["books"][words[1]]
            card = view["left_top"] if words[2] == "left" else view["right_top"]
            return _("Buy %(card)s for 5 silver") % {"card": adventure_words(card)}
        if keyword == "go":
            return _("Move to %(place)s playing the %(card)s") % {
                "place": place(words[1]),
                "card": card_name(words[2]),
            }
        if keyword == "join":
            return _("Join expedition %(card)s") % {"card": expedition_words(words[1])}
        if keyword == "expedition":
            return _("Finish expedition %(card)s") % {"card": expedition_words(words[1])}
        if keyword == "adventure":
            return _("Finish adventure %(card)s") % {"card": adventure_words(words[1])}
        if keyword == "discard":
            return _("Discard one %(card)s") % {"card": card_name(words[1])}
        if keyword == "drop":
            return _("Drop adventure %(card)s") % {"card": adventure_words(words[1])}
        return action

    def question(self, observation: dict) -> str | None:
        """The question of an end-of-turn decision, in words, or None."""
        phase = observation.get("phase")
        if phase == "discard":
            return _("You hold more than 5 cards: which card do you discard?")
        if phase == "drop":
            return _("You have more than 3 unfinished adventures: which one do you drop?")
        return None
