//! Track beds in a position written by hand (`ttrmap score`): each player's
//! `built = [{ route = "grenoble-marseille", color = "yellow" }, { route = "dijon-paris",
//! lane = 2, color = "red" }]`, the beds they built and the colour of the piece each took,
//! as a score sheet records them.
//!
//! Routes score by their length whatever their colour, so the scoring needs none of this;
//! it is checked as the engine builds (`TrackPieces::build`): a bed lane is built once, by
//! a piece of its length, no more lanes of a route than the player count lets be built (as
//! claimed), and a bed across a route built or claimed before is cut, never built. A piece
//! goes back to the supply when its bed is claimed, so the pieces lying at the end are
//! those of the built beds nobody claimed, never more of a kind than the game has. When a
//! position says what was built (some player writes `built`), every claimed bed must be one
//! of them; a position that writes no `built` is scored as before, unchecked.
//!
//! A bed without `lane` is the route's first lane that no entry names, a claimed one first
//! (so that a double's built lane is the claimed one unless the file says otherwise).

use super::TrackPieces;
use crate::engine::mechanics::crossings::Crossings;
use crate::engine::position::{
    At, Cx, GAME, LANE, LIMIT, PlayerEntries, Position, PositionEntries, Reader, TRACK,
};
use crate::engine::{GRAY, NOBODY, State};
use crate::model::Color;
use crate::spans::Seg;
use serde_json::{Map, Value};
use std::ops::Range;
use std::sync::Arc;

/// The track beds' entry of a position file, `built`.
pub struct Entries;

/// The beds a player built, in the file's order, and the `built` key.
#[derive(Debug)]
struct Built {
    beds: Vec<BuiltBed>,
    key: Range<usize>,
}

/// A bed built: its route, the lane (1 = the first) when the file says, the piece's colour.
#[derive(Debug)]
struct BuiltBed {
    route: At<String>,
    lane: Option<At<i64>>,
    color: At<String>,
}

const KEYS: &[&str] = &["route", "lane", "color"];

/// A bed entry resolved: its player, entry, route, lane (once assigned) and piece kind.
struct Piece<'a> {
    p: usize,
    bed: &'a BuiltBed,
    route: usize,
    lane: Option<usize>,
    kind: usize,
}

impl PositionEntries for Entries {
    fn keys(&self) -> &'static [&'static str] {
        &["built"]
    }

    fn read(
        &self,
        r: &mut Reader,
        i: usize,
        table: &Map<String, Value>,
    ) -> Option<Arc<dyn PlayerEntries>> {
        let (beds, key) = r.entries(table, i, "built", built_bed)?;
        Some(Arc::new(Built { beds, key }))
    }

    /// The beds built, each lane once, by a piece of its length, within the lanes the player
    /// count lets be built and not across a route taken before; the pieces lying on beds
    /// nobody claimed; every claimed bed built.
    fn check(&self, cx: &mut Cx, position: &Position, lanes: &[Vec<usize>], _: &mut State) {
        let (game, names) = (cx.game(), cx.names());
        let written: Vec<Option<&Built>> = position
            .player
            .iter()
            .map(|p| p.entries::<Built>())
            .collect();
        if written.iter().all(Option::is_none) {
            return;
        }
        let Some((_, pieces)) = game.mechanics.get::<TrackPieces>() else {
            for (p, b) in written.iter().enumerate() {
                if let Some(b) = b.filter(|b| !b.beds.is_empty()) {
                    let message = format!("{}: the map has no track beds", names[p]);
                    cx.problem(GAME, &b.key, message, "no track beds on this map");
                }
            }
            return;
        };
        let mut claimer = vec![NOBODY; game.lane_count()];
        for (p, own) in lanes.iter().enumerate() {
            for &l in own {
                claimer[l] = p as u8;
            }
        }
        let mut built: Vec<Piece> = Vec::new();
        for (p, b) in written.iter().enumerate() {
            for bed in b.map_or(&[][..], |b| &b.beds) {
                built.extend(pieces.piece(cx, p, bed));
            }
        }
        pieces.assign_lanes(cx, &mut built, &claimer);
        let crossings = game.mechanics.get::<Crossings>().map(|(_, c)| c);
        pieces.check_crossings(cx, &built, &claimer, crossings);
        pieces.check_supply(cx, &built, &claimer);
        pieces.check_claims_built(cx, position, lanes, &built);
    }
}

