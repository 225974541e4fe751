//! The Province mat in a position written by hand (`ttrmap score`): each player's
//! `mat = [{ line = "white", spot = 6, route = "namwon-jinju", cards = { white = 4,
//! locomotive = 1 }, express = 1 }]`, their trains on it.
//!
//! `line` and `spot` say where a train stands, which is all the scoring needs; `route`,
//! `cards` and `express` (each optional) say what a score sheet records of the placement,
//! the claim it came with, the cards played for that claim and the Express card spent, so
//! that the spot can be checked as the engine plays it (`ProvinceMat`'s placements): the
//! line of the claimed lane's colour (a gray lane: any line), the spot numbered as the cards
//! played plus the Express card's value (the last spot at most), or the first free one below
//! when that one is taken. A train stays on the mat to the end, so "taken" is read from the
//! mat at the end: the spots between the written one and the one reached must all hold a
//! train.

use super::ProvinceMat;
use crate::engine::mechanics::express_cards::ExpressCards;
use crate::engine::position::{
    At, CLAIM, Cx, GAME, LIMIT, PlayerEntries, Position, PositionEntries, Reader, UNKNOWN, Whole,
};
use crate::engine::{CARD_KINDS, Cards, GRAY, LOCO, NOBODY, State, can_pay};
use crate::model::Color;
use crate::spans::Seg;
use serde_json::{Map, Value};
use std::ops::Range;
use std::sync::Arc;

/// The mat's entry of a position file, `mat`.
pub struct Entries;

/// A player's trains on the mat, and the `mat` key.
#[derive(Debug)]
struct Trains {
    trains: Vec<MatTrain>,
    key: Range<usize>,
}

/// A train on the mat: its line (a colour) and spot (1 = the first), and what the score
/// sheet says of its placement.
#[derive(Debug)]
struct MatTrain {
    line: At<String>,
    spot: At<i64>,
    /// The claim the train came with.
    route: Option<At<String>>,
    /// The cards played for that claim (the claim's own and the extra ones); only with
    /// `route`.
    cards: Option<Played>,
    /// The Express card spent on the placement, by its value.
    express: Option<At<i64>>,
}

/// The `cards` of a mat train: a count by card colour (`locomotive` too), and where the
/// value is written.
#[derive(Debug)]
struct Played {
    counts: Vec<(At<String>, At<i64>)>,
    span: Range<usize>,
}

const KEYS: &[&str] = &["line", "spot", "route", "cards", "express"];

impl PositionEntries for Entries {
    fn keys(&self) -> &'static [&'static str] {
        &["mat"]
    }

    fn read(
        &self,
        r: &mut Reader,
        i: usize,
        table: &Map<String, Value>,
    ) -> Option<Arc<dyn PlayerEntries>> {
        let (trains, key) = r.entries(table, i, "mat", mat_train)?;
        Some(Arc::new(Trains { trains, key }))
    }

    /// A line of the mat, a spot it has, one train a spot, and no more trains on routes and
    /// mat than a player has; then, every train placed, each one's claim, cards and Express
    /// card (a spot's being taken is read from the whole mat).
    fn trains_off_board(
        &self,
        cx: &mut Cx,
        position: &Position,
        lanes: &[Vec<usize>],
        state: &mut State,
    ) {
        let (game, names) = (cx.game(), cx.names());
        let written = position.player.iter().map(|p| p.entries::<Trains>());
        let Some((me, m)) = game.mechanics.get::<ProvinceMat>() else {
            for (p, t) in written.enumerate() {
                if let Some(t) = t.filter(|t| !t.trains.is_empty()) {
                    let message = format!("{}: the map has no Province mat", names[p]);
                    cx.problem(GAME, &t.key, message, "no mat on this map");
                }
            }
            return;
        };
        let mut placed_lines = Vec::new();
        for (p, t) in written.clone().enumerate() {
            let Some(t) = t else {
                placed_lines.push(Vec::new());
                continue;
            };
            let lines = m.place_trains(cx, p, &t.trains, state, me);
            let placed = lines.iter().flatten().count() as u16;
            let on_routes: u32 = lanes[p]
                .iter()
                .map(|&l| game.routes[game.lane_route[l] as usize].trains_needed() as u32)
                .sum();
            if placed > 0 && state.take_trains(p as u8, placed).is_err() {
                let message = format!(
                    "{}: {on_routes} trains on routes and {placed} on the mat, but a player has only {}",
                    names[p], game.trains
                );
                cx.problem(LIMIT, &t.key, message, "too many trains");
            }
            placed_lines.push(lines);
        }
        for (p, t) in written.enumerate() {
            if let Some(t) = t {
                let on = Placed {
                    p,
                    lanes: &lanes[p],
                    lines: &placed_lines[p],
                    state,
                    me,
                };
                m.check_placements(cx, &on, &t.trains);
            }
        }
    }
}

