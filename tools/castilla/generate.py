#!/usr/bin/env python3
"""Generates maps/castilla.toml, the Castilla y León fan map, reconstructed from real geography.

No public route data exists for the fan map, so this is not a copy of its printed board: the
cities are real towns placed from their latitude and longitude, the routes join real
neighbours, and the numbers are made to meet the published rules (300 spaces; every card
colour with the same spaces, routes and tunnels; 50 normal, 8 long, 19 double-capital and 17
triple-capital tickets; normal and long tickets never touch a capital).

Standard library only, no randomness: running it twice writes the same file. The board is laid
out by `ttrmap render` on the positions `ttrmap layout --fit` fitted (FITTED); LABELS and SHAPES
hold any name or route shape placed by hand (none now).

    python3 tools/castilla/generate.py            # writes maps/castilla.toml
    python3 tools/castilla/generate.py --report   # also prints the design tables
"""

import heapq
import itertools
import math
import os
import sys
import textwrap

# --- Board and projection ------------------------------------------------------------------
# The published board is 80 x 55.8 cm. Positions are in millimetres, origin top-left, y down.
BOARD_W, BOARD_H = 800.0, 558.0
# Equirectangular projection: x = lon * cos(LAT0), y = lat, both times SCALE mm per degree.
LAT0 = 41.6  # the region's middle latitude
SCALE = 170.0  # mm per degree of latitude (the tallest scale that fits with a margin)

PROVINCES = [
    ("avila", "Ávila"),
    ("burgos", "Burgos"),
    ("leon", "León"),
    ("palencia", "Palencia"),
    ("salamanca", "Salamanca"),
    ("segovia", "Segovia"),
    ("soria", "Soria"),
    ("valladolid", "Valladolid"),
    ("zamora", "Zamora"),
]

# id, display name, province, latitude, longitude, capital?
CITIES = [
    ("leon", "León", "leon", 42.599, -5.567, True),
    ("palencia", "Palencia", "palencia", 42.010, -4.529, True),
    ("burgos", "Burgos", "burgos", 42.344, -3.697, True),
    ("soria", "Soria", "soria", 41.764, -2.465, True),
    ("segovia", "Segovia", "segovia", 40.943, -4.109, True),
    ("avila", "Ávila", "avila", 40.657, -4.682, True),
    ("valladolid", "Valladolid", "valladolid", 41.652, -4.725, True),
    ("salamanca", "Salamanca", "salamanca", 40.970, -5.664, True),
    ("zamora", "Zamora", "zamora", 41.504, -5.745, True),
    # León
    ("ponferrada", "Ponferrada", "leon", 42.546, -6.596, False),
    ("villablino", "Villablino", "leon", 42.939, -6.320, False),
    ("astorga", "Astorga", "leon", 42.459, -6.056, False),
    ("la-baneza", "La Bañeza", "leon", 42.300, -5.898, False),
    ("sahagun", "Sahagún", "leon", 42.371, -5.030, False),
    ("riano", "Riaño", "leon", 42.971, -5.020, False),
    # Palencia
    ("osorno", "Osorno", "palencia", 42.415, -4.362, False),
    ("guardo", "Guardo", "palencia", 42.789, -4.842, False),
    ("aguilar-de-campoo", "Aguilar de Campoo", "palencia", 42.794, -4.259, False),
    # Burgos
    ("aranda-de-duero", "Aranda de Duero", "burgos", 41.670, -3.689, False),
    ("miranda-de-ebro", "Miranda de Ebro", "burgos", 42.687, -2.947, False),
    ("briviesca", "Briviesca", "burgos", 42.549, -3.322, False),
    ("villarcayo", "Villarcayo", "burgos", 42.939, -3.570, False),
    ("salas-de-los-infantes", "Salas de los Infantes", "burgos", 42.022, -3.284, False),
    # Soria
    ("el-burgo-de-osma", "El Burgo de Osma", "soria", 41.587, -3.067, False),
    ("almazan", "Almazán", "soria", 41.486, -2.531, False),
    ("agreda", "Ágreda", "soria", 41.856, -1.922, False),
    ("medinaceli", "Medinaceli", "soria", 41.172, -2.434, False),
    # Segovia
    ("cuellar", "Cuéllar", "segovia", 41.401, -4.314, False),
    ("sepulveda", "Sepúlveda", "segovia", 41.297, -3.744, False),
    # Ávila
    ("arevalo", "Arévalo", "avila", 41.065, -4.720, False),
    ("el-barco-de-avila", "El Barco de Ávila", "avila", 40.357, -5.523, False),
    ("arenas-de-san-pedro", "Arenas de San Pedro", "avila", 40.210, -5.088, False),
    # Valladolid
    ("medina-del-campo", "Medina del Campo", "valladolid", 41.312, -4.914, False),
    ("tordesillas", "Tordesillas", "valladolid", 41.502, -5.000, False),
    ("medina-de-rioseco", "Medina de Rioseco", "valladolid", 41.883, -5.044, False),
    ("penafiel", "Peñafiel", "valladolid", 41.600, -4.118, False),
    # Salamanca
    ("bejar", "Béjar", "salamanca", 40.386, -5.763, False),
    ("ciudad-rodrigo", "Ciudad Rodrigo", "salamanca", 40.600, -6.533, False),
    ("vitigudino", "Vitigudino", "salamanca", 41.010, -6.436, False),
    ("penaranda-de-bracamonte", "Peñaranda de Bracamonte", "salamanca", 40.902, -5.201, False),
    # Zamora
    ("benavente", "Benavente", "zamora", 42.003, -5.678, False),
    ("toro", "Toro", "zamora", 41.521, -5.395, False),
    ("puebla-de-sanabria", "Puebla de Sanabria", "zamora", 42.054, -6.635, False),
    ("alcanices", "Alcañices", "zamora", 41.700, -6.347, False),
    ("fermoselle", "Fermoselle", "zamora", 41.318, -6.396, False),
]