impl TrackPieces {
    /// Player `p`'s bed `bed` resolved: a route that is a bed, a lane it has (when written),
    /// a piece of its length and colour; `None` and a problem else.
    fn piece<'a>(&self, cx: &mut Cx, p: usize, bed: &'a BuiltBed) -> Option<Piece<'a>> {
        let game = cx.game();
        let r = cx.route(p, &bed.route)?;
        let who = &cx.names()[p];
        let route = &game.routes[r];
        if !self.beds[r] {
            let message = format!(
                "{who}: `{}` is no track bed: it can be claimed from the start, without a build",
                bed.route.value
            );
            cx.problem(TRACK, &bed.route.span, message, "not a track bed");
            return None;
        }
        let lane = match &bed.lane {
            None => None,
            Some(l) if (1..=route.lane_count as i64).contains(&l.value) => {
                Some(route.first_lane as usize + l.value as usize - 1)
            }
            Some(l) => {
                let n = route.lane_count;
                let message = format!(
                    "{who}: lane {} of `{}`: the route has {n} lane{}, numbered from 1",
                    l.value,
                    bed.route.value,
                    if n == 1 { "" } else { "s" }
                );
                cx.problem(LANE, &l.span, message, "no such lane");
                return None;
            }
        };
        let colour = colour_of(&bed.color.value);
        let Some(kind) = colour.and_then(|c| self.kind(route.length, c)) else {
            let of_length: Vec<&str> = self
                .kinds
                .iter()
                .filter(|k| k.0 == route.length)
                .map(|k| colour_name(k.1))
                .collect();
            let message = format!(
                "{who}: no {} track piece of length {} in the game, for `{}`; the pieces of length {}: {}",
                bed.color.value,
                route.length,
                bed.route.value,
                route.length,
                if of_length.is_empty() {
                    "none".into()
                } else {
                    of_length.join(", ")
                }
            );
            cx.problem(TRACK, &bed.color.span, message, "no such piece");
            return None;
        };
        Some(Piece {
            p,
            bed,
            route: r,
            lane,
            kind,
        })
    }

    /// Gives every piece its lane: the written ones first, then each other the route's first
    /// lane not built, a claimed one first. A lane built twice, or more lanes of a route
    /// than the player count lets be built, is a problem (the piece is dropped).
    fn assign_lanes(&self, cx: &mut Cx, built: &mut Vec<Piece>, claimer: &[u8]) {
        let game = cx.game();
        let mut builder: Vec<Option<usize>> = vec![None; game.lane_count()];
        let mut keep = vec![true; built.len()];
        let order: Vec<usize> = (0..built.len())
            .filter(|&k| built[k].lane.is_some())
            .chain((0..built.len()).filter(|&k| built[k].lane.is_none()))
            .collect();
        for k in order {
            let piece = &built[k];
            let route = &game.routes[piece.route];
            let first = route.first_lane as usize;
            let all = first..first + route.lane_count as usize;
            let who = &cx.names()[piece.p];
            let name = &piece.bed.route.value;
            let lane = piece.lane.or_else(|| {
                let free = all.clone().filter(|&l| builder[l].is_none());
                free.clone()
                    .find(|&l| claimer[l] != NOBODY)
                    .or_else(|| free.clone().next())
            });
            let Some(lane) = lane.filter(|&l| builder[l].is_none()) else {
                let by = lane.or(Some(first)).and_then(|l| builder[l]);
                let by = by.map_or(String::new(), |q| format!(" (by {})", cx.names()[q]));
                let message =
                    format!("{who}: `{name}` is built already{by}: a bed lane is built once");
                cx.problem(TRACK, &piece.bed.route.span, message, "built twice");
                keep[k] = false;
                continue;
            };
            let count = all.clone().filter(|&l| builder[l].is_some()).count();
            if count >= route.usable_lanes as usize {
                let message = format!(
                    "{who}: a second lane of `{name}` built, but with {} players {} of its lanes may be built",
                    game.players, route.usable_lanes
                );
                cx.problem(TRACK, &piece.bed.route.span, message, "one lane too many");
                keep[k] = false;
                continue;
            }
            builder[lane] = Some(piece.p);
            built[k].lane = Some(lane);
        }
        let mut k = 0;
        built.retain(|_| {
            k += 1;
            keep[k - 1]
        });
    }

    /// A bed is never built across a route built or claimed before it: of two crossing
    /// routes taken, the first cuts the other (two claimed ones are the claims' check).
    fn check_crossings(
        &self,
        cx: &mut Cx,
        built: &[Piece],
        claimer: &[u8],
        crossings: Option<&Crossings>,
    ) {
        let Some(crossings) = crossings else { return };
        let game = cx.game();
        let claimed = |r: usize| {
            let route = &game.routes[r];
            let first = route.first_lane as usize;
            (first..first + route.lane_count as usize).any(|l| claimer[l] != NOBODY)
        };
        let claimed_routes: Vec<usize> = (0..game.routes.len()).filter(|&r| claimed(r)).collect();
        for (k, piece) in built.iter().enumerate() {
            let earlier = built[..k].iter().map(|b| b.route);
            // Two claimed routes that cross are the claims' check (`crossings.rs`).
            let piece_claimed = claimed(piece.route);
            let across = claimed_routes
                .iter()
                .copied()
                .chain(earlier)
                .filter(|&c| !(piece_claimed && claimed(c)))
                .find(|&c| c != piece.route && crossings.cross(piece.route, c));
            if let Some(c) = across {
                let message = format!(
                    "{}: the bed `{}` crosses `{}`, built or claimed too: of two crossing routes, the first built or claimed cuts the other",
                    cx.names()[piece.p],
                    piece.bed.route.value,
                    game.routes[c].id
                );
                let label = format!("crosses `{}`", game.routes[c].id);
                cx.problem(LANE, &piece.bed.route.span, message, &label);
            }
        }
    }

    /// The pieces lying at the end, on the built lanes nobody claimed: no more of a kind
    /// than the game has.
    fn check_supply(&self, cx: &mut Cx, built: &[Piece], claimer: &[u8]) {
        let mut lying = vec![0u16; self.kinds.len()];
        for piece in built {
            if piece.lane.is_none_or(|l| claimer[l] != NOBODY) {
                continue;
            }
            lying[piece.kind] += 1;
            let (length, colour) = self.kinds[piece.kind];
            let n = lying[piece.kind];
            if n > self.counts[piece.kind] {
                let message = format!(
                    "{}: {n} {} pieces of length {length} lie on beds nobody claimed, but the game has {}",
                    cx.names()[piece.p],
                    colour_name(colour),
                    self.counts[piece.kind]
                );
                cx.problem(
                    LIMIT,
                    &piece.bed.color.span,
                    message,
                    "more pieces than the game has",
                );
            }
        }
    }

    /// Every claimed bed lane was built: a bed is claimed only once built.
    fn check_claims_built(
        &self,
        cx: &mut Cx,
        position: &Position,
        lanes: &[Vec<usize>],
        built: &[Piece],
    ) {
        let game = cx.game();
        for (p, player) in position.player.iter().enumerate() {
            for claim in &player.routes {
                let Some(r) = cx.route_quietly(&claim.route.value) else {
                    continue;
                };
                if !self.beds[r] {
                    continue;
                }
                let Some(&lane) = lanes[p].iter().find(|&&l| game.lane_route[l] as usize == r)
                else {
                    continue;
                };
                if built.iter().any(|b| b.lane == Some(lane)) {
                    continue;
                }
                let message = format!(
                    "{}: `{}` is a track bed that no `built` names; a bed is claimed only once built",
                    cx.names()[p],
                    claim.route.value
                );
                cx.problem(TRACK, &claim.route.span, message, "not built");
            }
        }
    }
}

