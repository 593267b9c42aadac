"""Why not? On the play page a refused action (a click on a cell that is no target, a typed
action played or asked about, a batch) is answered with the rule that forbids it, in words
with its "?" link to the section of the rules; a mail reply with a refused line gets the same.

In the Africa duel (seed 2024) the researchers start in C2 and D7; then P1 is to move.
Alice and bob play; carol watches from outside.
"""

import html as htmllib
import re

import pytest
from django.urls import reverse

from games import services
from games.models import Game
from tests.support.mail import answer_by_mail, last_mail_to, mover
from tests.support.play import AFRICA_ONLY, other_player, play, player_to_move

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
WHY_NOT_CELL = re.compile(r'<a class="cell-link why-not" href="([^"]+)"[^>]*aria-label="([^"]+)"')


def _why_not_links(client, game: Game) -> dict[str, str]:
    """{cell: the why-not address} of the cells the player's board offers as no target."""
    page = client.get(game.get_absolute_url()).content.decode()
    return {
        re.search(r"on (\w+)\?", label)[1]: htmllib.unescape(href)
        for href, label in WHY_NOT_CELL.findall(page)
    }


def _messages(response) -> str:
    """The answer's text, the rule's link still a link (its markup not escaped)."""
    text = response.content.decode()
    assert "&lt;a" not in text
    return htmllib.unescape(text)


@AFRICA_ONLY
def test_a_cell_that_is_no_start_city_answers_with_the_rule_of_the_setup(client, duel):
    client.force_login(player_to_move(duel))
    links = _why_not_links(client, duel)
    starts = set(duel.kind.engine.board.start_cities)

    assert links and not set(links) & starts  # every start city is a target, no other cell
    response = client.get(links["E4"], headers=HTMX)

    text = _messages(response)
    assert response.status_code == 200 and 'id="game-messages"' in text
    assert "E4 is not a start city" in text
    assert 'class="rule-link" href="/rules/africa/en/#setup"' in text


@AFRICA_ONLY
def test_without_javascript_the_cell_leads_back_to_the_page_with_the_reason(client, duel):
    client.force_login(player_to_move(duel))
    links = _why_not_links(client, duel)

    response = client.get(links["E4"], follow=True)

    text = _messages(response)
    assert "E4 is not a start city" in text and "/rules/africa/en/#setup" in text
    assert duel.moves.count() == 0


@AFRICA_ONLY
def test_a_face_down_marker_out_of_reach_names_the_rule_of_uncovering(client, duel):
    game = play(duel, "start C2", "start D7")
    client.force_login(player_to_move(game))
    links = _why_not_links(client, game)
    cells = game.kind.engine.observation(game.state, game.current_seat)["cells"]
    far = next(cell for cell in sorted(links) if cells[cell]["face_down"])

    text = _messages(client.get(links[far], headers=HTMX))

    assert f"{far} is not next to your researcher" in text
    assert 'href="/rules/africa/en/#uncover"' in text


@AFRICA_ONLY
@pytest.mark.parametrize(
    ("view", "typed"), [("game_act", "start E4"), ("game_act_batch", ["start E4", "end"])]
)
def test_a_typed_action_played_out_of_place_is_refused_with_its_rule(client, duel, view, typed):
    game = play(duel, "start C2", "start D7")
    client.force_login(player_to_move(game))

    response = client.post(
        reverse(view, args=[game.code]), {"action": typed, "version": game.version}, follow=True
    )

    text = _messages(response)
    assert "The researchers are already on the board" in text
    assert 'href="/rules/africa/en/#setup"' in text
    game.refresh_from_db()
    assert game.moves.count() == 2


@AFRICA_ONLY
def test_the_typed_why_not_answers_in_the_players_language(client, duel):
    game = play(duel, "start C2", "start D7")
    player = player_to_move(game)
    player.language = "fr"
    player.save()
    client.force_login(player)

    response = client.post(
        reverse("game_why_not", args=[game.code]), {"action": "start E4"}, headers=HTMX
    )

    text = _messages(response)
    assert "Les chercheurs sont déjà sur le plateau" in text
    assert 'href="/rules/africa/fr/#setup"' in text
    assert game.moves.count() == 2


