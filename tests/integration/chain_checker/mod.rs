//! An independent checker of chain proofs, written from the contract's
//! "Explanations in full (chains)" alone: it reads branches as the JSON
//! shows them (states `r1c3<>6`, rules `cell`, `row 1`, `chain`), replays
//! the position before each step from the puzzle and the steps' results,
//! and checks every implication against the link rules and every step's
//! result against what its branches prove.
//!
//! It reads "off" strictly: a state is off when the implication lists it
//! among the states it rests on, or when the candidate is not in the
//! position the branch starts from (a nested chain starts from its
//! enclosing branch's position with the states its implication rests on
//! applied). Nested chains are checked the same way, recursively.

#![allow(dead_code)]

use serde_json::Value;

/// A candidate state: cell 0-80, digit 1-9, on or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct S {
    pub cell: usize,
    pub digit: u8,
    pub on: bool,
}

impl S {
    fn negate(self) -> S {
        S {
            on: !self.on,
            ..self
        }
    }
}

impl std::fmt::Display for S {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sign = if self.on { "=" } else { "<>" };
        write!(
            f,
            "r{}c{}{sign}{}",
            self.cell / 9 + 1,
            self.cell % 9 + 1,
            self.digit
        )
    }
}

/// Reads `r4c5=7` or `r4c5<>7`.
pub fn parse_state(text: &str) -> Result<S, String> {
    let bad = || format!("bad state {text:?}");
    let rest = text.strip_prefix('r').ok_or_else(bad)?;
    let (row, rest) = rest.split_once('c').ok_or_else(bad)?;
    let (column, digit, on) = if let Some((c, d)) = rest.split_once("<>") {
        (c, d, false)
    } else {
        let (c, d) = rest.split_once('=').ok_or_else(bad)?;
        (c, d, true)
    };
    let num = |t: &str| t.parse::<usize>().ok().filter(|n| (1..=9).contains(n));
    let (row, column, digit) = (
        num(row).ok_or_else(bad)?,
        num(column).ok_or_else(bad)?,
        num(digit).ok_or_else(bad)?,
    );
    Ok(S {
        cell: (row - 1) * 9 + column - 1,
        digit: digit as u8,
        on,
    })
}

/// A house as the checker numbers it: rows 0-8, columns 9-17, boxes 18-26.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct House(pub usize);

impl House {
    pub fn cells(self) -> [usize; 9] {
        let n = self.0 % 9;
        std::array::from_fn(|i| match self.0 / 9 {
            0 => n * 9 + i,
            1 => i * 9 + n,
            _ => (n / 3 * 3 + i / 3) * 9 + n % 3 * 3 + i % 3,
        })
    }

    pub fn holds(self, cell: usize) -> bool {
        self.cells().contains(&cell)
    }

    /// The houses of a cell: its row, column and box.
    pub fn of(cell: usize) -> [House; 3] {
        [
            House(cell / 9),
            House(9 + cell % 9),
            House(18 + cell / 27 * 3 + cell % 9 / 3),
        ]
    }
}

#[derive(Clone, Debug)]
pub enum R {
    Cell,
    House(House),
    Chain(Vec<B>),
}

#[derive(Clone, Debug)]
pub struct I {
    pub state: S,
    pub from: Vec<S>,
    pub rule: R,
}

#[derive(Clone, Debug)]
pub struct B {
    pub assume: S,
    pub implies: Vec<I>,
}

impl B {
    fn states(&self) -> impl Iterator<Item = S> + '_ {
        std::iter::once(self.assume).chain(self.implies.iter().map(|i| i.state))
    }
}

fn parse_rule(text: &str, chains: Option<&Value>) -> Result<R, String> {
    if text == "cell" {
        return Ok(R::Cell);
    }
    if text == "chain" {
        let chains = chains.ok_or("rule chain without chains")?;
        return Ok(R::Chain(parse_branches(chains)?));
    }
    let (kind, n) = text.split_once(' ').ok_or(format!("bad rule {text:?}"))?;
    let n: usize = n.parse().map_err(|_| format!("bad rule {text:?}"))?;
    if !(1..=9).contains(&n) {
        return Err(format!("bad rule {text:?}"));
    }
    let base = match kind {
        "row" => 0,
        "column" => 9,
        "box" => 18,
        _ => return Err(format!("bad rule {text:?}")),
    };
    Ok(R::House(House(base + n - 1)))
}

