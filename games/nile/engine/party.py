"""The expedition: its people, goods and load (carrying, rulings 21, 22, 26, 35, 39).

``people`` = {kind: {"healthy": n, "sick": n}} for askari and bearer; guides are a list
``[{"hex": where hired, "sick": bool}]`` in hiring order (their hiring hex matters for the
attitude sum). ``goods`` = {kind: n} for rations, water, gifts, musket, horse, camel, canoe.
"""

from __future__ import annotations

from typing import Any

from games.nile.engine.data import MP, PARTS

Explorer = dict[str, Any]

LOSS_ORDER = ("rations", "water", "gifts", "musket", "item")


def new_explorer(profession: str, eid: str) -> Explorer:
    """An explorer in Europe with nothing."""
    return {
        "eid": eid,
        "profession": profession,
        "status": "europe",
        "hex": None,
        "start_port": None,
        "level": None,
        "mode": None,
        "mp": 0,
        "sick": False,
        "starving": 0,
        "people": {"askari": {"healthy": 0, "sick": 0}, "bearer": {"healthy": 0, "sick": 0}},
        "guides": [],
        "goods": empty_goods(),
        "fresh": 0,
        "items": 0,
        "records": [],
        "looked": [],
        "negotiated": [],
        "oasis_found": None,
        "capture": None,
    }


def empty_goods() -> dict[str, int]:
    """No goods at all."""
    return {k: 0 for k in ("camel", "canoe", "gifts", "horse", "musket", "rations", "water")}


def count(ex: Explorer, kind: str) -> int:
    """How many of ``kind`` (a person kind or a good, or "item") the expedition has."""
    if kind == "guide":
        return len(ex["guides"])
    if kind in ("askari", "bearer"):
        p = ex["people"][kind]
        return p["healthy"] + p["sick"]
    if kind == "item":
        return ex["items"]
    return ex["goods"][kind]


def healthy(ex: Explorer, kind: str) -> int:
    """Healthy members of person kind ``kind``."""
    if kind == "guide":
        return sum(1 for g in ex["guides"] if not g["sick"])
    return ex["people"][kind]["healthy"]


def persons(ex: Explorer) -> int:
    """Everybody, sick or not, the explorer included."""
    p = ex["people"]
    return (
        1
        + p["askari"]["healthy"]
        + p["askari"]["sick"]
        + p["bearer"]["healthy"]
        + p["bearer"]["sick"]
        + len(ex["guides"])
    )


