//! The proof a chain step carries: its branches, each an assumption and
//! every implication that follows from it, with the states each rests on
//! and its rule (`docs/rating.md`, "Chains in full").
//!
//! Text, JSON and pictures all print this same data; a program can check
//! every link against the position before the step.

use std::fmt::{self, Write as _};

use super::grid::house_name;
use crate::board::Cell;

/// A candidate's state in a chain: `cell`, `digit` and whether it is
/// true (`on`) or false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The cell (0-80).
    pub cell: u8,
    /// The digit (1-9).
    pub digit: u8,
    /// True when the chain sets the digit in the cell, false when it
    /// removes it.
    pub on: bool,
}

impl fmt::Display for Candidate {
    /// Writes Sudoku Explainer's notation: `r4c5.7 on`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let state = if self.on { "on" } else { "off" };
        write!(f, "{}.{} {state}", Cell(self.cell), self.digit)
    }
}

/// A chain step's branches; none for other steps. One pointer, free to
/// keep and drop when empty, as it is on every step that rating takes
/// (only `explain` and `hint` fill it in); it reads as a slice.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chains(Option<Box<[Branch]>>);

impl Chains {
    /// No branches.
    pub const NONE: Chains = Chains(None);
}

impl From<Vec<Branch>> for Chains {
    fn from(branches: Vec<Branch>) -> Chains {
        if branches.is_empty() {
            Chains::NONE
        } else {
            Chains(Some(branches.into_boxed_slice()))
        }
    }
}

impl<'a> IntoIterator for &'a Chains {
    type Item = &'a Branch;
    type IntoIter = std::slice::Iter<'a, Branch>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl std::ops::Deref for Chains {
    type Target = [Branch];

    fn deref(&self) -> &[Branch] {
        self.0.as_deref().unwrap_or(&[])
    }
}

/// One branch of a chain step: an assumption and what follows from it, in
/// the order found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    /// The state the branch assumes.
    pub assume: Candidate,
    /// Each state implied, in the order found.
    pub implies: Vec<Implication>,
}

/// A state a branch implies, what it rests on and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Implication {
    /// The state implied.
    pub state: Candidate,
    /// The earlier states of the branch it rests on, by position: `0` is
    /// the assumption, `k` is `implies[k - 1]`; each is before this one.
    pub from: Vec<u32>,
    /// Why it follows.
    pub rule: Rule,
}

/// Why an implication follows from the states it rests on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// A cell holds one digit: an "on" state turns the cell's other digits
    /// off; the other digits off turn the last one on.
    Cell,
    /// A house (0-26: boxes, rows, columns) holds a digit once: an "on"
    /// state turns the digit off in the house's other cells; its other
    /// places off turn the last one on.
    House(u8),
    /// A nested chain, proved by its own branches over the position the
    /// branch has reached.
    Chain(Vec<Branch>),
}

impl Rule {
    /// The rule's name: `cell`, `row 3`, `column 5`, `box 2`, `chain`.
    pub fn name(&self) -> String {
        match self {
            Rule::Cell => "cell".to_string(),
            Rule::House(house) => house_name(usize::from(*house)),
            Rule::Chain(_) => "chain".to_string(),
        }
    }
}

/// A state in the contract's notation: `r1c3=4` (on) or `r1c3<>4` (off).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StateName(pub Candidate);

impl fmt::Display for StateName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0.on { "=" } else { "<>" };
        write!(f, "{}{sign}{}", Cell(self.0.cell), self.0.digit)
    }
}

impl Branch {
    /// The state at position `k` of the branch: the assumption (0) or
    /// `implies[k - 1]`.
    pub fn state_at(&self, k: u32) -> Candidate {
        match k {
            0 => self.assume,
            k => self.implies[k as usize - 1].state,
        }
    }

    /// Every implication of the branch and of the nested chains under it.
    pub fn implication_count(&self) -> usize {
        self.implies
            .iter()
            .map(|i| {
                1 + match &i.rule {
                    Rule::Chain(nested) => nested.iter().map(Branch::implication_count).sum(),
                    _ => 0,
                }
            })
            .sum()
    }

    /// Writes implications `range` of the branch as `explain` prints
    /// them, each ` -> STATE (rule: the states it rests on)`: the text of
    /// a branch, or of the part of one a picture draws.
    pub fn write_implications(&self, range: std::ops::Range<usize>, out: &mut String) {
        for k in range {
            let implication = &self.implies[k];
            let _ = write!(
                out,
                " -> {} ({}",
                StateName(implication.state),
                implication.rule.name()
            );
            // Resting on the state just before it alone goes without saying.
            if implication.from != [k as u32] {
                out.push(':');
                for (n, &at) in implication.from.iter().enumerate() {
                    out.push_str(if n == 0 { " " } else { ", " });
                    let _ = write!(out, "{}", StateName(self.state_at(at)));
                }
            }
            out.push(')');
        }
    }

    /// Writes the branch as `explain` prints it, indented by `indent`
    /// spaces, with its nested chains on the lines after it (indented four
    /// more), each line ending in a newline:
    /// `    r1c7=6 -> r1c3<>6 (row 1) -> r1c3=4 (cell) -> ...`.
    pub fn write_text(&self, indent: usize, out: &mut String) {
        for _ in 0..indent {
            out.push(' ');
        }
        let _ = write!(out, "{}", StateName(self.assume));
        self.write_implications(0..self.implies.len(), out);
        out.push('\n');
        for implication in &self.implies {
            if let Rule::Chain(nested) = &implication.rule {
                for branch in nested {
                    branch.write_text(indent + 4, out);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cand(cell: u8, digit: u8, on: bool) -> Candidate {
        Candidate { cell, digit, on }
    }

    #[test]
    fn a_branch_prints_as_the_contract_shows() {
        // r1c7=6 -> r1c3<>6 (row 1) -> r1c3=4 (cell), then a state resting
        // on two earlier ones, then a nested chain.
        let nested = Branch {
            assume: cand(10, 4, true),
            implies: vec![Implication {
                state: cand(11, 4, false),
                from: vec![0],
                rule: Rule::House(10),
            }],
        };
        let branch = Branch {
            assume: cand(6, 6, true),
            implies: vec![
                Implication {
                    state: cand(2, 6, false),
                    from: vec![0],
                    rule: Rule::House(9),
                },
                Implication {
                    state: cand(2, 4, true),
                    from: vec![1],
                    rule: Rule::Cell,
                },
                Implication {
                    state: cand(3, 5, true),
                    from: vec![1, 0],
                    rule: Rule::House(1),
                },
                Implication {
                    state: cand(11, 4, false),
                    from: vec![3],
                    rule: Rule::Chain(vec![nested]),
                },
            ],
        };
        let mut text = String::new();
        branch.write_text(4, &mut text);
        assert_eq!(
            text,
            "    r1c7=6 -> r1c3<>6 (row 1) -> r1c3=4 (cell) \
             -> r1c4=5 (box 2: r1c3<>6, r1c7=6) -> r2c3<>4 (chain)\n        \
             r2c2=4 -> r2c3<>4 (row 2)\n"
        );
        assert_eq!(branch.implication_count(), 5);
    }
}
