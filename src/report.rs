//! Everything the command prints on stderr besides usage: errors, the
//! progress indicator and `--stats`.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

use sudoku_cli::ReadError;
use sudoku_cli::{Generation, Input, Report, Tally};

/// The progress line appears only after this long...
const PROGRESS_AFTER: Duration = Duration::from_secs(1);
/// ...and is redrawn at most this often.
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

/// `generate` without `--timeout` says once, after this long with nothing
/// found, that it is still searching.
const NOTICE_AFTER: Duration = Duration::from_secs(10);

/// Reports to standard error.
pub struct Stderr {
    started: Instant,
    /// Whether stderr is a terminal (the progress line is for people only).
    terminal: bool,
    /// When the progress line was last drawn, if it is on screen.
    drawn: Option<Instant>,
    /// Whether a search that finds nothing for [`NOTICE_AFTER`] is to be
    /// told about (then `false`: once).
    notice: bool,
}

impl Stderr {
    pub fn new(started: Instant) -> Stderr {
        Stderr {
            started,
            terminal: io::stderr().is_terminal(),
            drawn: None,
            notice: false,
        }
    }

    /// The same reporter, telling once when a search has found nothing
    /// for ten seconds (a `generate` run without `--timeout`).
    pub fn with_slow_notice(self) -> Stderr {
        Stderr {
            notice: true,
            ..self
        }
    }

    /// Whether a progress line is due: on a terminal, after the first
    /// second, at most every [`PROGRESS_EVERY`].
    fn progress_due(&self, now: Instant) -> bool {
        let due = self.drawn.is_none_or(|at| now - at >= PROGRESS_EVERY);
        self.terminal && now - self.started >= PROGRESS_AFTER && due
    }

    /// Erases the progress line, if one is showing.
    pub fn clear_progress(&mut self) {
        if self.drawn.take().is_some() {
            // Carriage return, then ANSI "erase the whole line".
            let _ = write!(io::stderr(), "\r\x1b[2K");
        }
    }

    /// Prints the `--stats` summary.
    pub fn stats(&mut self, tally: &Tally, elapsed: Duration) {
        let seconds = elapsed.as_secs_f64();
        let rate = tally.boards as f64 / seconds.max(1e-9);
        let _ = writeln!(
            io::stderr(),
            "sudoku: stats: {} boards, {} met, {} not met, {} malformed, {} unreadable inputs, \
             {seconds:.3} s, {rate:.0} boards/s",
            tally.boards,
            tally.met,
            tally.not_met,
            tally.malformed,
            tally.unreadable,
        );
    }

    /// Prints `generate`'s `--stats` summary, with the run's seed.
    pub fn generate_stats(&mut self, made: &Generation, elapsed: Duration) {
        let seconds = elapsed.as_secs_f64();
        let rate = made.found as f64 / seconds.max(1e-9);
        let _ = writeln!(
            io::stderr(),
            "sudoku: stats: seed {}, {} puzzles asked, {} generated, {} not generated, \
             {seconds:.3} s, {rate:.0} puzzles/s",
            made.seed,
            made.asked,
            made.found,
            made.asked - made.found,
        );
    }
}

impl Report for Stderr {
    fn error(&mut self, error: &ReadError) {
        self.clear_progress();
        let _ = writeln!(io::stderr(), "sudoku: {error}");
    }

    fn error_in(&mut self, input: &Input, error: &ReadError) {
        let message = error.to_string();
        // The message starts with the input's name, lossy where the path
        // is not UTF-8: write the path's own bytes there instead.
        match (raw_path(input), message.strip_prefix(input.name())) {
            (Some(path), Some(rest)) => {
                self.clear_progress();
                let mut line = b"sudoku: ".to_vec();
                line.extend_from_slice(path);
                line.extend_from_slice(rest.as_bytes());
                line.push(b'\n');
                let _ = io::stderr().write_all(&line);
            }
            _ => self.error(error),
        }
    }

    fn output_closed(&mut self) -> bool {
        stdout_closed()
    }

    fn searching(&mut self, made: &Generation) {
        let now = Instant::now();
        if self.notice && made.found == 0 && now - self.started >= NOTICE_AFTER {
            self.notice = false;
            self.clear_progress();
            let _ = writeln!(
                io::stderr(),
                "sudoku: generate: still searching: no puzzle found in {} s ({} tried); \
                 --timeout SECONDS bounds the run, a wider --rating or --givens range makes it faster",
                (now - self.started).as_secs(),
                made.tried,
            );
        }
        if !self.progress_due(now) {
            return;
        }
        let _ = write!(
            io::stderr(),
            "\r\x1b[2Ksudoku: generate: found {} of {}, tried {}",
            made.found,
            made.asked,
            made.tried,
        );
        self.drawn = Some(now);
    }

    fn progress(&mut self, tally: &Tally) {
        let now = Instant::now();
        if !self.progress_due(now) {
            return;
        }
        let rate = tally.boards as f64 / (now - self.started).as_secs_f64();
        let _ = write!(
            io::stderr(),
            "\r\x1b[2Ksudoku: {} boards, {rate:.0} boards/s",
            tally.boards
        );
        self.drawn = Some(now);
    }
}

/// The bytes of an input's path when it is not UTF-8 (on Unix, where a
/// path is bytes); `None` otherwise.
fn raw_path(input: &Input) -> Option<&[u8]> {
    let path = input.file()?;
    if path.to_str().is_some() {
        return None;
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Some(path.as_os_str().as_bytes())
    }
    #[cfg(not(unix))]
    None
}

/// Whether standard output is a pipe or socket whose reader has gone:
/// poll(2) reports an error or hang-up on it without anything written.
#[cfg(unix)]
pub fn stdout_closed() -> bool {
    let mut stdout = libc::pollfd {
        fd: libc::STDOUT_FILENO,
        // Error and hang-up are always reported; nothing else is asked.
        events: 0,
        revents: 0,
    };
    // SAFETY: one valid pollfd, and a zero timeout: poll returns at once.
    let ready = unsafe { libc::poll(&mut stdout, 1, 0) };
    ready > 0 && stdout.revents & (libc::POLLERR | libc::POLLHUP) != 0
}

/// Elsewhere a closed output is noticed at the next write.
#[cfg(not(unix))]
pub fn stdout_closed() -> bool {
    false
}
