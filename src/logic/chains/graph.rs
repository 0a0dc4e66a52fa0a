//! The implication graph of one fixed position, for the chains of rung 25
//! (forcing chains and cycles), built once per position so the searches
//! from every starting candidate only walk flat arrays.
//!
//! Candidates get dense ids (cells in reading order, digits ascending), so
//! a search's marks cover only the candidates the position has. Each id
//! keeps its links in Sudoku Explainer's order, the same order
//! [`super::links::on_to_off`] and [`super::links::off_to_on`] produce.

use super::links::Cands;
use crate::logic::grid::{bits, cells_of, houses_of, HOUSE_MASKS};

/// No candidate (an absent link or id).
pub const NO: u16 = u16::MAX;

/// The links of a position's candidates, by dense id.
pub struct Graph {
    /// Each id's candidate, `cell * 9 + d0`.
    pub cands: Vec<u16>,
    /// Each candidate's id, [`NO`] when the position lacks it.
    pub ids: [u16; 729],
    /// Weak links ("on" turns "off") of id `i`: `weak[weak_start[i]..weak_start[i + 1]]`,
    /// the cell's other candidates first, then the digit's other places in
    /// the box, the row outside the box and the column outside the box.
    weak: Vec<u16>,
    weak_start: Vec<u32>,
    /// Where id `i`'s house links start in `weak` (after its cell links).
    weak_house: Vec<u32>,
    /// The other candidate of id `i`'s cell when the cell is bivalue.
    cell_strong: Vec<u16>,
    /// The other place of id `i`'s digit in each house (box, row, column)
    /// where the digit has two places, each place once.
    house_strong: Vec<([u16; 3], u8)>,
}

impl Graph {
    /// The graph of `cands`.
    pub fn new(cands: &Cands) -> Graph {
        let mut ids = [NO; 729];
        let mut list = Vec::with_capacity(384);
        for cell in 0..81 {
            for d0 in bits(cands.cells[cell]) {
                ids[cell * 9 + d0] = list.len() as u16;
                list.push((cell * 9 + d0) as u16);
            }
        }
        let n = list.len();
        let mut graph = Graph {
            cands: list,
            ids,
            weak: Vec::with_capacity(n * 12),
            weak_start: Vec::with_capacity(n + 1),
            weak_house: Vec::with_capacity(n),
            cell_strong: Vec::with_capacity(n),
            house_strong: Vec::with_capacity(n),
        };
        for i in 0..n {
            let cand = usize::from(graph.cands[i]);
            let (cell, d0) = (cand / 9, cand % 9);
            graph.weak_start.push(graph.weak.len() as u32);
            let others = cands.cells[cell] & !(1 << d0);
            for other in bits(others) {
                graph.weak.push(ids[cell * 9 + other]);
            }
            graph.weak_house.push(graph.weak.len() as u32);
            let [bx, row, column] = houses_of(cell);
            let digit = cands.digits[d0] & !(1u128 << cell);
            let in_box = HOUSE_MASKS[bx];
            for peers in [
                digit & in_box,
                digit & HOUSE_MASKS[row] & !in_box,
                digit & HOUSE_MASKS[column] & !in_box,
            ] {
                for peer in cells_of(peers) {
                    graph.weak.push(ids[peer * 9 + d0]);
                }
            }
            graph.cell_strong.push(if others.count_ones() == 1 {
                ids[cell * 9 + others.trailing_zeros() as usize]
            } else {
                NO
            });
            let mut strong = ([NO; 3], 0u8);
            for house in [bx, row, column] {
                let places = cands.digits[d0] & HOUSE_MASKS[house];
                if places.count_ones() != 2 {
                    continue;
                }
                let other = ids[(places & !(1u128 << cell)).trailing_zeros() as usize * 9 + d0];
                if !strong.0[..usize::from(strong.1)].contains(&other) {
                    strong.0[usize::from(strong.1)] = other;
                    strong.1 += 1;
                }
            }
            graph.house_strong.push(strong);
        }
        graph.weak_start.push(graph.weak.len() as u32);
        graph
    }

    /// The number of candidates.
    pub fn len(&self) -> usize {
        self.cands.len()
    }

    /// The ids candidate `id` being "on" turns "off": with the cell's other
    /// candidates first when `cell_links`.
    pub fn weak(&self, id: usize, cell_links: bool) -> &[u16] {
        let from = if cell_links {
            self.weak_start[id]
        } else {
            self.weak_house[id]
        };
        &self.weak[from as usize..self.weak_start[id + 1] as usize]
    }

    /// The ids candidate `id` being "off" turns "on", in order: its cell's
    /// other candidate (when `y`), then its digit's other place in each
    /// house with two (when `x`). A cell link and a house link never name
    /// the same candidate (one keeps the cell, the other the digit), so the
    /// list has no repeats.
    pub fn strong(&self, id: usize, y: bool, x: bool) -> ([u16; 4], usize) {
        let mut out = [NO; 4];
        let mut len = 0;
        if y && self.cell_strong[id] != NO {
            out[0] = self.cell_strong[id];
            len = 1;
        }
        if x {
            let (house, count) = self.house_strong[id];
            for &other in &house[..usize::from(count)] {
                out[len] = other;
                len += 1;
            }
        }
        (out, len)
    }
}
