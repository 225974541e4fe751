//! Typed views of a module's packed numbers: a word of its per-game state
//! ([`State::mechanic_words`](crate::engine::State::mechanic_words)) and a decision's choice
//! ([`Action::Mechanic`](crate::engine::Action::Mechanic)).
//!
//! The state stays a flat `Vec<u32>` so a game is one cheap clone; a module that keeps more
//! than a number in a word (a flag and two owners, a builder and a piece) names the parts in
//! a small `Copy` type implementing [`Word`], and module code reads and writes the fields:
//! the bit layout is written once, in that type's two methods, each with a round-trip test.
//! A choice made of several parts (a lane and a colour) does the same with [`Choice`], used
//! both where the choice is offered and where it is applied, described or advised.
//!
//! Recorded games, reports and hashes hold these numbers, so a layout never changes: a
//! codec is a name for the bits already there.

/// A value kept in one word of a module's state.
pub trait Word: Copy {
    /// The word that holds it.
    fn to_word(self) -> u32;
    /// The value a word holds. Total: every word decodes (to what the module wrote there,
    /// for a word it wrote), so reading never fails.
    fn from_word(word: u32) -> Self;
}

/// A decision's choice made of several parts, carried in an action's `u16`.
pub trait Choice: Copy {
    /// The choice's number.
    fn to_choice(self) -> u16;
    /// The parts of a choice's number. Total: a number no listing offers decodes to parts
    /// the module then refuses (no such lane, no such city), so decoding never fails.
    fn from_choice(choice: u16) -> Self;
}

/// The modules' convention for "one of these, or none": the value + 1, 0 for none (a
/// city's marker owner, a player's starting city, a lane waiting for a decision). A value
/// is below its type's maximum, which has no word.
macro_rules! plus_one {
    ($($t:ty),*) => {$(
        impl Word for Option<$t> {
            fn to_word(self) -> u32 {
                self.map_or(0, |v| v as u32 + 1)
            }
            fn from_word(word: u32) -> Self {
                word.checked_sub(1).map(|v| v as $t)
            }
        }
    )*};
}

plus_one!(u8, u16, u32);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_round_trip_as_value_plus_one() {
        for v in [None, Some(0u8), Some(1), Some(254), Some(255)] {
            // 255 + 1 needs a ninth bit: fine in a word of its own, not in an 8-bit field.
            assert_eq!(Option::<u8>::from_word(v.to_word()), v);
        }
        for v in [
            None,
            Some(0u16),
            Some(1),
            Some(u16::MAX - 1),
            Some(u16::MAX),
        ] {
            assert_eq!(Option::<u16>::from_word(v.to_word()), v);
        }
        assert_eq!(None::<u8>.to_word(), 0);
        assert_eq!(Some(0u8).to_word(), 1);
        assert_eq!(Some(255u8).to_word(), 256);
        assert_eq!(Some(u16::MAX).to_word(), 65536);
        for w in [0, 1, 2, 255, 256] {
            assert_eq!(Option::<u8>::from_word(w).to_word(), w);
        }
        for w in [0, 1, 2, 65535, 65536] {
            assert_eq!(Option::<u16>::from_word(w).to_word(), w);
        }
        for v in [None, Some(0u32), Some(1), Some(u32::MAX - 1)] {
            assert_eq!(Option::<u32>::from_word(v.to_word()), v);
        }
        for w in [0, 1, 2, u32::MAX] {
            assert_eq!(Option::<u32>::from_word(w).to_word(), w);
        }
    }
}
