//! City and zone ids made from display names: lowercase ASCII where a letter has an obvious
//! ASCII form, words joined by `-`, unique within one map.

use std::collections::HashSet;

/// The ASCII spelling of a lowercase letter with a diacritic, for the letters the official
/// maps use (`Ålborg`, `Zürich`, `Kyїv`, `Bucureşti`); other letters are kept as they are.
fn ascii_fold(ch: char) -> Option<&'static str> {
    Some(match ch {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => "a",
        'æ' => "ae",
        'ç' | 'ć' | 'č' => "c",
        'ď' | 'đ' => "d",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ę' | 'ě' => "e",
        'ì' | 'í' | 'î' | 'ï' | 'ī' | 'ї' | 'і' => "i",
        'ł' => "l",
        'ñ' | 'ń' | 'ň' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ő' => "o",
        'œ' => "oe",
        'ř' => "r",
        'ß' => "ss",
        'ś' | 'š' | 'ş' | 'ș' => "s",
        'ť' | 'ţ' | 'ț' => "t",
        'ù' | 'ú' | 'û' | 'ü' | 'ū' | 'ů' | 'ű' => "u",
        'ý' | 'ÿ' => "y",
        'ź' | 'ż' | 'ž' => "z",
        _ => return None,
    })
}

/// `Mo I Rana` → `mo-i-rana`, `St. Gallen` → `st-gallen`, `Zürich` → `zurich`. Letters and
/// digits are kept, everything else separates words. Empty when the name has no letter or digit.
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    let mut pending_dash = false;
    for ch in name.chars().flat_map(char::to_lowercase) {
        let piece: Option<String> = if ch.is_ascii_alphanumeric() {
            Some(ch.to_string())
        } else if let Some(a) = ascii_fold(ch) {
            Some(a.to_string())
        } else if ch.is_alphanumeric() {
            Some(ch.to_string())
        } else {
            None
        };
        match piece {
            Some(p) => {
                if pending_dash && !out.is_empty() {
                    out.push('-');
                }
                pending_dash = false;
                out.push_str(&p);
            }
            // Spaces, dots, apostrophes and dashes all separate words; runs collapse to one dash.
            None => pending_dash = true,
        }
    }
    out
}

/// Hands out ids that are unique among everything handed out so far: the slug itself, else
/// the slug with `-2`, `-3`, ... appended, in the order names are given (so re-importing the
/// same files gives the same ids).
#[derive(Default)]
pub struct IdAllocator {
    taken: HashSet<String>,
}

impl IdAllocator {
    pub fn allocate(&mut self, base: &str) -> String {
        let base = if base.is_empty() { "place" } else { base };
        let mut id = base.to_string();
        let mut n = 2;
        while self.taken.contains(&id) {
            id = format!("{base}-{n}");
            n += 1;
        }
        self.taken.insert(id.clone());
        id
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_fold_diacritics_and_join_words() {
        assert_eq!(slug("Mo I Rana"), "mo-i-rana");
        assert_eq!(slug("St. Gallen"), "st-gallen");
        assert_eq!(slug("Ålborg"), "alborg");
        assert_eq!(slug("København"), "kobenhavn");
        assert_eq!(slug("Kyїv"), "kyiv");
        assert_eq!(slug("  Sault St. Marie "), "sault-st-marie");
        assert_eq!(slug("Österreich"), "osterreich");
        assert_eq!(slug("---"), "");
    }

    #[test]
    fn allocator_keeps_ids_unique_in_order() {
        let mut ids = IdAllocator::default();
        assert_eq!(ids.allocate("paris"), "paris");
        assert_eq!(ids.allocate("paris"), "paris-2");
        assert_eq!(ids.allocate("paris"), "paris-3");
        assert_eq!(ids.allocate(""), "place");
    }
}