/// Reads a `chains` list as the contract gives it.
pub fn parse_branches(value: &Value) -> Result<Vec<B>, String> {
    let list = value.as_array().ok_or("chains is not a list")?;
    list.iter()
        .map(|b| {
            let assume = parse_state(b["assume"].as_str().ok_or("no assume")?)?;
            let implies = b["implies"]
                .as_array()
                .ok_or("no implies")?
                .iter()
                .map(|i| {
                    let state = parse_state(i["state"].as_str().ok_or("no state")?)?;
                    let from = i["from"]
                        .as_array()
                        .ok_or("no from")?
                        .iter()
                        .map(|f| parse_state(f.as_str().ok_or("bad from")?))
                        .collect::<Result<Vec<_>, _>>()?;
                    let rule = parse_rule(i["rule"].as_str().ok_or("no rule")?, i.get("chains"))?;
                    Ok(I { state, from, rule })
                })
                .collect::<Result<Vec<_>, String>>()?;
            Ok(B { assume, implies })
        })
        .collect()
}

/// A position: each cell's candidates (bit d-1 for digit d); a placed
/// cell has none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub cands: [u16; 81],
}

impl Position {
    /// The candidates of a puzzle's givens: digits no peer holds.
    pub fn of_puzzle(puzzle: &str) -> Position {
        let values: Vec<u8> = puzzle
            .bytes()
            .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
            .collect();
        assert_eq!(values.len(), 81);
        let mut position = Position { cands: [0x1ff; 81] };
        for (cell, &digit) in values.iter().enumerate() {
            if digit != 0 {
                position.place(cell, digit);
            }
        }
        position
    }

    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.cands[cell] >> (digit - 1) & 1 == 1
    }

    pub fn remove(&mut self, cell: usize, digit: u8) {
        self.cands[cell] &= !(1 << (digit - 1));
    }

    pub fn place(&mut self, cell: usize, digit: u8) {
        self.cands[cell] = 0;
        for house in House::of(cell) {
            for peer in house.cells() {
                self.remove(peer, digit);
            }
        }
    }
}

/// What the checker counted.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    /// Chain steps checked.
    pub steps: usize,
    /// Branches, nested ones included.
    pub branches: usize,
    /// Implications checked against a cell or house rule.
    pub links: usize,
    /// Implications with rule `chain`, each checked through its nested
    /// branches.
    pub nested: usize,
    /// Implications the checker could not check (none are expected).
    pub unchecked: usize,
    /// The largest proof: implications (nested included) of one step.
    pub largest: usize,
}

impl Tally {
    pub fn add(&mut self, other: Tally) {
        self.steps += other.steps;
        self.branches += other.branches;
        self.links += other.links;
        self.nested += other.nested;
        self.unchecked += other.unchecked;
        self.largest = self.largest.max(other.largest);
    }
}

/// Checks each implication of `branch` over `position`; Err names the
/// first one that does not follow.
fn check_branch(branch: &B, position: &Position, tally: &mut Tally) -> Result<(), String> {
    tally.branches += 1;
    let mut earlier = vec![branch.assume];
    for (k, implication) in branch.implies.iter().enumerate() {
        let at = || {
            format!(
                "implication {} ({}) of branch {}",
                k + 1,
                implication.state,
                branch.assume
            )
        };
        if implication.from.is_empty() {
            return Err(format!("{} rests on nothing", at()));
        }
        for f in &implication.from {
            if !earlier.contains(f) {
                return Err(format!("{} rests on {f}, not an earlier state", at()));
            }
        }
        let off = |cell: usize, digit: u8| {
            !position.has(cell, digit)
                || implication.from.contains(&S {
                    cell,
                    digit,
                    on: false,
                })
        };
        let s = implication.state;
        let holds = match &implication.rule {
            R::Cell => {
                tally.links += 1;
                if s.on {
                    (1..=9).filter(|&d| d != s.digit).all(|d| off(s.cell, d))
                } else {
                    implication
                        .from
                        .iter()
                        .any(|f| f.on && f.cell == s.cell && f.digit != s.digit)
                }
            }
            R::House(house) => {
                tally.links += 1;
                house.holds(s.cell)
                    && if s.on {
                        house
                            .cells()
                            .iter()
                            .all(|&c| c == s.cell || off(c, s.digit))
                    } else {
                        implication.from.iter().any(|f| {
                            f.on && f.digit == s.digit && f.cell != s.cell && house.holds(f.cell)
                        })
                    }
            }
            R::Chain(nested) => {
                tally.nested += 1;
                let mut inner = position.clone();
                for f in implication.from.iter().filter(|f| !f.on) {
                    inner.remove(f.cell, f.digit);
                }
                let proven = proves(nested, &inner, tally).map_err(|e| format!("{}: {e}", at()))?;
                proven.contains(&s)
            }
        };
        if !holds {
            return Err(format!("{} does not follow by its rule", at()));
        }
        earlier.push(s);
    }
    Ok(())
}

