"""Generates maps/south-korea.toml: a reconstruction of the South Korea map to the published
rules.

Run from the repository root: `python3 tools/iberia-korea/korea.py` (writes the map) or
`python3 tools/iberia-korea/korea.py --survey` (prints every route's distance and the length
it gives).
"""

import math
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
KM_PER_SPACE = 16.0

PROJECTION = Projection(lat0=36.0, lon_west=126.1, lat_north=38.45, scale=200.0, margin=30)

# Where `ttrmap layout MAP --fit --write` moved the projected cities so that every route's
# straight distance between its markers holds its cars (each within FIT_MAX_MOVE_MM of its
# projected place). Regenerate with this emptied, run `--fit --write` on the map, and copy
# the positions back to refit.
FIT_MAX_MOVE_MM = 41
FITTED = {
    "seoul": (176, 189),
    "incheon": (112, 227),
    "suwon": (178, 264),
    "pyeongtaek": (175, 330),
    "chuncheon": (295, 119),
    "wonju": (320, 245),
    "sokcho": (430, 73),
    "gangneung": (476, 178),
    "donghae": (539, 199),
    "taebaek": (480, 267),
    "cheonan": (216, 343),
    "cheongju": (272, 393),
    "chungju": (323, 319),
    "daejeon": (232, 457),
    "gongju": (163, 426),
    "seosan": (67, 366),
    "boryeong": (79, 456),
    "jeonju": (181, 567),
    "gunsan": (82, 547),
    "namwon": (232, 642),
    "gwangju": (125, 702),
    "mokpo": (61, 812),
    "suncheon": (233, 743),
    "yeosu": (290, 785),
    "wando": (168, 855),
    "andong": (447, 412),
    "yeongju": (437, 346),
    "uljin": (571, 311),
    "yeongdeok": (560, 424),
    "pohang": (567, 514),
    "gumi": (381, 517),
    "daegu": (443, 550),
    "gyeongju": (556, 556),
    "ulsan": (577, 627),
    "busan": (506, 699),
    "changwon": (434, 678),
    "jinju": (350, 712),
    "tongyeong": (418, 772),
    "jeju": (84, 992),
    "seogwipo": (103, 1065),
}

# Colour regions: the published board groups route colours by region (blue in the north-east,
# yellow in the north-west, per the retailer text quoted in missing-rule-data.md 2.2). The
# other six assignments are ours. Jeju has no colour: its routes are gray.
REGIONS = [
    ("sudogwon", "Sudogwon (Seoul, Incheon, Gyeonggi)", "yellow"),
    ("gangwon", "Gangwon", "blue"),
    ("chungcheong", "Chungcheong", "green"),
    ("jeonbuk", "Jeonbuk (North Jeolla)", "orange"),
    ("jeonnam", "Jeonnam (South Jeolla)", "red"),
    ("gyeongbuk", "Northern Gyeongbuk", "pink"),
    ("daegu", "Daegu and central Gyeongbuk", "black"),
    ("gyeongnam", "Gyeongnam, Busan and Ulsan", "white"),
    ("jeju", "Jeju", None),
]

