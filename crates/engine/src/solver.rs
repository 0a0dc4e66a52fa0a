//! The solver: counts a board's solutions up to a limit, keeping the first.
//!
//! # Representation
//!
//! The board is split into three bands of three rows. For each digit and
//! band a `u32` holds the 27 cells of the band where the digit may still go,
//! bit `9 * row + column` (row 0-2 within the band), so a band's bits are its
//! cells in reading order and cell `27 * band + bit` is cell `bit` of `band`.
//! A digit's three bands sit in one 128-bit `Lanes` (the fourth lane is
//! zero), so work on all bands at once is a single SSE2 instruction. A
//! placed cell keeps the bit of its own digit and loses every other, and a
//! mask of open cells per band tells placed cells from candidates.
//!
//! # Propagation
//!
//! - **Band step.** Within a band a digit takes one cell in each row and one
//!   in each box, so its rows map to boxes by one of six permutations. The
//!   9-bit map of which row/box pieces (mini-rows) still hold the digit, run
//!   through a table of every union of permutations it allows, gives the
//!   mini-rows the digit can still use: that is every box/row locked
//!   candidate of the band at once, and an empty result is a contradiction.
//! - **Stack step.** The same table on the transposed picture (bands by
//!   columns within a stack) gives the box/column locked candidates.
//! - **Singles.** After those two steps a row with one candidate is a hidden
//!   single of its row, box or column; a cell with one digit left is a naked
//!   single (found by bit-sliced counting across the nine digits).
//! - **Triads.** In the deep search (see [`TRIADS_BELOW_GIVENS`]), once
//!   the steps above change nothing, each mini-row and mini-column (three
//!   cells of a row or column in one box) is checked across the digits: it
//!   holds three different digits, so one whose cells admit just three
//!   holds those (they leave the rest of its row, or box), and one that
//!   three digits need (no other place in its row, or column) admits no
//!   other. tdoku reasons on triads too; here they cut the nodes by 8 to
//!   28% on the hard sets, and refute some boards built against the search
//!   without a guess.
//! - **Work list.** `Pending` holds the digit-bands that changed since
//!   their last step (a nibble per digit) and the bands where an open cell
//!   lost a candidate, so that only those are looked at again.
//! - **Search.** When nothing more follows, branch on copies of the state:
//!   the state is plain data, 160 bytes, so a guess costs one copy and no
//!   allocation. The deep search branches on permutations, as tdoku does:
//!   of the three bands and three stacks, the one with the fewest
//!   permutations left over all digits, and in it the digit with the
//!   fewest (two if any), one way per permutation. Otherwise it branches
//!   on a cell with two candidates: the one whose two choices eliminate
//!   the most (while many cells are open and the board had few givens),
//!   else the first such cell.
//! - **Stubborn boards.** A board still searching after [`STUBBORN_AFTER`]
//!   guesses is searched again from the start, looking ahead: every way on
//!   of the smallest choices (cells or a digit's places in a unit), and
//!   near the root every candidate, is propagated on a copy, failures are
//!   removed, and the choice that cuts deepest is taken. That costs far
//!   more per node but needs a few dozen nodes where the cheap choice
//!   could need millions, and it does not depend on how the board is
//!   labelled or oriented.
//!
//! # Builds
//!
//! The search is compiled twice: a portable build, and one for CPUs with
//! POPCNT, BMI1, BMI2 (PEXT/PDEP gather and scatter the band and stack
//! steps' table indices) and AVX2 (three-operand encodings, and the grid
//! copied per guess in a few wide moves), chosen once at run time. A third
//! build with AVX-512 (F, BW, VL, DQ) enabled was measured on a Xeon that
//! has it, and was 11-14% slower on the forum and top1465 sets than the
//! AVX2 build (so was `-C target-cpu=native`): there is none. Hot code avoids
//! data-dependent branches where a mispredicted branch costs more than the
//! work it would skip: on these boards that is most of the time.

mod lanes;

use std::sync::atomic::{AtomicBool, Ordering};

use crate::board::Board;
use crate::candidates::Candidates;
use lanes::Lanes;

/// The result of a search: how many solutions were found (never more than
/// the limit) and the first of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solutions {
    /// Solutions found, at most the limit.
    pub count: u32,
    /// The first solution found, if any.
    pub first: Option<Board>,
}

/// The givens already break a rule (a digit twice in a row, column or box),
/// so the board has no solution and no search was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the givens repeat a digit in a row, column or box")]
pub struct InvalidGivens;

/// Counts the solutions of `board`, stopping at `limit` (at least 1), and
/// keeps the first one found.
///
/// Solving is `limit` 1, proving uniqueness is `limit` 2, and counting is any
/// larger limit.
///
/// ```
/// use sudoku_engine::{solve, Board};
///
/// let puzzle: Board = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()
///     .unwrap();
/// let found = solve(&puzzle, 2).unwrap();
/// assert_eq!(found.count, 1);
/// assert!(puzzle.is_solved_by(&found.first.unwrap()));
/// ```
pub fn solve(board: &Board, limit: u32) -> Result<Solutions, InvalidGivens> {
    solve_with_effort(board, limit).map(|(solutions, _)| solutions)
}

/// How much searching a board took: a measure of its difficulty for this
/// solver, used by the benchmarks and tools.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effort {
    /// Branches tried: one per way taken at each choice.
    pub guesses: u64,
    /// Choices made (nodes of the search tree with two or more ways on),
    /// the unit of tdoku's published "guesses per puzzle".
    pub nodes: u64,
    /// Placements tried and propagated only to look ahead: by the search of
    /// a stubborn board (see [`STUBBORN_AFTER`]), zero on most boards.
    pub probes: u64,
}

/// [`solve`], also returning how many guesses (branches tried) the search
/// made.
pub fn solve_counting_guesses(
    board: &Board,
    limit: u32,
) -> Result<(Solutions, u64), InvalidGivens> {
    solve_with_effort(board, limit).map(|(solutions, effort)| (solutions, effort.guesses))
}

/// [`solve`], also returning the search's [`Effort`].
pub fn solve_with_effort(board: &Board, limit: u32) -> Result<(Solutions, Effort), InvalidGivens> {
    #[cfg(target_arch = "x86_64")]
    if has_fast_features() {
        // SAFETY: the CPU has the features `solve_fast` is compiled for.
        return unsafe { solve_fast(board, limit) };
    }
    solve_with::<false>(board, None, limit, None)
}

/// [`solve`], or [`solve_marked`] when `marks` are given, that gives up
/// once `stop` is set: `None` then, whatever the search found. The search
/// looks at `stop` every few thousand choices (a millisecond or so), and at
/// every choice it makes looking ahead, so that another thread can cancel
/// a long count. With `stop` never set it answers as [`solve`] and
/// [`solve_marked`] do.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use sudoku_engine::solver::solve_until;
/// use sudoku_engine::Board;
///
/// let go_on = AtomicBool::new(false);
/// let found = solve_until(&Board::EMPTY, None, 3, &go_on).unwrap().unwrap();
/// assert_eq!(found.count, 3);
/// let stop = AtomicBool::new(true);
/// assert_eq!(solve_until(&Board::EMPTY, None, u32::MAX, &stop), None);
/// ```
pub fn solve_until(
    board: &Board,
    marks: Option<&Candidates>,
    limit: u32,
    stop: &AtomicBool,
) -> Option<Result<Solutions, InvalidGivens>> {
    #[cfg(target_arch = "x86_64")]
    let found = if has_fast_features() {
        // SAFETY: the CPU has the features `solve_until_fast` is compiled for.
        unsafe { solve_until_fast(board, marks, limit, stop) }
    } else {
        solve_with::<false>(board, marks, limit, Some(stop))
    };
    #[cfg(not(target_arch = "x86_64"))]
    let found = solve_with::<false>(board, marks, limit, Some(stop));
    // A search cut short may have counted anything: it is no answer.
    (!stop.load(Ordering::Relaxed)).then(|| found.map(|(solutions, _)| solutions))
}

/// [`solve_until`] in the fast build.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,avx2")]
fn solve_until_fast(
    board: &Board,
    marks: Option<&Candidates>,
    limit: u32,
    stop: &AtomicBool,
) -> Result<(Solutions, Effort), InvalidGivens> {
    solve_with::<true>(board, marks, limit, Some(stop))
}

/// [`solve`] for a position with pencil marks: each open cell of `board`
/// may only take the digits `marks` allows it, so a cell without candidates
/// leaves no solution. The givens of `board` stand whatever their marks.
///
/// ```
/// use sudoku_engine::{solve, solve_marked, Board, Candidates};
///
/// let mut masks = [Candidates::ALL; 81];
/// masks[0] = 0b11; // r1c1 is 1 or 2
/// let marks = Candidates::new(masks).unwrap();
/// let found = solve_marked(&Board::EMPTY, &marks, 1).unwrap();
/// assert!(found.first.unwrap().cell(0) <= 2);
/// masks[0] = 0;
/// let none = Candidates::new(masks).unwrap();
/// assert_eq!(solve_marked(&Board::EMPTY, &none, 1).unwrap().count, 0);
/// ```
pub fn solve_marked(
    board: &Board,
    marks: &Candidates,
    limit: u32,
) -> Result<Solutions, InvalidGivens> {
    #[cfg(target_arch = "x86_64")]
    if has_fast_features() {
        // SAFETY: the CPU has the features `solve_marked_fast` is compiled for.
        return unsafe { solve_marked_fast(board, marks, limit) }.map(|(solutions, _)| solutions);
    }
    solve_with::<false>(board, Some(marks), limit, None).map(|(solutions, _)| solutions)
}

/// [`solve_marked`] in the fast build.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,avx2")]
fn solve_marked_fast(
    board: &Board,
    marks: &Candidates,
    limit: u32,
) -> Result<(Solutions, Effort), InvalidGivens> {
    solve_with::<true>(board, Some(marks), limit, None)
}

/// Whether this CPU has what the fast build of the solver uses (POPCNT,
/// BMI1, BMI2, AVX2) and runs PEXT/PDEP at full speed; checked once, then
/// cached.
#[cfg(target_arch = "x86_64")]
fn has_fast_features() -> bool {
    // Cached: CPUID traps to the hypervisor in a virtual machine, which
    // costs microseconds, more than solving an easy board.
    static DETECTED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *DETECTED.get_or_init(|| {
        std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("avx2")
            && !slow_pext()
    })
}

/// AMD CPUs before Zen 3 (family 0x19) have BMI2 but run PEXT and PDEP in
/// microcode, hundreds of cycles each: the portable build is faster there.
#[cfg(target_arch = "x86_64")]
fn slow_pext() -> bool {
    use std::arch::x86_64::__cpuid;
    let vendor = __cpuid(0);
    let amd = (vendor.ebx, vendor.edx, vendor.ecx) == (0x6874_7541, 0x6974_6e65, 0x444d_4163);
    let signature = __cpuid(1).eax;
    // The family is the base family plus the extended family field.
    let family = (signature >> 8 & 0xF) + (signature >> 20 & 0xFF);
    amd && family < 0x19
}

/// The solver compiled for CPUs with POPCNT, BMI1/2 and AVX2: the same
/// code, with counting, bit scans and gathers as single instructions.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,avx2")]
fn solve_fast(board: &Board, limit: u32) -> Result<(Solutions, Effort), InvalidGivens> {
    solve_with::<true>(board, None, limit, None)
}

/// The solver's body, inlined into each build: `FAST` selects which build
/// the recursive search calls back into; `marks`, when given, narrow the
/// open cells before the search starts; `stop`, when given and set, ends
/// the search where it is (see [`solve_until`]).
#[inline(always)]
fn solve_with<const FAST: bool>(
    board: &Board,
    marks: Option<&Candidates>,
    limit: u32,
    stop: Option<&AtomicBool>,
) -> Result<(Solutions, Effort), InvalidGivens> {
    solve_stubborn_after::<FAST>(board, marks, limit, stop, STUBBORN_AFTER, None)
}

