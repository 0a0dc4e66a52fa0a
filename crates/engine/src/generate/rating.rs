//! The rating a generated puzzle must have: `--rating MIN..MAX` or one of
//! the Sudoku Exchange's `--difficulty` buckets, on Sudoku Explainer's ER.

use std::fmt;
use std::str::FromStr;

use crate::logic::Difficulty;

/// A range of ER, both ends included, in tenths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatingRange {
    /// The lowest ER accepted.
    pub min: Difficulty,
    /// The highest ER accepted.
    pub max: Difficulty,
}

/// A `--rating` that does not read as a range of ER.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RatingError {
    /// Not `ER`, `MIN..MAX`, `MIN..` or `..MAX` with numbers of one decimal.
    #[error("invalid rating {0:?} (expected ER or MIN..MAX, e.g. 7.0.. or 2.5..4.9)")]
    Bad(String),
    /// The range holds no rating a puzzle can have (1.0 to 20.0).
    #[error("no puzzle rates {0}")]
    Empty(RatingRange),
    /// The range falls between the difficulties of the ladder's steps.
    #[error(
        "no step of the scale rates {0}: below 4.0 the ladder's steps rate only \
         1.0, 1.2, 1.5, 1.7, 1.9, 2.0, 2.3, 2.5, 2.6, 2.8, 3.0, 3.2, 3.4, 3.6 and 3.8"
    )]
    NoStep(RatingRange),
    /// The range lies above every rating a puzzle is known to have.
    #[error(
        "no puzzle is known to rate {0}: the hardest known rate {HIGHEST_KNOWN} (the \
         forum's lists, years of searching), and none is known that the ladder cannot \
         finish (20.0)"
    )]
    AboveKnown(RatingRange),
}

/// The highest ER any known puzzle has: the top of the forum's hardest
/// lists, where years of searching have found none rated higher.
pub const HIGHEST_KNOWN: Difficulty = Difficulty(119);

/// The difficulties of the ladder's steps below 4.0 (see
/// `logic::Technique`); from 4.0 up the sets, wings, loops and chains
/// (whose rating grows with their length by tenths) leave no tenth out.
const LOW_STEPS: [u16; 15] = [10, 12, 15, 17, 19, 20, 23, 25, 26, 28, 30, 32, 34, 36, 38];

/// Whether a puzzle may rate `er`: the largest difficulty of its steps is
/// a step's difficulty, and no known puzzle rates above [`HIGHEST_KNOWN`].
pub fn possible(er: Difficulty) -> bool {
    LOW_STEPS.contains(&er.0) || (40..=HIGHEST_KNOWN.0).contains(&er.0)
}

impl RatingRange {
    /// The Sudoku Exchange's buckets: easy below 1.5, medium 1.5 to below
    /// 2.5, hard 2.5 to below 5.0, diabolical 5.0 and above.
    pub fn bucket(name: &str) -> Option<RatingRange> {
        let (min, max) = match name {
            "easy" => (0, 14),
            "medium" => (15, 24),
            "hard" => (25, 49),
            "diabolical" => (50, 200),
            _ => return None,
        };
        Some(RatingRange {
            min: Difficulty(min),
            max: Difficulty(max),
        })
    }

    /// Whether `er` lies in the range.
    pub fn contains(&self, er: Difficulty) -> bool {
        (self.min..=self.max).contains(&er)
    }
}

impl fmt::Display for RatingRange {
    /// `MIN..MAX`, or the one ER a range of one holds.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.min == self.max {
            write!(f, "{}", self.min)
        } else {
            write!(f, "{}..{}", self.min, self.max)
        }
    }
}

/// Reads an ER with at most one decimal, as tenths.
fn tenths(text: &str) -> Option<u16> {
    let (whole, tenth) = text.split_once('.').unwrap_or((text, "0"));
    let tenth = if tenth.is_empty() { "0" } else { tenth };
    if tenth.len() != 1 {
        return None;
    }
    let value = whole.parse::<u16>().ok()?.checked_mul(10)?;
    value.checked_add(tenth.parse::<u16>().ok()?)
}