# Routes: from, to, length, lanes, kind, note. Lengths are about one space per 24 km of
# straight-line distance (the worked example's routes set that scale), rounded to suit the
# terrain. kind: "c" a colour is assigned below, "g" gray, "t" coloured tunnel, "gt" gray
# tunnel, "fN" gray transbordo (ferry) with N locomotive spaces, for a stretch with no railway
# where the trip goes on by bus. A double route lists one kind per lane.
ROUTES = [
    # The seed's worked example (León–Palencia–Burgos), lengths as printed there.
    ("leon", "sahagun", 2, ["c", "c"], "León–Palencia line"),
    ("sahagun", "osorno", 2, ["c"], "worked example"),
    ("osorno", "palencia", 2, ["c", "g"], "Palencia–Santander line"),
    ("osorno", "burgos", 2, ["g", "g"], "worked example"),
    ("sahagun", "palencia", 3, ["c", "g"], "worked example"),
    ("palencia", "aranda-de-duero", 3, ["g"], "worked example"),
    ("aranda-de-duero", "burgos", 3, ["c", "c"], "Madrid–Burgos direct line"),
    # El Bierzo and the León mountains.
    ("ponferrada", "astorga", 2, ["t", "t"], "Manzanal pass, León–Galicia line"),
    ("ponferrada", "villablino", 2, ["f1"], "Laciana; the coal line carries no passengers"),
    ("ponferrada", "puebla-de-sanabria", 3, ["f1"], "over the Cabrera by road"),
    ("villablino", "leon", 3, ["gt"], "Babia and Luna passes"),
    ("astorga", "leon", 2, ["c", "c"], "León–Galicia line"),
    ("astorga", "la-baneza", 1, ["c", "g"], ""),
    ("la-baneza", "leon", 2, ["c", "g"], ""),
    ("la-baneza", "benavente", 2, ["c"], "Ruta de la Plata"),
    ("leon", "benavente", 3, ["c", "c"], "by Valencia de Don Juan"),
    ("leon", "riano", 3, ["f1"], "Riaño has no railway"),
    ("leon", "guardo", 3, ["gt"], "La Robla narrow-gauge line"),
    ("riano", "guardo", 2, ["f1"], "by road over the reservoir valley"),
    ("guardo", "sahagun", 2, ["c"], ""),
    ("guardo", "aguilar-de-campoo", 2, ["t"], "La Robla line through the Montaña Palentina"),
    ("osorno", "aguilar-de-campoo", 2, ["c"], "Palencia–Santander line"),
    # Burgos and the north-east.
    ("aguilar-de-campoo", "villarcayo", 3, ["f1"], "Las Merindades by road"),
    ("villarcayo", "burgos", 4, ["c"], ""),
    ("villarcayo", "miranda-de-ebro", 3, ["f1"], "by the Tobalina valley"),
    ("burgos", "briviesca", 2, ["c", "c"], "Madrid–Irún line"),
    ("briviesca", "miranda-de-ebro", 2, ["t", "t"], "Pancorbo gorge"),
    ("burgos", "salas-de-los-infantes", 2, ["c"], "old Santander–Mediterráneo line"),
    ("salas-de-los-infantes", "soria", 3, ["gt"], "pine forests of Urbión"),
    ("salas-de-los-infantes", "el-burgo-de-osma", 2, ["f1"], ""),
    ("palencia", "burgos", 4, ["c", "c"], "by Venta de Baños"),
    # Soria.
    ("aranda-de-duero", "el-burgo-de-osma", 2, ["c"], "along the Duero"),
    ("el-burgo-de-osma", "soria", 2, ["c", "c"], ""),
    ("el-burgo-de-osma", "almazan", 2, ["g"], ""),
    ("soria", "almazan", 1, ["c", "c"], "Soria–Torralba line"),
    ("almazan", "medinaceli", 2, ["c"], "Soria–Torralba line"),
    ("el-burgo-de-osma", "medinaceli", 3, ["f1"], "by Berlanga de Duero"),
    ("soria", "agreda", 2, ["t", "t"], "Moncayo"),
    # Valladolid, Palencia and the Tierra de Campos.
    ("valladolid", "palencia", 2, ["c", "c"], "Madrid–Irún line"),
    ("valladolid", "medina-de-rioseco", 2, ["c"], ""),
    ("palencia", "medina-de-rioseco", 2, ["c"], "Canal de Castilla"),
    ("medina-de-rioseco", "sahagun", 3, ["c"], ""),
    ("medina-de-rioseco", "benavente", 3, ["c"], ""),
    ("zamora", "benavente", 3, ["c", "g"], "Ruta de la Plata"),
    ("zamora", "toro", 1, ["c", "c"], "Zamora–Medina line"),
    ("toro", "tordesillas", 2, ["c"], "along the Duero"),
    ("tordesillas", "valladolid", 1, ["c", "g"], ""),
    ("tordesillas", "medina-del-campo", 1, ["g"], ""),
    ("valladolid", "medina-del-campo", 2, ["c", "c"], "Madrid–Irún line"),
    ("valladolid", "penafiel", 2, ["c", "g"], "Ribera del Duero"),
    ("penafiel", "aranda-de-duero", 2, ["c"], "Ribera del Duero"),
    ("penafiel", "cuellar", 1, ["g"], ""),
    ("valladolid", "cuellar", 2, ["g"], ""),
    # Segovia and Ávila.
    ("cuellar", "segovia", 2, ["c", "c"], ""),
    ("cuellar", "sepulveda", 2, ["c"], ""),
    ("sepulveda", "aranda-de-duero", 2, ["c"], ""),
    ("sepulveda", "segovia", 2, ["f1"], "Sepúlveda has no railway"),
    ("medina-del-campo", "arevalo", 1, ["c", "c"], "Madrid–Irún line"),
    ("arevalo", "avila", 2, ["c", "g"], "Madrid–Irún line"),
    ("arevalo", "segovia", 2, ["c", "g"], ""),
    ("avila", "segovia", 3, ["gt"], "by Villacastín, under the Guadarrama foothills"),
    ("avila", "el-barco-de-avila", 3, ["gt"], "Villatoro pass"),
    ("avila", "arenas-de-san-pedro", 3, ["gt"], "Puerto del Pico, Gredos"),
    ("el-barco-de-avila", "arenas-de-san-pedro", 2, ["f1"], "under Gredos by road"),
    ("el-barco-de-avila", "bejar", 2, ["f1"], "by road"),
    # Salamanca and Zamora.
    ("salamanca", "penaranda-de-bracamonte", 2, ["c", "g"], "Salamanca–Ávila line"),
    ("penaranda-de-bracamonte", "avila", 2, ["c"], "Salamanca–Ávila line"),
    ("penaranda-de-bracamonte", "medina-del-campo", 2, ["g"], ""),
    ("salamanca", "medina-del-campo", 3, ["c", "c"], "Salamanca–Medina line"),
    ("zamora", "salamanca", 3, ["c", "c"], "Ruta de la Plata"),
    ("salamanca", "bejar", 3, ["f1"], "the Plata railway closed in 1985"),
    ("salamanca", "ciudad-rodrigo", 4, ["c", "c"], "Salamanca–Portugal line"),
    ("bejar", "ciudad-rodrigo", 3, ["f1"], "Sierra de Francia by road"),
    ("ciudad-rodrigo", "vitigudino", 2, ["f1"], ""),
    ("vitigudino", "salamanca", 3, ["g"], ""),
    ("vitigudino", "fermoselle", 2, ["f1"], "Arribes del Duero"),
    ("fermoselle", "zamora", 3, ["f1"], "Sayago by road"),
    ("zamora", "alcanices", 2, ["c"], "Aliste"),
    ("alcanices", "puebla-de-sanabria", 2, ["t"], "Sierra de la Culebra"),
    ("puebla-de-sanabria", "benavente", 4, ["c"], "by the Tera valley"),
    # More links, so that 45 towns carry the rulebook's 300 spaces.
    ("villablino", "riano", 4, ["f2"], "Babia and the Luna valley by mountain road"),
    ("puebla-de-sanabria", "astorga", 3, ["gt"], "Sierra del Teleno"),
    ("sahagun", "benavente", 3, ["c"], "Tierra de Campos"),
    ("toro", "medina-de-rioseco", 2, ["c"], ""),
    ("valladolid", "segovia", 4, ["c"], "Valladolid–Segovia high-speed line"),
    ("arevalo", "penaranda-de-bracamonte", 2, ["c"], ""),
    ("vitigudino", "zamora", 4, ["c"], "by Ledesma"),
    ("alcanices", "fermoselle", 2, ["f1"], "Aliste and Arribes by road"),
    ("aguilar-de-campoo", "burgos", 3, ["c"], ""),
    ("villarcayo", "briviesca", 2, ["c"], "La Bureba"),
    ("miranda-de-ebro", "salas-de-los-infantes", 3, ["gt"], "Sierra de la Demanda"),
    ("agreda", "almazan", 3, ["c"], ""),
    ("sepulveda", "el-burgo-de-osma", 3, ["c"], ""),
    ("aranda-de-duero", "salas-de-los-infantes", 2, ["c"], ""),
    ("penafiel", "sepulveda", 2, ["c"], ""),
    ("tordesillas", "medina-de-rioseco", 2, ["g"], ""),
    ("benavente", "toro", 3, ["g"], ""),
    ("guardo", "osorno", 3, ["g"], ""),
]


