"""Shared helpers for the Iberia and South Korea seed-map generators (Python 3 stdlib only).

The generators keep the geography (latitude/longitude), the route list and the ticket list as
data, and derive everything else: board positions (projection), suggested route lengths
(great-circle distance), lane colours (balanced greedily), ticket values (Dijkstra over the
route lengths). Output is deterministic: the same data always gives the same TOML.
"""

import hashlib
import heapq
import math
import textwrap

EARTH_RADIUS_KM = 6371.0

CARD_COLORS = ["red", "orange", "yellow", "green", "blue", "pink", "white", "black"]


def haversine_km(a, b):
    """Great-circle distance between two (lat, lon) points in kilometres."""
    lat1, lon1 = map(math.radians, a)
    lat2, lon2 = map(math.radians, b)
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(h))


class Projection:
    """Equirectangular projection about a standard parallel.

    x = (lon - lon_west) * cos(lat0) * scale + margin
    y = (lat_north - lat) * scale + margin      (y grows downwards, as in SVG)

    Distances on the board are then true to within a few per cent across a country the size
    of Iberia or Korea, which is all route lengths need.
    """

    def __init__(self, lat0, lon_west, lat_north, scale, margin):
        self.k = math.cos(math.radians(lat0))
        self.lat0 = lat0
        self.lon_west = lon_west
        self.lat_north = lat_north
        self.scale = scale
        self.margin = margin

    def xy(self, lat, lon):
        x = (lon - self.lon_west) * self.k * self.scale + self.margin
        y = (self.lat_north - lat) * self.scale + self.margin
        return [round(x), round(y)]


def lanes_of(route):
    """Number of lanes of a route tuple's colour spec."""
    return len(route["lanes"])


def balance_colors(routes, seed_order):
    """Gives every lane whose spec is a list of candidate colours one concrete colour.

    A lane spec is `"gray"`, a colour name, or a list of candidates (`"*"` = any card colour).
    Lanes with fewer candidates are fixed first, longer lanes before shorter ones, and each
    takes the candidate colour with the fewest spaces so far (then fewest lanes, then the
    colour's place in `seed_order`); single moves then even out what the greedy pass left.
    The two lanes of a double never share a colour.
    Returns the spaces per colour.
    """
    spaces = {c: 0 for c in CARD_COLORS}
    count = {c: 0 for c in CARD_COLORS}
    # Fixed colours first, so the greedy step sees them.
    for r in routes:
        for spec in r["lanes"]:
            if isinstance(spec, str) and spec in spaces:
                spaces[spec] += r["length"]
                count[spec] += 1
    todo = []
    for ri, r in enumerate(routes):
        for li, spec in enumerate(r["lanes"]):
            if isinstance(spec, list):
                cands = CARD_COLORS if spec == ["*"] else spec
                todo.append((len(cands), -r["length"], ri, li, cands))
    todo.sort()
    for _, _, ri, li, cands in todo:
        r = routes[ri]
        taken = {s for s in r["lanes"] if isinstance(s, str)}
        options = [c for c in cands if c not in taken]
        if not options:
            raise SystemExit(f"{r['from']}-{r['to']}: no colour left for a second lane")
        best = min(options, key=lambda c: (spaces[c], count[c], seed_order.index(c)))
        r["lanes"][li] = best
        spaces[best] += r["length"]
        count[best] += 1
    # Greedy choices can strand a colour; then move single lanes between their candidate
    # colours while that lowers the sum of squared colour totals (a strict decrease, so this
    # ends), in a fixed order so the result is deterministic.
    improved = True
    while improved:
        improved = False
        for _, _, ri, li, cands in todo:
            r = routes[ri]
            cur = r["lanes"][li]
            others = {s for i, s in enumerate(r["lanes"]) if i != li}
            for c in cands:
                if c == cur or c in others:
                    continue
                n = r["length"]
                before = spaces[cur] ** 2 + spaces[c] ** 2
                after = (spaces[cur] - n) ** 2 + (spaces[c] + n) ** 2
                if after < before:
                    r["lanes"][li] = c
                    spaces[cur] -= n
                    spaces[c] += n
                    count[cur] -= 1
                    count[c] += 1
                    improved = True
                    break
    return spaces