/// [`solve_with`], the board counting as stubborn after `stubborn_after`
/// guesses rather than [`STUBBORN_AFTER`] (0: looking ahead from the
/// start), so that tests reach the stubborn search on boards propagation
/// no longer leaves stubborn; `triads`, when given, says whether to search
/// deep (see [`TRIADS_BELOW_GIVENS`]) whatever the board and limit.
#[inline(always)]
fn solve_stubborn_after<const FAST: bool>(
    board: &Board,
    marks: Option<&Candidates>,
    limit: u32,
    stop: Option<&AtomicBool>,
    stubborn_after: u64,
    triads: Option<bool>,
) -> Result<(Solutions, Effort), InvalidGivens> {
    let mut grid = Grid::with_givens::<FAST>(board)?;
    if let Some(marks) = marks {
        grid.keep_marks(marks);
    }
    let open: u32 = (0..3).map(|band| grid.open.get(band).count_ones()).sum();
    let mut search = Search {
        limit: limit.max(1),
        scored: 81 - open < SCORED_CHOICE_BELOW_GIVENS,
        triads: triads.unwrap_or(81 - open < TRIADS_BELOW_GIVENS && limit >= 2),
        maps: TriadMaps::default(),
        lookahead: false,
        stubborn_after,
        count: 0,
        first: None,
        effort: Effort::default(),
        stop,
    };
    let mut maps = TriadMaps::default();
    if grid.propagate::<FAST>(Pending::ALL, search.triads.then_some(&mut maps)) {
        search.maps = maps;
        search.descend::<FAST>(&mut grid);
        // A limit of 0 ends every frame: the board proved stubborn, or
        // the search was stopped.
        if search.limit == 0 && !search.stopped() {
            search.restart::<FAST>(board, marks, limit);
        }
    }
    let solutions = Solutions {
        count: search.count,
        first: search.first.map(Board::from_checked),
    };
    Ok((solutions, search.effort))
}

/// The 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;

/// `givens[value][band]`: the cells of `band` holding `value`, entry 0
/// collecting the empty cells. On x86-64 each (value, band) is two byte
/// compares and two mask moves; setting bits cell by cell instead makes
/// each update wait on the one before it to the same value, and took 6% of
/// the time on the serg set (35 givens, a few guesses a board).
#[inline(always)]
fn givens_by_digit(board: &Board) -> [[u32; 3]; 10] {
    let cells = board.cells();
    let mut givens = [[0u32; 3]; 10];
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
        };
        for (band, starts) in (0..3).map(|band| (band, [27 * band, 27 * band + 11])) {
            // A band's 27 bytes as two overlapping 16-byte loads, at 0 and
            // 11 in the band: the second's masks move up 11 places.
            // SAFETY: both loads end within the 81 cells (the last at 81),
            // and unaligned loads need only SSE2, which x86-64 always has.
            let [low, high] = starts.map(|at| unsafe {
                _mm_loadu_si128(cells[at..at + 16].as_ptr().cast::<__m128i>())
            });
            for (value, bands) in givens.iter_mut().enumerate() {
                // SAFETY: SSE2 only, as above.
                let (low, high) = unsafe {
                    let value = _mm_set1_epi8(value as i8);
                    (
                        _mm_movemask_epi8(_mm_cmpeq_epi8(low, value)) as u32,
                        _mm_movemask_epi8(_mm_cmpeq_epi8(high, value)) as u32,
                    )
                };
                bands[band] = low | high << 11;
            }
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    for (band, cells) in cells.chunks_exact(27).enumerate() {
        for (at, &value) in cells.iter().enumerate() {
            givens[usize::from(value)][band] |= 1 << at;
        }
    }
    givens
}

/// One column of a band: a bit in each of its three rows.
const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// With fewer open cells than this, a branch settles the grid quickly
/// whichever bivalue cell it starts from, so the search takes the first
/// one rather than scoring them all (measured on the serg and forum sets).
const SCORED_CHOICE_FROM: u32 = 35;

/// A board with this many givens or more has a small search tree whatever
/// the search branches on, so it never scores (measured on the serg set,
/// 35 givens on average, against the forum sets' 21 to 25).
const SCORED_CHOICE_BELOW_GIVENS: u32 = 30;

/// The deep search, triads ([`Grid::triad_step`]) and branching on
/// permutations ([`Grid::choose_permutation`]), is for boards with fewer
/// givens than this, searched with a limit of 2 or more.
///
/// On the serg set (35 givens on average, many solutions, a few guesses
/// each) triads cost a fifth of the time and saved no node, and
/// permutations took 13% more nodes than cells; on the 17-clue, top1465
/// and forum sets (17 to 25 givens) the two together take 24 to 37% fewer
/// nodes (forum 1106: 138.7 to 109.7 a board, forum 1905: 84.6 to 61.1).
///
/// A limit of 1 keeps the search as it was, so that the first of several
/// solutions stays the same: the generator completes its random boxes to
/// a full grid with it, and a seed's puzzles would change otherwise.
const TRIADS_BELOW_GIVENS: u32 = 30;

/// The state of the search: candidates per digit and band, and open cells.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Grid {
    /// `candidates[digit]`, lane `band`: the cells of `band` where
    /// `digit + 1` may go (a placed cell keeps its own digit's bit).
    candidates: [Lanes; 9],
    /// The cells of each band not yet placed.
    open: Lanes,
}

/// Work left for propagation.
#[derive(Clone, Copy, Debug, Default)]
struct Pending {
    /// Digit-bands whose candidates changed since their digit step last
    /// ran: bit `4 * digit + band` (digit 0-8 for 1-9), so that a digit's
    /// bands are one nibble, laid out like [`Lanes::nonzero`]'s result.
    digits: u64,
    /// Bands where an open cell lost a candidate since the last naked
    /// singles pass: bit per band.
    bands: u32,
}

/// Lanes that are all ones where `bits` has a bit: bit `i` for lane `i`.
const fn ones_where(bits: usize) -> Lanes {
    let mut lanes = Lanes::ZERO;
    let mut lane = 0;
    while lane < 4 {
        if bits >> lane & 1 != 0 {
            lanes.0[lane] = u32::MAX;
        }
        lane += 1;
    }
    lanes
}

/// For a per-band bit mask (bit `b` for band `b`), all-ones lanes in those
/// bands.
const BAND_MASKS: [Lanes; 8] = {
    let mut masks = [Lanes::ZERO; 8];
    let mut bands = 0;
    while bands < 8 {
        masks[bands] = ones_where(bands);
        bands += 1;
    }
    masks
};

/// For each digit (0-8), its number as bit-planes: lane `k` all ones if bit
/// `k` of the number is set.
const DIGIT_PLANES: [Lanes; 9] = {
    let mut planes = [Lanes::ZERO; 9];
    let mut digit = 0;
    while digit < 9 {
        planes[digit] = ones_where(digit);
        digit += 1;
    }
    planes
};

impl Pending {
    /// Everything to do: the state after the givens are placed.
    const ALL: Pending = Pending {
        digits: 0x7_7777_7777,
        bands: 7,
    };

    /// Notes that `digit` lost candidates in the `bands` given (bit per
    /// band), and whether open cells were among them.
    #[inline(always)]
    fn mark(&mut self, digit: usize, bands: u32, open_cells: bool) {
        self.digits |= u64::from(bands) << (4 * digit);
        self.bands |= bands & 0u32.wrapping_sub(u32::from(open_cells));
    }
}

impl Grid {
    /// Every digit possible everywhere; nothing placed.
    const FULL: Grid = Grid {
        candidates: [Lanes::splat(BAND); 9],
        open: Lanes::splat(BAND),
    };

    /// The grid with every given placed (not yet propagated), built digit
    /// by digit with masks rather than cell by cell; `InvalidGivens` if two
    /// givens of one digit share a row, column or box.
    #[inline(always)]
    fn with_givens<const FAST: bool>(board: &Board) -> Result<Grid, InvalidGivens> {
        let givens = givens_by_digit(board);
        let mut grid = Grid::FULL;
        grid.open = Lanes::bands(givens[0][0], givens[0][1], givens[0][2]);
        let filled = Lanes::splat(BAND).and_not(grid.open);
        let mut clash = false;
        for (lanes, given) in grid.candidates.iter_mut().zip(&givens[1..10]) {
            let pieces = given.map(|cells| usize::from(mini_rows::<FAST>(cells)));
            let columns = fold(given[0]) | fold(given[1]) | fold(given[2]);
            // The givens of a digit see each other if and only if they hold
            // fewer rows, columns or boxes than there are givens: holding
            // three times as many units as givens, all told, rules it out.
            let placed = given[0].count_ones() + given[1].count_ones() + given[2].count_ones();
            let units = columns.count_ones()
                + u32::from(TABLES.units[pieces[0]])
                + u32::from(TABLES.units[pieces[1]])
                + u32::from(TABLES.units[pieces[2]]);
            clash |= units != 3 * placed;
            // Multiplying by COLUMN copies 9 column bits to 3 rows.
            let column_peers = columns * COLUMN;
            let peers = Lanes::bands(
                column_peers | TABLES.lines[pieces[0]],
                column_peers | TABLES.lines[pieces[1]],
                column_peers | TABLES.lines[pieces[2]],
            );
            let own = Lanes::bands(given[0], given[1], given[2]);
            *lanes = lanes.and_not(filled).and_not(peers).or(own);
        }
        if clash {
            return Err(InvalidGivens);
        }
        Ok(grid)
    }

    /// Takes from each open cell the digits `marks` does not allow it;
    /// propagation from [`Pending::ALL`] then finds what follows, including
    /// a cell left without candidates.
    fn keep_marks(&mut self, marks: &Candidates) {
        let mut allowed = [[0u32; 3]; 9];
        for (cell, &mask) in marks.masks().iter().enumerate() {
            for (digit, bands) in allowed.iter_mut().enumerate() {
                bands[cell / 27] |= u32::from(mask >> digit & 1) << (cell % 27);
            }
        }
        for (lanes, bands) in self.candidates.iter_mut().zip(allowed) {
            // Placed cells keep their digit whatever their marks say.
            let keep = Lanes::bands(bands[0], bands[1], bands[2])
                .or(Lanes::splat(BAND).and_not(self.open));
            *lanes = lanes.and(keep);
        }
    }

    /// Places `digit` on the open cell `bit` of `band`: the cell loses every
    /// other digit, and the digit leaves the cell's row, box and column.
    #[inline(always)]
    fn place(&mut self, digit: usize, band: usize, bit: u32, pending: &mut Pending) {
        let cell = Lanes::one(band, bit);
        self.open = self.open.and_not(cell);
        self.clear_cells(digit, cell, pending);
        // One cell cannot conflict with itself.
        let _ = self.eliminate_peers(digit, band, bit, pending);
    }

    /// [`Grid::place`] on a cell whose digits are `digits` (`digit` among
    /// them): only the others lose the cell, rather than all nine digits
    /// looked at, and the grid and work list end as `place` leaves them.
    #[inline(always)]
    fn place_among(
        &mut self,
        digit: usize,
        band: usize,
        bit: u32,
        digits: u16,
        pending: &mut Pending,
    ) {
        let cell = Lanes::one(band, bit);
        self.open = self.open.and_not(cell);
        let mut others = digits & !(1 << digit);
        while others != 0 {
            let other = others.trailing_zeros() as usize;
            others &= others - 1;
            self.candidates[other] = self.candidates[other].and_not(cell);
            // Placed cells are not open: no naked single can follow.
            pending.digits |= 1 << (4 * other + band);
        }
        // One cell cannot conflict with itself.
        let _ = self.eliminate_peers(digit, band, bit, pending);
    }

    /// Removes `cells` (just placed for `digit`) from every other digit.
    #[inline(always)]
    fn clear_cells(&mut self, digit: usize, cells: Lanes, pending: &mut Pending) {
        let own = self.candidates[digit];
        let mut losing = 0;
        for (other, lanes) in self.candidates.iter_mut().enumerate() {
            losing |= u64::from(lanes.and(cells).nonzero()) << (4 * other);
            *lanes = lanes.and_not(cells);
        }
        self.candidates[digit] = own;
        // Placed cells are not open: no naked single can follow from this.
        pending.digits |= losing & !(0xF << (4 * digit));
    }

    /// `digit` now stands on `cells` of `band`: it leaves their rows, boxes
    /// and columns. False if two of the cells see each other.
    #[inline(always)]
    fn eliminate_peers(
        &mut self,
        digit: usize,
        band: usize,
        cells: u32,
        pending: &mut Pending,
    ) -> bool {
        let mut peers = 0;
        let mut rest = cells;
        while rest != 0 {
            let at = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            // Peers are mutual: a cell among the earlier cells' peers sees one.
            if peers & 1 << at != 0 {
                return false;
            }
            peers |= TABLES.peers[at];
        }
        // The columns in the other bands, the row and box in this one.
        let columns = fold(cells) * COLUMN;
        let remove = Lanes::splat(columns)
            .and_not(Lanes::one(band, u32::MAX))
            .or(Lanes::one(band, peers & !cells));
        let lanes = &mut self.candidates[digit];
        pending.mark(digit, lanes.and(remove).nonzero(), true);
        *lanes = lanes.and_not(remove);
        true
    }

