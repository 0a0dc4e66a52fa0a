//! Making puzzles: unique, optionally minimal, symmetric and within a range
//! of givens, each reproducible from a 64-bit seed.
//!
//! A puzzle is made from its seed alone ([`generate`]): draw a random full
//! grid, dig it (empty groups of symmetric cells in random order while the
//! solution stays unique, proved by the solver), and keep the result if it
//! meets the [`Recipe`] and the caller's `accept` test; otherwise draw again
//! from the same random stream. The output crate's generation run makes many
//! puzzles from one run seed, on any number of threads, writing them in
//! order.
//!
//! ```
//! use sudoku_engine::generate::{generate, Recipe, Symmetry};
//! use sudoku_engine::solve;
//!
//! let recipe = Recipe::new(Symmetry::Rotate180, true, None).unwrap();
//! let made = generate(&recipe, 42, |_| true, || false).unwrap();
//! assert_eq!(solve(&made.puzzle, 2).unwrap().count, 1);
//! assert_eq!(made, generate(&recipe, 42, |_| true, || false).unwrap());
//! ```

mod dig;
mod rating;
mod singles;
mod unavoidable;

use std::fmt;
use std::str::FromStr;

use crate::board::Board;
use crate::logic::{rate, rate_within, Difficulty, Rating, Technique};

pub use crate::random::{fresh_seed, puzzle_seed};
pub use crate::symmetry::{Groups, Symmetry, UnknownSymmetry, SYMMETRIES};
pub use rating::{possible, RatingError, RatingRange, HIGHEST_KNOWN};

use crate::random::Random;
pub(crate) use dig::full_grid;
use dig::{dig, Stop};
use singles::Singles;

/// Fewer givens than this never have a unique solution (McGuire, Tugemann
/// and Civario, 2012).
pub const MIN_GIVENS: u8 = 17;

/// The most givens of any minimal puzzle anyone has found; none with more
/// is known, and this generator could not find one, so asking for more is
/// refused rather than left to run for ever.
pub const MAX_MINIMAL_GIVENS: u8 = 40;

/// A range of givens, as `--givens N` or `--givens MIN..MAX` writes it
/// (either end of a range may be left out).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Givens {
    /// The fewest givens.
    pub min: u8,
    /// The most givens.
    pub max: u8,
}

impl Givens {
    /// Whether `n` givens lie in the range.
    pub fn contains(&self, n: u8) -> bool {
        (self.min..=self.max).contains(&n)
    }
}

impl fmt::Display for Givens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.min == self.max {
            write!(f, "{}", self.min)
        } else {
            write!(f, "{}..{}", self.min, self.max)
        }
    }
}