/// One player's trains as placed: their lanes, each train's line (`None`: not placed), and
/// the mat (module `me` of `state`) with every player's trains.
struct Placed<'a> {
    p: usize,
    lanes: &'a [usize],
    lines: &'a [Option<usize>],
    state: &'a State,
    me: usize,
}

impl ProvinceMat {
    /// Puts player `p`'s `trains` on the mat, each on a line and spot it has and free;
    /// returns each train's line, `None` for one not placed.
    fn place_trains(
        &self,
        cx: &mut Cx,
        p: usize,
        trains: &[MatTrain],
        state: &mut State,
        me: usize,
    ) -> Vec<Option<usize>> {
        let (game, names) = (cx.game(), cx.names());
        let mut placed = Vec::new();
        for t in trains {
            placed.push(None);
            let Some(line) = self.lines.iter().position(|l| l.name == t.line.value) else {
                let lines: Vec<&str> = self.lines.iter().map(|l| l.name.as_str()).collect();
                let hint = crate::suggest::did_you_mean(&t.line.value, lines.iter().copied())
                    .map_or_else(
                        || format!(" (the lines: {})", lines.join(", ")),
                        |s| format!("; {s}"),
                    );
                let message = format!("{}: no line `{}` on the mat{hint}", names[p], t.line.value);
                cx.problem(UNKNOWN, &t.line.span, message, "unknown line");
                continue;
            };
            let spots = self.lines[line].spots.len() as i64;
            if t.spot.value > spots {
                let message = format!(
                    "{}: the {} line has {spots} spots, not {}",
                    names[p], t.line.value, t.spot.value
                );
                cx.problem(LIMIT, &t.spot.span, message, "no such spot");
                continue;
            }
            let k = t.spot.value as usize - 1;
            let owner = self.owner(game, state, me, line, k);
            if owner != NOBODY {
                let message = format!(
                    "{}: spot {} of the {} line holds a train of {} already; one train a spot",
                    names[p], t.spot.value, t.line.value, names[owner as usize]
                );
                cx.problem(LIMIT, &t.spot.span, message, "a second train");
                continue;
            }
            self.set_owner(game, state, me, line, k, p as u8);
            *placed.last_mut().expect("pushed above") = Some(line);
        }
        placed
    }

    /// Checks what player `on.p`'s placed trains say of their placement: the Express card
    /// (one the player has, each spent once), the claim (the player's, one train a claim, a
    /// line its colour allows), the cards (they pay for it) and the spot (the one they and
    /// the Express card reach, or below it only past spots that hold a train).
    fn check_placements(&self, cx: &mut Cx, on: &Placed, trains: &[MatTrain]) {
        let mut spent: Vec<i64> = Vec::new();
        let mut claims: Vec<usize> = Vec::new();
        for (t, &line) in trains.iter().zip(on.lines) {
            let Some(line) = line else { continue };
            let boost = match &t.express {
                Some(x) => self.express_card(cx, on.p, x, &mut spent),
                None => Some(0),
            };
            let Some(cards) = self.claim_of(cx, on, t, line, &mut claims) else {
                continue;
            };
            if let Some(boost) = boost {
                self.check_spot(cx, on, t, line, cards + boost);
            }
        }
    }

    /// The value of the Express card `x` player `p` spent, when they have such a card not
    /// spent already (`spent`: the values spent before); else `None` and a problem.
    fn express_card(
        &self,
        cx: &mut Cx,
        p: usize,
        x: &At<i64>,
        spent: &mut Vec<i64>,
    ) -> Option<u16> {
        let game = cx.game();
        let who = &cx.names()[p];
        let Some((_, express)) = game.mechanics.get::<ExpressCards>() else {
            let message = format!("{who}: the map has no Express cards");
            cx.problem(GAME, &x.span, message, "no Express cards on this map");
            return None;
        };
        let v = x.value;
        let held = express.values.iter().filter(|&&c| c as i64 == v).count();
        if held == 0 {
            let cards: Vec<String> = express.values.iter().map(|c| format!("+{c}")).collect();
            let message = format!(
                "{who}: no Express +{v} card; a player's Express cards are {}",
                cards.join(", ")
            );
            cx.problem(UNKNOWN, &x.span, message, "no such Express card");
            return None;
        }
        spent.push(v);
        let times = spent.iter().filter(|&&c| c == v).count();
        if times > held {
            let message = format!(
                "{who}: Express +{v} spent on {} mat trains; each Express card is spent once a game",
                count_word(times)
            );
            cx.problem(LIMIT, &x.span, message, "spent already");
            return None;
        }
        Some(v as u16)
    }