    /// Runs the band step on the bands of `digit` and its stack step, until
    /// they change nothing, then places the digit's hidden singles in the
    /// `changed` bands (bit per band) and those the steps changed; false on
    /// a contradiction.
    #[inline(always)]
    fn digit_step<const FAST: bool>(
        &mut self,
        digit: usize,
        changed: u32,
        pending: &mut Pending,
    ) -> bool {
        let start = self.candidates[digit];
        let mut bands = [start.get(0), start.get(1), start.get(2)];
        let mut touched = changed;
        loop {
            // All three bands, changed or not: the step is idempotent, and
            // skipping costs more in mispredicted branches than it saves.
            // Not `bands.map(..)`: that may stay a call, built without the
            // fast build's features, and cost 5% on hard boards.
            let band_keep = |cells| TABLES.band_keep[usize::from(mini_rows::<FAST>(cells))];
            let keep = [
                band_keep(bands[0]),
                band_keep(bands[1]),
                band_keep(bands[2]),
            ];
            if keep.contains(&0) {
                return false;
            }
            for (cells, keep) in bands.iter_mut().zip(keep) {
                *cells &= keep;
            }
            let columns = folded_columns(&bands);
            let Some(keep) = stack_keep::<FAST>(columns) else {
                return false;
            };
            let removed = columns & !keep;
            if removed == 0 {
                break;
            }
            for (band, cells) in bands.iter_mut().enumerate() {
                // Multiplying by COLUMN copies 9 column bits to 3 rows.
                *cells &= (keep >> (9 * band) & 0x1FF) * COLUMN;
                touched |= u32::from(removed >> (9 * band) & 0x1FF != 0) << band;
            }
        }
        let after = Lanes::bands(bands[0], bands[1], bands[2]);
        pending.bands |= after.xor(start).nonzero();
        self.candidates[digit] = after;
        self.place_hidden_singles(digit, touched, pending)
    }

    /// Propagates until nothing follows, checking the triads if
    /// `with_triads`; false on a contradiction.
    #[inline(always)]
    fn propagate<const FAST: bool>(
        &mut self,
        mut pending: Pending,
        mut triad_maps: Option<&mut TriadMaps>,
    ) -> bool {
        loop {
            // Naked singles first: they are the cheapest to place.
            if pending.bands != 0 {
                let bands = std::mem::take(&mut pending.bands);
                match self.place_naked_singles(bands, &mut pending) {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => {}
                }
            }
            if pending.digits == 0 {
                // Nothing left per digit: the triads may still tell more.
                let Some(maps) = triad_maps.as_deref_mut() else {
                    return true;
                };
                if self.is_solved() {
                    return true;
                }
                match triads::<FAST>(self, &mut pending, maps) {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => return true,
                }
            }
            while pending.digits != 0 {
                let digit = pending.digits.trailing_zeros() as usize / 4;
                let changed = (pending.digits >> (4 * digit) & 7) as u32;
                pending.digits &= !(0xF << (4 * digit));
                // A digit with no open candidate left has nothing more to
                // propagate if it stands nine times (its placements cleared
                // their units); with fewer, a row lacks it: no solution.
                // Every change to a digit's open candidates marks it
                // pending, so this is where a missing digit shows first.
                if self.candidates[digit].and(self.open).is_zero() {
                    if self.candidates[digit].count_ones() != 9 {
                        return false;
                    }
                    continue;
                }
                if !self.digit_step::<FAST>(digit, changed, &mut pending) {
                    return false;
                }
            }
        }
    }

    /// Triads: a mini-row (a row's three cells in one box) and a mini-column
    /// hold three different digits. A triad whose cells admit only three
    /// digits holds exactly those, so each leaves the rest of the triad's
    /// row (or box, for a mini-column); a triad three digits need (each has
    /// no other place in the triad's row, or column) admits no other digit.
    /// The band and stack steps then carry each removal on to the other
    /// unit. `None` on a contradiction (a triad admitting fewer than three
    /// digits, or needed by more); else whether anything was removed.
    ///
    /// Only meant for a grid where propagation is done: the band and stack
    /// steps have left each digit's triads a union of permutations, so a
    /// triad alone in its row is alone in its box too, and only one of the
    /// two needs looking at.
    #[inline(always)]
    fn triad_step<const FAST: bool>(
        &mut self,
        pending: &mut Pending,
        triads: &mut TriadMaps,
    ) -> Option<bool> {
        // Per digit, its mini-rows (bit `9 * band + 3 * row + box`) in the
        // low half and its mini-columns (bit `32 + 9 * band + column`) in
        // the high half: the groups to look at (a mini-row's row, a
        // mini-column's box) are then both three neighbouring bits.
        for (map, lanes) in triads.iter_mut().zip(&self.candidates) {
            let bands = [lanes.get(0), lanes.get(1), lanes.get(2)];
            let rows = u32::from(mini_rows::<FAST>(bands[0]))
                | u32::from(mini_rows::<FAST>(bands[1])) << 9
                | u32::from(mini_rows::<FAST>(bands[2])) << 18;
            *map = u64::from(rows) | u64::from(folded_columns(&bands)) << 32;
        }
        let (three, four) = three_and_four(triads);
        if three != TRIADS {
            return None;
        }
        let exact = three & !four;
        let mut needs = [0u64; 9];
        for (needs, &map) in needs.iter_mut().zip(triads.iter()) {
            *needs = alone(map);
        }
        let (full, over) = three_and_four(&needs);
        if over != 0 {
            return None;
        }
        let mut drops = [0u64; 9];
        let mut any = 0;
        for ((drop, &map), &needs) in drops.iter_mut().zip(triads.iter()).zip(&needs) {
            let locked = map & exact;
            // Locked triads empty the rest of their group; full ones keep
            // only the digits that need them.
            *drop = (group_of(locked) & !locked | full & !needs) & map;
            any |= *drop;
        }
        if any == 0 {
            return Some(false);
        }
        for (digit, &drop) in drops.iter().enumerate() {
            if drop == 0 {
                continue;
            }
            let (rows, columns) = (drop as u32, (drop >> 32) as u32);
            let remove = Lanes::bands(
                // Multiplying by COLUMN copies 9 column bits to 3 rows.
                widen::<FAST>(rows & 0x1FF) | ((columns & 0x1FF) * COLUMN),
                widen::<FAST>(rows >> 9 & 0x1FF) | ((columns >> 9 & 0x1FF) * COLUMN),
                widen::<FAST>(rows >> 18) | ((columns >> 18) * COLUMN),
            )
            .and(self.open);
            let lanes = &mut self.candidates[digit];
            pending.mark(digit, lanes.and(remove).nonzero(), true);
            *lanes = lanes.and_not(remove);
        }
        Some(true)
    }

    /// Places every row of `digit`, in the `bands` given (bit per band),
    /// left with one open candidate; after the band and stack steps these
    /// are all its hidden singles. False if two of them share a column (the
    /// band step has already kept them out of each other's boxes).
    #[inline(always)]
    fn place_hidden_singles(&mut self, digit: usize, bands: u32, pending: &mut Pending) -> bool {
        // The band step has just left every row of the digit a candidate.
        let new = self.candidates[digit]
            .single_rows()
            .and(BAND_MASKS[bands as usize & 7])
            .and(self.open);
        if new.is_zero() {
            return true;
        }
        let columns = [fold(new.get(0)), fold(new.get(1)), fold(new.get(2))];
        if columns[0] & columns[1] | columns[0] & columns[2] | columns[1] & columns[2] != 0 {
            return false;
        }
        self.open = self.open.and_not(new);
        self.clear_cells(digit, new, pending);
        // Each band loses the columns of the singles found in the others.
        let all = columns[0] | columns[1] | columns[2];
        let remove = Lanes::bands(
            (all & !columns[0]) * COLUMN,
            (all & !columns[1]) * COLUMN,
            (all & !columns[2]) * COLUMN,
        );
        let lanes = &mut self.candidates[digit];
        pending.mark(digit, lanes.and(remove).nonzero(), true);
        *lanes = lanes.and_not(remove);
        true
    }

    /// Places every open cell of the `bands` given (bit per band) left with
    /// one digit. `None` on a contradiction (an open cell with no digit, or
    /// two singles that see each other), else whether it placed anything.
    #[inline(always)]
    fn place_naked_singles(&mut self, bands: u32, pending: &mut Pending) -> Option<bool> {
        let (some, two_or_more, _) = self.counts();
        let open = self.open.and(BAND_MASKS[bands as usize & 7]);
        if !open.and_not(some).is_zero() {
            return None;
        }
        let singles = some.and_not(two_or_more).and(open);
        if singles.is_zero() {
            return Some(false);
        }
        // Which digit stands alone on which band's singles: bit
        // `4 * digit + band`, found without branching.
        let mut found = 0u64;
        for (digit, lanes) in self.candidates.iter().enumerate() {
            found |= u64::from(lanes.and(singles).nonzero()) << (4 * digit);
        }
        self.open = self.open.and_not(singles);
        while found != 0 {
            let at = found.trailing_zeros() as usize;
            found &= found - 1;
            let (band, digit) = (at % 4, at / 4);
            let cells = self.candidates[digit].get(band) & singles.get(band);
            if !self.eliminate_peers(digit, band, cells, pending) {
                return None;
            }
        }
        // A single may have lost its digit to another single of the same
        // digit in its column.
        let mut covered = Lanes::ZERO;
        for lanes in &self.candidates {
            covered = covered.or(lanes.and(singles));
        }
        (covered == singles).then_some(true)
    }

    /// Bit-sliced counts of the digits each cell may take, all bands at
    /// once: cells with at least one, at least two and at least three.
    #[inline(always)]
    fn counts(&self) -> (Lanes, Lanes, Lanes) {
        let (mut one, mut two, mut three) = (Lanes::ZERO, Lanes::ZERO, Lanes::ZERO);
        for &cells in &self.candidates {
            three = three.or(two.and(cells));
            two = two.or(one.and(cells));
            one = one.or(cells);
        }
        (one, two, three)
    }

    /// The ways to branch from this node: the digits of the cell that
    /// [`Grid::choose_cell`] picks.
    #[inline(always)]
    fn choose(&self, scored: bool) -> Branches {
        let (band, bit, digits) = self.choose_cell(scored);
        Branches::cell(band, bit, digits)
    }

    /// The ways to branch from this node by permutations: of the bands and
    /// stacks not yet settled, the one with the fewest permutations left
    /// over all digits, and in it the first digit with the fewest (at
    /// least two); each way keeps one of them ([`Grid::restrict`]). Every
    /// solution takes exactly one of the digit's permutations there, and
    /// its pieces are still candidates, so the ways split the solutions
    /// without loss or overlap and counts stay exact. `maps` are this
    /// grid's triad maps. (Tried and dropped: breaking ties by the digit's
    /// open candidates in the unit, either way, took 1-5% more nodes.)
    #[inline(always)]
    fn choose_permutation<const FAST: bool>(&self, maps: &TriadMaps, scored: bool) -> Branches {
        // perms[unit][digit]: the permutations left, bit per permutation.
        let mut perms = [[0u8; 9]; 6];
        for (digit, &map) in maps.iter().enumerate() {
            let (rows, columns) = (map as u32, (map >> 32) as u32);
            for unit in 0..3 {
                perms[unit][digit] = TABLES.perms[(rows >> (9 * unit) & 0x1FF) as usize];
                perms[3 + unit][digit] = TABLES.perms[stack_pieces::<FAST>(columns, unit)];
            }
        }
        let mut best = (u32::MAX, 0);
        for (unit, digits) in perms.iter().enumerate() {
            let total: u32 = digits.iter().map(|p| p.count_ones()).sum();
            // Nine is one permutation per digit: settled.
            if total > 9 && total < best.0 {
                best = (total, unit);
            }
        }
        if best.0 == u32::MAX {
            // Every digit settled everywhere leaves one cell per digit and
            // box, which propagation places: not met, but harmless.
            return self.choose(scored);
        }
        let unit = best.1;
        let mut pick = (u32::MAX, 0);
        // The total is over nine, so some digit has two or more.
        for (digit, p) in perms[unit].iter().enumerate() {
            let count = p.count_ones();
            if count >= 2 && count < pick.0 {
                pick = (count, digit);
            }
        }
        let digit = pick.1;
        let mut branches = Branches::NONE;
        branches.restrict = true;
        let mut left = u32::from(perms[unit][digit]);
        while left != 0 {
            let p = left.trailing_zeros();
            left &= left - 1;
            branches.items[usize::from(branches.len)] = (digit as u8, unit as u8, p);
            branches.len += 1;
        }
        branches
    }