/// Why a request for puzzles cannot be met by any puzzle, or was
/// misspelled.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecipeError {
    /// `--givens` is not `N`, `MIN..MAX`, `MIN..` or `..MAX` with numbers
    /// 0-81.
    #[error("invalid givens {0:?} (expected N or MIN..MAX, numbers up to 81)")]
    BadGivens(String),
    /// The range is empty.
    #[error("the givens range {0} is empty")]
    EmptyRange(Givens),
    /// No unique puzzle has fewer than 17 givens.
    #[error("no puzzle with {0} givens has a unique solution (at least 17 are needed)")]
    TooFew(Givens),
    /// No minimal puzzle is known with that many givens.
    #[error("no minimal puzzle with {0} givens is known (at most 40)")]
    TooManyForMinimal(Givens),
    /// The quarter turn's groups make 4k or 4k + 1 givens only.
    #[error("with symmetry rotate90 the givens are 4k or 4k+1, never {0}")]
    Symmetry(Givens),
    /// Only full houses rate 1.0, and they fill at most one cell per house.
    #[error(
        "a puzzle rated {0} (full houses only) has at least {FULL_HOUSE_GIVENS} givens: each of \
         the 27 houses fills only its last empty cell; ask --givens {FULL_HOUSE_GIVENS}.. without --minimal"
    )]
    FullHousesOnly(RatingRange),
    /// With so few empty cells, every step is a full house.
    #[error(
        "no puzzle with {0} givens rates {1}: with {MAX_FULL_HOUSE_EMPTIES} empty cells or fewer \
         every step is a full house, rated 1.0; ask for fewer givens"
    )]
    FewEmptyCells(Givens, RatingRange),
    /// With so few empty cells, no step but a full house can occur.
    #[error(
        "no puzzle with {1} givens needs {0}: with {MAX_FULL_HOUSE_EMPTIES} empty cells or fewer \
         every step is a full house; ask for fewer givens"
    )]
    TechniqueNeedsEmptyCells(&'static str, Givens),
    /// The technique's steps rate outside the range asked.
    #[error("no puzzle rated {1} has a hardest step of {0}: its steps rate {2}")]
    Technique(&'static str, RatingRange, String),
}

/// The most empty cells with which every step is a full house: with three
/// or fewer, some empty cell is alone in its row, column or box (were each
/// sharing all three with another, a cell's row-mate and column-mate would
/// be the other two, and the row-mate's column would need a third). A full
/// house leaves fewer empty cells, so it holds to the end.
pub const MAX_FULL_HOUSE_EMPTIES: u8 = 3;

/// The fewest givens of a puzzle rated 1.0: its steps are full houses, each
/// filling the last empty cell of a house, which is then full for good, so
/// at most 27 cells are empty.
pub const FULL_HOUSE_GIVENS: u8 = 81 - 27;

impl FromStr for Givens {
    type Err = RecipeError;

    /// Reads `N`, `MIN..MAX`, `MIN..` or `..MAX`.
    fn from_str(s: &str) -> Result<Givens, RecipeError> {
        let bad = || RecipeError::BadGivens(s.to_owned());
        let number = |text: &str, default: u8| -> Result<u8, RecipeError> {
            if text.is_empty() {
                return Ok(default);
            }
            match text.parse::<u8>() {
                Ok(n) if n <= 81 => Ok(n),
                _ => Err(bad()),
            }
        };
        let givens = match s.split_once("..") {
            Some((min, max)) => Givens {
                min: number(min, 0)?,
                max: number(max, 81)?,
            },
            None if s.is_empty() => return Err(bad()),
            None => {
                let n = number(s, 0)?;
                Givens { min: n, max: n }
            }
        };
        if givens.min > givens.max {
            return Err(RecipeError::EmptyRange(givens));
        }
        Ok(givens)
    }
}

/// What every puzzle of a run must be, checked for possibility once.
#[derive(Clone, Debug)]
pub struct Recipe {
    symmetry: Symmetry,
    minimal: bool,
    givens: Option<Givens>,
    groups: Groups,
    /// The ER every puzzle must have, if any.
    rating: Option<RatingRange>,
    /// Rate every puzzle even without a range (for records that show it).
    rate_all: bool,
    /// The technique of every puzzle's hardest step, if asked.
    technique: Option<Technique>,
}

impl Recipe {
    /// A recipe for puzzles whose pattern of givens keeps `symmetry`,
    /// minimal if asked, with a number of givens in `givens` if given.
    /// Without `givens` every group is tried once, so the puzzle is minimal
    /// anyway (unless a low rating steers the digging, see
    /// [`with_rating`](Recipe::with_rating)); with it and not `minimal`,
    /// digging stops at a number of givens drawn in the range.
    ///
    /// Fails on requests no puzzle can meet (or none is known to).
    pub fn new(
        symmetry: Symmetry,
        minimal: bool,
        givens: Option<Givens>,
    ) -> Result<Recipe, RecipeError> {
        if let Some(range) = givens {
            if range.max < MIN_GIVENS {
                return Err(RecipeError::TooFew(range));
            }
            if minimal && range.min > MAX_MINIMAL_GIVENS {
                return Err(RecipeError::TooManyForMinimal(range));
            }
            if !(range.min..=range.max).any(|n| symmetry.allows_givens(n)) {
                return Err(RecipeError::Symmetry(range));
            }
        }
        Ok(Recipe {
            symmetry,
            minimal,
            givens,
            groups: Groups::new(symmetry),
            rating: None,
            rate_all: false,
            technique: None,
        })
    }

    /// The same recipe, asking for an ER in `range` (if any) and, with
    /// `rate_all`, rating every puzzle so that records can show it. A range
    /// whose top is below 2.5 steers the digging by singles unless the
    /// puzzles must be minimal: they are then not always minimal.
    ///
    /// Fails when no puzzle with the givens asked can rate in `range`.
    pub fn with_rating(
        self,
        range: Option<RatingRange>,
        rate_all: bool,
    ) -> Result<Recipe, RecipeError> {
        if let Some(range) = range {
            let only_full_houses =
                !(range.min.0..=range.max.0).any(|er| er != 10 && rating::possible(Difficulty(er)));
            // Without a range of givens the digging goes to a minimal puzzle.
            let most = self.givens.filter(|_| !self.minimal).map_or(0, |g| g.max);
            if only_full_houses && most < FULL_HOUSE_GIVENS {
                return Err(RecipeError::FullHousesOnly(range));
            }
            if let Some(givens) = self.givens {
                if givens.min >= 81 - MAX_FULL_HOUSE_EMPTIES && range.min.0 > 10 {
                    return Err(RecipeError::FewEmptyCells(givens, range));
                }
            }
        }
        Ok(Recipe {
            rating: range,
            rate_all,
            ..self
        })
    }

    /// The same recipe, asking that every puzzle's hardest step (the one
    /// that gives its ER) be a step of `technique`: the range of ER asked
    /// narrows to the difficulties such a step can have.
    ///
    /// Fails when that leaves no rating a puzzle can have, or none with the
    /// givens asked.
    pub fn with_technique(self, technique: Option<Technique>) -> Result<Recipe, RecipeError> {
        let Some(technique) = technique else {
            return Ok(self);
        };
        let (low, high) = technique.difficulty_range();
        if let Some(givens) = self.givens {
            if givens.min >= 81 - MAX_FULL_HOUSE_EMPTIES && low.0 > 10 {
                return Err(RecipeError::TechniqueNeedsEmptyCells(
                    technique.name(),
                    givens,
                ));
            }
        }
        let asked = self.rating.unwrap_or(RatingRange {
            min: Difficulty(10),
            max: Difficulty::BEYOND,
        });
        let range = RatingRange {
            min: asked.min.max(low),
            max: asked.max.min(high),
        };
        if !(range.min.0..=range.max.0).any(|er| rating::possible(Difficulty(er))) {
            return Err(RecipeError::Technique(
                technique.name(),
                asked,
                technique.rating_text(),
            ));
        }
        let rate_all = self.rate_all;
        Ok(Recipe {
            technique: Some(technique),
            ..self.with_rating(Some(range), rate_all)?
        })
    }

    /// Rates `puzzle` if the recipe needs its rating; `Err` when the rating
    /// is out of the range asked, or its hardest step of another technique
    /// than the one asked.
    fn rating_of(&self, puzzle: &Board) -> Result<Option<Rating>, ()> {
        let rating = match self.rating {
            None if self.rate_all => return Ok(Some(rate(puzzle))),
            None => return Ok(None),
            // Capped: a puzzle too hard for the range is dropped at its
            // first step out of it, not rated to the end.
            Some(range) => match rate_within(puzzle, range.max) {
                Some(rating) if range.contains(rating.er) => rating,
                _ => return Err(()),
            },
        };
        match self.technique {
            Some(technique) if rating.hardest != Some(technique) => Err(()),
            _ => Ok(Some(rating)),
        }
    }

    /// The symmetry of the pattern of givens.
    pub fn symmetry(&self) -> Symmetry {
        self.symmetry
    }

    /// Whether puzzles must be minimal.
    pub fn minimal(&self) -> bool {
        self.minimal
    }

    /// The range of givens asked, if any.
    pub fn givens(&self) -> Option<Givens> {
        self.givens
    }

    /// Where one attempt's digging stops: a minimal puzzle, or no range,
    /// digs every group; otherwise stop at a random target in the range,
    /// never going below its minimum.
    fn stop(&self, random: &mut Random) -> Stop {
        match self.givens {
            Some(range) if !self.minimal => Stop {
                target: random.between(range.min.max(MIN_GIVENS), range.max),
                floor: range.min,
            },
            _ => Stop {
                target: 0,
                floor: 0,
            },
        }
    }

    /// The singles that steer the digging, if any: when a range of ER is
    /// asked whose top lies below 2.5 and minimality is not, digging keeps
    /// the board solvable by singles whose ER cannot exceed it (all
    /// singles: at most 2.3; full houses and hidden singles in boxes: at
    /// most 1.2) and can reach its bottom. Every puzzle then fits the
    /// top, and no solver is needed; the capped rating still checks the
    /// bottom. Other ranges dig as usual and filter by the rating.
    fn steer(&self) -> Option<Singles> {
        let range = self.rating.filter(|_| !self.minimal)?;
        let (min, max) = (range.min.0, range.max.0);
        match max {
            23..25 if min <= 23 => Some(Singles::All),
            12..25 if min <= 12 => Some(Singles::Boxes),
            _ => None,
        }
    }

    /// Whether a dug puzzle with `givens` givens meets the range.
    fn fits(&self, givens: u8) -> bool {
        self.givens.is_none_or(|range| range.contains(givens))
    }
}

/// One generated puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    /// The puzzle: givens and empty cells.
    pub puzzle: Board,
    /// Its one solution.
    pub solution: Board,
    /// The seed that makes this puzzle again (with the same recipe).
    pub seed: u64,
    /// Its rating, when the recipe rates puzzles.
    pub rating: Option<Rating>,
}

