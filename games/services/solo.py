"""How a finished solo game compares: the player's best and median solo scores of the game on
the same rules (its options), and the hard computer player's median on those rules.

The computer's median is measured in the background, never while a person waits: the first
finished solo page of a set of rules that finds no figure in the shared cache enqueues
``games.tasks.measure_bot_solo`` (once: a claim in the cache stops the next pages from sending
it again), which plays ``settings.BOT_SOLO_GAMES`` solo games of the hard bot on the engine
alone and keeps their median in the cache for ``settings.BOT_SOLO_CACHE_SECONDS``. Until then
the page says that the figure is being measured.
"""

from __future__ import annotations

import hashlib
import json
import random
import statistics

from celery import current_app
from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from africa_site.enqueue import send_once
from games.kinds import get_kind
from games.models import Game, Seat

#: The computer player the solo scores are compared with.
BOT_LEVEL = "hard"
MEASURE_BOT_SOLO = "games.tasks.measure_bot_solo"
#: Seconds a sent measurement holds its claim: no other page sends it again meanwhile.
CLAIM_SECONDS = 60 * 60


def _rules_key(engine: str, options: dict) -> str:
    """A short key of ``engine`` and its ``options`` (the rules a game was played on)."""
    text = json.dumps([engine, options], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def bot_median_key(engine: str, options: dict) -> str:
    """The cache key of the hard bot's solo median of ``engine`` on ``options``."""
    return f"bot-solo-median:{_rules_key(engine, options)}"


def player_solo_scores(user, engine: str, options: dict) -> list[int]:
    """The final scores of ``user``'s finished solo games of ``engine`` on ``options``."""
    return list(
        Seat.objects.filter(
            user=user,
            game__engine=engine,
            game__num_players=1,
            game__status=Game.Status.FINISHED,
            game__options=options,
            final_score__isnull=False,
        ).values_list("final_score", flat=True)
    )


def comparison(game: Game, seat: Seat | None) -> dict | None:
    """What a finished solo ``game`` is compared with, for its player ``seat``: {"best",
    "median", "games" (the player's finished solo games on these rules, this one included),
    "bot_median" and "bot_games" (None while being measured)}; None for any other game or
    viewer. Sends the measurement of the bot's median when none is known (see the module)."""
    if not game.is_solo or game.status != Game.Status.FINISHED or seat is None or not seat.user_id:
        return None
    scores = player_solo_scores(seat.user_id, game.engine, game.options)
    if not scores:
        return None
    bot = cache.get(bot_median_key(game.engine, game.options))
    if bot is None:
        request_bot_median(game.engine, game.options)
    return {
        "best": max(scores),
        "median": statistics.median(scores),
        "games": len(scores),
        "bot_median": bot["median"] if bot else None,
        "bot_games": bot["games"] if bot else None,
    }


def request_bot_median(engine: str, options: dict) -> None:
    """After commit, enqueue the measurement of the hard bot's solo median of ``engine`` on
    ``options``, unless one was sent within CLAIM_SECONDS."""
    claim = f"{bot_median_key(engine, options)}:claim"
    if not cache.add(claim, 1, CLAIM_SECONDS):
        return

    def send() -> None:
        signature = current_app.signature(MEASURE_BOT_SOLO, args=(engine, options))
        if not send_once(signature, what="the computer's solo median"):
            cache.delete(claim)  # the next page tries again

    transaction.on_commit(send)


def measure_bot_solo(engine: str, options: dict, games: int) -> dict:
    """Play ``games`` solo games of ``engine`` on ``options`` by the hard bot alone (seeds 1 to
    ``games``; its search capped at ``settings.BOT_HARD_ITERATIONS`` when set), keep their
    median score in the cache and return {"median", "games"}. Takes minutes: a task's work."""
    rules = get_kind(engine).engine
    budget = {"iterations": settings.BOT_HARD_ITERATIONS} if settings.BOT_HARD_ITERATIONS else {}
    scores = []
    for seed in range(1, games + 1):
        state = rules.initial_state(1, seed, options)
        rng = random.Random(seed)
        while not rules.is_terminal(state):
            legal = rules.legal_actions(state)
            if len(legal) > 1:
                observation = rules.observation(state, rules.current_player(state))
                action = rules.choose(observation, legal, rng, BOT_LEVEL, **budget)
            else:
                action = legal[0]
            state = rules.apply(state, action)
        scores.append(rules.scores(state)[0])
    found = {"median": statistics.median(scores), "games": games}
    cache.set(bot_median_key(engine, options), found, settings.BOT_SOLO_CACHE_SECONDS)
    return found
