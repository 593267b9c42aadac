"""Applying an action, and the turn flow (nile.md turn sequence; rulings 10, 17, 20, 25, 36).

``apply`` checks the action against ``legal_actions`` before changing anything, then works on
a copy (``core.G``), so a refused action leaves the state as it was. The flow: after ``stop``,
the end of movement or an encounter's end, step 5 runs and the turn passes; ``sail europe``,
``end`` and ``publish all`` pass at once. Prisoner turns play inside ``apply`` (a prisoner is
never the current player). After the last seat of a round the end is checked (ruling 25).
"""

from __future__ import annotations

from games.engines.base import IllegalAction, State
from games.engines.base import gettext_noop as _
from games.nile.engine import battle, captivity, europe, natives
from games.nile.engine.camp import apply_camp
from games.nile.engine.core import G
from games.nile.engine.data import NEIGHBORS
from games.nile.engine.legal import candidates
from games.nile.engine.move import choose_level, do_move, legal_moves, move_cost, stranded
from games.nile.engine.scoring import final
from games.nile.engine.setup import new_turn
from games.nile.engine.turn_end import step5

_PHASE_VERBS = {
    "profession": {"profession"},
    "europe": {"sail", "stay"},
    "outfit": {"hire", "buy", "end"},
    "discard": {"discard"},
    "publish": {"publish", "end"},
    "camp": {"hire", "buy", "trade", "fill", "drop", "dismiss", "shoot", "sail", "level"},
    "move": {"move", "stop"},
    "policy": {"policy"},
    "negotiate": {"gifts", "leave"},
    "prisoners": {"keep"},
    "village": {"loot", "spare"},
}


def _reason(state: State, text: str) -> IllegalAction:
    phase = state["phase"]
    if phase == "over":
        return IllegalAction(_("The game is over."), code="game_over")
    verb = text.split()[0] if text.split() else ""
    if verb not in _PHASE_VERBS[phase]:
        return IllegalAction(_("“{action}” cannot be played now."), code="not_now", action=text)
    if verb == "move" and len(text.split()) == 2:
        return _move_reason(state, text.split()[1])
    if verb in ("hire", "buy", "trade", "fill"):
        return IllegalAction(
            _("“{action}” is beyond your cash, goods or load, or not offered here."),
            code="market_limit",
            action=text,
        )
    if verb in ("drop", "dismiss", "shoot"):
        return IllegalAction(
            _("“{action}” is more than you have or breaks the load."),
            code="load_limit",
            action=text,
        )
    if verb == "level":
        return IllegalAction(
            _("The expedition cannot travel in that mode now."), code="level_blocked"
        )
    return IllegalAction(
        _("“{action}” is not legal in this position."), code="not_legal_here", action=text
    )


def _move_reason(state: State, to: str) -> IllegalAction:
    """Why the expedition may not move to hex ``to`` (ruling 23): not a neighbour, more
    movement points than are left, or a hex its mode of travel cannot enter."""
    ex = state["players"][state["seat"]]["explorer"]
    if to not in NEIGHBORS[ex["hex"]]:
        return IllegalAction(
            _("{hex} is not next to your expedition’s hex {here}."),
            code="move_not_next",
            hex=to,
            here=ex["hex"],
        )
    cost = move_cost(state, ex, to)
    if cost is not None:
        return IllegalAction(
            _("Entering {hex} needs {cost} MP; {mp} MP are left."),
            code="move_too_costly",
            hex=to,
            cost=max(cost, 1),
            mp=ex["mp"],
        )
    return IllegalAction(_("The expedition cannot move to that hex now."), code="move_blocked")


#: The hexes of the whole map: the game ends once every one is explored (ruling 25).
MAP_HEXES = 276


def _game_over(s: State) -> bool:
    if any(p["score"] >= s["target_vp"] for p in s["players"]):
        return True
    return s["round"] >= s["max_rounds"] or len(s["hexes"]) >= MAP_HEXES


def _finish(g: G) -> None:
    s = g.s
    s["phase"] = "over"
    s["pending"] = None
    s["final"] = final(s)
    s["events"].append(
        {
            "type": "game_end",
            "kind": "game_end",
            "seat": None,
            "dice": [],
            "card": None,
            "text": "the game ends",
            "final": s["final"],
            "scores": [p["score"] for p in s["players"]],
        }
    )