    /// Keeps `digit` in `unit` (bands 0-2, stacks 3-5) to permutation
    /// `perm`'s pieces; propagation then finds what follows. Only open
    /// cells lose the digit: a placed one's piece is in every permutation
    /// left.
    #[inline(always)]
    fn restrict(&mut self, digit: usize, unit: usize, perm: u32, pending: &mut Pending) {
        let keep = PERM_KEEP[unit][perm as usize];
        let lanes = &mut self.candidates[digit];
        pending.mark(digit, lanes.and_not(keep).nonzero(), true);
        *lanes = lanes.and(keep);
    }

    /// The choice to branch on at a node of a stubborn board (see
    /// [`STUBBORN_AFTER`]), found by looking ahead; `None` if the grid has
    /// no solution, no branches if it is solved.
    ///
    /// Near the root ([`PROBE_ALL_FROM`]) every candidate is probed first.
    /// The choices are the open cells with the fewest digits and the
    /// digits with the fewest places in a row, column or box, whichever is
    /// fewer. Each way on of each such choice is placed on a copy and
    /// propagated: a way that fails is removed from the grid (which then
    /// propagates), and of the rest the choice whose ways remove the most
    /// candidates (the product over its ways) is taken. Nothing here looks
    /// at digit values or positions but to break ties, so the search tree
    /// hardly changes when the board is relabelled or rearranged.
    #[inline(always)]
    fn lookahead<const FAST: bool>(
        &mut self,
        effort: &mut Effort,
        triads: bool,
    ) -> Option<Branches> {
        if self.open.count_ones() >= PROBE_ALL_FROM && !self.probe_all::<FAST>(effort, triads) {
            return None;
        }
        'again: loop {
            if self.is_solved() {
                return Some(Branches::NONE);
            }
            let choices = Choices::smallest(self);
            let before = self.live_count();
            // cuts[digit][cell]: 1 + the candidates a placement removes,
            // once probed; 0 before.
            let mut cuts = [[0u32; 81]; 9];
            let mut best = (0u64, 0);
            for (index, &(digit, places)) in choices.items[..choices.len].iter().enumerate() {
                let branches = choices.branches(self, digit, places);
                let mut score = 1u64;
                for &(digit, band, bit) in &branches.items[..usize::from(branches.len)] {
                    let (digit, band) = (usize::from(digit), usize::from(band));
                    let cut = &mut cuts[digit][27 * band + bit.trailing_zeros() as usize];
                    if *cut == 0 {
                        effort.probes += 1;
                        *cut = self.probe::<FAST>(digit, band, bit, before, triads);
                        if *cut == 0 {
                            if !self.eliminate::<FAST>(digit, band, bit, triads) {
                                return None;
                            }
                            continue 'again;
                        }
                    }
                    score = score.saturating_mul(u64::from(*cut));
                }
                if score > best.0 {
                    best = (score, index);
                }
            }
            let (digit, places) = choices.items[best.1];
            return Some(choices.branches(self, digit, places));
        }
    }

    /// Failed literals: every open candidate placed and propagated on a
    /// copy, and removed if that fails, until none fails; false on a
    /// contradiction.
    fn probe_all<const FAST: bool>(&mut self, effort: &mut Effort, triads: bool) -> bool {
        loop {
            let mut removed = false;
            for digit in 0..9 {
                for band in 0..3 {
                    let mut cells = self.candidates[digit].and(self.open).get(band);
                    while cells != 0 {
                        let bit = cells & cells.wrapping_neg();
                        cells ^= bit;
                        if self.candidates[digit].and(self.open).get(band) & bit == 0 {
                            continue;
                        }
                        effort.probes += 1;
                        if self.probe::<FAST>(digit, band, bit, self.live_count(), triads) == 0 {
                            removed = true;
                            if !self.eliminate::<FAST>(digit, band, bit, triads) {
                                return false;
                            }
                        }
                    }
                }
            }
            if !removed || self.is_solved() {
                return true;
            }
        }
    }

    /// Open candidates left, over all digits.
    #[inline(always)]
    fn live_count(&self) -> u32 {
        let mut count = 0;
        for lanes in &self.candidates {
            count += lanes.and(self.open).count_ones();
        }
        count
    }

    /// `1 +` the candidates that placing `digit` on cell `bit` of `band`
    /// removes, propagated, from the `before` there are; 0 if it fails.
    #[inline(always)]
    fn probe<const FAST: bool>(
        &self,
        digit: usize,
        band: usize,
        bit: u32,
        before: u32,
        triads: bool,
    ) -> u32 {
        let mut child = *self;
        let mut pending = Pending::default();
        child.place(digit, band, bit, &mut pending);
        match child.propagate::<FAST>(pending, triads.then_some(&mut TriadMaps::default())) {
            true => 1 + before - child.live_count(),
            false => 0,
        }
    }

    /// Removes `digit` from cell `bit` of `band` and propagates; false on a
    /// contradiction.
    #[inline(always)]
    fn eliminate<const FAST: bool>(
        &mut self,
        digit: usize,
        band: usize,
        bit: u32,
        triads: bool,
    ) -> bool {
        let mut pending = Pending::default();
        self.candidates[digit] = self.candidates[digit].and_not(Lanes::one(band, bit));
        pending.mark(digit, 1 << band, true);
        self.propagate::<FAST>(pending, triads.then_some(&mut TriadMaps::default()))
    }

    /// The open cell to branch on, as (band, bit, its digits): a cell with
    /// two candidates if there is one, else the first with the fewest. Of
    /// the two-candidate cells it scores them all while many cells are open
    /// on a board with few givens ([`SCORED_CHOICE_FROM`],
    /// [`SCORED_CHOICE_BELOW_GIVENS`]), else takes the first.
    #[inline(always)]
    fn choose_cell(&self, scored: bool) -> (usize, u32, u16) {
        let (_, two, three) = self.counts();
        let pairs = two.and_not(three).and(self.open);
        if pairs.is_zero() {
            return self.fewest_candidates();
        }
        let open_cells: u32 = (0..3).map(|band| self.open.get(band).count_ones()).sum();
        if scored && open_cells >= SCORED_CHOICE_FROM {
            return self.best_pair(pairs);
        }
        let (band, cells) = match pairs.0 {
            [first, ..] if first != 0 => (0, first),
            [_, second, ..] if second != 0 => (1, second),
            [_, _, third, _] => (2, third),
        };
        let bit = cells & cells.wrapping_neg();
        (band, bit, self.digits_at(band, bit))
    }

    /// Of the cells with two candidates (`pairs`), the one whose choices
    /// cut deepest, as (band, bit, digits). A choice's cut is one plus the
    /// open peers that lose the digit; a cell's score is the product of its
    /// two cuts, so that both branches of the guess propagate far and the
    /// search tree stays small.
    #[inline(always)]
    fn best_pair(&self, pairs: Lanes) -> (usize, u32, u16) {
        // Each digit's open candidates, as the cuts count them.
        let mut live = self.candidates;
        for lanes in &mut live {
            *lanes = lanes.and(self.open);
        }
        let mut best = (0, 0, 0, 0);
        for band in 0..3 {
            let pairs = pairs.get(band);
            // Bit-planes of each pair cell's lower and higher digit: bit k
            // of a digit's number goes to plane k at the cell's position.
            // Walking digits without branching on their cells keeps the
            // branch predictor out of it.
            let (mut seen, mut lower, mut higher) = (0, Lanes::ZERO, Lanes::ZERO);
            for (digit, lanes) in live.iter().enumerate() {
                let cells = lanes.get(band) & pairs;
                let (first, second) = (cells & !seen, cells & seen);
                seen |= cells;
                let number = DIGIT_PLANES[digit];
                lower = lower.or(Lanes::splat4(first).and(number));
                higher = higher.or(Lanes::splat4(second).and(number));
            }
            let mut cells = pairs;
            while cells != 0 {
                let at = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let (low, high) = (lower.planes_at(at), higher.planes_at(at));
                let score =
                    cut(&live[low as usize], band, at) * cut(&live[high as usize], band, at);
                if score > best.0 {
                    best = (score, band, 1 << at, 1 << low | 1 << high);
                }
            }
        }
        (best.1, best.2, best.3)
    }

    /// The first open cell with the fewest candidates, as (band, bit,
    /// digits).
    #[inline(always)]
    fn fewest_candidates(&self) -> (usize, u32, u16) {
        let mut best = (u32::MAX, 0, 0);
        for band in 0..3 {
            let mut cells = self.open.get(band);
            while cells != 0 {
                let bit = cells & cells.wrapping_neg();
                cells ^= bit;
                let count = self.digits_at(band, bit).count_ones();
                if count < best.0 {
                    best = (count, band, bit);
                }
            }
        }
        (best.1, best.2, self.digits_at(best.1, best.2))
    }

    /// The digits (bit `d` for digit `d + 1`) cell `bit` (one bit) of
    /// `band` may take.
    #[inline(always)]
    fn digits_at(&self, band: usize, bit: u32) -> u16 {
        // Each digit's bit of the cell, moved up `digit` places: digit `d`
        // lands on bit `at + d` (`at` the cell's place), with no compare.
        let mut spread = 0u64;
        for (digit, lanes) in self.candidates.iter().enumerate() {
            spread |= u64::from(lanes.get(band) & bit) << digit;
        }
        (spread >> bit.trailing_zeros()) as u16
    }

    #[inline(always)]
    fn is_solved(&self) -> bool {
        self.open.is_zero()
    }

    /// The cells of a solved grid.
    #[inline(always)]
    fn cells<const FAST: bool>(&self) -> [u8; 81] {
        #[cfg(target_arch = "x86_64")]
        if FAST {
            return self.cells_by_planes();
        }
        let mut cells = [0; 81];
        for (digit, lanes) in self.candidates.iter().enumerate() {
            for band in 0..3 {
                // Solved, a digit stands once in each of a band's three
                // rows: three bits, taken without a data-dependent loop
                // (the test always passes on a solved grid).
                let mut bits = lanes.get(band);
                for _ in 0..3 {
                    if bits != 0 {
                        cells[band * 27 + bits.trailing_zeros() as usize] = digit as u8 + 1;
                    }
                    bits &= bits.wrapping_sub(1);
                }
            }
        }
        cells
    }
}

#[cfg(target_arch = "x86_64")]
impl Grid {
    /// [`Grid::cells`] in the fast build: the digits' numbers as four
    /// bit-planes over the 81 cells, spread eight cells at a time to bytes
    /// by PDEP, rather than a store per cell.
    #[inline(always)]
    fn cells_by_planes(&self) -> [u8; 81] {
        use std::arch::x86_64::_pdep_u64;
        // planes[k]: the cells whose number has bit k (the loops unroll,
        // so each digit costs an OR per bit of its number).
        let mut planes = [Lanes::ZERO; 4];
        for (digit, lanes) in self.candidates.iter().enumerate() {
            for (k, plane) in planes.iter_mut().enumerate() {
                if (digit + 1) >> k & 1 != 0 {
                    *plane = plane.or(*lanes);
                }
            }
        }
        // As 81 bits in reading order, band `b` from bit `27 * b`.
        let planes = planes.map(|plane| {
            u128::from(plane.get(0))
                | u128::from(plane.get(1)) << 27
                | u128::from(plane.get(2)) << 54
        });
        // Eleven groups of eight cells, the last five bytes past the board.
        let mut bytes = [0u8; 88];
        for (group, out) in bytes.chunks_exact_mut(8).enumerate() {
            let mut eight = 0u64;
            for (k, &plane) in planes.iter().enumerate() {
                let bits = (plane >> (8 * group)) as u64 & 0xFF;
                // PDEP puts bit i of the eight at bit 0 of byte i.
                // SAFETY: the fast build only runs where the CPU has BMI2.
                eight |= unsafe { _pdep_u64(bits, 0x0101_0101_0101_0101) } << k;
            }
            out.copy_from_slice(&eight.to_le_bytes());
        }
        let mut cells = [0; 81];
        cells.copy_from_slice(&bytes[..81]);
        cells
    }
}

/// One plus the open peers of cell `at` of `band` that would lose a digit
/// placed there, given the digit's open candidates `live` in each band.
#[inline(always)]
fn cut(live: &Lanes, band: usize, at: usize) -> u32 {
    1 + live.and(PEER_LANES[band][at]).count_ones()
}

