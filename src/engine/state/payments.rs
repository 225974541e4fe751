//! Ways a hand pays a lane of a payment class: the general rule (colours, locomotives, ferry
//! spaces, card substitutes), its closed forms for simple lanes and for ferries without
//! any-card substitutes, and the count of ways.
//!
//! Substitutes ("any N cards") are the player's choice: a claim names how many
//! locomotives are among them ([`claim_locos`]); the rest are colours, the least-held
//! first, which keeps the hand's largest sets (the default a bot gets by naming none).

use super::*;

/// Adds `n` cards of the eight colours to `spent`, the colours the hand holds fewest of
/// first (ties: card order), so that the largest sets are kept; never a locomotive (those
/// are the player's choice, [`claim_locos`]). `None` when the hand has too few.
pub(super) fn take_colours(hand: &Cards, spent: &mut Cards, mut n: u16) -> Option<()> {
    while n > 0 {
        let mut best: Option<usize> = None;
        for k in 0..LOCO as usize {
            let left = hand[k] - spent[k];
            if left > 0 && best.is_none_or(|b| left < hand[b] - spent[b]) {
                best = Some(k);
            }
        }
        let k = best?;
        let take = (hand[k] - spent[k]).min(n);
        spent[k] += take;
        n -= take;
    }
    Some(())
}

/// Where a claim's `locos` packs the locomotives among substitute cards: the low 5 bits
/// are the direct locomotives (a lane is at most 31 spaces), the 11 above them the
/// locomotives among substitutes. A claim naming at most 7 of those packs as it did when
/// `locos` was a byte, so recorded games read the same.
pub const SUBSTITUTE_LOCOS_SHIFT: u8 = 5;
/// The most locomotives a claim can name among substitute cards: more than any deck holds
/// (Murmansk–Lieksa's "any four" cards can be 12 locomotives and more; 3 bits held 7).
pub const MAX_SUBSTITUTE_LOCOS: u16 = u16::MAX >> SUBSTITUTE_LOCOS_SHIFT;

/// A claim's `locos` as (locomotives played directly, for ferry spaces first and then for
/// coloured spaces; locomotives among the substitute cards, "any N cards").
#[inline]
pub fn claim_locos(locos: u16) -> (u8, u16) {
    (
        (locos & ((1 << SUBSTITUTE_LOCOS_SHIFT) - 1)) as u8,
        locos >> SUBSTITUTE_LOCOS_SHIFT,
    )
}

/// The `locos` of a claim playing `direct` locomotives (below 32) and `among` among
/// substitutes (at most [`MAX_SUBSTITUTE_LOCOS`]).
#[inline]
pub fn pack_claim_locos(direct: u8, among: u16) -> u16 {
    direct as u16 | (among << SUBSTITUTE_LOCOS_SHIFT)
}

/// The cards paid for a lane of `class` with `color` and `locos` (see [`State::payment`]
/// and [`claim_locos`]). Substitute cards other than the named locomotives are colours,
/// the hand's least-held first.
pub(super) fn class_payment(
    hand: &Cards,
    class: &LaneClass,
    color: u8,
    locos: u16,
) -> Option<Cards> {
    let (direct, among) = claim_locos(locos);
    let (mut spent, any) = before_substitutes(hand, class, color, direct)?;
    // Locomotives named among the substitutes are some of them, never more, and in hand.
    if among > any || direct as u16 + among > hand[LOCO as usize] {
        return None;
    }
    spent[LOCO as usize] += among;
    take_colours(hand, &mut spent, any - among)?;
    Some(spent)
}

/// A payment of a lane of `class` with `color` and `direct` locomotives before its
/// substitute cards: the cards spent so far, and how many any-cards the shortfalls take
/// ("any N cards" for a space, a ferry's substitutes of any colour); `None` when no count
/// of substitutes pays it.
fn before_substitutes(
    hand: &Cards,
    class: &LaneClass,
    color: u8,
    direct: u8,
) -> Option<(Cards, u16)> {
    let lane_color = class.color;
    if color != LOCO && lane_color != GRAY && color != lane_color {
        return None;
    }
    if direct as u16 > hand[LOCO as usize] {
        return None;
    }
    // Coloured spaces to pay: a discount takes cards off them, never off ferry spaces.
    let spaces = (class.length - class.ferry).saturating_sub(class.discount);
    let ferry_locos = direct.min(class.ferry);
    let space_locos = direct - ferry_locos;
    if space_locos > spaces || (space_locos > 0 && !class.loco_on_spaces) {
        return None;
    }
    let mut spent = [0u16; CARD_KINDS];
    spent[LOCO as usize] = direct as u16;
    let coloured = if color == LOCO {
        0
    } else {
        (hand[color as usize]).min((spaces - space_locos) as u16)
    };
    if color != LOCO {
        spent[color as usize] = coloured;
    }
    let short_spaces = (spaces - space_locos) as u16 - coloured;
    let short_ferry = (class.ferry - ferry_locos) as u16;
    // Any cards the shortfalls take.
    let mut any = 0u16;
    if short_spaces > 0 {
        if class.any_for_one == 0 {
            return None;
        }
        any += short_spaces * class.any_for_one as u16;
    }
    if short_ferry > 0 {
        let (cards, same) = class.ferry_substitute?;
        let need = short_ferry * cards as u16;
        if same {
            if color == LOCO || hand[color as usize] < spent[color as usize] + need {
                return None;
            }
            spent[color as usize] += need;
        } else {
            any += need;
        }
    }
    Some((spent, any))
}

