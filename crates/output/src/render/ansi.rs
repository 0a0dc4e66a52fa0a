//! A position as a candidate grid on the terminal, with a step's marks in
//! ANSI colour: the text form of the pictures, for `--color`.
//!
//! Each cell shows its digit or its candidates, padded to its column's
//! widest cell, in the boxed layout Sudoku Explainer and HoDoKu print:
//!
//! ```text
//! .-----------------.--------------.-----------------.
//! | 5   3    124    | 26   7  2468 | 1489  1249 248  |
//! | 6   247  247    | 1    9  5    | 3478  234  2478 |
//! ```
//!
//! Colours: the pattern's candidates bold blue on a shaded cell, eliminated
//! candidates red and struck through, the placed digit bold green, givens
//! bold.

use super::highlight::Highlight;
use sudoku_engine::answer::HintLevel;
use sudoku_engine::board::Board;
use sudoku_engine::logic::{Grid, Step};

const RESET: &str = "\x1b[0m";
const GIVEN: &str = "\x1b[1m";
const SHADED: &str = "\x1b[48;5;230m\x1b[30m";
const PATTERN: &str = "\x1b[1;34m";
const ELIMINATED: &str = "\x1b[9;31m";
const PLACED: &str = "\x1b[1;32m";

/// Writes `grid` as a candidate grid, with `marks` in colour (and givens
/// bold) when given, with no escape sequence at all otherwise. Every line
/// ends with a newline; the last is the bottom border.
pub fn write_grid(out: &mut Vec<u8>, grid: &Grid, givens: &Board, marks: Option<&Highlight>) {
    let widths: Vec<usize> = (0..9)
        .map(|column| {
            (0..9)
                .map(|row| cell_width(grid, row * 9 + column))
                .max()
                .unwrap_or(1)
        })
        .collect();
    let border = |out: &mut Vec<u8>, corner: u8| {
        for stack in 0..3 {
            out.push(corner);
            let inner: usize = widths[stack * 3..stack * 3 + 3].iter().sum::<usize>() + 4;
            out.extend(std::iter::repeat_n(b'-', inner));
        }
        out.push(corner);
        out.push(b'\n');
    };
    border(out, b'.');
    for row in 0..9 {
        if row == 3 || row == 6 {
            border(out, b':');
        }
        for (column, width) in widths.iter().enumerate() {
            if column % 3 == 0 {
                out.extend_from_slice(b"| ");
            }
            let cell = row * 9 + column;
            write_cell(out, grid, givens, marks, cell);
            let pad = width - cell_width(grid, cell) + 1;
            out.extend(std::iter::repeat_n(b' ', pad));
        }
        out.extend_from_slice(b"|\n");
    }
    border(out, b'\'');
}

/// Writes each of `steps` as its candidate grid (the position before it,
/// from `grid` on) with as much of the step in colour as `level` shows,
/// then the step's own lines as `write_step` writes them.
pub fn walkthrough(
    out: &mut Vec<u8>,
    mut grid: Grid,
    givens: &Board,
    steps: &[Step],
    level: HintLevel,
    write_step: impl Fn(&mut Vec<u8>, &Step),
) {
    for step in steps {
        let marks = Highlight::at_level(&grid, step, level);
        write_grid(out, &grid, givens, Some(&marks));
        write_step(out, step);
        step.apply(&mut grid);
    }
}

fn cell_width(grid: &Grid, cell: usize) -> usize {
    if grid.value(cell) != 0 {
        1
    } else {
        grid.candidates(cell).count_ones().max(1) as usize
    }
}

fn write_cell(
    out: &mut Vec<u8>,
    grid: &Grid,
    givens: &Board,
    marks: Option<&Highlight>,
    cell: usize,
) {
    let value = grid.value(cell);
    if value != 0 {
        let given = marks.is_some() && givens.cell(cell) == value;
        if given {
            out.extend_from_slice(GIVEN.as_bytes());
        }
        out.push(b'0' + value);
        if given {
            out.extend_from_slice(RESET.as_bytes());
        }
        return;
    }
    let shaded = marks.is_some_and(|m| m.is_shaded(cell));
    let background = if shaded { SHADED } else { "" };
    out.extend_from_slice(background.as_bytes());
    for digit in 1..=9u8 {
        let bit = 1 << (digit - 1);
        if grid.candidates(cell) & bit == 0 {
            continue;
        }
        let style = match marks {
            Some(m) if m.placed == Some((cell as u8, digit)) => PLACED,
            Some(m) if m.eliminated[cell] & bit != 0 => ELIMINATED,
            Some(m) if m.pattern[cell] & bit != 0 => PATTERN,
            _ => "",
        };
        if style.is_empty() {
            out.push(b'0' + digit);
        } else {
            out.extend_from_slice(style.as_bytes());
            out.push(b'0' + digit);
            out.extend_from_slice(RESET.as_bytes());
            out.extend_from_slice(background.as_bytes());
        }
    }
    if shaded {
        out.extend_from_slice(RESET.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_engine::logic::next_step;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn strip(text: &str) -> String {
        let mut out = String::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                // Skip to the final byte of the sequence.
                for c in chars.by_ref() {
                    if c == 'm' {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn the_grid_lines_up_once_the_colours_are_gone() {
        let board: Board = PUZZLE.parse().unwrap();
        let grid = Grid::new(&board);
        let step = next_step(&grid).unwrap();
        let marks = Highlight::of(&grid, &step);
        let mut coloured = Vec::new();
        write_grid(&mut coloured, &grid, &board, Some(&marks));
        let mut plain = Vec::new();
        write_grid(&mut plain, &grid, &board, None);
        let coloured = String::from_utf8(coloured).unwrap();
        let plain = String::from_utf8(plain).unwrap();
        assert!(coloured.contains(PLACED) || coloured.contains(ELIMINATED));
        assert!(!plain.contains('\x1b'));
        assert_eq!(strip(&coloured), plain);
        let lines: Vec<&str> = plain.lines().collect();
        assert_eq!(lines.len(), 13);
        assert!(lines.iter().all(|l| l.len() == lines[0].len()), "{plain}");
        // Each column as wide as its widest cell (column 3: r5c3's 2569).
        assert!(lines[1].starts_with("| 5   3    124  "), "{}", lines[1]);
    }
}