def shortest_paths(city_ids, routes, source):
    """Dijkstra over route lengths (every lane of a route has the same length)."""
    adj = {c: [] for c in city_ids}
    for r in routes:
        adj[r["from"]].append((r["to"], r["length"]))
        adj[r["to"]].append((r["from"], r["length"]))
    dist = {source: 0}
    heap = [(0, source)]
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist.get(u, math.inf):
            continue
        for v, w in adj[u]:
            nd = d + w
            if nd < dist.get(v, math.inf):
                dist[v] = nd
                heapq.heappush(heap, (nd, v))
    return dist


def stable_hash(text):
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def pick_tickets(city_ids, routes, bands, per_city_max, salt, exclude=()):
    """Chooses tickets by bands of value: `bands` is a list of (low, high, count).

    Candidates are pairs of cities not joined by a single route, valued at their shortest
    path. Within a band, pairs whose cities are on fewest tickets so far come first (so every
    city gets a ticket before any gets many), then a salted hash gives a fixed, unbiased order.
    No city is on more than `per_city_max` tickets.
    """
    dist = {c: shortest_paths(city_ids, routes, c) for c in city_ids}
    adjacent = {frozenset((r["from"], r["to"])) for r in routes}
    used = {c: 0 for c in city_ids}
    chosen = []
    for low, high, count in bands:
        cands = []
        for i, a in enumerate(city_ids):
            for b in city_ids[i + 1 :]:
                if a in exclude or b in exclude:
                    continue
                d = dist[a].get(b)
                if d is None or not (low <= d <= high):
                    continue
                if frozenset((a, b)) in adjacent:
                    continue
                cands.append((a, b, d))
        picked = 0
        while picked < count:
            cands = [
                c
                for c in cands
                if used[c[0]] < per_city_max and used[c[1]] < per_city_max
            ]
            if not cands:
                raise SystemExit(f"band {low}-{high}: only {picked} of {count} tickets")
            cands.sort(
                key=lambda c: (
                    max(used[c[0]], used[c[1]]),
                    used[c[0]] + used[c[1]],
                    stable_hash(salt + c[0] + "|" + c[1]),
                )
            )
            a, b, d = cands.pop(0)
            used[a] += 1
            used[b] += 1
            chosen.append((a, b, d))
            picked += 1
    return chosen, used


def latlon_text(lat, lon):
    """`43.3623 N, 8.4115 W`: the comment written next to each position."""
    ns = "N" if lat >= 0 else "S"
    ew = "E" if lon >= 0 else "W"
    return f"{abs(lat):.4f} {ns}, {abs(lon):.4f} {ew}"


def toml_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def route_toml(r):
    out = ["[[routes]]", f"from = {toml_str(r['from'])}", f"to = {toml_str(r['to'])}"]
    out.append(f"length = {r['length']}")
    lanes = r["lanes"]
    if len(lanes) == 1:
        if lanes[0] != "gray":
            out.append(f"color = {toml_str(lanes[0])}")
    else:
        out.append("colors = [" + ", ".join(toml_str(c) for c in lanes) + "]")
    if r.get("ferry"):
        out.append(f"ferry = {r['ferry']}")
    if r.get("waypoints"):
        pts = ", ".join(f"[{x}, {y}]" for x, y in r["waypoints"])
        out.append(f"waypoints = [{pts}]")
    if r.get("shape"):
        bend, skew, slide, why = r["shape"]
        keys = [f"bend = {bend:g}"] + [f"{k} = {v:g}" for k, v in (("skew", skew), ("slide", slide)) if v]
        out.append("shape = { " + ", ".join(keys) + " }")
    comment = r.get("comment")
    if comment:
        out[0] += f"  # {comment}"
    if r.get("shape"):
        out[0:0] = [f"# {line}" for line in textwrap.wrap(r["shape"][3], 95)]
    return "\n".join(out)


def stats(routes):
    spaces = {c: 0 for c in CARD_COLORS + ["gray"]}
    lanes = {c: 0 for c in CARD_COLORS + ["gray"]}
    total_lanes = 0
    total_spaces = 0
    for r in routes:
        for c in r["lanes"]:
            spaces[c] += r["length"]
            lanes[c] += 1
            total_lanes += 1
            total_spaces += r["length"]
    return total_lanes, total_spaces, spaces, lanes
