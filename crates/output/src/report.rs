//! What a run reports besides its records: the totals so far ([`Tally`]),
//! errors, progress and a closed output ([`Report`]), and how a writer
//! waits on its workers without missing a reader that went away.

use std::io;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use sudoku_engine::reader::ReadError;

use crate::input::Input;

/// Counts of what a run met so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Records: boards answered plus malformed boards.
    pub boards: u64,
    /// Boards that met the request.
    pub met: u64,
    /// Boards that were answered but did not meet the request.
    pub not_met: u64,
    /// Malformed boards.
    pub malformed: u64,
    /// Inputs that could not be opened or read to the end.
    pub unreadable: u64,
}

impl Tally {
    pub(crate) fn add(&mut self, other: &Tally) {
        self.boards += other.boards;
        self.met += other.met;
        self.not_met += other.not_met;
        self.malformed += other.malformed;
        self.unreadable += other.unreadable;
    }
}

/// Where a run reports what is not a record.
pub trait Report {
    /// A malformed board or an unreadable input, in input order.
    fn error(&mut self, error: &ReadError);

    /// [`Report::error`], with the input it comes from: a reporter that
    /// can write bytes may name a path that is not UTF-8 exactly, where
    /// the error names it lossily.
    fn error_in(&mut self, _input: &Input, error: &ReadError) {
        self.error(error);
    }

    /// Called after each chunk is written, and every tick while the
    /// writer waits, with the totals so far.
    fn progress(&mut self, _tally: &Tally) {}

    /// Whether whoever reads the output has gone (a pipe closed by its
    /// reader), asked every tick while the writer waits on busy workers:
    /// a run that learns so ends at once with
    /// [`io::ErrorKind::BrokenPipe`], as if a write had failed. By default
    /// never.
    fn output_closed(&mut self) -> bool {
        false
    }

    /// `generate`: how a search goes, every tick while no puzzle comes.
    fn searching(&mut self, _progress: &Generation) {}
}

/// What a writer waiting on its workers for one tick got.
pub(crate) enum Waited<T> {
    /// A message.
    Got(T),
    /// Nothing more will come: every sender is gone.
    Gone,
    /// Nothing yet, and the output is still open.
    Tick,
}

/// Waits up to `tick` on `receiver`; when nothing came, asks `report`
/// whether the output was closed meanwhile (then a broken pipe). Both
/// writers, the pipeline's and `generate`'s, wait only through this, so
/// neither misses a reader that went away while every worker is busy.
pub(crate) fn wait_a_tick<T, R: Report>(
    receiver: &Receiver<T>,
    tick: Duration,
    report: &mut R,
) -> io::Result<Waited<T>> {
    match receiver.recv_timeout(tick) {
        Ok(message) => Ok(Waited::Got(message)),
        Err(RecvTimeoutError::Disconnected) => Ok(Waited::Gone),
        Err(RecvTimeoutError::Timeout) if report.output_closed() => {
            Err(io::ErrorKind::BrokenPipe.into())
        }
        Err(RecvTimeoutError::Timeout) => Ok(Waited::Tick),
    }
}

/// What a run made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Generation {
    /// Puzzles asked for.
    pub asked: u64,
    /// Puzzles written.
    pub found: u64,
    /// Puzzles dug so far (most fail the recipe, or repeat an earlier one).
    pub tried: u64,
    /// The run's seed.
    pub seed: u64,
}

impl Generation {
    /// The run as the totals `--stats`, the progress line and the exit
    /// status read: every puzzle asked is a board, met if it was made.
    pub fn tally(&self) -> Tally {
        Tally {
            boards: self.asked,
            met: self.found,
            not_met: self.asked - self.found,
            malformed: 0,
            unreadable: 0,
        }
    }
}