def project(lat, lon):
    return lon * math.cos(math.radians(LAT0)) * SCALE, -lat * SCALE


def positions():
    raw = {c[0]: project(c[3], c[4]) for c in CITIES}
    xs = [p[0] for p in raw.values()]
    ys = [p[1] for p in raw.values()]
    # Centre the towns' bounding box on the board.
    dx = (BOARD_W - (max(xs) - min(xs))) / 2 - min(xs)
    dy = (BOARD_H - (max(ys) - min(ys))) / 2 - min(ys)
    pos = {k: (round(x + dx, 1), round(y + dy, 1)) for k, (x, y) in raw.items()}
    return {k: FITTED.get(k, p) for k, p in pos.items()}


# Where `ttrmap layout maps/castilla.toml --fit --write` moved the projected towns so that
# every route's straight distance between its markers holds its cars (see docs: the board
# keeps its geography, each town within FIT_MAX_MOVE_MM of its projected place). Regenerate
# with this emptied, run `--fit --write`, and copy the positions back to refit.
FIT_MAX_MOVE_MM = 32
FITTED = {
    "leon": (254.9, 108.7),
    "palencia": (372, 228),
    "burgos": (466.2, 155.6),
    "soria": (614.6, 236.7),
    "segovia": (431.3, 382.3),
    "avila": (362.7, 447.7),
    "valladolid": (350.3, 291.9),
    "salamanca": (226.2, 386.9),
    "zamora": (202.6, 285.6),
    "ponferrada": (112.5, 90.5),
    "villablino": (171.6, 47.3),
    "astorga": (179.9, 105.8),
    "la-baneza": (189.3, 144.3),
    "sahagun": (318.1, 148.7),
    "riano": (300.5, 28.6),
    "osorno": (391.6, 155.4),
    "guardo": (341.9, 79.4),
    "aguilar-de-campoo": (408.3, 83.9),
    "aranda-de-duero": (473.4, 249),
    "miranda-de-ebro": (579.5, 110.9),
    "briviesca": (514.2, 109.6),
    "villarcayo": (502.3, 43.6),
    "salas-de-los-infantes": (526.8, 198.6),
    "el-burgo-de-osma": (545.1, 264),
    "almazan": (616, 282.7),
    "agreda": (689.3, 229.5),
    "medinaceli": (605.3, 346.9),
    "cuellar": (410.8, 319.5),
    "sepulveda": (476, 322.4),
    "arevalo": (356.8, 381.2),
    "el-barco-de-avila": (264.9, 477.7),
    "arenas-de-san-pedro": (310.6, 524.3),
    "medina-del-campo": (322.7, 352.5),
    "tordesillas": (308.4, 310.3),
    "medina-de-rioseco": (306.8, 241.5),
    "penafiel": (416.1, 280.1),
    "bejar": (200.3, 487.2),
    "ciudad-rodrigo": (118.8, 446.3),
    "vitigudino": (123.8, 373.3),
    "penaranda-de-bracamonte": (293.8, 418.6),
    "benavente": (228, 196.9),
    "toro": (248.3, 285.7),
    "puebla-de-sanabria": (111.9, 182.2),
    "alcanices": (140, 249.3),
    "fermoselle": (113.6, 309),
}