    /// The number of cards train `t`'s claim of `route` says were played, when it was the
    /// player's, its first mat train, on a line its colour allows, and `cards` (when
    /// written) pay for it; `None` (and a problem if any) else.
    fn claim_of(
        &self,
        cx: &mut Cx,
        on: &Placed,
        t: &MatTrain,
        line: usize,
        claims: &mut Vec<usize>,
    ) -> Option<u16> {
        let game = cx.game();
        let route = t.route.as_ref()?;
        let r = cx.route(on.p, route)?;
        let who = &cx.names()[on.p];
        let Some(&lane) = on.lanes.iter().find(|&&l| game.lane_route[l] as usize == r) else {
            let message = format!(
                "{who}: a mat train from `{}`, a route {who} did not claim; a train goes on the mat with its player's claim",
                route.value
            );
            cx.problem(CLAIM, &route.span, message, "not their claim");
            return None;
        };
        if claims.contains(&r) {
            let message = format!(
                "{who}: a second mat train from `{}`; a claim puts one train on the mat at most",
                route.value
            );
            cx.problem(CLAIM, &route.span, message, "a second train");
            return None;
        }
        claims.push(r);
        let class = on.state.lane_cost(game, on.p as u8, lane);
        let line_colour = self.lines[line].color;
        if class.color != GRAY && class.color != line_colour {
            let colour = colour_name(class.color);
            let message = format!(
                "{who}: `{}` is a {colour} route: its mat train goes on the {colour} line, not the {}",
                route.value, self.lines[line].name
            );
            cx.problem(CLAIM, &t.line.span, message, "not the route's line");
            return None;
        }
        let Played { counts, span } = t.cards.as_ref()?;
        let cards = card_counts(cx, on.p, counts)?;
        let colours: Vec<usize> = (0..LOCO as usize).filter(|&k| cards[k] > 0).collect();
        if colours.len() > 1 {
            let names: Vec<&str> = colours.iter().map(|&k| colour_name(k as u8)).collect();
            let message = format!(
                "{who}: cards of {} for `{}`: a claim is paid in one colour and locomotives, and so are the extra cards played for the mat",
                names.join(" and "),
                route.value
            );
            cx.problem(CLAIM, span, message, "cards of two colours");
            return None;
        }
        let right_colour = colours
            .first()
            .is_none_or(|&k| class.color == GRAY || class.color as usize == k);
        if !right_colour || !can_pay(&cards, &class) {
            let ferry = match class.ferry {
                0 => String::new(),
                n => format!(", {n} of them locomotives"),
            };
            let message = format!(
                "{who}: {} do not pay for `{}` ({} {} spaces{ferry})",
                describe(&cards),
                route.value,
                class.length,
                colour_name(class.color)
            );
            cx.problem(CLAIM, span, message, "do not pay for the claim");
            return None;
        }
        Some(cards.iter().sum())
    }

    /// Train `t` on `line` reached spot `number` (its cards and Express card): it stands
    /// there (the last spot at most), or lower with every spot between holding a train.
    fn check_spot(&self, cx: &mut Cx, on: &Placed, t: &MatTrain, line: usize, number: u16) {
        let game = cx.game();
        let who = &cx.names()[on.p];
        let top = (number as usize).min(self.lines[line].spots.len());
        let spot = t.spot.value as usize;
        let reach = match &t.express {
            Some(x) => format!("{} cards and Express +{}", number as i64 - x.value, x.value),
            None => format!("{number} cards"),
        };
        let name = &self.lines[line].name;
        if spot > top {
            let message = format!("{who}: {reach} reach spot {top} of the {name} line, not {spot}");
            cx.problem(CLAIM, &t.spot.span, message, "above the spot reached");
            return;
        }
        let free = (spot + 1..=top)
            .rev()
            .find(|&k| self.owner(game, on.state, on.me, line, k - 1) == NOBODY);
        if let Some(free) = free {
            let which = if free == top {
                ", which holds no train".to_string()
            } else {
                format!(", and spot {free} below it holds no train")
            };
            let message = format!(
                "{who}: {reach} reach spot {top} of the {name} line{which}: the train goes on the spot its cards reach, or the first free one below when that is taken"
            );
            cx.problem(CLAIM, &t.spot.span, message, "below a free spot");
        }
    }
}