/// The counts of locomotives among `any` substitute cards that [`class_payment`] accepts
/// after `spent` (from [`before_substitutes`]), as `lo..=hi` (empty when `lo > hi`): at most
/// `any` and the locomotives left in hand, and enough of them that the colours left cover
/// the rest (the colours are taken whatever their kind, so only their number counts).
fn among_range(hand: &Cards, spent: &Cards, any: u16) -> (u16, u16) {
    let colours: u16 = (0..LOCO as usize).map(|k| hand[k] - spent[k]).sum();
    let locos = hand[LOCO as usize] - spent[LOCO as usize];
    (any.saturating_sub(colours), any.min(locos))
}

/// Closed form of the general loop for a lane of a class that
/// [`LaneClass::is_plain_ferry`], paid with `have` cards of one colour it takes and `locos`
/// locomotives in hand: the locomotive counts that pay, as two ranges in ascending order
/// (`lo..=hi`, empty when `lo > hi`).
///
/// With `l` locomotives, the first `min(l, ferry)` go on ferry spaces and the rest on
/// coloured spaces. Fewer than `ferry` (range one): every coloured space takes a card of the
/// colour and each ferry space left takes `k` of them (the same-colour substitute; none
/// without one), so `have >= spaces + (ferry - l) * k`. At least `ferry` (range two): the
/// coloured spaces left take the cards, `have >= spaces - (l - ferry)`, and at least one
/// coloured space is paid with a card (`l - ferry < spaces`; locomotives alone are the `LOCO`
/// payment).
#[inline]
fn plain_ferry_locos(have: u16, locos: u16, class: &LaneClass) -> [(u16, u16); 2] {
    const NONE: (u16, u16) = (1, 0);
    let ferry = class.ferry as u16;
    let spaces = (class.length - class.ferry) as u16;
    if have == 0 || spaces == 0 {
        return [NONE; 2];
    }
    let top = if class.loco_on_spaces {
        locos.min(ferry + spaces)
    } else {
        locos.min(ferry)
    };
    let short = match class.ferry_substitute {
        Some((k, _)) if have >= spaces => {
            // Ferry spaces the colour's spare cards pay, `k` each.
            let spare = (have - spaces).checked_div(k as u16).unwrap_or(ferry);
            (ferry.saturating_sub(spare), top.min(ferry - 1))
        }
        _ => NONE,
    };
    let over = (
        ferry + spaces.saturating_sub(have),
        top.min(ferry + spaces - 1),
    );
    [short, over]
}

/// Whether a lane of a class that [`LaneClass::is_plain_ferry`] can be paid with
/// locomotives alone (every space, ferry and coloured).
#[inline]
fn plain_ferry_locos_only(locos: u16, class: &LaneClass) -> bool {
    locos >= class.length as u16 && (class.loco_on_spaces || class.length == class.ferry)
}