impl FromStr for RatingRange {
    type Err = RatingError;

    /// Reads `ER`, `MIN..MAX`, `MIN..` or `..MAX`.
    fn from_str(s: &str) -> Result<RatingRange, RatingError> {
        let bad = || RatingError::Bad(s.to_owned());
        let end = |text: &str, default: u16| match text {
            "" => Some(default),
            _ => tenths(text),
        };
        let (min, max) = match s.split_once("..") {
            Some((min, max)) => (end(min, 0).ok_or_else(bad)?, end(max, 200).ok_or_else(bad)?),
            None => {
                let er = tenths(s).ok_or_else(bad)?;
                (er, er)
            }
        };
        let range = RatingRange {
            min: Difficulty(min),
            max: Difficulty(max),
        };
        // Every proper puzzle rates 1.0 (a full house) to 20.0 (beyond).
        if min > max || max < 10 || min > 200 {
            return Err(RatingError::Empty(range));
        }
        if min > HIGHEST_KNOWN.0 {
            return Err(RatingError::AboveKnown(range));
        }
        if !(min..=max).any(|er| possible(Difficulty(er))) {
            return Err(RatingError::NoStep(range));
        }
        Ok(range)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(min: u16, max: u16) -> Result<RatingRange, RatingError> {
        Ok(RatingRange {
            min: Difficulty(min),
            max: Difficulty(max),
        })
    }

    #[test]
    fn ratings_parse_every_form() {
        assert_eq!("7.0..".parse(), range(70, 200));
        assert_eq!("..5".parse(), range(0, 50));
        assert_eq!("2.5..4.9".parse(), range(25, 49));
        assert_eq!("4.2".parse(), range(42, 42));
        assert!("4.25".parse::<RatingRange>().is_err());
        assert!("x..".parse::<RatingRange>().is_err());
        assert!(matches!(
            "5..4".parse::<RatingRange>(),
            Err(RatingError::Empty(_))
        ));
        assert!(matches!(
            "..0.9".parse::<RatingRange>(),
            Err(RatingError::Empty(_))
        ));
    }

    #[test]
    fn ranges_no_puzzle_can_meet_are_refused() {
        let refused = |text: &str| text.parse::<RatingRange>().err();
        for gap in ["1.1", "1.3..1.4", "2.1..2.2", "3.9"] {
            assert!(
                matches!(refused(gap), Some(RatingError::NoStep(_))),
                "{gap}"
            );
        }
        for high in ["12..", "20.0", "12.0..19.9", "15"] {
            assert!(
                matches!(refused(high), Some(RatingError::AboveKnown(_))),
                "{high}"
            );
        }
        for fine in [
            "1.0", "1.2", "1.1..1.2", "3.9..4.0", "4.9", "11.9", "11..", "..1.0",
        ] {
            assert_eq!(refused(fine), None, "{fine}");
        }
        let message = refused("1.1").unwrap().to_string();
        assert!(message.contains("1.0, 1.2, 1.5"), "{message}");
    }

    #[test]
    fn buckets_split_the_scale_without_gaps() {
        let names = ["easy", "medium", "hard", "diabolical"];
        for tenths in 10..=200u16 {
            let holding = names
                .iter()
                .filter(|name| {
                    RatingRange::bucket(name)
                        .unwrap()
                        .contains(Difficulty(tenths))
                })
                .count();
            assert_eq!(holding, 1, "{tenths}");
        }
        assert!(RatingRange::bucket("hard")
            .unwrap()
            .contains(Difficulty(25)));
        assert!(!RatingRange::bucket("hard")
            .unwrap()
            .contains(Difficulty(50)));
        assert!(RatingRange::bucket("nope").is_none());
    }
}
