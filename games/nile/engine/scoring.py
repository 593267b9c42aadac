"""Records, publishing and the end (nile.md VP, rulings 4, 12, 15, 18, 19, 25, 42).

Records are ``{"id": "d<n>", "kind", "hex", "value", "ref"}`` with kinds hex, lake, tribe,
battle, bonus and item. ``publish all`` scores them record by record, in list order.
"""

from __future__ import annotations

from typing import Any

from games.engines.base import State, shared_places
from games.nile.engine.core import G
from games.nile.engine.data import SCIENTISTS, VP, distance
from games.nile.engine.mapping import NILE_MIN_LENGTH, nile_length


def add_record(
    g: G, seat: int, kind: str, hex_id: str | None, value: Any = None, ref: str | None = None
) -> dict[str, Any]:
    """Give seat ``seat``'s explorer a new record (ids never reused, ruling 18)."""
    player = g.mut_player(seat)
    record = {
        "id": f"d{player['next_record']}",
        "kind": kind,
        "hex": hex_id,
        "value": value,
        "ref": ref,
    }
    player["next_record"] += 1
    player["explorer"]["records"].append(record)
    return record


def hex_record(g: G, hid: str) -> None:
    """A hex record when the explorer maps ``hid`` or enters it mapped, unpublished, not
    known in 1820 and not yet recorded by him (ruling 18)."""
    h = g.s["hexes"][hid]
    ex = g.ex
    if h["known_1820"] or h["published_by"] is not None:
        return
    if any(r["kind"] == "hex" and r["hex"] == hid for r in ex["records"]):
        return
    add_record(g, g.s["seat"], "hex", hid)


def lake_record(g: G, hid: str) -> None:
    """One record per lake: its area when the explorer last mapped or entered it (ruling 4)."""
    hexes = g.s["hexes"]
    lid = hexes[hid]["lake"]
    if lid is None:
        return
    area = g.s["lakes"][lid]["area_sq_mi"]
    records = g.ex["records"]
    for i, r in enumerate(records):
        if r["kind"] == "lake" and hexes[r["hex"]]["lake"] == lid:
            records[i] = {**r, "hex": hid, "value": area}
            return
    add_record(g, g.s["seat"], "lake", hid, area)


def battle_records(g: G, hid: str, victory: bool) -> None:
    """Journalists in Africa within 10 hexes each get a record of the battle (rulings 12, 42)."""
    ref = f"b{g.s['next_battle']}"
    g.s["next_battle"] += 1
    for seat, player in enumerate(g.s["players"]):
        ex = player["explorer"]
        if ex is None or ex["profession"] != "journalist" or ex["status"] == "europe":
            continue
        if distance(ex["hex"], hid) > 10:
            continue
        value = 1 if victory else (1 if seat == g.s["seat"] else 2)
        add_record(g, seat, "battle", hid, value, ref)


def tier(table: list[list[int]], value: int | None) -> int:
    """The VP of the highest threshold ``value`` reaches in ``table`` ([[threshold, vp]])."""
    best = 0
    for threshold, vp in table:
        if value is not None and value >= threshold:
            best = vp
    return best


def _hex_vp(g: G, seat: int, hid: str, profession: str, parts: dict[str, int]) -> None:
    s = g.s
    h = g.hex(hid)
    if h["known_1820"] or h["published_by"] is not None:
        return
    h["published_by"] = seat
    mountain = tier(VP["mountain"], h["mountain_ft"])
    fall = tier(VP["cataract"], h["cataract_ft"])
    parts["hexes"] += VP["hex"]
    parts["features"] += mountain + fall
    parts["features"] += VP["river_source"] if h["source"] else 0
    parts["features"] += VP["oasis"] if h["oasis"] else 0
    if profession == "explorer":
        parts["professions"] += (mountain > 0) + (fall > 0)
    if h["source"] and s["nile_source"] is None:
        length = nile_length(s["hexes"], hid)
        if length is not None and length >= NILE_MIN_LENGTH:
            s["nile_source"] = {"hex": hid, "seat": seat}
            parts["nile_source"] += VP["nile_source"]