/// For each cell (band, bit): its peers in every band, row and box in its
/// own band and column in the others.
static PEER_LANES: [[Lanes; 27]; 3] = {
    let mut lanes = [[Lanes::ZERO; 27]; 3];
    let mut band = 0;
    while band < 3 {
        let mut at = 0;
        while at < 27 {
            let mut other = 0;
            while other < 3 {
                lanes[band][at].0[other] = if other == band {
                    TABLES.peers[at]
                } else {
                    COLUMN << (at % 9)
                };
                other += 1;
            }
            at += 1;
        }
        band += 1;
    }
    lanes
};

/// The box/column locked candidates of one digit: the band step's table
/// applied to each stack, seen as bands (rows) by columns (3 per stack).
/// Takes [`folded_columns`] and returns the columns each band may keep, in
/// the same layout; `None` on a contradiction.
#[inline(always)]
fn stack_keep<const FAST: bool>(columns: u32) -> Option<u32> {
    let mut keep = 0;
    let mut contradiction = false;
    for stack in 0..3 {
        let shift = 3 * stack;
        #[cfg(target_arch = "x86_64")]
        if FAST {
            use std::arch::x86_64::{_pdep_u32, _pext_u32};
            // Gather the stack's 3 columns of each band into 9 bits and
            // scatter the allowed ones back: PEXT and PDEP do each at once.
            // SAFETY: the fast build only runs where the CPU has BMI2.
            let pieces = unsafe { _pext_u32(columns, STACK_COLUMNS << shift) };
            let allowed = u32::from(TABLES.allowed[pieces as usize & 0x1FF]);
            contradiction |= allowed == 0;
            keep |= unsafe { _pdep_u32(allowed, STACK_COLUMNS << shift) };
            continue;
        }
        // Gather the stack's 3 columns of each band into 9 bits (3 per band).
        let spread = columns >> shift & STACK_COLUMNS;
        let pieces = (spread | spread >> 6 | spread >> 12) & 0x1FF;
        let allowed = TABLES.stack_keep[pieces as usize];
        contradiction |= allowed == 0;
        keep |= allowed << shift;
    }
    (!contradiction).then_some(keep)
}

/// The pieces of one stack (bit `3 * band + column`, column 0-2 within the
/// stack) that hold bits, from [`folded_columns`].
#[inline(always)]
fn stack_pieces<const FAST: bool>(columns: u32, stack: usize) -> usize {
    let shift = 3 * stack;
    #[cfg(target_arch = "x86_64")]
    if FAST {
        // SAFETY: the fast build only runs where the CPU has BMI2.
        return unsafe { std::arch::x86_64::_pext_u32(columns, STACK_COLUMNS << shift) } as usize;
    }
    let spread = columns >> shift & STACK_COLUMNS;
    ((spread | spread >> 6 | spread >> 12) & 0x1FF) as usize
}

/// For each unit (bands 0-2, then stacks 0-2) and permutation: the cells a
/// digit keeps when it takes that permutation there (every cell outside
/// the unit, and in it the three mini-rows or mini-columns the
/// permutation picks).
static PERM_KEEP: [[Lanes; 6]; 6] = {
    let mut keep = [[Lanes::ZERO; 6]; 6];
    let mut p = 0;
    while p < 6 {
        let perm = PERMUTATIONS[p];
        let mut unit = 0;
        while unit < 3 {
            let mut band = 0;
            while band < 3 {
                // In a band, row r keeps its box perm[r]; elsewhere all.
                let mut cells = BAND;
                if band == unit {
                    cells = 0;
                    let mut row = 0;
                    while row < 3 {
                        cells |= 7 << (9 * row + 3 * perm[row]);
                        row += 1;
                    }
                }
                keep[unit][p].0[band] = cells;
                // In a stack, band b keeps its column perm[b] of the stack.
                let stack = (7 * COLUMN) << (3 * unit);
                keep[3 + unit][p].0[band] = BAND & !stack | COLUMN << (3 * unit + perm[band]);
                band += 1;
            }
            unit += 1;
        }
        p += 1;
    }
    keep
};

/// The first stack's columns in the layout of [`folded_columns`].
const STACK_COLUMNS: u32 = 0x1C0E07;

/// Per digit, its mini-rows (bit `9 * band + 3 * row + box`) and, from
/// bit 32, its columns per band (bit `9 * band + column`): see
/// [`Grid::triad_step`].
type TriadMaps = [u64; 9];

/// Bit-sliced counts over nine triad maps: the bits set in at least three
/// of them, and in at least four.
#[inline(always)]
fn three_and_four(maps: &[u64; 9]) -> (u64, u64) {
    let (mut one, mut two, mut three, mut four) = (0, 0, 0, 0);
    for &map in maps {
        four |= three & map;
        three |= two & map;
        two |= one & map;
        one |= map;
    }
    (three, four)
}

/// Every triad of a triad map ([`Grid::triad_step`]): 27 mini-rows, 27
/// mini-columns.
const TRIADS: u64 = BAND as u64 | (BAND as u64) << 32;

/// The first triad of each group of three in a triad map: bits 0, 3 and 6
/// of each band's nine.
const GROUP_STARTS: u64 = 0x49 * (1 | 1 << 9 | 1 << 18) * (1 | 1 << 32);

/// The whole groups (three neighbouring bits from a [`GROUP_STARTS`] bit)
/// holding a bit of `triads`.
#[inline(always)]
fn group_of(triads: u64) -> u64 {
    // OR each group onto its first bit, keep those, and copy them back to
    // all three (multiplying by 7: groups do not overlap).
    ((triads | triads >> 1 | triads >> 2) & GROUP_STARTS) * 7
}

/// The bits of `triads` alone in their group (see [`group_of`]).
#[inline(always)]
fn alone(triads: u64) -> u64 {
    let (a, b, c) = (
        triads & GROUP_STARTS,
        triads >> 1 & GROUP_STARTS,
        triads >> 2 & GROUP_STARTS,
    );
    // Exactly one of three: set in some, and in no two.
    let one = (a | b | c) & !(a & b | a & c | b & c);
    // Multiplying by 7 copies each group's first bit to all three.
    (one * 7) & triads
}

/// The 27 cells of a band's mini-rows (bit `3 * row + box`).
#[inline(always)]
fn widen<const FAST: bool>(pieces: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if FAST {
        // Scatter each mini-row's bit to its first cell, then fill its three.
        // SAFETY: the fast build only runs where the CPU has BMI2.
        return unsafe { std::arch::x86_64::_pdep_u32(pieces, 0x1249249) } * 7;
    }
    TABLES.widen[pieces as usize & 0x1FF]
}

/// The columns holding bits in a band: its three rows folded onto one.
#[inline(always)]
fn fold(cells: u32) -> u32 {
    (cells | cells >> 9 | cells >> 18) & 0x1FF
}

/// The columns of each band holding bits: 9 bits per band, at `9 * band`.
#[inline(always)]
fn folded_columns(bands: &[u32; 3]) -> u32 {
    fold(bands[0]) | fold(bands[1]) << 9 | fold(bands[2]) << 18
}

/// Which mini-rows (row `r`, box `b`: bit `3 * r + b`) of a band hold bits.
#[inline(always)]
fn mini_rows<const FAST: bool>(cells: u32) -> u16 {
    #[cfg(target_arch = "x86_64")]
    if FAST {
        // OR each mini-row's three bits into its lowest, then gather those.
        let any = cells | cells >> 1 | cells >> 2;
        // SAFETY: the fast build only runs where the CPU has BMI2.
        return unsafe { std::arch::x86_64::_pext_u32(any, 0x1249249) } as u16;
    }
    let rows = &TABLES.row_boxes;
    u16::from(rows[(cells & 0x1FF) as usize])
        | u16::from(rows[(cells >> 9 & 0x1FF) as usize]) << 3
        | u16::from(rows[(cells >> 18) as usize]) << 6
}

/// Lookup tables, built at compile time.
struct Tables {
    /// For a 9-bit row: bit `b` set if box `b`'s three cells hold any bit.
    row_boxes: [u8; 512],
    /// For 9 mini-rows (bit `3 * r + b`): those that some row-to-box
    /// permutation using only present mini-rows covers.
    allowed: [u16; 512],
    /// `allowed`, widened to the 27 cells of its mini-rows; 0 when no
    /// permutation fits (a contradiction).
    band_keep: [u32; 512],
    /// For 9 pieces of a stack (bit `3 * band + column`), the allowed
    /// ones spread back to `9 * band + column`; 0 on a contradiction.
    stack_keep: [u32; 512],
    /// For each cell of a band: its row and box within the band.
    peers: [u32; 27],
    /// For 9 mini-rows (bit `3 * r + b`): bit `p` set if all three
    /// mini-rows of [`PERMUTATIONS`]`[p]` are among them.
    perms: [u8; 512],
    /// For 9 mini-rows (bit `3 * r + b`), their 27 cells.
    widen: [u32; 512],
    /// For 9 mini-rows (bit `3 * r + b`): the cells of the rows and boxes
    /// holding any of them.
    lines: [u32; 512],
    /// For 9 mini-rows (bit `3 * r + b`): how many rows hold any of them,
    /// plus how many boxes.
    units: [u8; 512],
}

/// The six ways a digit's three rows of a band can map to its boxes (row
/// `r` to box `PERMUTATIONS[p][r]`); for a stack, bands to columns.
const PERMUTATIONS: [[usize; 3]; 6] = crate::geometry::ORDERS_OF_THREE;

static TABLES: Tables = Tables::build();

impl Tables {
    const fn build() -> Tables {
        let mut tables = Tables {
            row_boxes: [0; 512],
            allowed: [0; 512],
            band_keep: [0; 512],
            stack_keep: [0; 512],
            peers: [0; 27],
            perms: [0; 512],
            widen: [0; 512],
            lines: [0; 512],
            units: [0; 512],
        };
        let mut pieces = 0;
        while pieces < 512 {
            let mut row_boxes = 0;
            let mut b = 0;
            while b < 3 {
                if pieces >> (3 * b) & 7 != 0 {
                    row_boxes |= 1 << b;
                }
                b += 1;
            }
            tables.row_boxes[pieces] = row_boxes;

            let mut allowed = 0u16;
            let mut p = 0;
            while p < 6 {
                let perm = PERMUTATIONS[p];
                let used = 1 << perm[0] | 1 << (3 + perm[1]) | 1 << (6 + perm[2]);
                if pieces & used == used {
                    allowed |= used as u16;
                    tables.perms[pieces] |= 1 << p;
                }
                p += 1;
            }
            tables.allowed[pieces] = allowed;

            let mut keep = 0u32;
            let mut piece = 0;
            while piece < 9 {
                if allowed >> piece & 1 != 0 {
                    keep |= 7 << (9 * (piece / 3) + 3 * (piece % 3));
                }
                piece += 1;
            }
            tables.band_keep[pieces] = keep;
            let mut cells = 0u32;
            let mut piece = 0;
            while piece < 9 {
                if pieces >> piece & 1 != 0 {
                    cells |= 7 << (3 * piece);
                }
                piece += 1;
            }
            tables.widen[pieces] = cells;
            let mut unit = 0;
            while unit < 3 {
                if pieces >> (3 * unit) & 7 != 0 {
                    tables.lines[pieces] |= 0x1FF << (9 * unit);
                    tables.units[pieces] += 1;
                }
                // Box `unit`'s mini-rows are bits unit, unit + 3, unit + 6.
                if pieces & 0x49 << unit != 0 {
                    tables.lines[pieces] |= (7 * COLUMN) << (3 * unit);
                    tables.units[pieces] += 1;
                }
                unit += 1;
            }
            let allowed = allowed as u32;
            tables.stack_keep[pieces] =
                (allowed & 7) | (allowed >> 3 & 7) << 9 | (allowed >> 6 & 7) << 18;
            pieces += 1;
        }
        let mut cell = 0;
        // A band's 27 cells are the board's first 27 in the geometry: the
        // band's row, and its box (a stack, three columns), are theirs.
        while cell < 27 {
            let row = crate::geometry::row_of(cell);
            let row_bits = 0x1FF << (9 * row);
            let box_bits = (7 * COLUMN) << (3 * crate::geometry::box_of(cell));
            tables.peers[cell] = row_bits | box_bits;
            cell += 1;
        }
        tables
    }
}

