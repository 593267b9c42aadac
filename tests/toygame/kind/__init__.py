"""The toy game's kind: its page, panel, log, mail text and notation (see ``tests.toygame``)."""

from __future__ import annotations

from django import forms

from games.kinds import GameKind


class ToyOptionsForm(forms.Form):
    """The toy game's own option: the score that ends the game."""

    goal = forms.TypedChoiceField(
        label="Goal",
        choices=[(10, "10"), (15, "15"), (20, "20")],
        coerce=int,
        initial=15,
        widget=forms.RadioSelect,
    )


class ToyKind(GameKind):
    """The toy game: a hidden pile of stones, draw up to three, then pass."""

    name = "toy"
    label = "Toy game"
    template_dir = "games/toy/"
    options_form = ToyOptionsForm
    keywords = {"double": 0, "draw": 0, "pass": 0}
    reply_example = "For example: draw, then on the next line: pass."
    replay_note = "The stones left in the pile are listed, because the game is over."
    shuffled = "The pile was shuffled before the game began."

    def page_context(self, request, game, seat, observation, legal, names):
        def label(action):
            return self.action_label(action, observation, names)

        def board_context():
            return {"board": self.board_context(observation, [{"name": name} for name in names])}

        return {
            "action_label": label,
            "board_context": board_context,
            "role": "play",
            "buttons": [(action, label(action)) for action in legal],
        }

    def board_context(self, observation, seats, **kwargs):
        """The pile (its size; its stones in order once the game is over) and a bar of each
        seat's score in the seat's colour, in SVG units of a 600 by 300 picture."""
        bars = [
            {
                "y": 40 + 40 * number,
                "width": 10 + 15 * player["score"],
                "colour": self.seat_colours[number],
                "label": f"{seat['name']}: {player['score']}",
            }
            for number, (seat, player) in enumerate(zip(seats, observation["players"], strict=True))
        ]
        stones = observation.get("pile_stones")
        return {"pile": observation["pile"], "stones": stones, "bars": bars}

    def panel(self, observation, seats):
        current = observation["current_player"]
        return [
            {
                "seat": seat,
                "name": seat.name,
                "colour": seat.colour,
                "colour_name": self.seat_colours[seat.number].name,
                "is_current": current == seat.number,
                "score": observation["players"][seat.number]["score"],
            }
            for seat in seats
        ]

    def ends_turn(self, action):
        return action == "pass"

    def describe(self, event, names):
        if event["type"] == "draw":
            return f"{names[event['seat']]} drew a stone worth {event['worth']}."
        if event["type"] == "double":
            return f"{names[event['seat']]} will count the next stone twice."
        if event["type"] == "pass":
            return f"{names[event['seat']]} passed."
        return None

    def action_label(self, action, observation, names):
        words = {"double": "Double the next stone", "draw": "Draw a stone", "pass": "Pass"}
        return words.get(action, action)

    def board_text(self, observation):
        scores = ", ".join(f"P{n + 1}: {p['score']}" for n, p in enumerate(observation["players"]))
        return f"Pile: {observation['pile']} stones. Goal: {observation['goal']}. {scores}"


#: The class ``get_kind("toy")`` makes its one instance of.
KIND_CLASS = ToyKind