/// A piece's colour by name: a card colour, or gray.
fn colour_of(name: &str) -> Option<u8> {
    if name == "gray" {
        return Some(GRAY);
    }
    Color::CARD_COLORS
        .iter()
        .position(|c| c.name() == name)
        .map(|k| k as u8)
}

fn colour_name(c: u8) -> &'static str {
    super::colour_name(c)
}

/// One bed built: `{ route = "grenoble-marseille", color = "yellow" }`, `lane` optional.
fn built_bed(r: &mut Reader, v: &Value, i: usize, j: usize) -> Option<BuiltBed> {
    let path = crate::path!["player", i, "built", j];
    let what = format!("a bed built by [[player]] #{}", i + 1);
    let table = r.table(v, &path, KEYS, &what)?;
    let example = "{ route = \"grenoble-marseille\", color = \"yellow\" }";
    let [route, color] = r.required(table, &path, ["route", "color"], &what, example)?;
    let at = |key: &str| {
        let mut at = path.clone();
        at.push(Seg::Key(key.into()));
        at
    };
    let route = r.string(route, &at("route"), "`route`")?;
    let color = r.string(color, &at("color"), "`color`")?;
    let lane = match table.get("lane") {
        Some(v) => match r.whole(v, &at("lane"), "`lane`")? {
            At {
                value: crate::engine::position::Whole::Fits(n),
                span,
            } => Some(At { value: n, span }),
            At { span, .. } => {
                r.error(span, "`lane` numbers a lane: 1 is the first", "not a lane");
                return None;
            }
        },
        None => None,
    };
    Some(BuiltBed { route, lane, color })
}
