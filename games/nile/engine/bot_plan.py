"""The hard bot's heuristic for the Nile (``strong``): the easy bot's play (``bot_easy.act``)
with the decisions that decide a game made for the expedition it means to make. It decides
from the observation (or the same view of a sampled state) and the legal actions only.

- Profession: journalist ($1000 at each Europe turn, free passage, battle records).
- Port: the one with most blank hexes within ``PORT_RADIUS`` steps (a wide reach: the
  expedition walks far from its port before it turns home) and away from the other seats'
  expeditions in Africa (``uncontested_reach``).
- Outfit (``planned_outfit``): bearers and guides (a guide adds 1 to each lost roll and to the
  attitude sum at policy 3 and 5; the newest deserts when the party is lost), one musket to
  hunt, gifts to make friends, and rations for every mouth for the months it plans to stay
  (``TRIP_MONTHS``, fewer when the game ends sooner), as far as the load allows. No askaris:
  with none, a policy of 4 or 5 adds 2 to the attitude sum (4d).
- Going home (``homeward``): when its records promise ``HOMEWARD_VP``, when the food runs low,
  when the rounds left only just let it reach a port, sail home and publish, or when publishing
  would reach the target (which ends the game).
- Natives: the policy with the least risk of a defeat (``policy_risk``: 3 dice above the sum,
  the tribe does not hide, and the battle lost, 4d and 4f), and the smallest gift offer whose
  failure risk (insult, then a hostile tribe or poison, 4e) is at most ``GIFT_RISK``, else
  ``leave``.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from games.nile.engine.bot_easy import (
    Outfit,
    Turn,
    act,
    amount,
    port_reach,
    promised,
    short,
)
from games.nile.engine.data import PORT_STEPS, distance

HARD_PROFESSION = "profession journalist"  # the best alone with these heuristics (bench)
PORT_RADIUS = 6
RIVAL_RADIUS = 4  # the hexes a rival's expedition is about to map
BEARERS, GUIDES, MUSKETS, GIFTS = 9, 3, 1, 50
TRIP_MONTHS = 8  # the months an expedition plans to stay in Africa
HOMEWARD_VP = 8  # the records' promised VP that send an expedition home
HOME_SLACK = 2  # rounds kept in hand to sail home and publish before the game ends
GIFT_RISK = 0.1  # the largest chance of an insult turning bad that a gift offer may run
BATTLES = 300  # battles played out to estimate a defeat's chance
PORT_REACH = port_reach(PORT_RADIUS)


def strong(observation: dict[str, Any], legal: list[str], rng: random.Random) -> str:
    """The hard bot's heuristic action for the player to act in ``observation`` (or in
    ``bot_sample.view`` of a sampled state)."""
    if len(legal) == 1:
        return legal[0]
    phase = observation["phase"]
    seat = observation["current_player"]
    ex = observation["players"][seat]["explorer"]
    if phase == "profession" and HARD_PROFESSION in legal:
        return HARD_PROFESSION
    if phase == "policy":
        # the safest policy; among equals the highest (a neutral tribe may become friendly)
        risks = {a: round(policy_risk(observation, ex, amount(a)), 3) for a in legal}
        return min(legal, key=lambda a: (risks[a], -amount(a)))
    if phase == "negotiate":
        return gift_offer(observation, ex, legal)
    reach = uncontested_reach(observation) if phase == "europe" else PORT_REACH
    if ex is None:
        return act(observation, legal, rng, Turn(False, (), reach))
    home = phase in ("camp", "move") and homeward(observation, ex)
    return act(observation, legal, rng, Turn(home, planned_outfit(observation), reach))


def uncontested_reach(observation: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    """``PORT_REACH`` without the hexes within ``RIVAL_RADIUS`` steps of another seat's
    explorer in Africa: blank hexes a rival maps first score nothing for the seat."""
    seat = observation["current_player"]
    rivals = [
        p["explorer"]["hex"]
        for other, p in enumerate(observation["players"])
        if other != seat and p["explorer"] and p["explorer"]["status"] != "europe"
    ]
    if not rivals:
        return PORT_REACH
    return {
        port: tuple(h for h in hexes if all(distance(h, r) > RIVAL_RADIUS for r in rivals))
        for port, hexes in PORT_REACH.items()
    }


def planned_outfit(observation: dict[str, Any]) -> Outfit:
    """The purchases for the coming expedition, in order (``bot_easy.outfit_step``'s shape):
    bearers, guides, a musket, rations for every person for ``TRIP_MONTHS`` months (or the
    rounds left, if fewer) and gifts. The load caps what is bought."""
    months = max(1, min(TRIP_MONTHS, observation["max_rounds"] - observation["round"]))
    rations = (1 + BEARERS + GUIDES) * months
    return (
        ("hire bearer", BEARERS),
        ("hire guide", GUIDES),
        ("buy musket", MUSKETS),
        ("buy rations", rations),
        ("buy gifts", GIFTS),
    )


def homeward(observation: dict[str, Any], ex: dict[str, Any]) -> bool:
    """Whether the expedition in Africa should head for a port and sail home: the food runs
    low, its records promise ``HOMEWARD_VP``, the rounds left (``HOME_SLACK`` kept in hand)
    only just cover the walk to the nearest port at 2 hexes a month, or publishing would reach
    the target (which ends the game, ruling 25)."""
    hoped = promised(observation["hexes"], ex)
    if short(ex) or hoped >= HOMEWARD_VP:
        return True
    if not hoped or ex["hex"] is None:
        return False
    left = observation["max_rounds"] - observation["round"]
    if left <= (PORT_STEPS[ex["hex"]] + 1) // 2 + HOME_SLACK:
        return True
    score = observation["players"][observation["current_player"]]["score"]
    return score + hoped >= observation["target_vp"]


def policy_risk(observation: dict[str, Any], ex: dict[str, Any], policy: int) -> float:
    """The chance that native policy ``policy`` (1-5) ends in a defeat: 3 dice above its
    attitude sum (4d) times the chance that the hostile tribe attacks and wins (4f)."""
    pending = observation["pending"]
    hostile = above_3d6(pending["sums"][str(policy)])
    return hostile * _defeat(observation, ex, pending["tribe_size"], policy)


def gift_offer(observation: dict[str, Any], ex: dict[str, Any], legal: list[str]) -> str:
    """The smallest ``gifts N`` of ``legal`` whose chance of failing and then turning out badly
    is at most ``GIFT_RISK`` (4e: the higher of 2 dice x gifts below the size insults the chief;
    3 dice above the sum: hostile, as 4f; else the poison kills on 1-2), else ``leave``."""
    pending = observation["pending"]
    size, total = pending["tribe_size"], pending["sum"]
    encounter = observation.get("encounter") or {}
    policy = encounter.get("policy", 5)
    hostile = above_3d6(total)
    bad = hostile * _defeat(observation, ex, size, policy) + (1 - hostile) * POISON
    offers = sorted((a for a in legal if a.startswith("gifts ")), key=amount)
    for offer in offers:
        made = sum(1 for high in HIGHER_OF_TWO if high * amount(offer) >= size) / 36
        if (1 - made) * bad <= GIFT_RISK:
            return offer
    return "leave"


HIGHER_OF_TWO = tuple(max(a, b) for a in range(1, 7) for b in range(1, 7))
POISON = 4 / 36  # the higher of 2 dice is 1 or 2: the poison kills


@cache
def above_3d6(total: int) -> float:
    """The chance that 3 dice roll more than ``total``."""
    rolls = [a + b + c for a in range(1, 7) for b in range(1, 7) for c in range(1, 7)]
    return sum(1 for r in rolls if r > total) / len(rolls)


def _defeat(observation: dict[str, Any], ex: dict[str, Any], size: int, policy: int) -> float:
    hid = observation["pending"]["hex"]
    desert = "desert" in (observation["hexes"][hid]["terrain"] or "")
    mounted = ex["mode"] == "mounted"
    bonus = 1 if mounted and not desert else -1 if desert and not mounted else 0
    askaris, armed = ex["people"]["askari"]["healthy"], ex["goods"]["musket"] > 0
    return defeat_chance(askaris, armed, size, 2 * PORT_STEPS[hid], policy, bonus)


@cache
def defeat_chance(
    askaris: int, armed: bool, size: int, distance: int, policy: int, charge_bonus: int
) -> float:
    """The chance that a hostile tribe of ``size`` attacks an expedition with ``askaris``
    healthy askaris (``armed``: a musket) ``distance`` (the doubled port distance D) from a
    port under ``policy`` and defeats it (4f; ``charge_bonus``: +1 mounted outside the desert,
    -1 on foot in it): 0 when they hide, else the share of ``BATTLES`` battles played out with
    a fixed generator (the same answer every time)."""
    if (askaris + 1) * distance > size * policy:
        return 0.0
    rng = random.Random(size * 100 + askaris)
    lost = sum(_battle(rng, askaris, armed, size, policy, charge_bonus) for _ in range(BATTLES))
    return lost / BATTLES


def _battle(
    rng: random.Random, askaris: int, armed: bool, size: int, policy: int, bonus: int
) -> bool:
    """One battle of 4f played out: True for a defeat."""

    def die() -> int:
        return rng.randint(1, 6)

    survivors, left = size, askaris
    if max(die(), die()) + bonus >= policy:  # a charge: the expedition fires first
        kills = min(askaris + armed, survivors)
        survivors -= kills
        if kills * die() > survivors or survivors == 0:
            return False
    while True:
        killed = min(survivors // die(), left)
        left -= killed
        if killed * die() > askaris or left == 0:
            return True
        killed = min((left + 1) // die() + 1, survivors)
        survivors -= killed
        if killed * die() > survivors or survivors == 0:
            return False