/// The ways `hand` pays a lane of `class` in closed form, for simple lanes and plain ferries:
/// calls `f(colour, lo, hi)` for each range `lo..=hi` of locomotive counts (ascending, maybe
/// empty: `lo > hi`) with which the colour's cards pay, colour by colour in legal-list
/// order, and returns whether locomotives alone pay; `None` (no call) for a class without a
/// closed form. [`for_each_claim`] and [`class_claim_count`] both read it, so the listing
/// and the count cannot disagree.
///
/// A simple lane: colour `c` with `l` locomotives pays iff `hand[c] + l >= length`, with
/// `0 <= l < length` (`l = length` is locomotives alone) and `l = 0` when locomotives may
/// not pay coloured spaces: one range. A plain ferry: [`plain_ferry_locos`].
#[inline(always)]
fn closed_form(hand: &Cards, class: &LaneClass, mut f: impl FnMut(u8, u16, u16)) -> Option<bool> {
    let locos = hand[LOCO as usize];
    if class.is_simple() {
        let len = class.length as u16;
        let top = if class.loco_on_spaces {
            locos.min(len - 1)
        } else {
            0
        };
        for_each_colour(class, |c| {
            let have = hand[c as usize];
            if have > 0 {
                f(c, len.saturating_sub(have), top);
            }
        });
        return Some(class.loco_on_spaces && locos >= len);
    }
    if class.is_plain_ferry() {
        for_each_colour(class, |c| {
            for (lo, hi) in plain_ferry_locos(hand[c as usize], locos, class) {
                f(c, lo, hi);
            }
        });
        return Some(plain_ferry_locos_only(locos, class));
    }
    None
}

/// Calls `f(colour)` for each colour a lane of `class` takes (all eight for gray).
#[inline(always)]
fn for_each_colour(class: &LaneClass, mut f: impl FnMut(u8)) {
    if class.color == GRAY {
        (0..LOCO).for_each(&mut f);
    } else {
        f(class.color);
    }
}

/// Calls `f(colour, locomotives)` for every way `hand` can pay a lane of `class`, in
/// legal-list order: each colour the lane takes (all eight for gray) with ascending
/// locomotives, then locomotives alone. A payment of locomotives alone is listed once, as
/// the `LOCO` colour.
pub(super) fn for_each_claim(hand: &Cards, class: &LaneClass, mut f: impl FnMut(u8, u16)) {
    let locos_only = closed_form(hand, class, |c, lo, hi| {
        for l in lo..=hi {
            f(c, l);
        }
    });
    match locos_only {
        Some(true) => f(LOCO, class.length as u16),
        Some(false) => {}
        None => for_each_claim_general(hand, class, f),
    }
}

/// [`for_each_claim`] by trying every colour and locomotive count against the payment rules:
/// for each count of direct locomotives, the counts of locomotives among substitute cards
/// (ascending) when the class takes any-card substitutes.
pub(super) fn for_each_claim_general(hand: &Cards, class: &LaneClass, mut f: impl FnMut(u8, u16)) {
    general_ranges(hand, class, |color, locos, lo, hi| {
        for among in lo..=hi {
            f(color, pack_claim_locos(locos, among));
        }
        true
    });
}

/// The general loop as ranges: `f(colour, direct locomotives, lo, hi)` where the counts
/// `lo..=hi` of locomotives among substitute cards pay (maybe empty), in legal-list order.
/// The counts of locomotives among substitutes that pay form one range: found once, not by
/// paying each (the UK's "any 4 cards" made that a third of a game), and counted without
/// listing ([`class_claim_count`]).
/// `f` returns whether to go on.
#[inline(always)]
fn general_ranges(hand: &Cards, class: &LaneClass, mut f: impl FnMut(u8, u8, u16, u16) -> bool) {
    for_each_colour_and_locos(hand, class, |color, locos, top| {
        let Some((spent, any)) = before_substitutes(hand, class, color, locos) else {
            return true;
        };
        let (lo, hi) = among_range(hand, &spent, any);
        f(color, locos, lo, hi.min(top))
    });
}

/// The general loop's frame: `f(colour, direct locomotives, the most locomotives among
/// substitutes to try)` for each colour the lane takes (gray: every colour), then the
/// locomotive alone, each with the counts of direct locomotives that leave a coloured space
/// to pay, in the order the legal list has them; stops when `f` returns `false`.
fn for_each_colour_and_locos(
    hand: &Cards,
    class: &LaneClass,
    mut f: impl FnMut(u8, u8, u16) -> bool,
) {
    let spaces = (class.length - class.ferry).saturating_sub(class.discount);
    let max_locos = if class.loco_on_spaces {
        hand[LOCO as usize].min((class.ferry + spaces) as u16)
    } else {
        hand[LOCO as usize].min(class.ferry as u16)
    } as u8;
    let any_substitutes =
        class.any_for_one > 0 || class.ferry_substitute.is_some_and(|(_, same)| !same);
    // Whether to go on.
    let mut try_colour = |color: u8| {
        if color != LOCO && (hand[color as usize] == 0 || spaces == 0) {
            return true;
        }
        for locos in 0..=max_locos {
            if color != LOCO && locos - locos.min(class.ferry) >= spaces {
                break;
            }
            let left = (hand[LOCO as usize] - locos as u16).min(MAX_SUBSTITUTE_LOCOS);
            if !f(color, locos, if any_substitutes { left } else { 0 }) {
                return false;
            }
        }
        true
    };
    let go_on = if class.color == GRAY {
        (0..LOCO).all(&mut try_colour)
    } else {
        try_colour(class.color)
    };
    if go_on {
        try_colour(LOCO);
    }
}

