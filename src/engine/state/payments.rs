//! Ways a hand pays a lane of a payment class: the general rule (colours, locomotives, ferry
//! spaces, card substitutes), its closed form for simple lanes, and the count of ways.

use super::*;

/// Adds `n` cards of any kind to `spent`, the most plentiful colours left first and
/// locomotives last; `None` when the hand has too few.
pub(super) fn take_any(hand: &Cards, spent: &mut Cards, mut n: u16) -> Option<()> {
    while n > 0 {
        let mut best: Option<usize> = None;
        for k in 0..LOCO as usize {
            let left = hand[k] - spent[k];
            if left > 0 && best.is_none_or(|b| left > hand[b] - spent[b]) {
                best = Some(k);
            }
        }
        let k = match best {
            Some(k) => k,
            None if hand[LOCO as usize] > spent[LOCO as usize] => LOCO as usize,
            None => return None,
        };
        let take = (hand[k] - spent[k]).min(n);
        spent[k] += take;
        n -= take;
    }
    Some(())
}

/// The cards paid for a lane of `class` with `color` and `locos` (see [`State::payment`]).
pub(super) fn class_payment(
    hand: &Cards,
    class: &LaneClass,
    color: u8,
    locos: u8,
) -> Option<Cards> {
    let lane_color = class.color;
    if color != LOCO && lane_color != GRAY && color != lane_color {
        return None;
    }
    if locos as u16 > hand[LOCO as usize] {
        return None;
    }
    // Coloured spaces to pay: a discount takes cards off them, never off ferry spaces.
    let spaces = (class.length - class.ferry).saturating_sub(class.discount);
    let ferry_locos = locos.min(class.ferry);
    let space_locos = locos - ferry_locos;
    if space_locos > spaces || (space_locos > 0 && !class.loco_on_spaces) {
        return None;
    }
    let mut spent = [0u16; CARD_KINDS];
    spent[LOCO as usize] = locos as u16;
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
    if short_spaces > 0 {
        if class.any_for_one == 0 {
            return None;
        }
        take_any(hand, &mut spent, short_spaces * class.any_for_one as u16)?;
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
            take_any(hand, &mut spent, need)?;
        }
    }
    Some(spent)
}

/// Calls `f(colour, locomotives)` for every way `hand` can pay a lane of `class`, in
/// legal-list order: each colour the lane takes (all eight for gray) with ascending
/// locomotives, then locomotives alone. A payment of locomotives alone is listed once, as
/// the `LOCO` colour.
pub(super) fn for_each_claim(hand: &Cards, class: &LaneClass, mut f: impl FnMut(u8, u8)) {
    if class.is_simple() {
        // Closed form of the general loop below: colour `c` with `l` locomotives pays iff
        // `hand[c] + l >= length`, with 0 <= l < length (l = length is `LOCO`), and l = 0
        // when locomotives may not pay coloured spaces.
        let len = class.length as u16;
        let locos = hand[LOCO as usize];
        let top = if class.loco_on_spaces {
            locos.min(len - 1)
        } else {
            0
        };
        let mut colour = |c: u8| {
            let have = hand[c as usize];
            if have == 0 {
                return;
            }
            for l in len.saturating_sub(have)..=top {
                f(c, l as u8);
            }
        };
        if class.color == GRAY {
            for c in 0..LOCO {
                colour(c);
            }
        } else {
            colour(class.color);
        }
        if class.loco_on_spaces && locos >= len {
            f(LOCO, len as u8);
        }
        return;
    }
    for_each_claim_general(hand, class, f);
}

/// [`for_each_claim`] by trying every colour and locomotive count against the payment rules.
pub(super) fn for_each_claim_general(hand: &Cards, class: &LaneClass, mut f: impl FnMut(u8, u8)) {
    let spaces = (class.length - class.ferry).saturating_sub(class.discount);
    let max_locos = if class.loco_on_spaces {
        hand[LOCO as usize].min((class.ferry + spaces) as u16)
    } else {
        hand[LOCO as usize].min(class.ferry as u16)
    } as u8;
    let mut try_colour = |color: u8| {
        if color != LOCO && (hand[color as usize] == 0 || spaces == 0) {
            return;
        }
        for locos in 0..=max_locos {
            if color != LOCO && locos - locos.min(class.ferry) >= spaces {
                break;
            }
            if class_payment(hand, class, color, locos).is_some() {
                f(color, locos);
            }
        }
    };
    if class.color == GRAY {
        for c in 0..LOCO {
            try_colour(c);
        }
    } else {
        try_colour(class.color);
    }
    try_colour(LOCO);
}

/// How many ways `hand` can pay a lane of `class` (the length of [`for_each_claim`]).
#[inline]
pub(super) fn class_claim_count(hand: &Cards, class: &LaneClass) -> u32 {
    if class.is_simple() {
        let len = class.length as u16;
        let locos = hand[LOCO as usize];
        let top = if class.loco_on_spaces {
            locos.min(len - 1)
        } else {
            0
        };
        // Colour `c` pays with `len - hand[c]` (at least 0) up to `top` locomotives.
        let colour = |have: u16| -> u32 {
            let low = len.saturating_sub(have);
            if have == 0 || low > top {
                0
            } else {
                (top - low + 1) as u32
            }
        };
        let mut n = if class.color == GRAY {
            hand[..LOCO as usize].iter().map(|&h| colour(h)).sum()
        } else {
            colour(hand[class.color as usize])
        };
        n += (class.loco_on_spaces && locos >= len) as u32;
        return n;
    }
    let mut n = 0;
    for_each_claim(hand, class, |_, _| n += 1);
    n
}

/// Whether the closed forms ([`for_each_claim`] and [`class_claim_count`]) list exactly
/// what the general payment loop lists, for tests.
#[doc(hidden)]
pub fn claim_ways_match_general(hand: &Cards, class: &LaneClass) -> bool {
    let mut fast = Vec::new();
    for_each_claim(hand, class, |c, l| fast.push((c, l)));
    let mut slow = Vec::new();
    for_each_claim_general(hand, class, |c, l| slow.push((c, l)));
    fast == slow && class_claim_count(hand, class) as usize == fast.len()
}
