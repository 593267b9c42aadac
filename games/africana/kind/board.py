"""The Africana map as an SVG's context: the 22 locations at their real positions on an
outline of Africa, the equator, the travel routes, each location's travel colours (a dot AND a
letter) and the explorers as company tokens side by side; plus the expedition slots and the
books as cards, for the board area around the map.

Positions come from ``engine.board.position`` (longitude, latitude) through an
equirectangular projection; a few close neighbours are nudged apart so that nothing overlaps.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.africana.engine.data import ADVENTURES, BOARD, EXPEDITIONS
from games.africana.kind.log import place, silver
from games.africana.kind.terms import (
    ARTIFACT_NAMES,
    INITIALS,
    SEAT_COLOURS,
    TRAVEL_COLOURS,
    colour_name,
)
from games.kinds import board

#: The map's bounds in degrees and its scale in SVG units per degree.
WEST, EAST, NORTH, SOUTH, SCALE = -20.0, 56.0, 44.0, -37.5, 8.0
#: {location: (dx, dy)} in SVG units, for places too close to draw at their exact position.
NUDGE = {"mombasa": (6, -7), "sansibar": (-2, 7)}
#: {location: label anchor} for labels that would run off the map or over a neighbour.
LABEL_LEFT = {"jidda", "addis-abeba", "lourenco-marques", "kairo", "lagos", "victoria-falls"}

#: Rough coastlines (longitude, latitude): Africa, Arabia and the south of Europe.
AFRICA = [
    (-5.8, 35.8),
    (3, 36.8),
    (10.2, 37.2),
    (11, 37),
    (10, 33.9),
    (13.2, 32.9),
    (18, 30.5),
    (20, 32.1),
    (24, 32),
    (29.9, 31.2),
    (32.3, 31.3),
    (32.5, 29.9),
    (35, 24),
    (37.2, 19.6),
    (39, 15.6),
    (43.3, 12.6),
    (44, 10.4),
    (51.2, 11.8),
    (49, 6),
    (45.3, 2),
    (41.5, -1.7),
    (39.7, -4),
    (39.3, -6.8),
    (40.5, -10.5),
    (40.7, -15),
    (36.9, -17.9),
    (35, -20),
    (35.5, -24),
    (32.6, -26),
    (32.4, -28.5),
    (31, -29.9),
    (27.9, -33),
    (25.6, -34),
    (20, -34.8),
    (18.4, -34.3),
    (18, -32),
    (16.5, -28.6),
    (14.5, -23),
    (11.8, -17.3),
    (13.2, -12),
    (13.2, -8.8),
    (12.2, -6),
    (11.8, -4.8),
    (9.2, -1),
    (9.4, 2),
    (9.7, 4),
    (8.5, 4.5),
    (6, 4.3),
    (3.4, 6.4),
    (1, 5.9),
    (-2, 4.8),
    (-4, 5.3),
    (-7.5, 4.4),
    (-9, 5.5),
    (-11.5, 6.9),
    (-13.2, 8.5),
    (-15, 10.9),
    (-16.7, 12.5),
    (-17.5, 14.7),
    (-16.5, 19.5),
    (-17, 21),
    (-15, 24),
    (-13, 27.6),
    (-9.8, 29.8),
    (-9.6, 30.4),
    (-6.9, 34),
]
ARABIA = [
    (34.9, 29.5),
    (36.5, 25.5),
    (39, 21.5),
    (41, 18),
    (42.6, 15.5),
    (43.4, 12.7),
    (45, 12.9),
    (49, 14.5),
    (52.2, 15.6),
    (56, 17.5),
    (56, 32),
    (34.9, 32),
]
EUROPE = [
    (-10, 44),
    (-9, 39),
    (-6, 37),
    (-2, 36.8),
    (0, 38.7),
    (3, 42),
    (7, 43.5),
    (10, 44),
    (12.5, 41.7),
    (15.5, 40),
    (15.7, 38),
    (16.5, 38.9),
    (17, 39.5),
    (18.5, 40.1),
    (16, 41.5),
    (13.5, 43.6),
    (13.5, 44),
    (20, 42),
    (22.5, 36.6),
    (24, 38),
    (26, 40),
    (30, 41),
    (36, 36.5),
    (36, 44),
]
MADAGASCAR = [(49.3, -12), (50.5, -15.5), (47, -25), (44, -24.5), (43.5, -21), (44.5, -16)]


def project(lon: float, lat: float) -> tuple[float, float]:
    """SVG (x, y) of a longitude and latitude (degrees, east and north positive)."""
    return round((lon - WEST) * SCALE, 1), round((NORTH - lat) * SCALE, 1)


def _points(coast) -> str:
    return " ".join(",".join(str(v) for v in project(lon, lat)) for lon, lat in coast)


def location_xy(loc: str) -> tuple[float, float]:
    """Where ``loc`` is drawn, in SVG units."""
    x, y = project(*BOARD.position(loc))
    dx, dy = NUDGE.get(loc, (0, 0))
    return x + dx, y + dy


def seat_tokens(seats: list[dict]) -> list[dict]:
    """The seats' tokens in seat order: {"number", "key" (the seat colour's key), "name",
    "initial", "fill", "ink", "shape", "text_dy", "colour"}; the shape (one of
    ``games.kinds.SEAT_SHAPES``) and the initial are the cues that are not colour."""
    by_key = {colour.key: colour for colour in SEAT_COLOURS}
    tokens = []
    for number, seat in enumerate(seats):
        colour = by_key.get(seat["colour"], SEAT_COLOURS[number])
        tokens.append(
            {
                "number": number + 1,
                "key": colour.key,
                "name": seat["name"],
                "initial": INITIALS[number],
                "fill": colour.fill,
                "ink": colour.ink,
                "shape": colour.shape,
                "text_dy": colour.text_dy,
                "colour": colour.name,
            }
        )
    return tokens


def expedition_card(card_id: str | None) -> dict | None:
    """An expedition card's face for the page, or None for an empty space."""
    if card_id is None:
        return None
    card = EXPEDITIONS[card_id]
    return {
        "id": card_id,
        "back": card["back"],
        "start": place(card["start"]),
        "target": place(card["target"]),
        "silver": card["silver"],
        "vp": card["vp"],
    }