/// How many ways `hand` can pay a lane of `class` (the length of [`for_each_claim`]).
#[inline]
pub(super) fn class_claim_count(hand: &Cards, class: &LaneClass) -> u32 {
    let mut n = 0;
    let locos_only = closed_form(hand, class, |_, lo, hi| {
        if lo <= hi {
            n += (hi - lo + 1) as u32;
        }
    });
    match locos_only {
        Some(alone) => n + alone as u32,
        None if class.ferry == 0 => count_spaces(hand, class),
        None => {
            general_ranges(hand, class, |_, _, lo, hi| {
                if lo <= hi {
                    n += (hi - lo + 1) as u32;
                }
                true
            });
            n
        }
    }
}

/// [`class_claim_count`] for a lane without ferry spaces, by the general loop's arithmetic
/// on counts (no cards worked out): for each colour the lane takes, then the locomotive,
/// each count `d` of direct locomotives, the spaces short after the colour's cards take
/// `short × n` substitutes, of which `lo..=hi` may be locomotives (at least what the colours
/// left cannot cover; at most the substitutes, the locomotives left). Counting UK lanes
/// ("any 4 cards") with the cards worked out was a fifth of a random UK game.
/// `claim_ways_match_general` checks it against the general loop.
fn count_spaces(hand: &Cards, class: &LaneClass) -> u32 {
    let spaces = class.length.saturating_sub(class.discount) as u16;
    let locos = hand[LOCO as usize];
    let colours: u16 = hand[..LOCO as usize].iter().sum();
    let max_direct = if class.loco_on_spaces {
        locos.min(spaces)
    } else {
        0
    };
    let substitutes =
        class.any_for_one > 0 || class.ferry_substitute.is_some_and(|(_, same)| !same);
    let n = class.any_for_one as u16;
    // The payments of a colour holding `have` cards (`None`: the locomotive alone).
    let ways = |have: Option<u16>| {
        let mut ways = 0u32;
        for d in 0..=max_direct {
            if have.is_some() && d >= spaces {
                break;
            }
            let coloured = have.map_or(0, |h| h.min(spaces - d));
            let short = spaces - d - coloured;
            if short > 0 && n == 0 {
                continue;
            }
            let any = short * n;
            let left = (locos - d).min(MAX_SUBSTITUTE_LOCOS);
            let lo = any.saturating_sub(colours - coloured);
            let hi = any.min(locos - d).min(if substitutes { left } else { 0 });
            if lo <= hi {
                ways += (hi - lo + 1) as u32;
            }
        }
        ways
    };
    let mut total = 0;
    if spaces > 0 {
        for_each_colour(class, |c| {
            let have = hand[c as usize];
            if have > 0 {
                total += ways(Some(have));
            }
        });
    }
    total + ways(None)
}

/// Whether `hand` can pay a lane of `class` at all ([`class_claim_count`] `> 0`), stopping
/// at the first way: deciding which lanes a player could claim asks only this, and counting
/// every "any N cards" payment of every UK lane for it was a third of a style game.
#[inline]
pub(super) fn class_can_pay(hand: &Cards, class: &LaneClass) -> bool {
    let mut some = false;
    match closed_form(hand, class, |_, lo, hi| some |= lo <= hi) {
        Some(alone) => some || alone,
        None if class.ferry == 0 => can_pay_spaces(hand, class),
        None => {
            general_ranges(hand, class, |_, _, lo, hi| {
                some = lo <= hi;
                !some
            });
            some
        }
    }
}