/// After this many guesses on one board (more where it finds solutions:
/// [`GUESSES_PER_SOLUTION`]) the search starts over, making every choice
/// by [`Grid::lookahead`]. Boards built against this solver's cheap choice
/// (few givens, no solution: see `puzzles/adversarial.txt`) took up to a
/// million guesses with it, and their cost swung 38-fold with how the digits
/// were labelled; looking ahead refutes them in a few dozen guesses, whatever
/// the labels. Every public board needs fewer guesses than this (the most,
/// about 800, proving a forum-hardest board unique), so they never pay for
/// the slower choice.
const STUBBORN_AFTER: u64 = 2048;

/// A stubborn board looks ahead only at nodes with this many open cells or
/// more: with fewer, the cheap choice meets no long detour, and a count
/// that finds many solutions down there would pay the lookahead at each of
/// them (counts of the adversarial set to 1000 took 3.5 ms looking ahead
/// everywhere, 0.5 ms with 40 to 60 here).
const LOOKAHEAD_FROM: u32 = 45;

/// At nodes of a stubborn board with this many open cells or more, the
/// lookahead first probes every candidate, not only the smallest choices'
/// ways ([`Grid::probe_all`]): unsolvable boards of 13 to 15 givens that
/// took the adversary's climb to 80,000 guesses with the smallest choices
/// alone fall at the root this way, after 100 to 200 probes (measured: 50
/// and 60 alike; 40 costs more on counts).
const PROBE_ALL_FROM: u32 = 50;

/// Guesses allowed per solution found before a board counts as stubborn:
/// a count to 1000 guesses on between solutions, a few guesses each, and
/// starting over would only repeat that work at the lookahead's higher cost
/// (measured on the adversarial set's counting boards: 4 to 10 guesses per
/// solution).
const GUESSES_PER_SOLUTION: u64 = 16;

/// The ways to go on from a node: place `digit` on the cell `bit` of
/// `band`, for each item.
#[derive(Debug)]
struct Branches {
    items: [(u8, u8, u32); 9],
    len: u8,
    /// Whether the items are (digit, unit, permutation) for
    /// [`Grid::restrict`] rather than placements.
    restrict: bool,
    /// When the items place digits on one cell: that cell's digits (see
    /// [`Grid::place_among`]); 0 otherwise.
    digits: u16,
}

impl Branches {
    /// No way on: the grid is solved.
    const NONE: Branches = Branches {
        items: [(0, 0, 0); 9],
        len: 0,
        restrict: false,
        digits: 0,
    };

    /// Each digit of `digits` on one cell: `digits` must be all the
    /// digits the cell may take, as [`Grid::place_among`] clears the cell
    /// from those alone.
    #[inline(always)]
    fn cell(band: usize, bit: u32, mut digits: u16) -> Branches {
        let mut branches = Branches::NONE;
        branches.digits = digits;
        while digits != 0 {
            let digit = digits.trailing_zeros() as u8;
            digits &= digits - 1;
            branches.items[usize::from(branches.len)] = (digit, band as u8, bit);
            branches.len += 1;
        }
        branches
    }

    /// `digit` on each of its places: at most nine cells, in any bands.
    fn places(digit: usize, places: Lanes) -> Branches {
        let mut branches = Branches::NONE;
        for band in 0..3 {
            let mut cells = places.get(band);
            while cells != 0 && branches.len < 9 {
                let bit = cells & cells.wrapping_neg();
                cells ^= bit;
                branches.items[usize::from(branches.len)] = (digit as u8, band as u8, bit);
                branches.len += 1;
            }
        }
        branches
    }
}

/// The smallest choices of a grid, for [`Grid::lookahead`]: open cells
/// with the fewest digits and digits with the fewest places in a unit,
/// whichever is fewer (at least two: propagation leaves no single).
struct Choices {
    /// `(digit, places)`: `digit`'s places in a unit, or with
    /// [`Choices::CELL`] an open cell (one bit) and its digits.
    items: [(u8, Lanes); 81 + 9 * 27],
    len: usize,
    /// The number of ways on of each.
    ways: u32,
}

impl Choices {
    /// Marks a cell among the choices.
    const CELL: u8 = u8::MAX;

    #[inline(always)]
    fn smallest(grid: &Grid) -> Choices {
        let mut choices = Choices {
            items: [(0, Lanes::ZERO); 81 + 9 * 27],
            len: 0,
            ways: u32::MAX,
        };
        for band in 0..3 {
            let mut cells = grid.open.get(band);
            while cells != 0 {
                let bit = cells & cells.wrapping_neg();
                cells ^= bit;
                let ways = grid.digits_at(band, bit).count_ones();
                choices.offer(ways, Choices::CELL, Lanes::one(band, bit));
            }
        }
        for (digit, lanes) in grid.candidates.iter().enumerate() {
            let live = lanes.and(grid.open);
            let mut units = [Lanes::ZERO; 27];
            for unit in 0..9 {
                let (band, third) = (unit / 3, unit % 3);
                units[unit] = live.and(Lanes::one(band, 0x1FF << (9 * third)));
                units[9 + unit] = live.and(Lanes::one(band, (7 * COLUMN) << (3 * third)));
                units[18 + unit] = live.and(Lanes::splat(COLUMN << unit));
            }
            for places in units {
                // A unit where the digit is placed has no places left.
                let ways = places.count_ones();
                if ways != 0 {
                    choices.offer(ways, digit as u8, places);
                }
            }
        }
        choices
    }

    /// Keeps a choice of `ways` ways if no choice seen has fewer, and drops
    /// those with more.
    #[inline(always)]
    fn offer(&mut self, ways: u32, digit: u8, places: Lanes) {
        if ways < self.ways {
            self.ways = ways;
            self.len = 0;
        }
        if ways == self.ways {
            self.items[self.len] = (digit, places);
            self.len += 1;
        }
    }