def _record_vp(
    g: G, seat: int, record: dict[str, Any], profession: str, parts: dict[str, int]
) -> None:
    """Add the VP of ``record`` to ``parts`` ({source: VP}, see ``VP_SOURCES``)."""
    s = g.s
    kind = record["kind"]
    published = s["published"]
    if kind == "hex":
        _hex_vp(g, seat, record["hex"], profession, parts)
    elif kind == "lake":
        lid = s["hexes"][record["hex"]]["lake"]
        lake = s["lakes"][lid]
        gain = tier(VP["lake"], record["value"]) - lake["tier"]
        if gain > 0:
            lake["tier"] += gain
            parts["features"] += gain
            if profession == "explorer":
                parts["professions"] += VP["explorer_spectacular_bonus"]
    elif kind == "tribe":
        tribe = record["ref"] or record["hex"]  # the tribe's id, or its hex (version 1)
        if tribe not in published["tribes"]:
            published["tribes"].append(tribe)
            parts["professions"] += VP["tribe_for_ethnologist"]
    elif kind == "battle":
        if record["ref"] not in published["battles"]:
            published["battles"].append(record["ref"])
            parts["professions"] += record["value"]
    elif kind == "bonus":
        if record["ref"] is None:
            parts["records"] += record["value"]
        elif record["ref"] not in published["specials"]:
            published["specials"].append(record["ref"])
            if record["ref"] == "solomons_mines":
                g.mut_player(seat)["cash"] += 2000
            parts["records"] += record["value"]
    elif profession in SCIENTISTS:  # an item: d6, scientists 2d6 - 7 (at least 1)
        value = max(1, g.die() + g.die() - 7)
        g.roll_decided("item", value, None, "scientist")
        parts["records"] += value
    else:
        value = g.die()
        g.roll_decided("item", value, None, "item")
        parts["records"] += value


#: Where published VP come from, for the final breakdown: hexes (1 a hex), features
#: (mountains, cataracts, river sources, oases, lakes), records (bonus cards and items),
#: the Source of the Nile, and professions (the explorer's, ethnologist's and journalist's
#: extra VP).
VP_SOURCES = ("hexes", "features", "records", "nile_source", "professions")


def vp_sources(player: dict[str, Any]) -> dict[str, int]:
    """``player``'s published VP by source ({source: VP} over ``VP_SOURCES``)."""
    earned = player.get("vp_sources") or {}
    return {source: earned.get(source, 0) for source in VP_SOURCES}


def _add_vp(g: G, seat: int, parts: dict[str, int]) -> int:
    player = g.mut_player(seat)
    total = sum(parts.values())
    player["score"] += total
    sources = vp_sources(player)
    player["vp_sources"] = {k: sources[k] + parts.get(k, 0) for k in VP_SOURCES}
    return total


def publish_all(g: G) -> int:
    """Publish every record of the current seat's explorer; the VP scored (ruling 15)."""
    seat = g.s["seat"]
    ex = g.player["explorer"]
    parts = dict.fromkeys(VP_SOURCES, 0)
    for record in ex["records"]:
        _record_vp(g, seat, record, ex["profession"], parts)
    ex["records"] = []
    total = _add_vp(g, seat, parts)
    late_nile_source(g)
    return total


def late_nile_source(g: G) -> None:
    """A published source that joins the White Nile later pays its publisher (ruling 19)."""
    s = g.s
    if s["nile_source"] is not None:
        return
    for hid, h in sorted(s["hexes"].items()):
        if h["source"] and h["published_by"] is not None:
            length = nile_length(s["hexes"], hid)
            if length is not None and length >= NILE_MIN_LENGTH:
                s["nile_source"] = {"hex": hid, "seat": h["published_by"]}
                _add_vp(g, h["published_by"], {"nile_source": VP["nile_source"]})
                return


def final(state: State) -> list[dict[str, Any]]:
    """The final result per seat: VP, rank and the rounds played (ruling 25)."""
    scores = [p["score"] for p in state["players"]]
    ranks = shared_places(scores)
    return [
        {"vp": v, "rank": r, "rounds": state["round"]} for v, r in zip(scores, ranks, strict=True)
    ]