def adventure_card(card_id: str | None) -> dict | None:
    """An adventure card's face: target, reward and artifact or assistant; None for none."""
    if card_id is None:
        return None
    card = ADVENTURES[card_id]
    face = {"id": card_id, "target": place(card["target"]), "kind": card["kind"]}
    if card["kind"] == "artifact":
        face |= {
            "what": ARTIFACT_NAMES.get(card["artifact"], card["artifact"]),
            "silver": card["silver"],
            "vp": card["vp"],
        }
    else:
        face |= {
            "what": _("%(colour)s assistant") % {"colour": colour_name(card["assistant"])},
            "colour": card["assistant"],
        }
    return face


def slot_bonus(bonus: dict) -> str:
    """A slot's joining bonus in words."""
    if "travel" in bonus:
        return _("1 travel card")
    return silver(bonus["silver"])


#: The width of the close-up of the mail's picture, in map units (the map is about 600 across).
FOCUS_ACROSS = 250


class Board(board.Board):
    """Africana's board: the map with its locations, routes and explorers, the expedition
    slots and the books."""

    #: {target kind: words} of the map's clickable locations, for the legend, in its order:
    #: a location one card takes the explorer to (a step: the turn goes on, rulebook,
    #: Gameplay C), and one that several cards fit (the player picks the card first).
    target_kinds = {
        "step": gettext_lazy("Move there; your turn goes on"),
        "choose": gettext_lazy("Several cards fit: choose the card first"),
    }

    def mail_focus(self, observation: dict, board_context: dict, viewer: int) -> str | None:
        """The close-up of the mail's picture: FOCUS_ACROSS map units about the viewer's
        explorer, with the places it may travel to next."""
        x, y = location_xy(observation["explorers"][viewer])
        width, height = board_context["width"], board_context["height"]
        return board.focus_around(x, y, width, height, FOCUS_ACROSS)

    def context(
        self, observation: dict, seats: list[dict], *, links=None, selected=None, highlight=None
    ) -> dict:
        """The map, slots and books of ``observation`` for the board partials.

        ``links`` is {location: {"href", "label", "hx_post", "hx_vals"}} for the player to move;
        ``selected`` a location whose choices are open; ``highlight`` is ignored (the mails'
        board has no links anyway)."""
        links = links or {}
        tokens = seat_tokens(seats)
        explorers_at: dict[str, list[dict]] = {}
        for seat in range(len(observation["players"])):
            explorers_at.setdefault(observation["explorers"][seat], []).append(tokens[seat])
        locations = []
        for loc in BOARD.locations:
            x, y = location_xy(loc)
            colours = BOARD.colors(loc)
            here = explorers_at.get(loc, [])
            left = loc in LABEL_LEFT
            locations.append(
                {
                    "id": loc,
                    "name": place(loc),
                    "x": x,
                    "y": y,
                    "north": BOARD.book(loc) == "north",
                    "dots": [
                        {
                            "dx": 16 + 15 * i if not left else -16 - 15 * i,
                            "letter": TRAVEL_COLOURS[c][1],
                            "fill": TRAVEL_COLOURS[c][2],
                            "ink": TRAVEL_COLOURS[c][3],
                        }
                        for i, c in enumerate(colours)
                    ],
                    "label_dx": -12 if left else 12,
                    "anchor": "end" if left else "start",
                    "explorers": [
                        dict(token, dx=round((i - (len(here) - 1) / 2) * 17, 1))
                        for i, token in enumerate(here)
                    ],
                    **board.place_links(links, loc),
                    "selected": loc == selected,
                    "title": _("%(place)s: travel colours %(colours)s")
                    % {
                        "place": place(loc),
                        "colours": ", ".join(colour_name(c) for c in colours),
                    },
                }
            )
        routes = []
        for loc in BOARD.locations:
            for other in BOARD.routes(loc):
                if loc < other:
                    (x1, y1), (x2, y2) = location_xy(loc), location_xy(other)
                    routes.append({"x1": x1, "y1": y1, "x2": x2, "y2": y2})
        _x, equator = project(0, 0)
        width, height = project(EAST, SOUTH)
        where = "; ".join(
            _("%(player)s at %(place)s")
            % {"player": t["name"], "place": place(observation["explorers"][n])}
            for n, t in enumerate(tokens)
        )
        return {
            "width": width,
            "height": height,
            "view_box": f"0 0 {width} {height}",
            "title": _("Map of Africa"),
            "description": where,
            "coasts": [_points(AFRICA), _points(ARABIA), _points(EUROPE), _points(MADAGASCAR)],
            "equator": equator,
            "equator_label_x": width - 8,
            "equator_label_y": equator - 5,
            "routes": routes,
            "locations": locations,
            "seats": tokens,
            "colours": [
                {"key": key, "letter": letter, "fill": fill, "ink": ink, "name": name}
                for key, (name, letter, fill, ink) in TRAVEL_COLOURS.items()
            ],
            "slots": [
                {
                    "number": n + 1,
                    "card": expedition_card(slot["card"]),
                    "bonus": slot_bonus(slot["bonus"]),
                    "markers": [tokens[s] for s in slot["markers"]],
                }
                for n, slot in enumerate(observation["slots"])
            ],
            "books": [
                {
                    "name": book,
                    "label": _("North book") if book == "north" else _("South book"),
                    "left_top": adventure_card(view["left_top"]),
                    "right_top": adventure_card(view["right_top"]),
                    "left_count": view["left_count"],
                    "right_count": view["right_count"],
                    "left_known": view["left"],
                    "right_known": view["right"],
                }
                for book, view in observation["books"].items()
            ],
            "piles": {
                "expeditions": observation["expedition_pile"],
                "draw": observation["draw_pile"],
                "discard": len(observation["discard_pile"]),
            },
            "last_round": observation["last_round"],
            "page_cost": 0 if observation.get("book_turns", 0) == 0 else 1,
        }

    def text_context(self, observation: dict, seats: list[dict], viewer: int | None) -> dict:
        """The text mode's board (see ``games.kinds.board.Board.text_context``): {"board":
        the graphic board's context (its expedition slots, piles and books, shown as the
        graphic board's area shows them), "mine": the viewer's location (None for a watcher),
        "locations": [{"title" ("Kairo: travel colours orange, gray"), "explorers" (the names
        of the players whose explorer is there), "routes" (the names of the locations a route
        joins it to), "cards" (the expedition cards on display that start or end there, in
        words)}] in the map's order}."""
        drawn = self.context(observation, seats, highlight=set())
        cards: dict[str, list[str]] = {}
        for slot in drawn["slots"]:
            card = slot["card"]
            if card is not None:
                words = _(
                    "Expedition %(card)s in space %(space)s, from %(start)s to %(target)s"
                ) % {
                    "card": card["id"],
                    "space": slot["number"],
                    "start": card["start"],
                    "target": card["target"],
                }
                for loc in {EXPEDITIONS[card["id"]]["start"], EXPEDITIONS[card["id"]]["target"]}:
                    cards.setdefault(loc, []).append(words)
        locations = [
            {
                "title": location["title"],
                "explorers": [token["name"] for token in location["explorers"]],
                "routes": [place(other) for other in BOARD.routes(location["id"])],
                "cards": cards.get(location["id"], []),
            }
            for location in drawn["locations"]
        ]
        mine = None
        if viewer is not None:
            mine = place(observation["explorers"][viewer])
        return {"board": drawn, "mine": mine, "locations": locations}

    def changed_cells(self, events: list[dict]) -> set[str]:
        """The map locations that Africana's public ``events`` name: where an explorer came from
        ("origin") and went to ("location")."""
        cells = set()
        for event in events:
            for key in ("origin", "location"):
                if event.get(key) in BOARD.locations:
                    cells.add(event[key])
        return cells

    def mark_changed(self, board_context: dict, cells: set[str]) -> dict:
        """``board_context`` ({"board": ...}) with its locations in ``cells`` flagged "changed"
        (drawn with the since-your-last-visit outline and dot). Changes the context given and
        returns it."""
        if cells:
            for loc in board_context["board"]["locations"]:
                loc["changed"] = loc["id"] in cells
            board_context["changed_any"] = True
        return board_context