# id, display name (Revised Romanization), Hangul, latitude, longitude, region.
CITIES = [
    ("seoul", "Seoul", "서울", 37.5665, 126.9780, "sudogwon"),
    ("incheon", "Incheon", "인천", 37.4563, 126.7052, "sudogwon"),
    ("suwon", "Suwon", "수원", 37.2636, 127.0286, "sudogwon"),
    ("pyeongtaek", "Pyeongtaek", "평택", 36.9921, 127.1127, "sudogwon"),
    ("chuncheon", "Chuncheon", "춘천", 37.8813, 127.7298, "gangwon"),
    ("wonju", "Wonju", "원주", 37.3422, 127.9202, "gangwon"),
    ("sokcho", "Sokcho", "속초", 38.2070, 128.5918, "gangwon"),
    ("gangneung", "Gangneung", "강릉", 37.7519, 128.8761, "gangwon"),
    ("donghae", "Donghae", "동해", 37.5247, 129.1143, "gangwon"),
    ("taebaek", "Taebaek", "태백", 37.1640, 128.9856, "gangwon"),
    ("cheonan", "Cheonan", "천안", 36.8151, 127.1139, "chungcheong"),
    ("cheongju", "Cheongju", "청주", 36.6424, 127.4890, "chungcheong"),
    ("chungju", "Chungju", "충주", 36.9910, 127.9259, "chungcheong"),
    ("daejeon", "Daejeon", "대전", 36.3504, 127.3845, "chungcheong"),
    ("gongju", "Gongju", "공주", 36.4465, 127.1190, "chungcheong"),
    ("seosan", "Seosan", "서산", 36.7848, 126.4503, "chungcheong"),
    ("boryeong", "Boryeong", "보령", 36.3334, 126.6128, "chungcheong"),
    ("jeonju", "Jeonju", "전주", 35.8242, 127.1480, "jeonbuk"),
    ("gunsan", "Gunsan", "군산", 35.9676, 126.7369, "jeonbuk"),
    ("namwon", "Namwon", "남원", 35.4164, 127.3904, "jeonbuk"),
    ("gwangju", "Gwangju", "광주", 35.1595, 126.8526, "jeonnam"),
    ("mokpo", "Mokpo", "목포", 34.8118, 126.3922, "jeonnam"),
    ("suncheon", "Suncheon", "순천", 34.9506, 127.4872, "jeonnam"),
    ("yeosu", "Yeosu", "여수", 34.7604, 127.6622, "jeonnam"),
    ("wando", "Wando", "완도", 34.3110, 126.7550, "jeonnam"),
    ("andong", "Andong", "안동", 36.5684, 128.7294, "gyeongbuk"),
    ("yeongju", "Yeongju", "영주", 36.8057, 128.6241, "gyeongbuk"),
    ("uljin", "Uljin", "울진", 36.9930, 129.4004, "gyeongbuk"),
    ("yeongdeok", "Yeongdeok", "영덕", 36.4150, 129.3654, "gyeongbuk"),
    ("pohang", "Pohang", "포항", 36.0190, 129.3435, "gyeongbuk"),
    ("gumi", "Gumi", "구미", 36.1195, 128.3446, "daegu"),
    ("daegu", "Daegu", "대구", 35.8714, 128.6014, "daegu"),
    ("gyeongju", "Gyeongju", "경주", 35.8562, 129.2247, "daegu"),
    ("ulsan", "Ulsan", "울산", 35.5384, 129.3114, "gyeongnam"),
    ("busan", "Busan", "부산", 35.1796, 129.0756, "gyeongnam"),
    ("changwon", "Changwon", "창원", 35.2280, 128.6811, "gyeongnam"),
    ("jinju", "Jinju", "진주", 35.1800, 128.1076, "gyeongnam"),
    ("tongyeong", "Tongyeong", "통영", 34.8544, 128.4331, "gyeongnam"),
    ("jeju", "Jeju", "제주", 33.4996, 126.5312, "jeju"),
    ("seogwipo", "Seogwipo", "서귀포", 33.2541, 126.5600, "jeju"),
]

# Bends of tracks, (lat, lon) points: a route's length is measured along them.
# The seed's example route, Namwon-Jinju, is claimed with 4 white cards and 1 locomotive: white,
# 5 spaces. Its straight line is 70 km (4 spaces); as an arc north round Jirisan, past Hamyang
# and Sancheong (bends, not cities), it is 83 km, 5 spaces. The bends set its length only: they
# are not written as `waypoints` (projected, they would not follow the cities `--fit` moves,
# and turned the chain sharply), so the layout bends the five cars gently by itself.
BENDS = {
    ("namwon", "jinju"): [(35.48, 127.6204), (35.46, 127.8367), (35.355, 128.0159)],
}

