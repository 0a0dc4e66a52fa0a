//! A `--regions` file of jigsaw layouts, read a layout at a time in step
//! with the boards: board k takes the file's k-th layout line (blank lines
//! and `#` comments passed over), so however long the file, and however
//! long the run, memory holds only the layouts of the boards in flight.

use std::fmt;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};

use sudoku_engine::reader::{io_reason, BOM};
use sudoku_engine::variant::setup::Setup;

use crate::input::{open_file, BUFFER};

/// The most of a line kept: a 25x25 layout is 625 symbols, so even with
/// layout characters between them it fits many times over. The rest of a
/// longer line is read past, not kept, so an endless line costs no memory.
const LONGEST_LINE: usize = 1 << 16;

/// An open file of region layouts, one per board in order, read as the
/// boards ask for them. Clones share the one open file and where it
/// stands: the run's reader thread takes a layout for each board, in
/// board order.
#[derive(Clone)]
pub struct Layouts {
    /// The file as given, to name in messages.
    name: Arc<str>,
    reader: Arc<Mutex<Reader>>,
}

impl fmt::Debug for Layouts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Layouts({:?})", self.name)
    }
}

/// Where reading the file stands.
struct Reader {
    name: Arc<str>,
    source: BufReader<Box<dyn Read + Send>>,
    /// Whether reading may wait (a pipe rather than a regular file).
    may_wait: bool,
    /// Lines read so far: the number of the last one read.
    line: u64,
    /// Layout lines read so far, bad ones included.
    layouts: u64,
    /// Layouts given to boards so far (the board asking is the next).
    boards: u64,
    /// The first layout, read when the file was opened, for the first
    /// board.
    first: Option<Box<[u8]>>,
    /// Once the file gives no more layouts: what each board after that
    /// is told.
    ended: Option<Ended>,
    /// The line being read, its first [`LONGEST_LINE`] bytes.
    line_bytes: Vec<u8>,
}

/// Why the file gives no more layouts.
enum Ended {
    /// Its end: each later board has no layout.
    Out,
    /// A read failed: each later board says so, as the board that met it.
    Failed(String),
}

/// A line as read.
struct Line {
    /// Whether bytes past [`LONGEST_LINE`] were read past, not kept.
    cut: bool,
    /// Whether every byte read past was blank.
    blank_past: bool,
}

impl Layouts {
    /// Opens the file `path` (named as given) and reads its first layout
    /// now, so that a file that gives none is an error before any board
    /// is read: `--regions FILE: no layout in the file`, `--regions
    /// FILE:LINE: ...` for a first layout that cannot be read. The file
    /// may be a pipe (`--regions <(...)`): the rest is read as boards come.
    pub fn open(path: &str) -> Result<Layouts, String> {
        let (file, may_wait) = open_file(Path::new(path))
            .map_err(|e| format!("--regions {path}: {}", io_reason(&e)))?;
        Layouts::from_reader(path, Box::new(file), may_wait)
    }

    /// As [`Layouts::open`], from `source` named `name`; `may_wait` says
    /// whether reading it may wait (a pipe).
    pub(crate) fn from_reader(
        name: &str,
        source: Box<dyn Read + Send>,
        may_wait: bool,
    ) -> Result<Layouts, String> {
        let name: Arc<str> = Arc::from(name);
        let mut reader = Reader {
            name: Arc::clone(&name),
            source: BufReader::with_capacity(BUFFER, source),
            may_wait,
            line: 0,
            layouts: 0,
            boards: 0,
            first: None,
            ended: None,
            line_bytes: Vec::new(),
        };
        match reader.read_layout() {
            Some(Ok(first)) => reader.first = Some(first),
            Some(Err(message)) => return Err(message),
            None => return Err(format!("--regions {name}: no layout in the file")),
        }
        Ok(Layouts {
            name,
            reader: Arc::new(Mutex::new(reader)),
        })
    }

    /// The next board's layout, each cell's region from 0; or why that
    /// board has none: its line cannot be read as a layout (`--regions
    /// FILE:LINE: ...`), the file has ended (`--regions FILE gives N
    /// layouts; this is board K`) or could not be read on. A bad line
    /// costs only its own board: the next board takes the next line.
    pub fn next(&self) -> Result<Box<[u8]>, String> {
        self.lock().next()
    }