/// [`class_can_pay`] for a lane without ferry spaces, by formula. For a colour (or the
/// locomotive) the general loop tries `d` direct locomotives on spaces, `0..=D`; with `h`
/// cards of the colour, `T` colour cards and `L` locomotives in hand, `s` spaces to pay and
/// `n` cards standing for one, the spaces short after `min(h, s - d)` cards of the colour
/// take `short * n` substitutes, which the colours and locomotives left must cover:
/// `short * n <= (T - min(h, s - d)) + (L - d)`. Each further locomotive takes `n` from the
/// left side and 1 from the right (`n >= 1`), and none short pays outright, so if any `d`
/// pays, `D` does: one test per colour.
fn can_pay_spaces(hand: &Cards, class: &LaneClass) -> bool {
    let s = class.length.saturating_sub(class.discount) as u16;
    let l = hand[LOCO as usize];
    let t: u16 = hand[..LOCO as usize].iter().sum();
    let n = class.any_for_one as u16;
    let pays = |have: u16, d: u16| {
        let coloured = have.min(s - d);
        let short = s - d - coloured;
        short == 0 || (n > 0 && short * n <= (t - coloured) + (l - d))
    };
    // The most direct locomotives on spaces (the general loop's `max_locos`).
    let top = if class.loco_on_spaces { l.min(s) } else { 0 };
    let mut colour_pays = false;
    if s > 0 {
        for_each_colour(class, |c| {
            let have = hand[c as usize];
            colour_pays |= have > 0 && pays(have, top.min(s - 1));
        });
    }
    colour_pays || pays(0, top)
}

/// Whether the closed forms ([`for_each_claim`] and [`class_claim_count`]) list exactly
/// what the general payment loop lists, for tests.
#[doc(hidden)]
pub fn claim_ways_match_general(hand: &Cards, class: &LaneClass) -> bool {
    let mut fast = Vec::new();
    for_each_claim(hand, class, |c, l| fast.push((c, l)));
    let mut slow = Vec::new();
    for_each_claim_general(hand, class, |c, l| slow.push((c, l)));
    fast == slow
        && class_claim_count(hand, class) as usize == fast.len()
        && slow == every_payment_tried(hand, class)
        && class_can_pay(hand, class) != fast.is_empty()
}

/// The general loop's list found the plain way, as it was listed before the range of
/// locomotives among substitutes was worked out: the same frame, each count among
/// substitutes tried with [`class_payment`]. What
/// [`for_each_claim_general`] must list, for [`claim_ways_match_general`].
fn every_payment_tried(hand: &Cards, class: &LaneClass) -> Vec<(u8, u16)> {
    let mut out = Vec::new();
    for_each_colour_and_locos(hand, class, |color, locos, top| {
        for among in 0..=top {
            let packed = pack_claim_locos(locos, among);
            if class_payment(hand, class, color, packed).is_some() {
                out.push((color, packed));
            }
        }
        true
    });
    out
}

/// Calls `f(colour, locomotives)` for every way `hand` can pay a lane of `class`, in
/// legal-list order (for modules that claim outside the core's claim action: the UK's Right
/// of Way).
pub fn payment_ways(hand: &Cards, class: &LaneClass, f: impl FnMut(u8, u16)) {
    for_each_claim(hand, class, f)
}

/// Whether `hand` can pay a lane of `class` at all (whether [`payment_ways`] calls once),
/// stopping at the first way.
pub fn can_pay(hand: &Cards, class: &LaneClass) -> bool {
    class_can_pay(hand, class)
}

/// The cards `hand` pays for a lane of `class` with `color` and `locos` (see
/// [`State::payment`]), or `None`.
pub fn pay_with(hand: &Cards, class: &LaneClass, color: u8, locos: u16) -> Option<Cards> {
    class_payment(hand, class, color, locos)
}

/// Whether [`locomotive_payment`] pays (`Some`), without working out the cards: the
/// locomotive cards are in hand and the hand's coloured cards cover the rest, `any_as_one`
/// each. Listing every purchase after every turn paid each way out (12 % of a random UK
/// game).
pub fn can_pay_locomotives(hand: &Cards, cost: u8, direct: u8, any_as_one: u8) -> bool {
    if direct > cost || direct as u16 > hand[LOCO as usize] {
        return false;
    }
    let short = (cost - direct) as u16;
    let colours: u16 = hand[..LOCO as usize].iter().sum();
    short == 0 || (any_as_one > 0 && short * any_as_one as u16 <= colours)
}

/// The cards `hand` pays for `cost` locomotives (a UK technology), `direct` of them with
/// locomotive cards and each of the others with `any_as_one` cards of the eight colours,
/// those the hand holds fewest of first (as a claim's substitutes); `None` when the hand
/// has too few, or `direct` is more than the cost.
pub fn locomotive_payment(hand: &Cards, cost: u8, direct: u8, any_as_one: u8) -> Option<Cards> {
    if direct > cost || direct as u16 > hand[LOCO as usize] {
        return None;
    }
    let short = (cost - direct) as u16;
    if short > 0 && any_as_one == 0 {
        return None;
    }
    let mut spent = [0u16; CARD_KINDS];
    spent[LOCO as usize] = direct as u16;
    take_colours(hand, &mut spent, short * any_as_one as u16)?;
    Some(spent)
}
