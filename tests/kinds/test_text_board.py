"""Each game's text board (``Board.text_context`` and its "text_board" partial, the board of the
play page's text mode): it reads as words, and it shows a viewer nothing hidden. Two worlds
that differ only in what a viewer may not see (the engine's own twins, tests/support/hidden.py)
give that viewer the same text board, at many positions of random games; and the comparison
does see a difference that is public."""

import random

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games import GAMES
from games.africa.engine.legal import BOARD as AFRICA_BOARD
from games.kinds import get_kind
from games.nile.engine.data import NEIGHBORS
from tests.support.hidden import HIDDEN_INFO, TESTING

#: Plies of the random games at which the text boards are compared.
PLIES = (0, 3, 8, 20, 45)
NAMES = [{"name": "Alice", "colour": "blue"}, {"name": "Bob", "colour": "orange"}]


def positions(game: str, players: int = 2, seed: int = 7):
    """(ply, state) of a random game of ``game`` at each of PLIES (while it runs)."""
    engine = get_kind(game).engine
    rng = random.Random(f"text-board:{game}:{seed}")
    state = engine.initial_state(players, seed, {})
    for ply in range(max(PLIES) + 1):
        if ply in PLIES:
            yield ply, state
        if engine.is_terminal(state):
            return
        state = engine.apply(state, TESTING[game].choose(rng, engine.legal_actions(state)))


def text_board(game: str, state: dict, viewer: int | None) -> str:
    """The text board of ``state`` as the player of seat ``viewer`` (None: a watcher) reads
    it, in English."""
    kind = get_kind(game)
    observation = kind.engine.observation(state, viewer)
    seats = NAMES[: len(observation["players"])]
    context = {"text_board": kind.board.text_context(observation, seats, viewer)}
    with translation.override("en"):
        return render_to_string(kind.template("text_board"), context)


@pytest.mark.parametrize("game", GAMES)
def test_twins_differing_only_in_hidden_things_have_the_same_text_board(game):
    twin, _shows = HIDDEN_INFO[game]
    for ply, state in positions(game):
        for viewer in (None, 0, 1):
            other = twin(state, random.Random(ply), seat=viewer)
            assert other != state
            assert text_board(game, other, viewer) == text_board(game, state, viewer), (
                game,
                ply,
                viewer,
            )


@pytest.mark.parametrize("game", GAMES)
def test_the_comparison_sees_a_public_change(game):
    states = [state for _ply, state in positions(game)]
    assert text_board(game, states[0], 0) != text_board(game, states[-1], 0)


def test_africa_reads_each_cell_in_words_around_the_viewers_researcher():
    state = dict(positions("africa"))[8]
    observation = get_kind("africa").engine.observation(state, 0)
    mine = next(c for c, info in observation["cells"].items() if info["researcher"] == 0)
    context = get_kind("africa").board.text_context(observation, NAMES, 0)

    assert context["around"][0].startswith(f"{mine}: ")
    assert len(context["around"]) == 1 + len(AFRICA_BOARD.neighbors(mine))
    html = text_board("africa", state, 0)
    assert "face-down marker" in html
    assert "researcher of Alice (P1)" in html
    assert sum(len(row["cells"]) for row in context["rows"]) == len(observation["cells"])
    # a watcher has no researcher of their own
    assert get_kind("africa").board.text_context(observation, NAMES, None)["around"] == []


def test_africana_lists_every_location_with_its_routes_and_explorers():
    state = dict(positions("africana"))[8]
    observation = get_kind("africana").engine.observation(state, 1)
    context = get_kind("africana").board.text_context(observation, NAMES, 1)

    html = text_board("africana", state, 1)
    assert context["mine"] and f"Your explorer is at {context['mine']}." in html
    assert all(location["routes"] for location in context["locations"])
    assert any("Bob" in location["explorers"] for location in context["locations"])
    assert "Expeditions" in html and "Books" in html


def test_the_nile_reads_the_hexes_around_each_explorer():
    state = dict(positions("nile"))[20]
    observation = get_kind("nile").engine.observation(state, 0)
    context = get_kind("nile").board.text_context(observation, NAMES, 0)

    placed = [e for e in context["explorers"] if e["here"]]
    assert placed
    for explorer in placed:
        here = explorer["here"].split(":")[0]
        assert len(explorer["around"]) == len(NEIGHBORS[here])
    assert context["explorers"][0]["mine"]
    assert "Your explorer" in text_board("nile", state, 0)