def km(a, b):
    """Great-circle distance in km."""
    ca, cb = CITY[a], CITY[b]
    p1, p2 = math.radians(ca[3]), math.radians(cb[3])
    dl = math.radians(cb[4] - ca[4])
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371 * math.asin(math.sqrt(h))


CITY = {c[0]: c for c in CITIES}
CAPITALS = [c[0] for c in CITIES if c[5]]
COLORS = ["red", "orange", "yellow", "green", "blue", "pink", "white", "black"]


# --- Hand placements on the drawn board ------------------------------------------------------
# The board layout (`ttrmap render`) places every name beside its own marker and draws every
# route as one chain of cars by itself, on the positions `ttrmap layout --fit` fitted (FITTED).
# A placement kept here would be written into the map as a designer would with `ttrmap layout
# --write`, so that it stays put whatever the layout does: city id -> (anchor, why), and
# (from, to) -> (bend, skew, slide, why). The hand placements made for the earlier layout
# (which looped routes round crowded towns) were dropped with it: on the fitted board each of
# those routes is drawn as a gentle chain, and each name finds a place at its marker.
LABELS = {}

SHAPES = {}

# --- Geometry checks -------------------------------------------------------------------------
def segments_cross(p1, p2, p3, p4):
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = orient(p3, p4, p1), orient(p3, p4, p2)
    d3, d4 = orient(p1, p2, p3), orient(p1, p2, p4)
    return d1 * d2 < 0 and d3 * d4 < 0


