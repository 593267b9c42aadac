"""The default page facet: what the play page shows of a position beyond its generic parts."""

from __future__ import annotations

import json
from typing import Any

from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _

from games.kinds.board import board_seats
from games.kinds.facet import Facet


class Page(Facet):
    """The play page's game-specific half: its context, the players' panel, the words of an
    action and of a pending question, which actions ask before they are played, and the
    notes of the fair-play box and the replay."""

    #: What chance the seed decided before the game began, in a sentence of the fair-play
    #: note, in the words of the game's own things (Africa: its markers; the Nile: its cards and
    #: dice rolls); empty when the game deals nothing hidden.
    shuffled: Any = ""
    #: A sentence under the replay's board: how it shows what was hidden during the game.
    replay_note: Any = ""
    #: {part: [parts it includes]} for the cached fragments of the play page, so that a
    #: change of an included partial is a new fragment too (default: the part alone).
    fragment_sources: dict[str, list[str]] = {}
    #: The game's own stylesheets for its pages beyond those of its board (static paths, e.g.
    #: "games/<game>/<game>.css"), loaded after the site's play styles.
    stylesheets: tuple[str, ...] = ()

    def context(self, request, game, seat, observation: dict, legal: list[str], names) -> dict:
        """What the play page shows of the position beyond the generic parts: at least
        "board_context" (a callable giving the board partial's context), "buttons" [(action,
        words)], "action_label" (a callable action -> words) and "board_selection" (what
        the player to move picked on the board, e.g. the cell of ``?cell=``, as a string: the
        board and the actions differ by it, so the fragment cache keys them by it; "" when
        nothing is picked). ``legal`` is [] unless it is the viewer's turn; ``names`` are the
        players' names in seat order. By default every legal action is a button under the
        board."""

        def label(action):
            return self.action_label(action, observation, names)

        def board_context():
            seats = board_seats(game.seat_list)
            return {"board": self.kind.board.context(observation, seats)}

        return {
            "action_label": label,
            "board_context": board_context,
            "board_selection": "",
            "buttons": [(action, label(action)) for action in legal],
        }

    def move_target(
        self,
        game,
        kind: str,
        label: str,
        action: str | None = None,
        *,
        query: dict[str, str] | None = None,
        anchor: str = "",
    ) -> dict:
        """A move target on the board: the link of a place (a cell, a location, a hex) as the
        board partials expect it, {"href", "label", "hx_post", "hx_vals", "kind"}.

        ``kind`` is a key of ``Board.target_kinds`` (how the place is highlighted); ``label``
        the words of the link. With ``action``, a click posts it with the game's version to
        the ``game_act`` view (htmx), so that a stale page gets the fresh board instead;
        without, the link only opens the page. ``href`` is the play page of ``game`` with
        ``query`` (e.g. {"cell": "E4"}) and ``#anchor``, and works without JavaScript."""
        href = reverse("game_detail", args=[game.code])
        if query:
            href += f"?{urlencode(query)}"
        if anchor:
            href += f"#{anchor}"
        post = vals = None
        if action is not None:
            post = reverse("game_act", args=[game.code])
            vals = json.dumps({"action": action, "version": game.version})
        return {"href": href, "label": label, "hx_post": post, "hx_vals": vals, "kind": kind}

    def why_not_target(self, game, label: str, action: str, *, base: str | None = None) -> dict:
        """A board place that is no move target, as a link that asks why ``action`` (what a
        click on it would try) may not be played: {"href", "label", "why_not": True}. ``href``
        is the ``game_why_not`` view (``base``: its URL for ``game``, when the caller has it),
        which answers with the rule in words and its "?" link among the page's messages. The
        board draws it as a link kept out of the keyboard's tab order (the typed form's "Why
        not?" asks the same by keyboard)."""
        base = base or reverse("game_why_not", args=[game.code])
        return {"href": f"{base}?{urlencode({'action': action})}", "label": label, "why_not": True}

    def with_why_not(self, game, links: dict, places, tried, name=str) -> dict:
        """``links`` (the board's move targets, {place: link}) with every other place of
        ``places`` a link that asks why ``tried(place)`` (the action a click on it would try)
        may not be played (``why_not_target``); ``name(place)`` is the place in words."""
        base = reverse("game_why_not", args=[game.code])
        asked = {
            where: self.why_not_target(
                game,
                _("Why can you not play on %(cell)s?") % {"cell": name(where)},
                tried(where),
                base=base,
            )
            for where in places
            if where not in links
        }
        return links | asked

    def panel(self, observation: dict, seats) -> list[dict]:
        """One row per seat (Seat rows, in seat order) for the players' panel: {"seat",
        "name", "colour", "colour_name", "is_current", "score", ...} (a kind adds what its
        holdings partial shows)."""
        scores = self.kind.score.scores(observation)
        names = {colour.key: colour.name for colour in self.kind.seat_colours}
        return [
            {
                "seat": seat,
                "name": seat.name,
                "colour": seat.colour,
                "colour_name": names.get(seat.colour, seat.colour),
                "is_current": observation["current_player"] == seat.number,
                "score": scores[seat.number],
            }
            for seat in seats
        ]

    def action_label(self, action: str, observation: dict, names: list[str]) -> str:
        """A player's words for ``action`` (default: the action as written)."""
        return action

    def question(self, observation: dict) -> str | None:
        """The question of a pending decision on the play page, or None (the default)."""
        return None

    def needs_confirmation(self, action: str, legal: list[str]) -> bool:
        """Whether a one-click target for ``action`` asks before it is played: an action that
        ends the turn (``notation.ends_turn``) while ``legal`` (the player's legal actions)
        held another that did not."""
        return action in self.confirming(legal)

    def confirming(self, legal: list[str]) -> frozenset[str]:
        """The actions of ``legal`` that ask before they are played (``needs_confirmation``
        of each, in one pass over the legal actions)."""
        ending = [action for action in legal if self.kind.notation.ends_turn(action)]
        return frozenset(ending if len(ending) < len(legal) else ())

    def batch_actions(self, data) -> list[str]:
        """The actions a form of several actions (a market: hire and buy at once) asks for,
        in the order to apply them, from its POST ``data`` (a QueryDict); default: every
        "action" value. A kind may return spellings the engine refuses: the batch then fails
        as a whole with the engine's reason."""
        return data.getlist("action")

    def sources(self, part: str) -> list[str]:
        """The template paths whose text makes the fragment ``part``."""
        return [self.kind.template(name) for name in self.fragment_sources.get(part, [part])]