# from, to, lanes. Length = distance along the drawn track / KM_PER_SPACE, rounded half up,
# except where LENGTH_OVERRIDES says otherwise. A lane is "gray", a colour, or "R": one of the colours of the
# regions of the two ends, chosen by the balancer. Two lanes make a double route.
G, R = "gray", "R"
ROUTES = [
    # Sudogwon (yellow)
    ("seoul", "incheon", [R, G]),
    ("seoul", "suwon", [R, G]),
    ("incheon", "suwon", [R, G]),
    ("suwon", "pyeongtaek", [R, G]),
    ("pyeongtaek", "cheonan", [R, G]),
    ("pyeongtaek", "seosan", ["yellow"]),
    ("seoul", "chuncheon", [R, R]),
    ("seoul", "wonju", [R]),
    ("suwon", "chungju", [R]),
    # Gangwon (blue)
    ("chuncheon", "sokcho", [R]),
    ("chuncheon", "wonju", [R, G]),
    ("sokcho", "gangneung", [R]),
    ("wonju", "gangneung", [R, G]),
    ("gangneung", "donghae", [R]),
    ("donghae", "taebaek", [R]),
    ("taebaek", "yeongju", [G]),
    ("donghae", "uljin", [R]),
    ("wonju", "chungju", [R]),
    ("wonju", "yeongju", [G]),
    # Chungcheong (green)
    ("cheonan", "cheongju", [R]),
    ("cheonan", "gongju", [G]),
    ("cheonan", "daejeon", [R, G]),
    ("seosan", "boryeong", [R]),
    ("boryeong", "gongju", [G]),
    ("boryeong", "gunsan", [R]),
    ("gongju", "daejeon", [R]),
    ("cheongju", "daejeon", [R]),
    ("cheongju", "chungju", [R]),
    ("chungju", "andong", [G]),
    ("daejeon", "gumi", [R, R]),
    ("daejeon", "jeonju", [R, R]),
    # Jeonbuk (orange) and Jeonnam (red)
    ("gunsan", "jeonju", [R]),
    ("jeonju", "namwon", [R]),
    ("jeonju", "gwangju", [R, R]),
    ("gunsan", "gwangju", [R]),
    ("namwon", "gwangju", [R]),
    ("namwon", "suncheon", [R]),
    ("namwon", "jinju", ["white"]),
    ("suncheon", "jinju", [R]),
    ("yeosu", "tongyeong", [G]),
    ("gwangju", "mokpo", [R, G]),
    ("gwangju", "suncheon", [R, G]),
    ("suncheon", "yeosu", [R]),
    ("mokpo", "wando", [R]),
    ("mokpo", "jeju", [G]),
    ("wando", "jeju", [G]),
    ("jeju", "seogwipo", [G]),
    # Gyeongbuk (pink), Daegu (black)
    ("andong", "yeongju", [R]),
    ("yeongju", "uljin", [R]),
    ("uljin", "yeongdeok", [R]),
    ("yeongdeok", "pohang", [R]),
    ("andong", "yeongdeok", [R]),
    ("andong", "daegu", [R]),
    ("gumi", "andong", [R]),
    ("gumi", "daegu", [R, G]),
    ("daegu", "gyeongju", [R, G]),
    ("gyeongju", "pohang", [R]),
    ("gyeongju", "ulsan", [R]),
    ("daegu", "busan", [R, R]),
    ("daegu", "changwon", [R]),
    # Gyeongnam (white)
    ("ulsan", "busan", [R, G]),
    ("changwon", "busan", [R]),
    ("changwon", "jinju", [R]),
    ("jinju", "tongyeong", [R]),
    ("changwon", "tongyeong", [G]),
    ("tongyeong", "busan", [R]),
]

# Locomotive spaces of the sea crossings to Jeju and along the south coast.
FERRIES = {
    ("mokpo", "jeju"): 2,
    ("wando", "jeju"): 2,
    ("yeosu", "tongyeong"): 1,
}

# Lengths that do not follow the distance, and why. Mokpo-Jeju is 146 km of sea (9 spaces);
# it is drawn at 6, the longest length in the route score table.
LENGTH_OVERRIDES = {
    ("mokpo", "jeju"): (6, "146 km of sea, capped at the score table's longest length"),
}

# Comments written above routes in the map.
ROUTE_NOTES = {
    ("namwon", "jinju"): "the rule text's example: white, claimed with 4 white + 1 locomotive",
    ("pyeongtaek", "cheonan"): "drawn off its line (route-slack): see the header",
}

# Drawn shapes fixed by hand, as a designer would with `ttrmap layout --write`: (from, to) ->
# (bend, skew, slide, why the automatic shape is not kept). The one kept for the earlier layout
# (Daegu-Changwon, bent hard nearer Daegu) was made for a layout that looped routes and is gone;
# on the fitted board the layout draws it as a gentle chain by itself.
SHAPES = {}

# 44 tickets (rule text: component list), valued at the shortest path in spaces.
TICKET_BANDS = [(5, 9, 16), (10, 14, 16), (15, 19, 8), (20, 28, 4)]

# Province mat spots 1..9 on every line: the highest number of cards a route takes (6) plus the
# largest Express card (+3). A guess (`unverified`): the published mat was not available.
PROVINCE_SPOTS = list(range(1, 10))


def region_color():
    return {rid: color for rid, _, color in REGIONS}