def point_segment_distance(p, a, b):
    ax, ay = a
    bx, by = b
    t = ((p[0] - ax) * (bx - ax) + (p[1] - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)
    t = max(0.0, min(1.0, t))
    return math.hypot(p[0] - (ax + t * (bx - ax)), p[1] - (ay + t * (by - ay)))


def geometry_problems(pos):
    problems = []
    for (a, b, *_), (c, d, *_) in itertools.combinations(ROUTES, 2):
        if len({a, b, c, d}) == 4 and segments_cross(pos[a], pos[b], pos[c], pos[d]):
            problems.append(f"{a}-{b} crosses {c}-{d}")
    for a, b, *_ in ROUTES:
        for c in CITY:
            if c not in (a, b):
                dist = point_segment_distance(pos[c], pos[a], pos[b])
                if dist < 14.0:
                    problems.append(f"{a}-{b} passes {dist:.0f} mm from {c}")
    return problems


# --- Colours --------------------------------------------------------------------------------
def lanes():
    """Every lane: (route index, lane index, length, kind)."""
    return [
        (ri, li, r[2], kind) for ri, r in enumerate(ROUTES) for li, kind in enumerate(r[3])
    ]


def assign_colors():
    """Gives each coloured lane one of the 8 colours so that every colour gets the same
    multiset of (length, tunnel) lanes, hence the same spaces, lanes and tunnels. Two lanes of
    one route get different colours, and a city's routes repeat a colour as little as possible.
    Deterministic: classes in a fixed order, lanes longest-first, colours by least use."""
    coloured = [l for l in lanes() if l[3] in ("c", "t")]
    classes = {}
    for l in coloured:
        classes.setdefault((l[2], l[3]), []).append(l)
    bad = {k: len(m) for k, m in classes.items() if len(m) % 8}
    if bad:
        return None, f"coloured lane classes not a multiple of 8: {bad}"
    colour_of = {}
    at_city = {c: {k: 0 for k in COLORS} for c in CITY}
    for key in sorted(classes, key=lambda k: (k[1] != "t", -k[0])):
        members = classes[key]
        quota = {k: len(members) // 8 for k in COLORS}
        # Lanes whose cities already carry many routes go first: they have the fewest choices.
        for ri, li, length, kind in members:
            a, b = ROUTES[ri][0], ROUTES[ri][1]
            taken = {colour_of.get((ri, j)) for j in range(len(ROUTES[ri][3])) if j != li}
            best = min(
                (k for k in COLORS if quota[k] > 0 and k not in taken),
                key=lambda k: (at_city[a][k] + at_city[b][k], COLORS.index(k)),
            )
            colour_of[(ri, li)] = best
            quota[best] -= 1
            at_city[a][best] += 1
            at_city[b][best] += 1
    # Then swap colours between lanes of one class while that lowers the number of cities
    # with a colour repeated (a swap keeps every colour's multiset, hence the balance).
    def repeats():
        count = {}
        for (ri, _), k in colour_of.items():
            for c in ROUTES[ri][:2]:
                count[(c, k)] = count.get((c, k), 0) + 1
        return sum(n - 1 for n in count.values() if n > 1)

    def lanes_distinct():
        return all(
            len({colour_of[(ri, j)] for j in range(len(r[3])) if (ri, j) in colour_of})
            == sum(1 for j in range(len(r[3])) if (ri, j) in colour_of)
            for ri, r in enumerate(ROUTES)
        )

    current = repeats()
    improved = True
    while improved:
        improved = False
        for key in sorted(classes, key=lambda k: (k[1] != "t", -k[0])):
            keys = [(ri, li) for ri, li, _, _ in classes[key]]
            for x, y in itertools.combinations(keys, 2):
                if colour_of[x] == colour_of[y]:
                    continue
                colour_of[x], colour_of[y] = colour_of[y], colour_of[x]
                score = repeats()
                if score < current and lanes_distinct():
                    current = score
                    improved = True
                else:
                    colour_of[x], colour_of[y] = colour_of[y], colour_of[x]
    return colour_of, None


# --- Distances and tickets ------------------------------------------------------------------
def graph():
    adj = {c: [] for c in CITY}
    for a, b, length, *_ in ROUTES:
        adj[a].append((b, length))
        adj[b].append((a, length))
    return adj


def dijkstra(adj, src):
    dist = {src: 0}
    heap = [(0, src)]
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist[u]:
            continue
        for v, w in adj[u]:
            if d + w < dist.get(v, math.inf):
                dist[v] = d + w
                heapq.heappush(heap, (d + w, v))
    return dist


def ferry_locos(a, b):
    """Ferry locomotives on the cheapest way between two cities: fewest among the shortest."""
    adj = {c: [] for c in CITY}
    for x, y, length, kinds, _ in ROUTES:
        f = min(int(k[1:]) if k.startswith("f") else 0 for k in kinds)
        adj[x].append((y, length, f))
        adj[y].append((x, length, f))
    best = {a: (0, 0)}
    heap = [(0, 0, a)]
    while heap:
        d, f, u = heapq.heappop(heap)
        if (d, f) > best[u]:
            continue
        for v, w, fl in adj[u]:
            cand = (d + w, f + fl)
            if cand < best.get(v, (math.inf, 0)):
                best[v] = cand
                heapq.heappush(heap, (d + w, f + fl, v))
    return best[b][1]


def choose_pairs(candidates, count, weight, per_city_cap, value_of, bins):
    """Greedy, deterministic ticket choice: each pick goes to the candidate whose cities are
    furthest below their share (`weight`) and whose value bin is least filled."""
    chosen = []
    used = {c: 0 for c in CITY}
    bin_fill = {b: 0 for b in bins}

    def bin_of(v):
        return max(b for b in bins if b <= v)

    while len(chosen) < count:
        best = None
        for cand in candidates:
            if cand in chosen or any(used[c] >= per_city_cap for c in cand):
                continue
            deficit = sum(weight[c] - used[c] for c in cand)
            score = (deficit - 1.5 * bin_fill[bin_of(value_of(cand))], -value_of(cand), cand)
            if best is None or score > best[0]:
                best = (score, cand)
        if best is None:
            raise SystemExit("ran out of ticket candidates")
        cand = best[1]
        chosen.append(cand)
        for c in cand:
            used[c] += 1
        bin_fill[bin_of(value_of(cand))] += 1
    return chosen


def tickets(dist):
    degree = {c: 0 for c in CITY}
    for a, b, *_ in ROUTES:
        degree[a] += 1
        degree[b] += 1
    towns = [c for c in CITY if c not in CAPITALS]

    def share(pool, total_slots):
        deg = sum(degree[c] for c in pool)
        return {c: (total_slots * degree[c] / deg if c in pool else 0) for c in CITY}

    pair_value = lambda p: dist[p[0]][p[1]]
    # Long: the farthest-apart towns (they sit on the edges of the map), each town on at most
    # two long tickets and at most one of a ticket's towns already used.
    long_candidates = sorted(
        (p for p in itertools.combinations(towns, 2) if pair_value(p) >= LONG_MIN),
        key=lambda p: (-pair_value(p), p),
    )
    long_tickets = []
    for cap in (1, 2):
        for p in long_candidates:
            if len(long_tickets) == 8:
                break
            uses = [sum(c in q for q in long_tickets) for c in p]
            if p not in long_tickets and max(uses) < cap and min(uses) == 0:
                long_tickets.append(p)
    # Normal: town to town, 5 to LONG_MIN - 1 spaces, spread as the routes out of each town
    # (the seed: a town has tickets like it has routes).
    # No normal ticket needs more than 2 transbordo locomotives (the official maps' soft limit).
    normal_candidates = [
        p
        for p in itertools.combinations(towns, 2)
        if 5 <= pair_value(p) < LONG_MIN and ferry_locos(*p) <= 2
    ]
    normal = choose_pairs(
        normal_candidates, 50, share(towns, 100), 6, pair_value, [5, 7, 9, 11]
    )
    # Double capitals: 19 of the 36 capital pairs, each capital on about 4; neighbours closer
    # than 4 spaces make no ticket.
    cap_pairs = [p for p in itertools.combinations(CAPITALS, 2) if pair_value(p) >= 4]
    double = choose_pairs(
        cap_pairs, 19, {c: 38 / 9 if c in CAPITALS else 0 for c in CITY}, 5, pair_value,
        [0, 6, 9, 12, 15],
    )

    def tree(t):
        return min(sum(dist[c][v] for c in t) for v in CITY)

    # Triple capitals: the worked example's ticket first, then 16 more, each capital on
    # about 17 * 3 / 9 tickets.
    example = ("leon", "palencia", "burgos")
    triples = [t for t in itertools.combinations(CAPITALS, 3) if set(t) != set(example)]
    weight = {c: 51 / 9 if c in CAPITALS else 0 for c in CITY}
    for c in example:
        weight[c] -= 1
    triple = [example] + choose_pairs(triples, 16, weight, 6, tree, [0, 10, 13, 16, 19])
    return normal, long_tickets, double, triple, tree


LONG_MIN = 14


# --- Output ---------------------------------------------------------------------------------
def toml_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render(pos, colour_of, normal, long_tickets, double, triple, dist, tree):
    out = []
    w = out.append
    w("#:schema ../schemas/ttrmap.schema.json")
    w("# Castilla y León, a fan map for Ticket to Ride: a reconstruction to its published rules from")
    w("# real geography, not a copy of the printed board (whose routes and tickets are not public).")
    w("# The cities are real towns placed from their real latitude and longitude by an")
    w(f"# equirectangular projection (x = longitude × cos {LAT0:g}°, y = latitude, {SCALE:g} mm per")
    w("# degree), centred on the published 80 × 55.8 cm board: `[map.board]` in mm, 800 × 558;")
    w(f"# then moved (each by at most {FIT_MAX_MOVE_MM} mm) by `ttrmap layout --fit` so that every route's")
    w("# straight distance between its two markers holds its chain of cars. Where the drawn board")
    w("# bends a route round a crowded town, its cars can still stop short of a marker: `ttrmap")
    w("# check --verbose` names those routes (route-slack). Two two-car routes (Valladolid-Medina de")
    w("# Rioseco, Cuéllar-Sepúlveda) are drawn with cars about a tenth short (route-drawn-length):")
    w("# room for them pushes their neighbours' routes short in turn, so `--fit` leaves them and")
    w("# counts them. Where two routes leave a town at a narrower angle than their first cars")
    w("# need, those cars overlap, and `ttrmap check --verbose` names each pair with the angle")
    w("# (space-overlap). Most are thin triangles: a town almost on the line between two towns")
    w("# that are joined too (Palencia-Osorno-Burgos, León-Astorga-La Bañeza, Valladolid-Cuéllar-")
    w("# Segovia, Zamora-Benavente-Toro, Salamanca-Peñaranda-Medina del Campo). The route lengths")
    w("# fix those angles, so no move of the towns opens them; another choice of routes would.")
    w("# Routes join real neighbours, about one space per 24 km in a straight line (the scale of")
    w("# the rulebook's worked example). Tunnels are mountain passes; transbordos (ferries) are")
    w("# stretches with no railway, travelled by bus. Every ticket is worth its shortest path in")
    w("# spaces; a triple ticket, the shortest tree joining its three capitals.")
    w("# Generated by tools/castilla/generate.py; edit the generator, not this file.")
    w("")
    w("[map]")
    w('id = "castilla"')
    w('name = "Castilla y León"')
    w('version = "0.1.0"')
    w('authors = ["ttrmap contributors (reconstruction)"]')
    w('license = "CC-BY-4.0"')
    w(
        'description = "Reconstruction of the Castilla y León fan map to its published rules, '
        'from real geography; not a copy of the printed board."'
    )
    w("players = { min = 2, max = 7 }")
    w("# Cars of 25.0 mm: the length `ttrmap layout --fit` fitted the cities to (FITTED).")
    w('board = { width = 800, height = 558, units = "mm", space_mm = [25.0, 9] }')
    w("")
    w("# The preset carries the rules: Europe's, 40 trains at 7 players, tunnels +1 point,")
    w("# a transbordo locomotive payable with 3 cards of the route's colour, returned tickets")
    w("# discarded, and the eight punctuation cards.")
    w("[rules]")
    w('base = "castilla"')
    w("")
    w("# The Mystery Train cards, an extension the players may add: each player gets one face")
    w("# down, except El Mecánico; the other cards are resolved at scoring. Their effects are")
    w("# not public, so a playtest leaves the extension out (and says so) unless asked for it.")
    w("[mechanics.mystery_train]")
    w("cards = 24")
    w("deal_per_player = 1")
    w('not_dealt = ["el-mecanico"]')
    w("unverified = true")
    w("optional = true")
    w("")
    w("[lint.expect]")
    w("total_spaces = 300  # the rulebook's notes: 300 spaces in total")
    w("equal_colors = true  # the rulebook's notes: every colour has the same spaces, routes, tunnels")
    w("")
    w("# Decks and game modes as the rulebook lists them.")
    decks = [
        ("normal", "Normal tickets", "regular", 50, None),
        ("long", "Long tickets", "long", 8, False),
        ("double-capitals", "Double capitals tickets", "capitals", 19, None),
        ("triple-capitals", "Triple capitals tickets", "capitals", 17, None),
    ]
    for did, name, kind, size, drawable in decks:
        w("[[decks]]")
        w(f'id = "{did}"')
        w(f"name = {toml_str(name)}")
        w(f'kind = "{kind}"')
        w(f"size = {size}")
        if drawable is False:
            w("drawable = false  # surplus long tickets and returned ones are discarded")
        w("")
    modes = [
        ("normal", "Normal", {"normal": 3, "long": 1}, 2, 3, (2, 5)),
        ("capitals", "Capitals", {"double-capitals": 2, "triple-capitals": 2}, 2, 3, (2, 3)),
        (
            "total",
            "Total",
            {"normal": 3, "long": 1, "double-capitals": 1, "triple-capitals": 1},
            3,
            4,
            (5, 7),
        ),
    ]
    for mid, name, deal, keep, draw, (lo, hi) in modes:
        w("[[modes]]")
        w(f'id = "{mid}"')
        w(f"name = {toml_str(name)}")
        w("deal = { " + ", ".join(f'{k} = {v}' for k, v in deal.items()) + " }")
        w(f"keep_at_least = {keep}")
        w(f"draw = {draw}")
        w(f"players = {{ min = {lo}, max = {hi} }}")
        w("")
    for rid, name in PROVINCES:
        w("[[regions]]")
        w(f'id = "{rid}"')
        w(f"name = {toml_str(name)}")
        w("")
    for cid, name, prov, lat, lon, cap in CITIES:
        w("[[cities]]")
        w(f'id = "{cid}"')
        w(f"name = {toml_str(name)}")
        x, y = pos[cid]
        w(f"position = [{x:g}, {y:g}]  # {lat:.3f} N, {-lon:.3f} W")
        if cap:
            w('tags = ["capital"]')
        w(f'region = "{prov}"')
        if cid in LABELS:
            anchor, why = LABELS[cid]
            for line in textwrap.wrap(why, 92):
                w(f"# {line}")
            w(f'label = {{ anchor = "{anchor}" }}')
        w("")
    for ri, (a, b, length, kinds, note) in enumerate(ROUTES):
        if note:
            w(f"# {note}")
        w("[[routes]]")
        w(f'from = "{a}"')
        w(f'to = "{b}"')
        w(f"length = {length}")
        cols = [colour_of.get((ri, li), "gray") for li in range(len(kinds))]
        if len(kinds) == 1:
            if cols[0] != "gray":
                w(f'color = "{cols[0]}"')
        else:
            w("colors = [" + ", ".join(f'"{c}"' for c in cols) + "]")
        tunnel = any(k in ("t", "gt") for k in kinds)
        if tunnel:
            if not all(k in ("t", "gt") for k in kinds):
                raise SystemExit(f"{a}-{b}: a tunnel must be a tunnel on every lane")
            w("tunnel = true")
        ferry = [int(k[1:]) for k in kinds if k.startswith("f")]
        if ferry:
            w(f"ferry = {ferry[0]}")
        if (a, b) in SHAPES:
            bend, skew, slide, why = SHAPES[(a, b)]
            keys = [f"bend = {bend:g}"]
            keys += [f"{k} = {v:g}" for k, v in (("skew", skew), ("slide", slide)) if v]
            for line in textwrap.wrap(why, 92):
                w(f"# {line}")
            w("shape = { " + ", ".join(keys) + " }")
        w("")

    def ticket(deck, a, b, v):
        w("[[tickets]]")
        w(f'deck = "{deck}"')
        w(f'from = "{a}"')
        w(f'to = "{b}"')
        w(f"points = {v}")
        w("")

    w("# Normal tickets: town to town, never a capital; worth the shortest path.")
    for a, b in sorted(normal, key=lambda p: (dist[p[0]][p[1]], p)):
        ticket("normal", a, b, dist[a][b])
    w("# Long tickets: towns far apart, never a capital.")
    for a, b in sorted(long_tickets, key=lambda p: (dist[p[0]][p[1]], p)):
        ticket("long", a, b, dist[a][b])
    w("# Double capitals tickets.")
    for a, b in sorted(double, key=lambda p: (dist[p[0]][p[1]], p)):
        ticket("double-capitals", a, b, dist[a][b])
    w("# Triple capitals tickets: worth the shortest tree joining the three capitals. The first")
    w("# is the rulebook's example: León–Sahagún–Osorno–Palencia plus Osorno–Burgos, 8 spaces.")
    for t in triple:
        w("[[tickets]]")
        w('deck = "triple-capitals"')
        w("cities = [" + ", ".join(f'"{c}"' for c in t) + "]")
        w(f"points = {tree(t)}")
        w("")
    return "\n".join(out).rstrip("\n") + "\n"


def main():
    pos = positions()
    problems = geometry_problems(pos)
    colour_of, colour_problem = assign_colors()
    if colour_problem:
        problems.append(colour_problem)
        colour_of = {}
    adj = graph()
    dist = {c: dijkstra(adj, c) for c in CITY}
    if any(len(d) != len(CITY) for d in dist.values()):
        raise SystemExit("the network is not connected")
    normal, long_tickets, double, triple, tree = tickets(dist)
    text = render(pos, colour_of, normal, long_tickets, double, triple, dist, tree)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    if "--report" in sys.argv:
        report(pos, colour_of, dist, normal, long_tickets, double, triple, tree, problems)
    if problems:
        raise SystemExit("geometry problems:\n  " + "\n  ".join(problems))
    with open(os.path.join(root, "maps", "castilla.toml"), "w", encoding="utf-8") as f:
        f.write(text)


def report(pos, colour_of, dist, normal, long_tickets, double, triple, tree, problems):
    total = sum(r[2] * len(r[3]) for r in ROUTES)
    print(f"cities {len(CITIES)}, routes {len(ROUTES)}, lanes {len(lanes())}, spaces {total}")
    by_class = {}
    for ri, li, length, kind in lanes():
        by_class.setdefault((kind, length), 0)
        by_class[(kind, length)] += 1
    print("lanes by (kind, length):", dict(sorted(by_class.items())))
    per = {k: [0, 0, 0] for k in COLORS + ["gray"]}
    for ri, li, length, kind in lanes():
        k = colour_of.get((ri, li), "gray")
        per[k][0] += length
        per[k][1] += 1
        per[k][2] += kind in ("t", "gt")
    print("colour: spaces lanes tunnels", per)
    for a, b, length, kinds, note in ROUTES:
        d = km(a, b)
        flag = "  <--" if abs(length - d / 24) > 1.3 else ""
        print(f"  {a:24} {b:24} {length} {d:5.0f} km {d / 24:4.1f}{flag}")
    print("diameter", max(max(d.values()) for d in dist.values()))
    for name, ts in (("normal", normal), ("long", long_tickets), ("double", double)):
        print(name, sorted(dist[a][b] for a, b in ts))
    print("triple", sorted(tree(t) for t in triple))
    uses = {}
    for t in list(normal) + list(long_tickets) + list(double) + list(triple):
        for c in t:
            uses[c] = uses.get(c, 0) + 1
    print("tickets per city", sorted(uses.items(), key=lambda x: -x[1]))
    print("cities on no ticket", [c for c in CITY if c not in uses])
    at_city = {}
    for (ri, li), k in colour_of.items():
        for c in ROUTES[ri][:2]:
            at_city.setdefault((c, k), []).append(ROUTES[ri][0] + "-" + ROUTES[ri][1])
    print("colour repeated at a city", {k: v for k, v in at_city.items() if len(v) > 1})
    tickets_ = list(normal) + list(long_tickets) + list(double)
    heavy = [(a, b, ferry_locos(a, b)) for a, b in tickets_ if ferry_locos(a, b) > 2]
    print("tickets needing more than 2 ferry locomotives", heavy)
    for p in problems:
        print("PROBLEM", p)


if __name__ == "__main__":
    main()