/// `cards` as counts by card kind, each colour a card colour or `locomotive`; `None` and a
/// problem at a name that is neither.
fn card_counts(cx: &mut Cx, p: usize, counts: &[(At<String>, At<i64>)]) -> Option<Cards> {
    let kinds: Vec<&str> = (0..CARD_KINDS as u8).map(colour_name).collect();
    let mut cards: Cards = [0; CARD_KINDS];
    let mut known = true;
    for (name, n) in counts {
        match kinds.iter().position(|&k| k == name.value) {
            Some(k) => cards[k] += n.value as u16,
            None => {
                let hint = crate::suggest::did_you_mean(&name.value, kinds.iter().copied())
                    .map_or_else(
                        || format!(" (the cards: {})", kinds.join(", ")),
                        |s| format!("; {s}"),
                    );
                let message = format!("{}: no card colour `{}`{hint}", cx.names()[p], name.value);
                cx.problem(UNKNOWN, &name.span, message, "not a card colour");
                known = false;
            }
        }
    }
    known.then_some(cards)
}

/// A card kind's name: a colour's, or `locomotive`; `gray` for a gray lane.
fn colour_name(k: u8) -> &'static str {
    match k {
        LOCO => "locomotive",
        GRAY => "gray",
        k => Color::CARD_COLORS[k as usize].name(),
    }
}

/// `3 red cards and 1 locomotive`.
fn describe(cards: &Cards) -> String {
    let mut parts = Vec::new();
    for (k, &n) in cards.iter().enumerate().filter(|(_, n)| **n > 0) {
        let s = if n == 1 { "" } else { "s" };
        parts.push(match k as u8 {
            LOCO => format!("{n} locomotive{s}"),
            k => format!("{n} {} card{s}", colour_name(k)),
        });
    }
    if parts.is_empty() {
        "no cards".into()
    } else {
        parts.join(" and ")
    }
}

/// `two`, `three`, then digits.
fn count_word(n: usize) -> String {
    match n {
        2 => "two".into(),
        3 => "three".into(),
        n => n.to_string(),
    }
}

/// One train on the mat: `{ line = "red", spot = 9 }`, and optionally its `route`, `cards`
/// and `express`.
fn mat_train(r: &mut Reader, v: &Value, i: usize, j: usize) -> Option<MatTrain> {
    let path = crate::path!["player", i, "mat", j];
    let what = format!("a mat train of [[player]] #{}", i + 1);
    let table = r.table(v, &path, KEYS, &what)?;
    let example = "{ line = \"red\", spot = 9 }";
    let [line, spot] = r.required(table, &path, ["line", "spot"], &what, example)?;
    let at = |key: &str| {
        let mut at = path.clone();
        at.push(Seg::Key(key.into()));
        at
    };
    let line = r.string(line, &at("line"), "`line`")?;
    let spot = match r.whole(spot, &at("spot"), "`spot`")? {
        At {
            value: Whole::Fits(n),
            span,
        } if (1..=1000).contains(&n) => At { value: n, span },
        At { span, .. } => {
            r.error(
                span,
                "`spot` numbers a mat spot: 1 is the first",
                "not a spot number",
            );
            return None;
        }
    };
    let route = match table.get("route") {
        Some(v) => Some(r.string(v, &at("route"), "`route`")?),
        None => None,
    };
    let cards = match table.get("cards") {
        Some(_) if route.is_none() => {
            let span = r.value_span(&at("cards"));
            r.error(
                span,
                "`cards` are the cards played for a claim: say its `route` too",
                "cards of which claim?",
            );
            return None;
        }
        Some(v) => {
            let counts = r.counts(
                v,
                at("cards"),
                "`cards`",
                "{ white = 4, locomotive = 1 }",
                ("a colour's cards", "not a count"),
            );
            let span = r.value_span(&at("cards"));
            Some(Played { counts, span })
        }
        None => None,
    };
    let express = match table.get("express") {
        Some(v) => match r.whole(v, &at("express"), "`express`")? {
            At {
                value: Whole::Fits(n),
                span,
            } if (1..=1000).contains(&n) => Some(At { value: n, span }),
            At { span, .. } => {
                r.error(
                    span,
                    "`express` is the spent Express card's value: 1 for +1",
                    "not an Express card",
                );
                return None;
            }
        },
        None => None,
    };
    Some(MatTrain {
        line,
        spot,
        route,
        cards,
        express,
    })
}