def death(g: G) -> None:
    """The explorer dies (ruling 17): records, cargo and purse vanish, his friendships too
    (ruling 40); the seat picks a new profession on its next turn."""
    s = g.s
    seat = s["seat"]
    for hid, h in s["hexes"].items():
        if h["tribe"] is not None and seat in h["tribe"]["friendly"]:
            g.hex(hid)["tribe"]["friendly"].remove(seat)
    player = g.player
    player["explorer"] = None
    player["cash"] = 0
    player["explorers_lost"] += 1
    g.event("death", "the explorer dies")


def _start_turn(g: G) -> bool:
    """Begin the seat's turn; False when it was played at once (a prisoner)."""
    s = g.s
    ex = g.ex
    s["turn"] = new_turn(ex["hex"] if ex else None)
    s["enc"] = None
    if ex is None:
        s["phase"] = "profession"
        s["pending"] = {"kind": "profession"}
        return True
    if ex["status"] == "europe":
        europe.start_europe_turn(g)
        return True
    if ex["status"] == "prisoner":
        if captivity.prisoner_turn(g) == "dead":
            death(g)
        return False
    ex["mp"] = 0
    ex["fresh"] = 0
    s["phase"] = "camp"
    s["pending"] = {"kind": "camp", "hex": ex["hex"], "mp": 0}
    if stranded(g):
        s["pending"]["stranded"] = True
    return True


def advance(g: G) -> None:
    """Pass the turn to the next seat (checking the end after the last seat of a round)."""
    s = g.s
    while True:
        seat = s["seat"] + 1
        if seat == s["num_players"]:
            if _game_over(s):
                _finish(g)
                return
            s["round"] += 1
            seat = 0
        s["seat"] = seat
        if _start_turn(g):
            return


def end_movement(g: G) -> None:
    """Step 5, then the next seat."""
    g.s["enc"] = None
    if step5(g) == "dead":
        death(g)
    advance(g)


def _after_encounter(g: G, result: str) -> None:
    if result == "pending":
        return
    g.s["enc"] = None
    if result == "done":
        end_movement(g)
        return
    if result == "dead":
        death(g)
    advance(g)


def _move_on(g: G) -> None:
    if not legal_moves(g.s, g.ex):
        end_movement(g)


def apply(state: State, action: str) -> State:
    """The state after ``action`` (any case, extra blanks); IllegalAction with a reason when
    it is not legal now, and ``state`` is never changed."""
    text = " ".join(str(action).lower().split())
    if text not in candidates(state, text):
        raise _reason(state, text)
    g = G(state)
    s = g.s
    words = text.split()
    verb = words[0]
    if verb == "profession":
        europe.choose_profession(g, words[1])
    elif verb == "sail" and words[1] == "europe":
        europe.sail_home(g)
        advance(g)
    elif verb == "sail":
        europe.sail(g, words[1])
    elif verb == "stay":
        europe.stay(g)
    elif verb == "discard":
        europe.discard(g, words[1])
    elif verb == "publish":
        europe.publish(g)
        advance(g)
    elif verb == "end":
        advance(g)
    elif verb == "level":
        if choose_level(g, words[1], words[2]) == "dead":
            death(g)
            advance(g)
        else:
            _move_on(g)
    elif verb == "move":
        result = do_move(g, words[1])
        if result == "end":
            end_movement(g)
        elif result == "ok":
            _move_on(g)
    elif verb == "stop":
        end_movement(g)
    elif verb == "policy":
        _after_encounter(g, natives.choose_policy(g, int(words[1])))
    elif verb == "gifts":
        _after_encounter(g, natives.offer_gifts(g, int(words[1])))
    elif verb == "leave":
        _after_encounter(g, "done")
    elif verb == "keep":
        _after_encounter(g, battle.keep(g, int(words[1]), s["pending"]["max"]))
    elif verb == "loot":
        _after_encounter(g, battle.loot(g))
    elif verb == "spare":
        _after_encounter(g, "done")
    else:
        apply_camp(g, words)
    return s
