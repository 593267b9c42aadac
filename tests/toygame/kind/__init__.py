"""The toy game's kind (see ``tests.toygame``): only the facets, and in them only the parts,
that differ from the defaults of ``games.kinds``: the board, the log, the words of actions,
the text board of mails, the action that ends a turn and the codes of its refusals. The page,
its panel, the notation's keywords (the engine's ``arity``), the rule sections and the scores
are the defaults."""

from __future__ import annotations

from django import forms

from games.kinds import GameKind, board, log, mail, notation, page, rules_links


class ToyOptionsForm(forms.Form):
    """The toy game's own option: the score that ends the game."""

    goal = forms.TypedChoiceField(
        label="Goal",
        choices=[(10, "10"), (15, "15"), (20, "20")],
        coerce=int,
        initial=15,
        widget=forms.RadioSelect,
    )


class ToyPage(page.Page):
    """The toy game's page: the default, with its actions and notes in words."""

    shuffled = "The pile was shuffled before the game began."
    replay_note = "The stones left in the pile are listed, because the game is over."

    def action_label(self, action, observation, names):
        words = {"double": "Double the next stone", "draw": "Draw a stone", "pass": "Pass"}
        return words.get(action, action)


class ToyBoard(board.Board):
    """The pile and a bar per seat."""

    def context(self, observation, seats, **kwargs):
        """The pile (its size; its stones in order once the game is over) and a bar of each
        seat's score in the seat's colour, in SVG units of a 600 by 300 picture."""
        bars = [
            {
                "y": 40 + 40 * number,
                "width": 10 + 15 * player["score"],
                "colour": self.kind.seat_colours[number],
                "label": f"{seat['name']}: {player['score']}",
            }
            for number, (seat, player) in enumerate(zip(seats, observation["players"], strict=True))
        ]
        stones = observation.get("pile_stones")
        return {"pile": observation["pile"], "stones": stones, "bars": bars}


class ToyLog(log.Log):
    """A sentence for each draw, double and pass."""

    def describe(self, event, names):
        if event["type"] == "draw":
            return f"{names[event['seat']]} drew a stone worth {event['worth']}."
        if event["type"] == "double":
            return f"{names[event['seat']]} will count the next stone twice."
        if event["type"] == "pass":
            return f"{names[event['seat']]} passed."
        return None


class ToyMail(mail.Mail):
    """The pile and the scores in a line."""

    reply_example = "For example: draw, then on the next line: pass."

    def board_text(self, observation):
        scores = ", ".join(f"P{n + 1}: {p['score']}" for n, p in enumerate(observation["players"]))
        return f"Pile: {observation['pile']} stones. Goal: {observation['goal']}. {scores}"


class ToyNotation(notation.Notation):
    """A turn ends with "pass"."""

    turn_ending = ("pass",)


class ToyRulesLinks(rules_links.RulesLinks):
    """The toy game has no rules summary: its refusals name no section."""

    reasons = {"not_an_action": None, "not_now": None}


class ToyKind(GameKind):
    """The toy game: a hidden pile of stones, draw up to three, then pass; its facets are
    set here, as they live in this one module."""

    name = "toy"
    label = "Toy game"
    template_dir = "games/toy/"
    options_form = ToyOptionsForm

    Page = ToyPage
    Board = ToyBoard
    Log = ToyLog
    Mail = ToyMail
    Notation = ToyNotation
    RulesLinks = ToyRulesLinks


#: The class ``get_kind("toy")`` makes its one instance of.
KIND_CLASS = ToyKind
