"""Every tutorial a game ships, in every language, played through its engine to the end of the
game: the steps are the same in each language, each learner's step is the learner's legal
action, each computer player's step a legal action of its seat and each step of routine moves
legal actions of whoever is to play, and every "?" names a section of the rules."""

import pytest

from games import GAMES
from games.kinds import get_kind
from rulebooks.links import section_key
from tutorials import script
from tutorials.page import board_html
from tutorials.services import LEARNER

TUTORIAL_GAMES = [game for game in GAMES if script.has_tutorial(game)]
LANGUAGES = ("en", "fr", "nl", "de")
NAMES = ["Learner", "Robot", "Robot", "Robot", "Robot", "Robot"]


def played(game: str, language: str = "en", check_board: bool = False) -> tuple[list, dict]:
    """The events of ``game``'s tutorial played step by step through its engine (each step
    checked as the runner checks it), and its last state; with ``check_board``, each step's
    highlighted places are checked to be on the board it is shown with."""
    engine = get_kind(game).engine
    tutorial = script.load(game, language)
    deal = tutorial.deal
    state = engine.initial_state(deal.players, deal.seed, deal.options)
    events = []
    for number, step in enumerate(tutorial.steps, 1):
        if check_board:
            html = board_html(
                get_kind(game), engine.observation(state, LEARNER), NAMES[: deal.players]
            )
            for place in step.highlight:
                assert f'id="place-{place}"' in html, f"step {number}: no place {place}"
        for action in step.actions:
            seat = engine.current_player(state)
            if not step.moves:
                assert (seat == LEARNER) == (step.do is not None), f"step {number}: {step}"
            assert action in engine.legal_actions(state), f"step {number}: {action}"
            state = engine.apply(state, action)
            events.extend(state["events"])
    return events, state


def event_types(game: str) -> set[str]:
    """The types of the events that ``game``'s tutorial (in English) makes happen."""
    events, _state = played(game)
    return {event["type"] for event in events}


def test_the_games_ship_their_tutorials():
    assert set(TUTORIAL_GAMES) >= {"africa", "africana", "nile"}


@pytest.mark.parametrize("game", TUTORIAL_GAMES)
def test_each_tutorial_is_written_in_english_french_dutch_and_german(game):
    assert set(LANGUAGES) <= set(script.languages(game))


@pytest.mark.parametrize("game", TUTORIAL_GAMES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_has_the_same_steps_with_words(game, language):
    english = script.load(game, "en")
    other = script.load(game, language)
    assert other.language == language
    assert [step.shape for step in other.steps] == [step.shape for step in english.steps]
    texts = [other.title, other.intro, other.final]
    texts += [step.text for step in other.steps]
    texts += [step.why for step in other.steps if step.do is not None]
    assert all(text.strip() for text in texts)
    if language != "en":
        assert other.final != english.final


@pytest.mark.parametrize("game", TUTORIAL_GAMES)
def test_each_step_links_to_a_section_of_the_rules(game):
    tutorial = script.load(game, "en")
    sections = get_kind(game).rules_links.sections
    keys = [step.rule for step in tutorial.steps] + [tutorial.final_rule]
    assert all(section_key(game, key) in sections for key in keys), keys


@pytest.mark.parametrize("game", TUTORIAL_GAMES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_each_tutorial_plays_to_the_end_of_the_game(game, language):
    events, state = played(game, language)
    assert get_kind(game).engine.is_terminal(state)
    assert events[-1]["type"] == "game_end"


@pytest.mark.parametrize("game", TUTORIAL_GAMES)
def test_the_final_table_is_the_games_own_with_the_learner_in_it(game):
    _events, state = played(game)
    kind = get_kind(game)
    names = NAMES[: script.deal(game).players]
    breakdown = kind.score.final_breakdown(kind.engine.observation(state, LEARNER), names)
    assert breakdown and breakdown["rows"]


@pytest.fixture
def scratch_scripts(tmp_path, monkeypatch):
    """A folder of Africa's tutorial files that a test writes (deal.toml, en.toml), read in
    place of the real ones, with the loader's caches cleared before and after."""
    monkeypatch.setattr(script, "folder", lambda game: tmp_path)
    script.load.cache_clear()
    script.deal.cache_clear()
    yield tmp_path
    script.load.cache_clear()
    script.deal.cache_clear()


def test_a_step_of_moves_that_the_deal_does_not_name_is_refused(scratch_scripts):
    folder = scratch_scripts
    (folder / "deal.toml").write_text('players = 2\nseed = 1\n[moves]\nround = ["draw"]\n')
    (folder / "en.toml").write_text(
        'title = "T"\nintro = "I"\nfinal = "F"\nfinal_rule = "x"\n'
        '[[steps]]\nmoves = "round"\ntext = "t"\nrule = "r"\n'
        '[[steps]]\nmoves = "rounds"\ntext = "t"\nrule = "r"\n'
    )
    with pytest.raises(script.ScriptError, match="step 2: no \\[moves\\] list 'rounds'"):
        script.load("africa", "en")


def test_a_wrong_file_is_refused_with_where(scratch_scripts):
    folder = scratch_scripts
    (folder / "deal.toml").write_text("players = 2\nseed = 1\n")
    (folder / "en.toml").write_text(
        'title = "T"\nintro = "I"\nfinal = "F"\nfinal_rule = "x"\n'
        '[[steps]]\ndo = "a"\nbot = "b"\ntext = "t"\nrule = "r"\n'
    )
    with pytest.raises(script.ScriptError, match="step 1"):
        script.load("africa", "en")


@pytest.mark.parametrize("game", TUTORIAL_GAMES)
def test_each_highlighted_place_is_on_the_board_of_its_step(game):
    played(game, check_board=True)