def build_routes():
    region_of = {c[0]: c[5] for c in CITIES}
    colors = region_color()
    routes = []
    for a, b, lanes in ROUTES:
        assert a in region_of and b in region_of, (a, b)
        length = route_length(a, b)
        cands = sorted({colors[region_of[a]], colors[region_of[b]]} - {None})
        specs = []
        for lane in lanes:
            if lane == R:
                assert cands, (a, b)
                specs.append(list(cands))
            else:
                specs.append(lane)
        r = {
            "from": a,
            "to": b,
            "length": length,
            "lanes": specs,
            "ferry": FERRIES.get((a, b), 0),
            "comment": ROUTE_NOTES.get((a, b)) or LENGTH_OVERRIDES.get((a, b), (0, None))[1],
        }
        if (a, b) in SHAPES:
            r["shape"] = SHAPES[(a, b)]
        routes.append(r)
    return routes


def track_km(a, b):
    """Distance along the drawn track: straight, or through the route's bends."""
    pos = {c[0]: (c[3], c[4]) for c in CITIES}
    points = [pos[a]] + BENDS.get((a, b), []) + [pos[b]]
    return sum(haversine_km(p, q) for p, q in zip(points, points[1:]))


def route_length(a, b):
    if (a, b) in LENGTH_OVERRIDES:
        return LENGTH_OVERRIDES[(a, b)][0]
    spaces = math.floor(track_km(a, b) / KM_PER_SPACE + 0.5)
    if not 1 <= spaces <= 6:
        raise SystemExit(f"{a}-{b}: {spaces} spaces; add a city between or an override")
    return spaces


def survey():
    for a, b, _ in ROUTES:
        km = track_km(a, b)
        print(f"{a:>10} {b:<10} {km:6.0f} km  {km / KM_PER_SPACE:4.1f}  length {route_length(a, b)}")


def main():
    if "--survey" in sys.argv:
        survey()
        return
    routes = build_routes()
    balance_colors(
        routes,
        ["yellow", "blue", "green", "orange", "red", "pink", "black", "white"],
    )
    ids = [c[0] for c in CITIES]
    tickets, used = pick_tickets(ids, routes, TICKET_BANDS, per_city_max=4, salt="south-korea")
    lanes, total, by_color, lanes_by_color = stats(routes)
    print(f"cities {len(CITIES)}  routes {len(routes)}  lanes {lanes}  spaces {total}", file=sys.stderr)
    print(f"spaces by colour {by_color}", file=sys.stderr)
    print(f"lanes by colour {lanes_by_color}", file=sys.stderr)
    print(f"ticket values {sorted(t[2] for t in tickets)}", file=sys.stderr)
    print(f"cities on no ticket {[c for c, n in used.items() if n == 0]}", file=sys.stderr)
    used_colors = [c for c in by_color if c != "gray" and by_color[c] > 0]

    out = []
    out.append("#:schema ../schemas/ttrmap.schema.json")
    out.append(HEADER.strip("\n").format(cities=len(CITIES), fit_max=FIT_MAX_MOVE_MM))
    out.append("")
    out.append("[map]")
    out.append('id = "south-korea"')
    out.append('name = "South Korea (reconstruction)"')
    out.append('version = "0.1.0"')
    out.append('authors = ["ttrmap contributors"]')
    out.append('license = "CC0-1.0"')
    out.append(
        'description = "Seed map reconstructed from real geography to the published South '
        'Korea rules; not a copy of the printed board, whose routes and tickets are not public."'
    )
    out.append("players = { min = 2, max = 5 }")
    w = max(PROJECTION.xy(c[3], c[4])[0] for c in CITIES) + PROJECTION.margin
    h = max(PROJECTION.xy(c[3], c[4])[1] for c in CITIES) + PROJECTION.margin
    out.append("# Cars of 16.3 mm: the length `ttrmap layout --fit` fitted the cities to (FITTED).")
    out.append(f'board = {{ width = {w}, height = {h}, units = "px", space_mm = [16.3, 9] }}')
    out.append("")
    out.append(RULES.strip("\n"))
    out.append("")
    out.append(EXPRESS.strip("\n"))
    out.append("")
    out.append(PROVINCE_HEAD.strip("\n"))
    for color in used_colors:
        out.append("")
        out.append("[[mechanics.province_mat.lines]]")
        out.append(f"color = {toml_str(color)}")
        out.append("spots = [" + ", ".join(str(s) for s in PROVINCE_SPOTS) + "]")
    out.append("")
    out.append("# Colour regions (see the header).")
    for rid, name, color in REGIONS:
        out.append("")
        out.append("[[regions]]")
        out.append(f"id = {toml_str(rid)}")
        out.append(f"name = {toml_str(name)}")
        out.append(f"color = {toml_str(color or 'gray')}")
    out.append("")
    out.append("# Cities: positions from real latitude/longitude (see the header for the projection),")
    out.append("# moved by `ttrmap layout --fit` so that every route's straight distance holds its cars.")
    out.append("# Where the drawn board bends a route round a crowded city, its cars can still stop short")
    out.append("# of a marker: `ttrmap check --verbose` names those routes (route-slack).")
    for cid, name, hangul, lat, lon, region in CITIES:
        out.append("")
        out.append(f"[[cities]]  # {hangul}")
        out.append(f"id = {toml_str(cid)}")
        out.append(f"name = {toml_str(name)}")
        x, y = FITTED.get(cid, PROJECTION.xy(lat, lon))
        out.append(f"position = [{x}, {y}]  # {latlon_text(lat, lon)}")
        out.append(f"region = {toml_str(region)}")
    out.append("")
    out.append("# Routes. Length = distance along the drawn track / 16 km, rounded (see the header).")
    for r in routes:
        out.append("")
        out.append(route_toml(r))
    out.append("")
    out.append("# 44 tickets, each worth the shortest path between its cities in spaces.")
    for a, b, d in tickets:
        out.append("")
        out.append("[[tickets]]")
        out.append(f"from = {toml_str(a)}")
        out.append(f"to = {toml_str(b)}")
        out.append(f"points = {d}")
    text = "\n".join(out) + "\n"
    path = os.path.join("maps", "south-korea.toml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {path}", file=sys.stderr)