impl Puzzle {
    /// The number of givens.
    pub fn givens(&self) -> usize {
        self.puzzle.givens()
    }
}

/// Makes the puzzle of `seed`: attempts drawn one after another from the
/// seed's random stream until one meets `recipe` and `accept` (a further
/// test of the finished puzzle, e.g. its rating). Before each attempt
/// `give_up` is asked; `None` if it said yes.
///
/// The result depends on the seed, the recipe and `accept` only.
pub fn generate(
    recipe: &Recipe,
    seed: u64,
    accept: impl Fn(&Puzzle) -> bool,
    give_up: impl Fn() -> bool,
) -> Option<Puzzle> {
    let mut random = Random::new(seed);
    loop {
        if give_up() {
            return None;
        }
        let grid = full_grid(&mut random);
        let stop = recipe.stop(&mut random);
        let cells = dig(&grid, &recipe.groups, stop, recipe.steer(), &mut random);
        let mut made = Puzzle {
            puzzle: Board::from_checked(cells),
            solution: Board::from_checked(grid),
            seed,
            rating: None,
        };
        if !recipe.fits(made.givens() as u8) {
            continue;
        }
        let Ok(rating) = recipe.rating_of(&made.puzzle) else {
            continue;
        };
        made.rating = rating;
        if accept(&made) {
            return Some(made);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::solve;

    #[test]
    fn three_empty_cells_or_fewer_always_hold_a_full_house() {
        use crate::geometry::{box_of, column_of, row_of};
        // Every set of at most three cells has one alone in its row, its
        // column or its box: the claim MAX_FULL_HOUSE_EMPTIES rests on.
        let alone = |cell: usize, others: &[usize]| {
            let shares = |key: fn(usize) -> usize| others.iter().any(|&o| key(o) == key(cell));
            !shares(row_of) || !shares(column_of) || !shares(box_of)
        };
        for a in 0..81 {
            for b in a + 1..81 {
                assert!(alone(a, &[b]) || alone(b, &[a]));
                for c in b + 1..81 {
                    assert!(
                        alone(a, &[b, c]) || alone(b, &[a, c]) || alone(c, &[a, b]),
                        "{a} {b} {c}"
                    );
                }
            }
        }
        // Four can all share: a rectangle within a box.
        let square = [0, 1, 9, 10];
        assert!(square.iter().all(|&c| !alone(
            c,
            &square
                .iter()
                .copied()
                .filter(|&o| o != c)
                .collect::<Vec<_>>()
        )));
    }

    #[test]
    fn givens_parse_every_form() {
        let g = |min, max| Ok(Givens { min, max });
        assert_eq!("25".parse(), g(25, 25));
        assert_eq!("20..30".parse(), g(20, 30));
        assert_eq!("30..".parse(), g(30, 81));
        assert_eq!("..30".parse(), g(0, 30));
        assert_eq!("..".parse(), g(0, 81));
        for bad in ["", "x", "82", "20..x", "-1", "20...30", "1e2"] {
            assert!(
                matches!(bad.parse::<Givens>(), Err(RecipeError::BadGivens(_))),
                "{bad}"
            );
        }
        assert!(matches!(
            "30..20".parse::<Givens>(),
            Err(RecipeError::EmptyRange(_))
        ));
    }

    #[test]
    fn impossible_recipes_are_refused() {
        let recipe = |symmetry, minimal, givens: &str| {
            Recipe::new(symmetry, minimal, Some(givens.parse().unwrap())).map(|_| ())
        };
        assert!(matches!(
            recipe(Symmetry::None, false, "16"),
            Err(RecipeError::TooFew(_))
        ));
        assert!(matches!(
            recipe(Symmetry::None, false, "..16"),
            Err(RecipeError::TooFew(_))
        ));
        assert!(recipe(Symmetry::None, false, "..17").is_ok());
        assert!(recipe(Symmetry::None, false, "81").is_ok());
        assert!(matches!(
            recipe(Symmetry::None, true, "81"),
            Err(RecipeError::TooManyForMinimal(_))
        ));
        assert!(recipe(Symmetry::None, true, "40").is_ok());
        assert!(matches!(
            recipe(Symmetry::Rotate90, false, "26..27"),
            Err(RecipeError::Symmetry(_))
        ));
        assert!(recipe(Symmetry::Rotate90, false, "26..28").is_ok());
    }

    #[test]
    fn puzzles_meet_their_recipe_and_replay_from_their_seed() {
        let recipe = Recipe::new(Symmetry::Mirror, false, Some("30..34".parse().unwrap())).unwrap();
        for seed in 0..20 {
            let made = generate(&recipe, seed, |_| true, || false).unwrap();
            assert!((30..=34).contains(&made.givens()));
            assert_eq!(made.seed, seed);
            assert!(made.puzzle.is_solved_by(&made.solution));
            assert_eq!(solve(&made.puzzle, 2).unwrap().count, 1);
            assert_eq!(Some(made), generate(&recipe, seed, |_| true, || false));
        }
    }

    fn bucket_recipe(symmetry: Symmetry, minimal: bool, bucket: &str) -> Recipe {
        Recipe::new(symmetry, minimal, None)
            .unwrap()
            .with_rating(RatingRange::bucket(bucket), false)
            .unwrap()
    }

    /// Every bucket's puzzles, steered or filtered: unique, rated in the
    /// bucket by `rate` itself (the rating carried is `rate`'s), symmetric
    /// when asked, and made again from their seed.
    #[test]
    fn bucket_puzzles_rate_in_their_bucket_are_unique_and_replay() {
        let cases = [
            ("easy", Symmetry::None, 60),
            ("easy", Symmetry::Rotate180, 20),
            ("medium", Symmetry::None, 60),
            ("medium", Symmetry::Diagonal, 20),
            ("hard", Symmetry::None, 40),
            ("hard", Symmetry::Mirror, 10),
            ("diabolical", Symmetry::None, 4),
        ];
        for (bucket, symmetry, seeds) in cases {
            let recipe = bucket_recipe(symmetry, false, bucket);
            let range = RatingRange::bucket(bucket).unwrap();
            for seed in 0..seeds {
                let made = generate(&recipe, seed, |_| true, || false).unwrap();
                let rating = rate(&made.puzzle);
                assert_eq!(made.rating, Some(rating), "{bucket} {}", made.puzzle);
                assert!(
                    range.contains(rating.er),
                    "{bucket} {rating} {}",
                    made.puzzle
                );
                let found = solve(&made.puzzle, 2).unwrap();
                assert_eq!(found.count, 1, "{bucket} {}", made.puzzle);
                assert_eq!(found.first, Some(made.solution));
                let cells = made.puzzle.cells();
                for i in 0..81 {
                    assert_eq!(cells[i] == 0, cells[symmetry.image(i)] == 0, "{symmetry}");
                }
                assert_eq!(Some(made), generate(&recipe, seed, |_| true, || false));
            }
        }
    }

    #[test]
    fn only_low_ranges_without_minimal_steer_the_digging() {
        let steer = |minimal, range: &str| {
            Recipe::new(Symmetry::None, minimal, None)
                .unwrap()
                .with_rating(Some(range.parse().unwrap()), false)
                .unwrap()
                .steer()
        };
        assert_eq!(steer(false, "..1.4"), Some(Singles::Boxes));
        assert_eq!(steer(false, "1.5..2.4"), Some(Singles::All));
        assert_eq!(steer(false, "1.2..2.3"), Some(Singles::All));
        // Singles alone cannot reach 2.4, nor stay within 1.9 but above 1.2.
        assert_eq!(steer(false, "2.5"), None);
        assert_eq!(steer(false, "1.5..1.9"), None);
        assert_eq!(steer(false, "2.5..4.9"), None);
        assert_eq!(steer(false, "..9.0"), None);
        assert_eq!(steer(true, "..1.4"), None);
        assert_eq!(
            Recipe::new(Symmetry::None, false, None).unwrap().steer(),
            None
        );
    }

    #[test]
    fn steered_puzzles_keep_the_givens_asked() {
        let recipe = Recipe::new(Symmetry::None, false, Some("30..34".parse().unwrap()))
            .unwrap()
            .with_rating(RatingRange::bucket("medium"), false)
            .unwrap();
        for seed in 0..10 {
            let made = generate(&recipe, seed, |_| true, || false).unwrap();
            assert!((30..=34).contains(&made.givens()), "{}", made.puzzle);
            assert!(RatingRange::bucket("medium")
                .unwrap()
                .contains(rate(&made.puzzle).er));
        }
    }

    #[test]
    fn accept_filters_and_give_up_stops() {
        let recipe = Recipe::new(Symmetry::None, false, None).unwrap();
        let made = generate(&recipe, 1, |p| p.puzzle.cell(0) != 0, || false).unwrap();
        assert_ne!(made.puzzle.cell(0), 0);
        assert_eq!(generate(&recipe, 1, |_| true, || true), None);
    }
}