/// Checks `branches` over `position` and returns what they prove.
pub fn proves(branches: &[B], position: &Position, tally: &mut Tally) -> Result<Vec<S>, String> {
    for branch in branches {
        check_branch(branch, position, tally)?;
    }
    match branches {
        [] => Err("no branches".into()),
        [branch] => {
            let states: Vec<S> = branch.states().collect();
            let contradiction = states.iter().any(|s| states.contains(&s.negate()));
            let last = branch.implies.last().map(|i| i.state);
            if contradiction {
                Ok(vec![branch.assume.negate()])
            } else if last == Some(branch.assume) && branch.implies.len() >= 3 {
                Ok(cycle_removals(branch, position))
            } else {
                Err(format!("the branch from {} proves nothing", branch.assume))
            }
        }
        _ => {
            let assumed: Vec<S> = branches.iter().map(|b| b.assume).collect();
            if !covers(&assumed, position) {
                return Err(format!(
                    "assumptions {} are not every case",
                    assumed
                        .iter()
                        .map(S::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            let common: Vec<S> = branches[0]
                .states()
                .filter(|s| branches[1..].iter().all(|b| b.states().any(|t| t == *s)))
                .collect();
            if common.is_empty() {
                return Err("the branches reach no common state".into());
            }
            Ok(common)
        }
    }
}

/// Whether assumptions cover every case: every candidate of one cell, or
/// every place of a digit in one house (assumptions of states already
/// gone are extra cases, harmless), or the two states of one candidate.
fn covers(assumed: &[S], position: &Position) -> bool {
    if let [a, b] = assumed[..] {
        if a.cell == b.cell && a.digit == b.digit && a.on != b.on {
            return true;
        }
    }
    if assumed.iter().any(|s| !s.on) {
        return false;
    }
    let first = assumed[0];
    let has = |cell: usize, digit: u8| assumed.iter().any(|s| s.cell == cell && s.digit == digit);
    let one_cell = assumed.iter().all(|s| s.cell == first.cell)
        && (1..=9).all(|d| !position.has(first.cell, d) || has(first.cell, d));
    one_cell
        || House::of(first.cell).iter().any(|house| {
            assumed
                .iter()
                .all(|s| s.digit == first.digit && house.holds(s.cell))
                && house
                    .cells()
                    .iter()
                    .all(|&c| !position.has(c, first.digit) || has(c, first.digit))
        })
}

/// What a cycle removes: a candidate off the cycle's cells that sees a
/// cell the cycle holds the digit in ("on") and one it removes it from
/// ("off"): one of them holds, whichever way the cycle runs.
fn cycle_removals(branch: &B, position: &Position) -> Vec<S> {
    let states: Vec<S> = branch.states().collect();
    let on_cells: Vec<usize> = states.iter().map(|s| s.cell).collect();
    let sees = |a: usize, b: usize| a != b && House::of(a).iter().any(|h| h.holds(b));
    let mut out = Vec::new();
    for cell in 0..81 {
        if on_cells.contains(&cell) {
            continue;
        }
        for digit in 1..=9 {
            if !position.has(cell, digit) {
                continue;
            }
            let seen = |on: bool| {
                states
                    .iter()
                    .any(|s| s.digit == digit && s.on == on && sees(cell, s.cell))
            };
            if seen(true) && seen(false) {
                out.push(S {
                    cell,
                    digit,
                    on: false,
                });
            }
        }
    }
    out
}

/// Checks a chain step (its branches, placements and eliminations) on the
/// position before it.
pub fn check_step(
    branches: &[B],
    placed: &[(usize, u8)],
    eliminated: &[(usize, u8)],
    position: &Position,
) -> Result<Tally, String> {
    let mut tally = Tally {
        steps: 1,
        ..Tally::default()
    };
    let proven = proves(branches, position, &mut tally)?;
    for &(cell, digit) in placed {
        let s = S {
            cell,
            digit,
            on: true,
        };
        if !proven.contains(&s) {
            return Err(format!("{s} is placed but not proved"));
        }
    }
    for &(cell, digit) in eliminated {
        let s = S {
            cell,
            digit,
            on: false,
        };
        if !proven.contains(&s) {
            return Err(format!("{s} is removed but not proved"));
        }
    }
    tally.largest = branches.iter().map(count).sum();
    Ok(tally)
}

fn count(branch: &B) -> usize {
    branch
        .implies
        .iter()
        .map(|i| {
            1 + match &i.rule {
                R::Chain(nested) => nested.iter().map(count).sum(),
                _ => 0,
            }
        })
        .sum()
}

/// Reads a cell name `r2c3`.
pub fn parse_cell(text: &str) -> usize {
    let s = parse_state(&format!("{text}=1")).expect("a cell name");
    s.cell
}

/// Checks every chain step of one `explain --format json` record (a
/// parsed JSON object) and replays its steps; Err names the puzzle and
/// step that fail.
pub fn check_record(record: &Value) -> Result<Tally, String> {
    let puzzle = record["puzzle"].as_str().ok_or("no puzzle")?;
    let mut position = Position::of_puzzle(puzzle);
    let mut tally = Tally::default();
    let pairs = |v: &Value| -> Vec<(usize, u8)> {
        v.as_array()
            .map(|list| {
                list.iter()
                    .map(|p| {
                        (
                            parse_cell(p[0].as_str().unwrap()),
                            p[1].as_u64().unwrap() as u8,
                        )
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    for step in record["steps"].as_array().ok_or("no steps")? {
        let placed = pairs(&step["placed"]);
        let eliminated = pairs(&step["eliminated"]);
        if let Some(chains) = step.get("chains") {
            let branches = parse_branches(chains)?;
            let text = step["text"].as_str().unwrap_or("");
            let one = check_step(&branches, &placed, &eliminated, &position)
                .map_err(|e| format!("{puzzle}: {text}: {e}"))?;
            tally.add(one);
        }
        for &(cell, digit) in &eliminated {
            position.remove(cell, digit);
        }
        for &(cell, digit) in &placed {
            position.place(cell, digit);
        }
    }
    Ok(tally)
}

/// The library's branches as the checker reads them, through their printed
/// names (the same names JSON gives).
pub fn from_library(branches: &[sudoku_cli::logic::Branch]) -> Vec<B> {
    use sudoku_cli::logic::{Rule, StateName};
    branches
        .iter()
        .map(|b| B {
            assume: parse_state(&StateName(b.assume).to_string()).unwrap(),
            implies: b
                .implies
                .iter()
                .map(|i| I {
                    state: parse_state(&StateName(i.state).to_string()).unwrap(),
                    from: i
                        .from
                        .iter()
                        .map(|&k| parse_state(&StateName(b.state_at(k)).to_string()).unwrap())
                        .collect(),
                    rule: match &i.rule {
                        Rule::Chain(nested) => R::Chain(from_library(nested)),
                        rule => parse_rule(&rule.name(), None).unwrap(),
                    },
                })
                .collect(),
        })
        .collect()
}

/// Checks every chain step of `explain` on `puzzle` (library types); Err
/// names the step that fails, or a chain step without branches.
pub fn check_explained(puzzle: &str) -> Result<Tally, String> {
    let board: sudoku_cli::Board = puzzle.parse().unwrap();
    let explained = sudoku_cli::logic::explain(&board);
    let mut position = Position::of_puzzle(puzzle);
    let mut tally = Tally::default();
    for step in &explained.steps {
        let placed: Vec<(usize, u8)> = step
            .placed
            .iter()
            .map(|&(c, d)| (usize::from(c), d))
            .collect();
        let eliminated: Vec<(usize, u8)> = step
            .eliminated
            .iter()
            .map(|&(c, d)| (usize::from(c), d))
            .collect();
        if step.technique.is_chain() {
            if step.chains.is_empty() {
                return Err(format!("{puzzle}: {step}: no chains"));
            }
            let one = check_step(&from_library(&step.chains), &placed, &eliminated, &position)
                .map_err(|e| format!("{puzzle}: {step}: {e}"))?;
            tally.add(one);
        } else if !step.chains.is_empty() {
            return Err(format!(
                "{puzzle}: {step}: chains on a step that is no chain"
            ));
        }
        for &(cell, digit) in &eliminated {
            position.remove(cell, digit);
        }
        for &(cell, digit) in &placed {
            position.place(cell, digit);
        }
    }
    Ok(tally)
}
