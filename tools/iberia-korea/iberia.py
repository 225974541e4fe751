"""Generates maps/iberia.toml: a reconstruction of the Iberia map to the published rules.

Run from the repository root: `python3 tools/iberia-korea/iberia.py` (writes the map) or
`python3 tools/iberia-korea/iberia.py --survey` (prints every route's distance and the length
it suggests, to review the authored lengths).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import (  # noqa: E402
    Projection,
    balance_colors,
    haversine_km,
    latlon_text,
    pick_tickets,
    route_toml,
    stats,
    toml_str,
)

# One train space stands for about this many kilometres of straight line.
KM_PER_SPACE = 55.0

PROJECTION = Projection(lat0=40.0, lon_west=-9.8, lat_north=44.2, scale=100.0, margin=30)

# Where `ttrmap layout MAP --fit --write` moved the projected cities so that every route's
# straight distance between its markers holds its cars (each within FIT_MAX_MOVE_MM of its
# projected place). Regenerate with this emptied, run `--fit --write` on the map, and copy
# the positions back to refit.
FIT_MAX_MOVE_MM = 30
FITTED = {
    "a-coruna": (124, 93),
    "santiago": (105, 145),
    "vigo": (71, 234),
    "ourense": (170, 213),
    "oviedo": (330, 111),
    "leon": (358, 201),
    "santander": (460, 95),
    "bilbao": (552, 106),
    "san-sebastian": (642, 83),
    "pamplona": (664, 174),
    "burgos": (502, 227),
    "valladolid": (425, 280),
    "salamanca": (378, 361),
    "zaragoza": (725, 290),
    "lleida": (821, 278),
    "barcelona": (956, 315),
    "tarragona": (872, 357),
    "madrid": (517, 396),
    "caceres": (321, 520),
    "badajoz": (239, 564),
    "teruel": (698, 420),
    "valencia": (755, 507),
    "albacete": (629, 543),
    "ciudad-real": (483, 540),
    "cordoba": (408, 654),
    "sevilla": (327, 709),
    "cadiz": (298, 799),
    "malaga": (442, 781),
    "granada": (518, 726),
    "almeria": (601, 770),
    "murcia": (695, 656),
    "alicante": (737, 611),
    "palma": (984, 493),
    "braga": (151, 298),
    "porto": (102, 326),
    "braganca": (293, 260),
    "viseu": (157, 402),
    "coimbra": (109, 430),
    "guarda": (249, 390),
    "castelo-branco": (229, 482),
    "lisboa": (73, 574),
    "evora": (159, 611),
    "faro": (161, 743),
    "france": (885, 121),
}

# id, display name, latitude, longitude, region, festival group (or None).
# Coordinates are the city centres (town hall / main square), rounded to 4 decimals.
# France is one plain city (the rule text: it follows no special rule); it sits at Toulouse's
# coordinates, north of the central Pyrenees.
CITIES = [
    ("a-coruna", "A Coruña", 43.3623, -8.4115, "spain", None),
    ("santiago", "Santiago de Compostela", 42.8782, -8.5448, "spain", None),
    ("vigo", "Vigo", 42.2406, -8.7207, "spain", None),
    ("ourense", "Ourense", 42.3358, -7.8639, "spain", None),
    ("oviedo", "Oviedo", 43.3614, -5.8494, "spain", None),
    ("leon", "León", 42.5987, -5.5671, "spain", None),
    ("santander", "Santander", 43.4623, -3.8100, "spain", None),
    ("bilbao", "Bilbao", 43.2630, -2.9350, "spain", None),
    ("san-sebastian", "Donostia-San Sebastián", 43.3183, -1.9812, "spain", None),
    ("pamplona", "Pamplona", 42.8125, -1.6458, "spain", "pamplona"),
    ("burgos", "Burgos", 42.3439, -3.6969, "spain", None),
    ("valladolid", "Valladolid", 41.6523, -4.7245, "spain", None),
    ("salamanca", "Salamanca", 40.9701, -5.6635, "spain", None),
    ("zaragoza", "Zaragoza", 41.6488, -0.8891, "spain", None),
    ("lleida", "Lleida", 41.6176, 0.6200, "spain", None),
    ("barcelona", "Barcelona", 41.3851, 2.1734, "spain", "barcelona"),
    ("tarragona", "Tarragona", 41.1189, 1.2445, "spain", None),
    ("madrid", "Madrid", 40.4168, -3.7038, "spain", "madrid"),
    ("caceres", "Cáceres", 39.4753, -6.3724, "spain", None),
    ("badajoz", "Badajoz", 38.8794, -6.9707, "spain", None),
    ("teruel", "Teruel", 40.3456, -1.1065, "spain", None),
    ("valencia", "València", 39.4699, -0.3763, "spain", "valencia"),
    ("albacete", "Albacete", 38.9943, -1.8585, "spain", None),
    ("ciudad-real", "Ciudad Real", 38.9848, -3.9274, "spain", None),
    ("cordoba", "Córdoba", 37.8882, -4.7794, "spain", None),
    ("sevilla", "Sevilla", 37.3891, -5.9845, "spain", "sevilla"),
    ("cadiz", "Cádiz", 36.5271, -6.2886, "spain", "cadiz"),
    ("malaga", "Málaga", 36.7213, -4.4214, "spain", None),
    ("granada", "Granada", 37.1773, -3.5986, "spain", None),
    ("almeria", "Almería", 36.8340, -2.4637, "spain", None),
    ("murcia", "Murcia", 37.9922, -1.1307, "spain", None),
    ("alicante", "Alacant / Alicante", 38.3452, -0.4810, "spain", None),
    ("palma", "Palma", 39.5696, 2.6502, "spain", None),
    ("braga", "Braga", 41.5454, -8.4265, "portugal", None),
    ("porto", "Porto", 41.1579, -8.6291, "portugal", "porto-coimbra"),
    ("braganca", "Bragança", 41.8061, -6.7567, "portugal", None),
    ("viseu", "Viseu", 40.6566, -7.9125, "portugal", None),
    ("coimbra", "Coimbra", 40.2033, -8.4103, "portugal", "porto-coimbra"),
    ("guarda", "Guarda", 40.5373, -7.2676, "portugal", None),
    ("castelo-branco", "Castelo Branco", 39.8222, -7.4909, "portugal", None),
    ("lisboa", "Lisboa", 38.7223, -9.1393, "portugal", "lisboa"),
    ("evora", "Évora", 38.5714, -7.9135, "portugal", None),
    ("faro", "Faro", 37.0194, -7.9322, "portugal", None),
    ("france", "France", 43.6047, 1.4442, None, None),
]

# from, to, length, lanes. A lane is "gray", a colour, or ["*"] (any colour, chosen by the
# balancer). Two lanes make a double route. Lengths were set from `--survey` (distance /
# KM_PER_SPACE, rounded) and adjusted where the drawn track must bend (mountains, coast).
G, C = "gray", ["*"]
ROUTES = [
    # Galicia and the Cantabrian coast
    ("a-coruna", "santiago", 1, [C, G]),
    ("santiago", "vigo", 2, [C]),
    ("santiago", "ourense", 2, [G]),
    ("vigo", "ourense", 2, [C]),
    ("a-coruna", "oviedo", 5, [C]),
    ("ourense", "leon", 4, [C]),
    ("ourense", "braganca", 3, [G]),
    ("oviedo", "leon", 2, [C, G]),
    ("oviedo", "santander", 3, [C]),
    ("santander", "bilbao", 2, [G]),
    ("bilbao", "san-sebastian", 2, [C, C]),
    ("san-sebastian", "pamplona", 2, [C]),
    ("san-sebastian", "france", 6, [G]),
    ("pamplona", "france", 5, [C]),
    ("santander", "burgos", 3, [G]),
    ("bilbao", "burgos", 3, [C]),
    ("bilbao", "pamplona", 3, [G]),
    ("pamplona", "zaragoza", 3, [C, C]),
    # The Meseta
    ("leon", "burgos", 3, [G]),
    ("leon", "valladolid", 2, [C]),
    ("burgos", "valladolid", 2, [C]),
    ("burgos", "madrid", 4, [C, G]),
    ("valladolid", "salamanca", 2, [G]),
    ("valladolid", "madrid", 3, [C, C]),
    ("salamanca", "madrid", 3, [C]),
    ("salamanca", "braganca", 3, [C]),
    ("salamanca", "guarda", 3, [G]),
    ("salamanca", "caceres", 4, [C]),
    ("madrid", "zaragoza", 5, [C, C]),
    ("madrid", "teruel", 4, [G]),
    ("madrid", "albacete", 4, [C]),
    ("madrid", "ciudad-real", 3, [C, C]),
    ("madrid", "caceres", 5, [C]),
    # Aragón and Catalonia
    ("zaragoza", "lleida", 2, [C, G]),
    ("zaragoza", "teruel", 3, [C]),
    ("zaragoza", "france", 5, [G]),
    ("lleida", "barcelona", 3, [C, C]),
    ("lleida", "tarragona", 2, [G]),
    ("lleida", "france", 4, [C]),
    ("tarragona", "barcelona", 2, [C, G]),
    ("barcelona", "france", 5, [C, C]),
    ("barcelona", "palma", 4, [G]),
    ("tarragona", "valencia", 4, [C]),
    ("teruel", "valencia", 2, [C]),
    ("valencia", "palma", 5, [G]),
    # Levante
    ("valencia", "alicante", 2, [C, C]),
    ("valencia", "albacete", 3, [G]),
    ("alicante", "murcia", 1, [G]),
    ("albacete", "murcia", 3, [C]),
    ("albacete", "ciudad-real", 3, [G]),
    # Andalucía
    ("murcia", "almeria", 3, [C]),
    ("murcia", "granada", 4, [C]),
    ("almeria", "granada", 2, [G]),
    ("granada", "malaga", 2, [C]),
    ("granada", "cordoba", 3, [G]),
    ("cordoba", "sevilla", 2, [C, C]),
    ("cordoba", "ciudad-real", 3, [C]),
    ("cordoba", "malaga", 3, [C]),
    ("malaga", "cadiz", 3, [G]),
    ("sevilla", "cadiz", 2, [C]),
    ("sevilla", "malaga", 3, [G]),
    ("sevilla", "badajoz", 4, [C]),
    ("sevilla", "faro", 4, [C]),
    # Extremadura and Portugal
    ("badajoz", "caceres", 2, [G]),
    ("badajoz", "evora", 2, [C]),
    ("caceres", "castelo-branco", 2, [C]),
    ("lisboa", "evora", 2, [C, G]),
    ("lisboa", "coimbra", 3, [C, C]),
    ("lisboa", "faro", 4, [C]),
    ("evora", "faro", 3, [G]),
    ("coimbra", "porto", 2, [C, C]),
    ("coimbra", "viseu", 1, [G]),
    ("coimbra", "castelo-branco", 3, [C]),
    ("porto", "braga", 1, [C, G]),
    ("porto", "viseu", 2, [C]),
    ("braga", "vigo", 2, [G]),
    ("braga", "braganca", 3, [C]),
    ("viseu", "guarda", 2, [C]),
    ("guarda", "castelo-branco", 2, [G]),
    ("guarda", "braganca", 3, [G]),
]

# Locomotive spaces of the sea crossings (the rule text: one locomotive per icon).
FERRIES = {
    ("barcelona", "palma"): 1,
    ("valencia", "palma"): 2,
}

# Festival groups. The rule text gives 54 cards in all and two chart points: 3 Sevilla cards
# score 6 and 7 Valencia cards score 22. Which cities hold festivals, how many cards each has
# and every other chart value are not published in any text we have: they are placeholders.
FESTIVAL_CHART = [1, 3, 6, 10, 14, 18, 22, 26]
FESTIVALS = [
    ("valencia", "Les Falles (València)", 8),
    ("sevilla", "Feria de Abril (Sevilla)", 7),
    ("pamplona", "Sanfermines (Pamplona)", 7),
    ("porto-coimbra", "São João do Porto e Queima das Fitas (Porto, Coimbra)", 8),
    ("barcelona", "La Mercè (Barcelona)", 6),
    ("madrid", "San Isidro (Madrid)", 6),
    ("lisboa", "Santo António (Lisboa)", 6),
    ("cadiz", "Carnaval de Cádiz", 6),
]

# 50 tickets (rule text: component list), valued at the shortest path in spaces.
TICKET_BANDS = [(5, 8, 16), (9, 13, 20), (14, 17, 9), (18, 40, 5)]


def build_routes():
    ids = {c[0] for c in CITIES}
    routes = []
    for a, b, length, lanes in ROUTES:
        assert a in ids and b in ids, (a, b)
        routes.append(
            {
                "from": a,
                "to": b,
                "length": length,
                "lanes": [list(x) if isinstance(x, list) else x for x in lanes],
                "ferry": FERRIES.get((a, b), 0),
            }
        )
    return routes


def coords():
    return {c[0]: (c[2], c[3]) for c in CITIES}


def survey():
    pos = coords()
    for a, b, length, lanes in ROUTES:
        km = haversine_km(pos[a], pos[b])
        hint = max(1, min(6, round(km / KM_PER_SPACE)))
        flag = "" if abs(hint - length) <= 1 else "   <-- check"
        print(f"{a:>15} {b:<15} {km:6.0f} km  suggest {hint}  authored {length}{flag}")


def main():
    if "--survey" in sys.argv:
        survey()
        return
    routes = build_routes()
    spaces = balance_colors(
        routes,
        ["red", "blue", "green", "yellow", "black", "white", "orange", "pink"],
    )
    ids = [c[0] for c in CITIES]
    tickets, used = pick_tickets(ids, routes, TICKET_BANDS, per_city_max=4, salt="iberia")
    lanes, total, by_color, lanes_by_color = stats(routes)
    print(f"cities {len(CITIES)}  routes {len(routes)}  lanes {lanes}  spaces {total}", file=sys.stderr)
    print(f"spaces by colour {by_color}", file=sys.stderr)
    print(f"lanes by colour {lanes_by_color}", file=sys.stderr)
    print(f"ticket values {sorted(t[2] for t in tickets)}", file=sys.stderr)
    print(f"cities on no ticket {[c for c, n in used.items() if n == 0]}", file=sys.stderr)
    assert sum(n for _, _, n in FESTIVALS) == 54

    out = []
    out.append("#:schema ../schemas/ttrmap.schema.json")
    out.append(HEADER.strip("\n").format(cities=len(CITIES) - 1, fit_max=FIT_MAX_MOVE_MM))
    out.append("")
    out.append("[map]")
    out.append('id = "iberia"')
    out.append('name = "Iberia (reconstruction)"')
    out.append('version = "0.1.0"')
    out.append('authors = ["ttrmap contributors"]')
    out.append('license = "CC0-1.0"')
    out.append(
        'description = "Seed map reconstructed from real geography to the published Iberia '
        'rules; not a copy of the printed board, whose routes and tickets are not public."'
    )
    out.append("players = { min = 2, max = 5 }")
    w = max(PROJECTION.xy(c[2], c[3])[0] for c in CITIES) + PROJECTION.margin
    h = max(PROJECTION.xy(c[2], c[3])[1] for c in CITIES) + PROJECTION.margin
    out.append("# Cars of 29.4 mm: the length `ttrmap layout --fit` fitted the cities to (FITTED).")
    out.append(f'board = {{ width = {w}, height = {h}, units = "px", space_mm = [29.4, 9] }}')
    out.append("")
    out.append(RULES.strip("\n"))
    out.append("")
    out.append(MECHANICS_HEAD.strip("\n"))
    for gid, name, cards in FESTIVALS:
        out.append("")
        out.append("[[mechanics.festivals.groups]]")
        out.append(f"id = {toml_str(gid)}")
        out.append(f"name = {toml_str(name)}")
        out.append(f"cards = {cards}")
        out.append("chart = [" + ", ".join(str(p) for p in FESTIVAL_CHART[:cards]) + "]")
    out.append("")
    out.append(DRAFT_CARD.strip("\n"))
    out.append("")
    out.append("[[regions]]")
    out.append('id = "spain"')
    out.append('name = "España"')
    out.append("")
    out.append("[[regions]]")
    out.append('id = "portugal"')
    out.append('name = "Portugal"')
    out.append("")
    out.append("# Cities: positions from real latitude/longitude (see the header for the projection),")
    out.append("# moved by `ttrmap layout --fit` so that every route's straight distance holds its cars.")
    out.append("# Where the drawn board bends a route round a crowded city, its cars can still stop short")
    out.append("# of a marker: `ttrmap check --verbose` names those routes (route-slack).")
    for cid, name, lat, lon, region, fest in CITIES:
        out.append("")
        out.append("[[cities]]")
        out.append(f"id = {toml_str(cid)}")
        out.append(f"name = {toml_str(name)}")
        x, y = FITTED.get(cid, PROJECTION.xy(lat, lon))
        out.append(f"position = [{x}, {y}]  # {latlon_text(lat, lon)}")
        if region:
            out.append(f"region = {toml_str(region)}")
        if fest:
            out.append(f"festival = {toml_str(fest)}")
    out.append("")
    out.append("# Routes. Lengths follow straight-line distance (about 55 km a space).")
    for r in routes:
        out.append("")
        out.append(route_toml(r))
    out.append("")
    out.append("# 50 tickets, each worth the shortest path between its cities in spaces.")
    for a, b, d in tickets:
        out.append("")
        out.append("[[tickets]]")
        out.append(f"from = {toml_str(a)}")
        out.append(f"to = {toml_str(b)}")
        out.append(f"points = {d}")
    out.append("")
    out.append(LINT.strip("\n"))
    text = "\n".join(out) + "\n"
    path = os.path.join("maps", "iberia.toml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {path}", file=sys.stderr)


HEADER = """
# Iberia: a RECONSTRUCTION to the published rules (Ticket to Ride Map Collection 8: Iberia &
# South Korea, Days of Wonder 2024), NOT a copy of the printed board. No public source gives
# the board's cities, routes or tickets, so this seed map is authored from real geography:
#
# - Cities: {cities} real cities of Spain and Portugal plus France, one plain city (the rule text says
#   France follows no special rule and counts as a city for every purpose; so no zone here).
# - Positions: real latitude/longitude, equirectangular projection about 40 deg N:
#   x = (lon + 9.8) * cos(40 deg) * 100 + 30, y = (44.2 - lat) * 100 + 30, in px (1 deg of
#   latitude = 100 px). France sits at Toulouse's coordinates.
#   Then moved (each by at most {fit_max} mm of the print) by `ttrmap layout --fit` so that
#   every route's straight distance between its two markers holds its chain of cars.
#   Where two routes still leave a city at a narrower angle than their first cars need,
#   those cars overlap, each pair named by `ttrmap check --verbose` (space-overlap); a route
#   whose cities stand farther apart than its cars fill stops short or leaves gaps, and is
#   named too (route-slack).
# - Route lengths: straight-line distance at about 55 km a space, adjusted by hand where the
#   drawn track must bend; lane colours balanced by the generator.
# - Tickets: 50 (the rule text's component count), each valued at its shortest path in spaces.
# - Festivals: the 54 cards and the two chart examples are from the rule text; the festival
#   cities, per-city card counts and other chart values are placeholders (`unverified`).
#
# Generated by tools/iberia-korea/iberia.py; edit the script, not this file.
"""

RULES = """
# The `iberia` preset: 35 trains a player, the opening draft (6 dealt, keep 4, pass left,
# leftovers shuffled back), no longest-path or Globetrotter bonus (all from the rule text).
# Double routes open from 4 players (the base-game default, as the rule text says).
[rules]
base = "iberia"
"""

MECHANICS_HEAD = """
# Festival cards (rule text: 54 Festival cards shuffled into the train deck; a set scores by
# the chart on its cards; Porto and Coimbra share one set). The chart entries for 3 cards
# (6 points, Sevilla) and 7 cards (22 points, Valencia) reproduce the rule text's examples;
# every other value, the choice of festival cities and the card counts are PLACEHOLDERS.
# One chart is used for every group: chart[k-1] is the score for k cards.
[mechanics.festivals]
unverified = true
"""

DRAFT_CARD = """
# The Ticket Draft card (rule text): it goes about halfway down the deck with 2 players, two
# thirds with 3 and three quarters with 4 or 5; when drawn, everyone drafts again (6 dealt,
# pass right, keep exactly 4, the 2 leftovers each go under the ticket deck), and no one may
# draw tickets before that second draft.
[mechanics.ticket_draft_card]
depth_by_players = { 2 = 0.5, 3 = 0.6667, 4 = 0.75, 5 = 0.75 }
deal = 6
keep = 4
pass = "right"
leftovers = "bottom"
locks_ticket_draws = true
"""

LINT = """
# Ticket values would be changed by festival scoring in the published game; the preset
# already switches the shortest-path comparison off.
[lint]
allow = ["ticket-value"]
"""

if __name__ == "__main__":
    main()