def cargo(ex: Explorer) -> int:
    """Cargo units without the canoes: rations, water, muskets, items, gifts in tens."""
    g = ex["goods"]
    return g["rations"] + g["water"] + g["musket"] + ex["items"] + -(-g["gifts"] // 10)


def fits(ex: Explorer, mode: str) -> bool:
    """Whether the expedition is within ``carrying.modes`` for ``mode`` (its needs included:
    canoe needs canoes and no animals, mounted a mount per person)."""
    g = ex["goods"]
    animals = g["horse"] + g["camel"]
    hb = ex["people"]["bearer"]["healthy"]
    if mode == "foot":
        bearers = hb + ex["people"]["bearer"]["sick"]
        return cargo(ex) + 40 * g["canoe"] <= 10 * (1 + bearers) + 20 * animals and (
            animals <= 3 * hb
        )
    n = persons(ex)
    if mode == "mounted":
        return (
            animals >= n
            and cargo(ex) + 40 * g["canoe"] <= 5 * n + 20 * (animals - n)
            and animals - n <= 3 * hb
        )
    return animals == 0 and g["canoe"] > 0 and 15 * n + cargo(ex) <= 300 * g["canoe"]


def any_fit(ex: Explorer) -> bool:
    """Whether some mode is within its carrying limits."""
    return fits(ex, "foot") or fits(ex, "mounted") or fits(ex, "canoe")


def _capacity(ex: Explorer) -> int:
    """The most cargo (canoes counted as on foot) some mode carries as the party stands."""
    g = ex["goods"]
    animals = g["horse"] + g["camel"]
    n = persons(ex)
    bearers = count(ex, "bearer")
    best = 10 * (1 + bearers) + 20 * animals - 40 * g["canoe"]
    if animals >= n:
        best = max(best, 5 * n + 20 * (animals - n) - 40 * g["canoe"])
    if animals == 0 and g["canoe"]:
        best = max(best, 300 * g["canoe"] - 15 * n)
    return best


def lose_cargo(ex: Explorer, units: int) -> None:
    """Lose ``units`` of cargo in the order rations, water, gifts (10 a unit), muskets, items."""
    g = ex["goods"]
    for kind in LOSS_ORDER:
        if units <= 0:
            return
        if kind == "gifts":
            lots = -(-g["gifts"] // 10)
            take = min(lots, units)
            g["gifts"] = max(0, g["gifts"] - 10 * take)
            units -= take
        elif kind == "item":
            take = min(ex["items"], units)
            ex["items"] -= take
            units -= take
        else:
            take = min(g[kind], units)
            g[kind] -= take
            units -= take


def settle_load(ex: Explorer) -> None:
    """``carrying.involuntary_loss``: after a carrier, animal or canoe is lost, cargo over
    the best capacity is lost at once."""
    if any_fit(ex):
        return
    over = cargo(ex) - _capacity(ex)
    if over > 0:
        lose_cargo(ex, over)


def lose_people(ex: Explorer, kind: str, n: int, loads: bool = False) -> int:
    """Remove up to ``n`` members of ``kind``, healthy first, newest first (ruling 22); the
    number removed. Bearers take their 10-unit loads when ``loads``; carriers lost settle the
    load."""
    removed = 0
    if kind == "guide":
        for want_sick in (False, True):
            for i in range(len(ex["guides"]) - 1, -1, -1):
                if removed < n and ex["guides"][i]["sick"] == want_sick:
                    del ex["guides"][i]
                    removed += 1
        return removed
    p = ex["people"][kind]
    take = min(p["healthy"], n)
    p["healthy"] -= take
    removed = take
    take = min(p["sick"], n - removed)
    p["sick"] -= take
    removed += take
    if kind == "bearer" and removed:
        if loads:
            lose_cargo(ex, 10 * removed)
        settle_load(ex)
    return removed


def make_sick(ex: Explorer, kind: str, n: int) -> int:
    """``n`` healthy members of ``kind`` fall sick (newest first); how many did."""
    if kind == "guide":
        done = 0
        for g in reversed(ex["guides"]):
            if done < n and not g["sick"]:
                g["sick"] = True
                done += 1
        return done
    p = ex["people"][kind]
    take = min(p["healthy"], n)
    p["healthy"] -= take
    p["sick"] += take
    return take


def lose_animal(ex: Explorer, kind: str, n: int = 1) -> int:
    """Lose ``n`` horses, camels or canoes; the load settles (involuntary loss)."""
    take = min(ex["goods"][kind], n)
    ex["goods"][kind] -= take
    if take:
        settle_load(ex)
    return take


def in_parts(terrain: str | None, part: str) -> bool:
    """Whether ``terrain`` is (or has the part) ``part``."""
    return terrain is not None and part in PARTS[terrain]


def base_mp(ex: Explorer, level: str, mode: str) -> int:
    """The MP of ``level`` and ``mode`` before disasters (canoe crew, starving, sickness)."""
    mp = MP[mode][level]
    if mode == "canoe":
        canoes = ex["goods"]["canoe"]
        crew = ex["people"]["bearer"]["healthy"] / canoes if canoes else 0
        if crew >= 8:
            pass
        elif crew >= 4:
            mp -= 1
        elif crew >= 2:
            mp -= 2
        elif crew > 0:
            mp -= 3
    mp -= ex["starving"]
    if ex["sick"]:
        mp -= 1
    return max(0, mp)


def _fit_numbers(
    cargo_units: int, canoes: int, animals: int, hb: int, bearers: int, n: int
) -> bool:
    """``any_fit`` on the numbers: cargo without canoes, canoes, animals, healthy bearers, all
    bearers and persons."""
    if cargo_units + 40 * canoes <= 10 * (1 + bearers) + 20 * animals and animals <= 3 * hb:
        return True
    if (
        animals >= n
        and cargo_units + 40 * canoes <= 5 * n + 20 * (animals - n)
        and animals - n <= 3 * hb
    ):
        return True
    return animals == 0 and canoes > 0 and 15 * n + cargo_units <= 300 * canoes


def numbers(ex: Explorer) -> tuple[int, ...]:
    """(gifts, rations, other cargo units, canoes, animals, healthy bearers, bearers, persons)
    of the expedition, for ``fits_delta``."""
    g = ex["goods"]
    bearer = ex["people"]["bearer"]
    return (
        g["gifts"],
        g["rations"],
        g["water"] + g["musket"] + ex["items"],
        g["canoe"],
        g["horse"] + g["camel"],
        bearer["healthy"],
        bearer["healthy"] + bearer["sick"],
        persons(ex),
    )


def fits_delta(
    base: tuple[int, ...], kind: str, n: int, pay: str | None = None, price: int = 0
) -> bool:
    """Whether some mode fits after gaining ``n`` of ``kind`` (n < 0: losing, healthy members
    first) and paying ``price`` of good ``pay``, from the expedition's ``numbers``."""
    gifts, rations, units, canoes, animals, hb, bearers, people = base
    if kind == "gifts":
        gifts += n
    elif kind == "rations":
        rations += n
    elif kind in ("water", "musket", "item"):
        units += n
    elif kind == "canoe":
        canoes += n
    elif kind in ("horse", "camel"):
        animals += n
    elif kind == "bearer":
        hb = hb + n if n >= 0 else hb - min(hb, -n)
        bearers += n
        people += n
    else:
        people += n
    if pay == "gifts":
        gifts -= price
    elif pay == "rations":
        rations -= price
    return _fit_numbers(rations + units + -(-gifts // 10), canoes, animals, hb, bearers, people)


def fits_after(ex: Explorer, kind: str, n: int, pay: str | None = None, price: int = 0) -> bool:
    """``fits_delta`` for the expedition ``ex`` (the same as trying the change on a copy)."""
    return fits_delta(numbers(ex), kind, n, pay, price)