def test_the_player_not_to_move_is_told_it_is_not_their_turn(client, duel):
    client.force_login(other_player(duel))
    action = duel.kind.engine.legal_actions(duel.state)[0]

    response = client.post(
        reverse("game_why_not", args=[duel.code]), {"action": action}, headers=HTMX
    )

    assert "It is not your turn." in _messages(response)


def test_a_legal_action_is_said_to_be_possible_and_nothing_changes(client, duel):
    client.force_login(player_to_move(duel))
    action = duel.kind.engine.legal_actions(duel.state)[0]

    response = client.post(
        reverse("game_why_not", args=[duel.code]), {"action": action}, headers=HTMX
    )

    assert f"{action} can be played now." in _messages(response)
    assert duel.moves.count() == 0


def test_someone_without_a_seat_may_not_ask(client, duel, carol):
    client.force_login(carol)

    response = client.post(reverse("game_why_not", args=[duel.code]), {"action": "pass"})

    assert response.status_code in (403, 404)


def test_the_typed_form_is_offered_to_the_player_to_move(client, duel):
    client.force_login(player_to_move(duel))

    html = client.get(duel.get_absolute_url()).content.decode()

    assert 'id="typed-action"' in html
    assert reverse("game_why_not", args=[duel.code]) in html


@AFRICA_ONLY
def test_twin_games_give_every_cell_the_same_reason(client, alice, bob):
    """Two duels whose seeds deal the face-down markers differently: each cell that is no
    target answers alike in both, whatever lies face down."""
    answers = []
    for seed in (2024, 77):
        game = services.create_game(alice, num_players=2, seed=seed)
        services.join_game(game, bob)
        game.refresh_from_db()
        game = play(game, "start C2", "start D7")
        client.force_login(player_to_move(game))
        links = _why_not_links(client, game)
        said = {}
        for cell in sorted(links)[::3]:
            text = _messages(client.get(links[cell], headers=HTMX))
            said[cell] = re.search(r'<li class="message[^"]*">(.*?)</li>', text, re.S)[1]
        answers.append(said)

    assert answers[0] == answers[1]
    assert len(set(answers[0].values())) > 3  # the cells are refused for several reasons


@AFRICA_ONLY
def test_a_mail_reply_with_a_refused_line_gets_the_reason_and_its_rule(
    mail_duel, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = play(mail_duel, "start C2", "start D7")
    user = mover(game)

    outcome = answer_by_mail(mailoutbox, user, "start E4", django_capture_on_commit_callbacks)

    assert outcome.status == "rejected"
    body = last_mail_to(mailoutbox, user).body
    assert "The researchers are already on the board" in body
    assert re.search(r"The rule: https?://\S+/rules/africa/en/#setup", body)


WHY_NOT_PLACE = re.compile(r'<a class="cell-link why-not" href="([^"]+)"')
REASON_WITH_RULE = re.compile(r'<li class="message error">[^<]+ <a class="rule-link" href="/rules/')


@pytest.mark.games("africa", "africana", "nile")
def test_every_place_that_is_no_target_answers_with_a_rule(client, duel):
    """On each game's board, the places the player to move cannot play on ask why; each
    answer names a rule of the game with its "?" link, and nothing is played."""
    client.force_login(player_to_move(duel))
    page = client.get(duel.get_absolute_url()).content.decode()
    asking = [htmllib.unescape(href) for href in WHY_NOT_PLACE.findall(page)]

    assert len(asking) > 5
    for href in asking[:: max(1, len(asking) // 8)]:
        text = _messages(client.get(href, headers=HTMX))
        assert REASON_WITH_RULE.search(text), text
    assert duel.moves.count() == 0


@AFRICA_ONLY
def test_a_mail_line_that_is_no_action_links_the_move_notation(
    mail_duel, mailoutbox, django_capture_on_commit_callbacks
):
    user = mover(mail_duel)

    outcome = answer_by_mail(mailoutbox, user, "dance", django_capture_on_commit_callbacks)

    assert outcome.status == "rejected"
    body = last_mail_to(mailoutbox, user).body
    assert re.search(r"The rule: https?://\S+/rules/africa/en/#notation", body)
    assert mail_duel.moves.count() == 0