HEADER = """
# South Korea: a RECONSTRUCTION to the published rules (Ticket to Ride Map Collection 8:
# Iberia & South Korea, Days of Wonder 2024), NOT a copy of the printed board. No public source
# gives the board's cities, routes or tickets, so this seed map is authored from real geography:
#
# - Cities: {cities} real cities, names in Revised Romanization (Hangul in the comments).
# - Positions: real latitude/longitude, equirectangular projection about 36 deg N:
#   x = (lon - 126.1) * cos(36 deg) * 200 + 30, y = (38.45 - lat) * 200 + 30, in px (1 deg of
#   latitude = 200 px).
#   Then moved (each by at most {fit_max} mm of the print) by `ttrmap layout --fit` so that
#   every route's straight distance between its two markers holds its chain of cars, the
#   drawn board holds every route, and routes leaving a city at too narrow an angle for
#   their first cars are turned apart. Where two routes still leave a city too narrowly,
#   those cars overlap, each pair named by `ttrmap check --verbose` (space-overlap); a route
#   whose cities stand farther apart than its cars fill stops short or leaves gaps, and is
#   named too (route-slack).
# - Route lengths: distance along the track (straight, or through the bends listed in the
#   generator) at 16 km a space, rounded; Namwon-Jinju, the rule text's example, bends round
#   Jirisan to 5 spaces; Mokpo-Jeju is capped at 6 (both commented at the route).
# - Colours follow regions (blue north-east, yellow north-west, as the retailer text has it;
#   the other regions' colours are ours); a route between two regions takes either region's
#   colour, chosen by the generator to balance the colours; Jeju's routes are gray.
# - Tickets: 44 (the rule text's component count), each valued at its shortest path in spaces.
#
# Generated by tools/iberia-korea/korea.py; edit the script, not this file.
"""

RULES = """
# The `south-korea` preset: 45 trains a player, the opening draft (6 dealt, keep 4), no
# longest-path or Globetrotter bonus (all from the rule text). Double routes open from 4
# players (the base-game default, as the rule text says).
[rules]
base = "south-korea"
"""

EXPRESS = """
# Express Train cards (rule text: each player has one set of +1, +2 and +3, each spent once).
[mechanics.express_cards]
values = [1, 2, 3]
"""

PROVINCE_HEAD = """
# The Province mat (rule text): one line per route colour; a claim may put a train on the spot
# numbered as the cards played (or the first free lower one), raised by an Express card; each
# line ranks players by the sum of their spots. The scoring rows are the rule text's table
# (2 players: 10; 3: 10, 6; 4: 10, 6, 4; 5: 10, 6, 4, 2). The spot values 1..9 on every line
# are a GUESS (`unverified`): the published mat was not available.
[mechanics.province_mat]
unverified = true
scoring = { 2 = [10], 3 = [10, 6], 4 = [10, 6, 4], 5 = [10, 6, 4, 2] }
"""

if __name__ == "__main__":
    main()