    /// Whether taking the next layout may wait on a read (of a pipe).
    pub(crate) fn needs_read(&self) -> bool {
        let reader = self.lock();
        reader.may_wait
            && reader.first.is_none()
            && reader.ended.is_none()
            && reader.source.buffer().is_empty()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Reader> {
        // Only the reader thread takes layouts, and it never panics while
        // holding the lock: a poisoned lock still holds a sound reader.
        self.reader.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Reader {
    fn next(&mut self) -> Result<Box<[u8]>, String> {
        self.boards += 1;
        if let Some(first) = self.first.take() {
            return Ok(first);
        }
        if self.ended.is_none() {
            if let Some(layout) = self.read_layout() {
                return layout;
            }
        }
        match &self.ended {
            Some(Ended::Failed(message)) => Err(message.clone()),
            _ => Err(format!(
                "--regions {} gives {} layouts; this is board {}",
                self.name, self.layouts, self.boards
            )),
        }
    }

    /// Reads on to the next layout line and reads it; `None` at the end of
    /// the file (then [`Reader::ended`] says why).
    fn read_layout(&mut self) -> Option<Result<Box<[u8]>, String>> {
        loop {
            let line = match self.read_line() {
                Ok(Some(line)) => line,
                Ok(None) => {
                    self.ended = Some(Ended::Out);
                    return None;
                }
                Err(error) => {
                    let reason = io_reason(&error);
                    let message = format!("--regions {}:{}: {reason}", self.name, self.line + 1);
                    self.ended = Some(Ended::Failed(message.clone()));
                    return Some(Err(message));
                }
            };
            let mut text = self.line_bytes.trim_ascii();
            if self.line == 1 {
                // A byte-order mark, as some editors start a file with, is
                // no region: skipped as the boards' reader skips it.
                text = text.strip_prefix(&BOM).unwrap_or(text).trim_ascii();
            }
            if text.starts_with(b"#") || (text.is_empty() && line.blank_past) {
                continue;
            }
            self.layouts += 1;
            let read = if line.cut {
                Err(format!(
                    "a line of over {LONGEST_LINE} bytes is no region layout"
                ))
            } else {
                Setup::read_regions(text).map(|(_, regions)| regions)
            };
            // The message is made only for a bad line: a good one costs
            // one allocation, its regions.
            return Some(read.map_err(|e| format!("--regions {}:{}: {e}", self.name, self.line)));
        }
    }

    /// Reads the next line into `line_bytes`, at most [`LONGEST_LINE`] of
    /// it; `None` at the end of the file.
    fn read_line(&mut self) -> io::Result<Option<Line>> {
        self.line_bytes.clear();
        let mut line = Line {
            cut: false,
            blank_past: true,
        };
        let mut any = false;
        loop {
            let buffer = match self.source.fill_buf() {
                Ok(buffer) => buffer,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if buffer.is_empty() {
                if !any {
                    return Ok(None);
                }
                break;
            }
            any = true;
            let end = buffer.iter().position(|&b| b == b'\n');
            let part = &buffer[..end.unwrap_or(buffer.len())];
            let room = LONGEST_LINE.saturating_sub(self.line_bytes.len());
            let (kept, past) = part.split_at(part.len().min(room));
            self.line_bytes.extend_from_slice(kept);
            if !past.is_empty() {
                line.cut = true;
                line.blank_past &= past.iter().all(u8::is_ascii_whitespace);
            }
            let used = end.map_or(buffer.len(), |end| end + 1);
            self.source.consume(used);
            if end.is_some() {
                break;
            }
        }
        self.line += 1;
        Ok(Some(line))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LAYOUT: &str = "AAABB AABBB CCCDD CEEDD CEEED";
    const REGIONS: [u8; 25] = [
        0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 2, 4, 4, 3, 3, 2, 4, 4, 4, 3,
    ];

    fn layouts(text: &str) -> Result<Layouts, String> {
        Layouts::from_reader("lay.txt", Box::new(io::Cursor::new(text.to_owned())), false)
    }

    #[test]
    fn each_board_takes_the_next_layout_line() {
        let other = "ABBBB AACCB AACCB ADDCE DDDEE";
        let file = layouts(&format!("# jigsaws\n\n{LAYOUT}\n  \n{other}\r\n# end")).unwrap();
        assert_eq!(&*file.next().unwrap(), &REGIONS);
        assert_eq!(
            file.next().unwrap(),
            Setup::read_regions(other.as_bytes()).unwrap().1
        );
        assert_eq!(
            file.next().unwrap_err(),
            "--regions lay.txt gives 2 layouts; this is board 3"
        );
        assert_eq!(
            file.next().unwrap_err(),
            "--regions lay.txt gives 2 layouts; this is board 4"
        );
    }

    #[test]
    fn a_byte_order_mark_before_the_first_line_is_no_symbol() {
        let file = layouts(&format!("\u{FEFF}{LAYOUT}\n\u{FEFF}{LAYOUT}\n")).unwrap();
        assert_eq!(&*file.next().unwrap(), &REGIONS);
        // Only the file's first bytes can be a mark: later it is a symbol.
        assert_eq!(
            file.next().unwrap_err(),
            "--regions lay.txt:2: a region layout needs N x N symbols (N from 4 to 25), found 28"
        );
        let commented = layouts(&format!("\u{FEFF}# jigsaws\n{LAYOUT}\n")).unwrap();
        assert_eq!(&*commented.next().unwrap(), &REGIONS);
    }

    #[test]
    fn a_bad_later_line_costs_only_its_board() {
        let file = layouts(&format!("{LAYOUT}\n{LAYOUT}\n\nAAB\n{LAYOUT}")).unwrap();
        assert!(file.next().is_ok());
        assert!(file.next().is_ok());
        assert_eq!(
            file.next().unwrap_err(),
            "--regions lay.txt:4: a region layout needs N x N symbols (N from 4 to 25), found 3"
        );
        assert_eq!(&*file.next().unwrap(), &REGIONS);
        assert!(file
            .next()
            .unwrap_err()
            .ends_with("gives 4 layouts; this is board 5"));
    }

    #[test]
    fn a_file_without_a_good_first_layout_is_refused_at_once() {
        assert_eq!(
            layouts("# nothing\n\n").unwrap_err(),
            "--regions lay.txt: no layout in the file"
        );
        assert_eq!(
            layouts("").unwrap_err(),
            "--regions lay.txt: no layout in the file"
        );
        assert_eq!(
            layouts("\n# first\nABCD\n").unwrap_err(),
            "--regions lay.txt:3: a region layout needs N x N symbols (N from 4 to 25), found 4"
        );
        let missing = Layouts::open("/nonexistent/lay.txt").unwrap_err();
        assert!(
            missing.starts_with("--regions /nonexistent/lay.txt: "),
            "{missing}"
        );
    }

    #[test]
    fn an_endless_line_is_refused_without_being_kept() {
        let long = "A".repeat(3 * LONGEST_LINE);
        let blank = " ".repeat(2 * LONGEST_LINE);
        let comment = format!("#{long}");
        let file = layouts(&format!("{LAYOUT}\n{long}\n{blank}\n{comment}\n{LAYOUT}\n")).unwrap();
        assert!(file.next().is_ok());
        assert_eq!(
            file.next().unwrap_err(),
            "--regions lay.txt:2: a line of over 65536 bytes is no region layout"
        );
        // The blank line and the comment are passed over, however long.
        assert_eq!(&*file.next().unwrap(), &REGIONS);
        assert!(file.lock().line_bytes.capacity() <= 2 * LONGEST_LINE);
    }

    /// Fails every read once its text is read.
    struct Failing(io::Cursor<Vec<u8>>);

    impl Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match self.0.read(buf)? {
                0 => Err(io::Error::other("disk on fire")),
                n => Ok(n),
            }
        }
    }

    #[test]
    fn a_read_error_is_each_later_boards_error() {
        let text = format!("{LAYOUT}\n{LAYOUT}\n").into_bytes();
        let file = Layouts::from_reader("lay.txt", Box::new(Failing(io::Cursor::new(text))), false)
            .unwrap();
        assert!(file.next().is_ok());
        assert!(file.next().is_ok());
        for _ in 0..2 {
            assert_eq!(
                file.next().unwrap_err(),
                "--regions lay.txt:3: disk on fire"
            );
        }
    }

    #[test]
    fn a_pipe_may_wait_once_its_buffer_is_empty() {
        let text = format!("{LAYOUT}\n{LAYOUT}\n");
        let file =
            Layouts::from_reader("pipe", Box::new(io::Cursor::new(text.clone())), true).unwrap();
        // The first layout is in hand, the second in the buffer.
        assert!(!file.needs_read());
        file.next().unwrap();
        assert!(!file.needs_read());
        file.next().unwrap();
        assert!(file.needs_read());
        let regular = layouts(&text).unwrap();
        regular.next().unwrap();
        regular.next().unwrap();
        assert!(!regular.needs_read());
    }
}