    /// The ways on of one choice.
    #[inline(always)]
    fn branches(&self, grid: &Grid, digit: u8, places: Lanes) -> Branches {
        if digit != Choices::CELL {
            return Branches::places(usize::from(digit), places);
        }
        let band = places.nonzero().trailing_zeros() as usize;
        let bit = places.get(band);
        Branches::cell(band, bit, grid.digits_at(band, bit))
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,avx2")]
#[inline(never)]
fn lookahead_fast(grid: &mut Grid, effort: &mut Effort, triads: bool) -> Option<Branches> {
    grid.lookahead::<true>(effort, triads)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,avx2")]
#[inline(never)]
fn triads_fast(grid: &mut Grid, pending: &mut Pending, maps: &mut TriadMaps) -> Option<bool> {
    grid.triad_step::<true>(pending, maps)
}

#[inline(never)]
fn triads_portable(grid: &mut Grid, pending: &mut Pending, maps: &mut TriadMaps) -> Option<bool> {
    grid.triad_step::<false>(pending, maps)
}

/// [`Grid::triad_step`] in the build `FAST` selects, out of line: it runs
/// once or twice a node, and inlined it would crowd the propagation loop.
#[inline(always)]
fn triads<const FAST: bool>(
    grid: &mut Grid,
    pending: &mut Pending,
    maps: &mut TriadMaps,
) -> Option<bool> {
    #[cfg(target_arch = "x86_64")]
    if FAST {
        // SAFETY: the fast build only runs where the CPU has its features.
        return unsafe { triads_fast(grid, pending, maps) };
    }
    triads_portable(grid, pending, maps)
}

#[inline(never)]
fn lookahead_portable(grid: &mut Grid, effort: &mut Effort, triads: bool) -> Option<Branches> {
    grid.lookahead::<false>(effort, triads)
}

/// How often, in choices made, a search that can be stopped looks at its
/// `stop` flag ([`solve_until`]): rarely enough to cost nothing measurable,
/// often enough (about a millisecond) to end at once.
const STOP_POLL_NODES: u64 = 1 << 12;

/// A depth-first search counting solutions up to a limit.
struct Search<'a> {
    limit: u32,
    /// Whether to search deep: propagate with triads and branch on
    /// permutations (see [`TRIADS_BELOW_GIVENS`]).
    triads: bool,
    /// The triad maps of the grid last propagated with triads: those of
    /// the node about to choose, which [`Grid::choose_permutation`] reads
    /// rather than gather them again.
    maps: TriadMaps,
    /// Whether to score bivalue cells (see [`SCORED_CHOICE_BELOW_GIVENS`]).
    scored: bool,
    /// Whether every choice is made by [`Grid::lookahead`]: once the
    /// board has proved stubborn.
    lookahead: bool,
    /// The guesses after which the board is stubborn: [`STUBBORN_AFTER`],
    /// plus [`GUESSES_PER_SOLUTION`] for each solution found.
    stubborn_after: u64,
    count: u32,
    first: Option<[u8; 81]>,
    effort: Effort,
    /// Set from another thread to end the search ([`solve_until`]).
    stop: Option<&'a AtomicBool>,
}

impl Search<'_> {
    /// Searches a propagated, consistent grid, which it may use up, in the
    /// build `FAST` selects.
    #[inline(always)]
    fn descend<const FAST: bool>(&mut self, grid: &mut Grid) {
        #[cfg(target_arch = "x86_64")]
        if FAST {
            // SAFETY: the fast build is only entered from `solve_fast`, after
            // the CPU's features were checked.
            unsafe { self.run_fast(grid) };
            return;
        }
        self.run_portable(grid);
    }

    /// Counts a solved grid, keeping it if it is the first.
    #[inline(always)]
    fn found<const FAST: bool>(&mut self, grid: &Grid) {
        self.count += 1;
        if !self.lookahead {
            self.stubborn_after += GUESSES_PER_SOLUTION;
        }
        if self.first.is_none() {
            self.first = Some(grid.cells::<FAST>());
        }
    }

    /// The board proved stubborn: starts over on `board` (whose givens
    /// are known to be consistent) within `marks`, looking ahead, so that no early choice
    /// made blindly stays; counts up to `limit` again, the effort spent so
    /// far still counted. Out of line and cold: off every other board's
    /// path.
    #[cold]
    #[inline(never)]
    fn restart<const FAST: bool>(&mut self, board: &Board, marks: Option<&Candidates>, limit: u32) {
        self.limit = limit.max(1);
        self.lookahead = true;
        // From now on every node takes the stubborn path.
        self.stubborn_after = 0;
        self.count = 0;
        self.first = None;
        if let Ok(mut grid) = Grid::with_givens::<FAST>(board) {
            if let Some(marks) = marks {
                grid.keep_marks(marks);
            }
            if grid.propagate::<FAST>(Pending::ALL, self.triads.then_some(&mut self.maps)) {
                self.descend::<FAST>(&mut grid);
            }
        }
    }

    /// The branches at a node of a board that has proved stubborn, kept
    /// out of the hot path: the first time, give up (every frame returns,
    /// the limit being met, and `solve_with` starts again looking ahead);
    /// after that, look ahead where many cells are open. `None` when there
    /// is nothing to branch on (the grid failed, or was solved and counted).
    #[inline(never)]
    fn stubborn<const FAST: bool>(&mut self, grid: &mut Grid) -> Option<Branches> {
        if !self.lookahead || self.poll() {
            self.limit = 0;
            return None;
        }
        if grid.open.count_ones() < LOOKAHEAD_FROM {
            return Some(grid.choose(self.scored));
        }
        match self.look_ahead::<FAST>(grid) {
            Some(branches) if branches.len == 0 => {
                self.found::<FAST>(grid);
                None
            }
            branches => branches,
        }
    }

    /// Whether the search was told to stop.
    fn stopped(&self) -> bool {
        self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed))
    }

    /// Looks at the stop flag (every [`STOP_POLL_NODES`] choices, and at
    /// each choice looking ahead): when it is set, a limit of 0 ends every
    /// frame. True then.
    #[cold]
    #[inline(never)]
    fn poll(&mut self) -> bool {
        if self.stopped() {
            self.limit = 0;
            return true;
        }
        false
    }

    /// [`Grid::lookahead`] in the build `FAST` selects, kept out of line:
    /// its tables stay off the stack of the recursion.
    #[inline(always)]
    fn look_ahead<const FAST: bool>(&mut self, grid: &mut Grid) -> Option<Branches> {
        #[cfg(target_arch = "x86_64")]
        if FAST {
            // SAFETY: as in `descend`.
            return unsafe { lookahead_fast(grid, &mut self.effort, self.triads) };
        }
        lookahead_portable(grid, &mut self.effort, self.triads)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2,avx2")]
    fn run_fast(&mut self, grid: &mut Grid) {
        self.run::<true>(grid);
    }

    fn run_portable(&mut self, grid: &mut Grid) {
        self.run::<false>(grid);
    }

    /// Searches a propagated, consistent grid, which it may use up.
    #[inline(always)]
    fn run<const FAST: bool>(&mut self, grid: &mut Grid) {
        if grid.is_solved() {
            self.found::<FAST>(grid);
            return;
        }
        let branches = if self.effort.guesses >= self.stubborn_after {
            match self.stubborn::<FAST>(grid) {
                Some(branches) => branches,
                None => return,
            }
        } else if self.triads {
            grid.choose_permutation::<FAST>(&self.maps, self.scored)
        } else {
            grid.choose(self.scored)
        };
        self.effort.nodes += 1;
        if self.effort.nodes.is_multiple_of(STOP_POLL_NODES) && self.poll() {
            return;
        }
        let mut left = branches.len;
        for &(digit, band, bit) in &branches.items[..usize::from(branches.len)] {
            if self.count >= self.limit {
                return;
            }
            left -= 1;
            self.effort.guesses += 1;
            let mut pending = Pending::default();
            let (digit, band) = (usize::from(digit), usize::from(band));
            if left == 0 {
                // The last choice may use up this grid: no copy.
                if branches.restrict {
                    grid.restrict(digit, band, bit, &mut pending);
                } else if branches.digits != 0 {
                    grid.place_among(digit, band, bit, branches.digits, &mut pending);
                } else {
                    grid.place(digit, band, bit, &mut pending);
                }
                if grid.propagate::<FAST>(pending, self.triads.then_some(&mut self.maps)) {
                    self.descend::<FAST>(grid);
                }
                return;
            }
            let mut child = *grid;
            if branches.restrict {
                child.restrict(digit, band, bit, &mut pending);
            } else if branches.digits != 0 {
                child.place_among(digit, band, bit, branches.digits, &mut pending);
            } else {
                child.place(digit, band, bit, &mut pending);
            }
            if child.propagate::<FAST>(pending, self.triads.then_some(&mut self.maps)) {
                self.descend::<FAST>(&mut child);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    /// An independent check: every unit holds 1-9 once and the givens stay.
    fn assert_solves(puzzle: &Board, solution: &Board) {
        let cells = solution.cells();
        let units = (0..9).flat_map(|i| {
            [
                (0..9).map(|j| i * 9 + j).collect::<Vec<_>>(),
                (0..9).map(|j| j * 9 + i).collect(),
                (0..9)
                    .map(|j| crate::geometry::HouseKind::Box.cell(i, j))
                    .collect(),
            ]
        });
        for unit in units {
            let mut digits: Vec<u8> = unit.iter().map(|&c| cells[c]).collect();
            digits.sort_unstable();
            assert_eq!(digits, [1, 2, 3, 4, 5, 6, 7, 8, 9], "unit {unit:?}");
        }
        for (given, filled) in puzzle.cells().iter().zip(cells) {
            assert!(*given == 0 || given == filled);
        }
    }

    const LEETCODE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const INKALA: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    #[test]
    fn solves_the_leetcode_example_uniquely() {
        let puzzle = board(LEETCODE);
        let found = solve(&puzzle, 2).unwrap();
        assert_eq!(found.count, 1);
        let solution = found.first.unwrap();
        assert_solves(&puzzle, &solution);
        assert_eq!(
            solution.to_string(),
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
        );
    }

    #[test]
    fn solves_a_hard_puzzle() {
        let puzzle = board(INKALA);
        let found = solve(&puzzle, 2).unwrap();
        assert_eq!(found.count, 1);
        assert_solves(&puzzle, &found.first.unwrap());
    }

    #[test]
    fn a_full_valid_board_is_its_own_solution() {
        let full = board(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        );
        assert_eq!(
            solve(&full, 5).unwrap(),
            Solutions {
                count: 1,
                first: Some(full)
            }
        );
    }

    #[test]
    fn rejects_invalid_givens() {
        for (a, b) in [(0, 8), (0, 72), (0, 20), (40, 50), (1, 2), (30, 75)] {
            let mut cells = [0; 81];
            // Other fives that see neither, in another band and box.
            (cells[a], cells[b], cells[60]) = (5, 5, 5);
            let clash = Board::new(cells).unwrap();
            assert_eq!(solve(&clash, 1), Err(InvalidGivens), "{a} {b}");
            let portable = solve_with::<false>(&clash, None, 1, None);
            assert_eq!(portable, Err(InvalidGivens), "{a} {b}");
        }
    }

    #[test]
    fn finds_no_solution_when_there_is_none() {
        // Consistent givens, but r1c9 can hold no digit: 1-8 are in its row
        // and 9 is in its column.
        let mut cells = [0; 81];
        cells[..8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
        cells[80] = 9;
        let found = solve(&Board::new(cells).unwrap(), 2).unwrap();
        assert_eq!(
            found,
            Solutions {
                count: 0,
                first: None
            }
        );
    }

    #[test]
    fn a_digit_with_no_place_left_in_a_row_is_a_contradiction_at_once() {
        // Eight 9s placed; row 8's only free column for the ninth (column
        // 5) holds a 1. Found by examples/adversary: propagation took the
        // digit for fully placed and the search ran for seconds.
        let board = board(
            "..98......1.9...........9......5918.........929.1..4.........9.....1..7.9..3.....",
        );
        let (found, effort) = solve_with_effort(&board, 2).unwrap();
        assert_eq!(found.count, 0);
        assert_eq!(effort, Effort::default());
    }

    #[test]
    fn counts_two_solutions_and_stops_at_the_limit() {
        // Blanking a deadly rectangle of a solved grid leaves two solutions.
        let solution = board(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        );
        let mut cells = *solution.cells();
        let (r1, r2, c1, c2) = find_rectangle(&cells).expect("a deadly rectangle");
        for &(r, c) in &[(r1, c1), (r1, c2), (r2, c1), (r2, c2)] {
            cells[r * 9 + c] = 0;
        }
        let puzzle = Board::new(cells).unwrap();
        let found = solve(&puzzle, 10).unwrap();
        assert_eq!(found.count, 2);
        assert_solves(&puzzle, &found.first.unwrap());
        assert_eq!(solve(&puzzle, 1).unwrap().count, 1);
        assert_eq!(solve(&puzzle, 2).unwrap().count, 2);
    }

    /// Two rows in one band and two columns in two stacks whose corners read
    /// a,b / b,a: blanking them leaves exactly two solutions.
    fn find_rectangle(cells: &[u8; 81]) -> Option<(usize, usize, usize, usize)> {
        for r1 in 0..9 {
            for r2 in r1 + 1..r1 / 3 * 3 + 3 {
                for c1 in 0..9 {
                    for c2 in (c1 / 3 + 1) * 3..9 {
                        let (a, b) = (cells[r1 * 9 + c1], cells[r1 * 9 + c2]);
                        if cells[r2 * 9 + c1] == b && cells[r2 * 9 + c2] == a {
                            return Some((r1, r2, c1, c2));
                        }
                    }
                }
            }
        }
        None
    }

    #[test]
    fn an_empty_board_reaches_any_limit() {
        let found = solve(&Board::EMPTY, 1000).unwrap();
        assert_eq!(found.count, 1000);
        assert_solves(&Board::EMPTY, &found.first.unwrap());
    }

    /// The marks of `board` with `digit` taken from cell `at`.
    fn without(board: &Board, at: usize, digit: u8) -> Candidates {
        let mut masks = *Candidates::from_board(board).masks();
        masks[at] &= !(1 << (digit - 1));
        Candidates::new(masks).unwrap()
    }

    #[test]
    fn marks_narrow_the_search() {
        let puzzle = board(LEETCODE);
        let plain = solve(&puzzle, 2).unwrap();
        // Marks that allow everything change nothing.
        let all = Candidates::from_board(&puzzle);
        assert_eq!(solve_marked(&puzzle, &all, 2), Ok(plain));
        // Taking the solution's digit from one cell leaves no solution.
        let solution = plain.first.unwrap();
        let wrong = without(&puzzle, 2, solution.cell(2));
        assert_eq!(solve_marked(&puzzle, &wrong, 2).unwrap().count, 0);
        // Taking another digit keeps the one solution.
        let other = if solution.cell(2) == 1 { 2 } else { 1 };
        let narrowed = without(&puzzle, 2, other);
        assert_eq!(solve_marked(&puzzle, &narrowed, 2), Ok(plain));
        // On the empty board, marks pick among the solutions.
        let mut masks = [Candidates::ALL; 81];
        masks[40] = 1 << 6;
        let seven = Candidates::new(masks).unwrap();
        let found = solve_marked(&Board::EMPTY, &seven, 1).unwrap();
        assert_eq!(found.first.unwrap().cell(40), 7);
        // A given stands whatever its marks say; conflicts are still found.
        let no_marks = Candidates::new([0; 81]).unwrap();
        let full = solve_marked(&solution, &no_marks, 2).unwrap();
        assert_eq!((full.count, full.first), (1, Some(solution)));
        let clash = board(&format!("55{}", ".".repeat(79)));
        assert_eq!(solve_marked(&clash, &all, 1), Err(InvalidGivens));
    }

    #[test]
    fn marked_builds_agree() {
        let puzzle = board(INKALA);
        let solution = solve(&puzzle, 1).unwrap().first.unwrap();
        for at in [0, 40, 80] {
            for digit in 1..=9 {
                let marks = without(&puzzle, at, digit);
                let portable = solve_with::<false>(&puzzle, Some(&marks), 2, None);
                assert_eq!(solve_marked(&puzzle, &marks, 2), portable.map(|(s, _)| s));
                let count = portable.unwrap().0.count;
                let removed_solution = puzzle.cell(at) == 0 && solution.cell(at) == digit;
                assert_eq!(
                    count,
                    u32::from(!removed_solution),
                    "cell {at} digit {digit}"
                );
            }
        }
    }

    #[test]
    fn limit_zero_counts_as_one() {
        assert_eq!(solve(&Board::EMPTY, 0).unwrap().count, 1);
    }

    /// Hard boards for the builds to agree on, node for node: the first of
    /// the forum's hardest list and two from `puzzles/hard.txt`.
    const HARD: [&str; 3] = [
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....",
        ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...",
    ];

    #[test]
    fn the_portable_and_fast_builds_agree() {
        let puzzles = [LEETCODE, INKALA, &".".repeat(81), HARD[0], HARD[1], HARD[2]];
        for puzzle in puzzles {
            let board = board(puzzle);
            for limit in [1, 2, 50] {
                let portable = solve_with::<false>(&board, None, limit, None);
                assert_eq!(solve(&board, limit), portable.map(|(s, _)| s));
                #[cfg(target_arch = "x86_64")]
                if has_fast_features() {
                    // SAFETY: the features were just checked.
                    let fast = unsafe { solve_fast(&board, limit) };
                    assert_eq!(fast, portable, "{puzzle} limit {limit}");
                }
            }
        }
    }

    /// Built against cell branching (14 givens, no solution): over a
    /// million guesses with the cheap choice alone, before the triads
    /// refuted it without a guess.
    const STUBBORN: &str =
        ".................2.......5....5.3.27..4........5.......3..7...4.7......1.2.......";

    /// Built against the search with triads (`puzzles/adversarial.txt`):
    /// one solution, the most guesses of that file's boards.
    const SLOW: &str =
        "........1....23.....45...2...5..6.3..7......89.....1....6.3..1..8.4....91..6..7..";

    #[test]
    fn triads_refute_the_board_built_against_cell_branching() {
        let (found, effort) = solve_with_effort(&board(STUBBORN), 2).unwrap();
        assert_eq!(found.count, 0);
        assert_eq!(effort, Effort::default());
    }

    #[test]
    fn stubborn_boards_are_searched_again_looking_ahead() {
        let slow = board(SLOW);
        let plain = solve_with::<false>(&slow, None, 2, None).unwrap();
        assert_eq!(plain.0.count, 1);
        assert_eq!(plain.1.probes, 0);
        for after in [0, 8, 64] {
            let (found, effort) =
                solve_stubborn_after::<false>(&slow, None, 2, None, after, None).unwrap();
            assert_eq!(found, plain.0, "after {after}");
            assert!(effort.probes > 0, "{effort:?}");
            assert!(effort.guesses < after + plain.1.guesses, "{effort:?}");
        }
    }

    #[test]
    fn a_stubborn_board_costs_the_same_however_it_is_labelled() {
        let original = board(SLOW);
        let mut efforts = Vec::new();
        for shift in 0..9u8 {
            for transpose in [false, true] {
                let cells = std::array::from_fn(|at| {
                    let from = if transpose { at % 9 * 9 + at / 9 } else { at };
                    match original.cells()[from] {
                        0 => 0,
                        digit => (digit - 1 + shift) % 9 + 1,
                    }
                });
                let board = Board::new(cells).unwrap();
                let (found, effort) =
                    solve_stubborn_after::<false>(&board, None, 2, None, 0, None).unwrap();
                assert_eq!(found.count, 1);
                efforts.push(effort.guesses);
            }
        }
        let (least, most) = (efforts.iter().min(), efforts.iter().max());
        assert!(most.unwrap() - least.unwrap() <= 16, "{efforts:?}");
    }

    #[test]
    fn stubborn_counts_agree_across_builds_and_limits() {
        let board = board(
            "...............3.1............5.7.2...1.....5..5.......3..52..457..6...8.2.......",
        );
        for limit in [1, 2, 1000] {
            let portable = solve_with::<false>(&board, None, limit, None).unwrap();
            assert_eq!(portable.0.count, limit);
            assert_solves(&board, &portable.0.first.unwrap());
            #[cfg(target_arch = "x86_64")]
            if has_fast_features() {
                // SAFETY: the features were just checked.
                assert_eq!(unsafe { solve_fast(&board, limit) }.unwrap(), portable);
            }
        }
    }

    #[test]
    fn a_search_that_can_be_stopped_answers_as_the_others_until_stopped() {
        let go_on = AtomicBool::new(false);
        let puzzle = board(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        let mut masks = [Candidates::ALL; 81];
        masks[2] = 0b11;
        let marks = Candidates::new(masks).unwrap();
        for (board, limit) in [(&puzzle, 2), (&Board::EMPTY, 5000), (&board(STUBBORN), 2)] {
            let found = solve_until(board, None, limit, &go_on);
            assert_eq!(found, Some(solve(board, limit)));
            let found = solve_until(board, Some(&marks), limit, &go_on);
            assert_eq!(found, Some(solve_marked(board, &marks, limit)));
        }
        // Counting the empty board to 2^32 - 1 would take minutes.
        let stop = AtomicBool::new(false);
        let started = std::time::Instant::now();
        std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(50));
                stop.store(true, Ordering::Relaxed);
            });
            assert_eq!(solve_until(&Board::EMPTY, None, u32::MAX, &stop), None);
        });
        assert!(
            started.elapsed().as_secs_f64() < 5.0,
            "{:?}",
            started.elapsed()
        );
        // A stubborn board, stopped while it looks ahead.
        assert_eq!(solve_until(&board(STUBBORN), None, 2, &stop), None);
    }

    #[test]
    fn the_smallest_choices_are_cells_and_places_alike() {
        // With a row's first seven cells filled, 8 and 9 each have two
        // places left in that row, and its last two cells two digits each.
        let mut grid =
            Grid::with_givens::<false>(&board(&format!("1234567{}", ".".repeat(74)))).unwrap();
        assert!(grid.propagate::<false>(Pending::ALL, Some(&mut TriadMaps::default())));
        let choices = Choices::smallest(&grid);
        assert_eq!(choices.ways, 2);
        let items = &choices.items[..choices.len];
        let ends = Lanes::one(0, 1 << 7 | 1 << 8);
        for choice in [(7, ends), (8, ends), (Choices::CELL, Lanes::one(0, 1 << 7))] {
            assert!(items.contains(&choice), "{choice:?} in {items:?}");
        }
        let branches = choices.branches(&grid, Choices::CELL, Lanes::one(0, 1 << 8));
        let ways = &branches.items[..usize::from(branches.len)];
        assert_eq!(ways, [(7, 0, 1 << 8), (8, 0, 1 << 8)]);
    }

    #[test]
    fn looking_ahead_removes_ways_that_fail() {
        let mut grid = Grid::with_givens::<false>(&board(SLOW)).unwrap();
        assert!(grid.propagate::<false>(Pending::ALL, Some(&mut TriadMaps::default())));
        let before = grid;
        let mut effort = Effort::default();
        let result = grid.lookahead::<false>(&mut effort, true);
        // Propagation alone leaves choices; some probes fail and their
        // candidates go: the probes remove candidates, never add any.
        assert!(effort.probes > 0);
        assert!(grid.live_count() < before.live_count(), "{result:?}");
        for (after, was) in grid.candidates.iter().zip(&before.candidates) {
            assert!(after.and_not(*was).is_zero());
        }
        if let Some(branches) = result {
            // What is left to branch on does not fail at once.
            for &(digit, band, bit) in &branches.items[..usize::from(branches.len)] {
                let (digit, band) = (usize::from(digit), usize::from(band));
                assert!(grid.probe::<false>(digit, band, bit, grid.live_count(), true) > 0);
            }
        }
    }

    #[test]
    fn the_stack_step_agrees_across_builds() {
        #[cfg(target_arch = "x86_64")]
        if has_fast_features() {
            // Every 9-bit stack pattern, in each stack, with the other two
            // stacks full.
            for stack in 0..3 {
                for pieces in 0..512u32 {
                    let spread = (pieces & 7) | (pieces >> 3 & 7) << 9 | (pieces >> 6 & 7) << 18;
                    // Column words have 27 bits, like a band.
                    let columns = BAND & !(STACK_COLUMNS << (3 * stack)) | spread << (3 * stack);
                    assert_eq!(
                        stack_keep::<true>(columns),
                        stack_keep::<false>(columns),
                        "{columns:#x}"
                    );
                }
            }
        }
    }

    #[test]
    fn triads_remove_no_solution_candidate() {
        // Propagation with triads keeps every cell's solution digit.
        for puzzle in [LEETCODE, INKALA, HARD[0], HARD[1], HARD[2]] {
            let puzzle = board(puzzle);
            let solution = solve(&puzzle, 1).unwrap().first.unwrap();
            let mut grid = Grid::with_givens::<false>(&puzzle).unwrap();
            assert!(grid.propagate::<false>(Pending::ALL, Some(&mut TriadMaps::default())));
            for (cell, &digit) in solution.cells().iter().enumerate() {
                let lanes = grid.candidates[usize::from(digit) - 1];
                assert!(
                    lanes.get(cell / 27) >> (cell % 27) & 1 != 0,
                    "{puzzle} {cell}"
                );
            }
        }
    }

    #[test]
    fn a_triad_with_three_digits_keeps_them() {
        // Row 1's first three cells may only hold 1, 2 and 3: those three
        // digits then leave the rest of row 1.
        let mut grid = Grid::FULL;
        for digit in 3..9 {
            // Digits 4-9 leave cells 0-2 of band 0.
            grid.candidates[digit] = grid.candidates[digit].and_not(Lanes::one(0, 7));
        }
        let mut pending = Pending::default();
        assert_eq!(
            grid.triad_step::<false>(&mut pending, &mut TriadMaps::default()),
            Some(true)
        );
        for digit in 0..3 {
            let row = grid.candidates[digit].get(0) & 0x1FF;
            assert_eq!(row, 7, "digit {}", digit + 1);
        }
        assert_ne!(pending.digits, 0);
        // Two digits left for a triad: a contradiction.
        grid.candidates[2] = grid.candidates[2].and_not(Lanes::one(0, 7));
        assert_eq!(
            grid.triad_step::<false>(&mut pending, &mut TriadMaps::default()),
            None
        );
    }

    #[test]
    fn triad_maps_find_groups() {
        // A group is three neighbouring triads starting at bit 0, 3 or 6 of
        // a band's nine, in either half.
        assert_eq!(group_of(1 << 4), 7 << 3);
        assert_eq!(group_of(1 << (32 + 9 + 8)), 7 << (32 + 9 + 6));
        assert_eq!(alone(0b011_100_001), 0b000_100_001);
        assert_eq!(alone(TRIADS), 0);
        let (three, four) = three_and_four(&[1, 1, 1, 3, 2, 2, 0, 0, 0]);
        assert_eq!((three, four), (3, 1));
        #[cfg(target_arch = "x86_64")]
        if has_fast_features() {
            for pieces in [0, 1, 0x1FF, 0x155, 0xAA] {
                assert_eq!(widen::<true>(pieces), widen::<false>(pieces));
            }
        }
    }

    #[test]
    fn deep_and_plain_searches_count_alike() {
        // Boards with few givens and many solutions: branching on
        // permutations with triads must find exactly what cells alone find.
        for (puzzle, drop) in [(HARD[0], 1), (HARD[1], 2), (HARD[2], 2)] {
            let mut cells = *board(puzzle).cells();
            let givens: Vec<usize> = (0..81).filter(|&at| cells[at] != 0).collect();
            for &at in &givens[givens.len() - drop..] {
                cells[at] = 0;
            }
            let board = Board::new(cells).unwrap();
            let count = |deep| {
                solve_stubborn_after::<false>(
                    &board,
                    None,
                    100_000,
                    None,
                    STUBBORN_AFTER,
                    Some(deep),
                )
                .unwrap()
                .0
            };
            let (deep, plain) = (count(true), count(false));
            assert_eq!(deep.count, plain.count, "{board}");
            assert!(
                deep.count > 1 && deep.count < 100_000,
                "{board}: {}",
                deep.count
            );
            assert_solves(&board, &deep.first.unwrap());
        }
    }

    #[test]
    fn permutation_keeps() {
        for perm in 0..6 {
            for (unit, keeps) in PERM_KEEP.iter().enumerate() {
                let keep = keeps[perm];
                // Nine cells of the unit stay, and all 54 others.
                assert_eq!(keep.count_ones(), 54 + 9, "unit {unit} perm {perm}");
            }
            // Band 0: row r keeps box PERMUTATIONS[perm][r].
            let band = PERM_KEEP[0][perm].get(0);
            for (row, &boxed) in PERMUTATIONS[perm].iter().enumerate() {
                assert_eq!(band >> (9 * row) & 0x1FF, 7 << (3 * boxed));
            }
            // Stack 1: band b keeps column 3 + PERMUTATIONS[perm][b] there.
            for (band, &column) in PERMUTATIONS[perm].iter().enumerate() {
                let kept = PERM_KEEP[4][perm].get(band) & (7 * COLUMN) << 3;
                assert_eq!(kept, COLUMN << (3 + column));
            }
        }
        // Every pieces map gets the permutations it holds.
        assert_eq!(TABLES.perms[0x1FF], 0x3F);
        assert_eq!(TABLES.perms[1 | 1 << 4 | 1 << 8], 1);
        assert_eq!(TABLES.perms[1 | 1 << 3 | 0x1C0], 0);
    }

    #[test]
    fn the_permutation_table() {
        // All mini-rows present: all allowed.
        assert_eq!(TABLES.allowed[0x1FF], 0x1FF);
        // Only the diagonal: exactly the diagonal.
        let diagonal = 1 | 1 << 4 | 1 << 8;
        assert_eq!(usize::from(TABLES.allowed[diagonal]), diagonal);
        // Row 0 only in box 0: box 0 is taken from rows 1 and 2.
        let pieces = 0x1FF & !(1 << 1 | 1 << 2);
        assert_eq!(
            usize::from(TABLES.allowed[pieces]),
            pieces & !(1 << 3 | 1 << 6)
        );
        // Rows 0 and 1 both only in box 0: impossible.
        assert_eq!(TABLES.allowed[1 | 1 << 3 | 0x1C0], 0);
        assert_eq!(TABLES.band_keep[1 | 1 << 3 | 0x1C0], 0);
    }

    #[test]
    fn mini_rows_both_ways() {
        assert_eq!(mini_rows::<false>(0b100_000_001), 0b101);
        assert_eq!(mini_rows::<false>(1 << 26), 1 << 8);
        #[cfg(target_arch = "x86_64")]
        if has_fast_features() {
            for cells in [0, 1, 0b100_000_001, 1 << 26, BAND, 0x2AA_AAAA, 0x155_5555] {
                assert_eq!(mini_rows::<true>(cells), mini_rows::<false>(cells));
            }
        }
    }

    #[test]
    fn peers_cover_row_and_box() {
        // Cell 13 is row 1, column 4 of its band: row 1 and box 1.
        let peers = TABLES.peers[13];
        assert_eq!(peers.count_ones(), 9 + 9 - 3);
        assert!(peers & 1 << 9 != 0 && peers & 1 << 3 != 0 && peers & 1 << 23 != 0);
        assert!(peers & 1 << 0 == 0 && peers & 1 << 26 == 0);
    }
}
