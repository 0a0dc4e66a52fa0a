//! One input to read: standard input or a file, opened as a stream of
//! boards.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::PathBuf;
use std::sync::Arc;

use sudoku_engine::reader::{Boards, ReadOptions};

/// The read buffer of each input: large enough that a file is read in few
/// system calls, small enough to keep memory flat.
pub(crate) const BUFFER: usize = 1 << 16;

/// Opens the file `path`, and says whether reading it may wait (a pipe or
/// a terminal rather than a regular file).
pub(crate) fn open_file(path: &std::path::Path) -> io::Result<(File, bool)> {
    let file = File::open(path)?;
    let regular = file.metadata().is_ok_and(|metadata| metadata.is_file());
    Ok((file, !regular))
}

/// One input to read: standard input or a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    pub(crate) name: Arc<str>,
    path: Option<PathBuf>,
}

impl Input {
    /// Standard input, named `<stdin>`.
    pub fn stdin() -> Input {
        Input {
            name: Arc::from("<stdin>"),
            path: None,
        }
    }

    /// A file, named by its path as given (lossily, if it is not UTF-8).
    pub fn path(path: impl Into<PathBuf>) -> Input {
        let path = path.into();
        Input {
            name: Arc::from(path.to_string_lossy().as_ref()),
            path: Some(path),
        }
    }

    /// The name used in records and messages.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The file's path as given, `None` for standard input.
    pub fn file(&self) -> Option<&std::path::Path> {
        self.path.as_deref()
    }

    /// Opens the input, and says whether reading it may wait (a pipe or a
    /// terminal rather than a regular file).
    pub(crate) fn open(&self, read: &ReadOptions) -> io::Result<(Boards<Source>, bool)> {
        let (source, may_wait) = match &self.path {
            None => (
                Source::Stdin(BufReader::with_capacity(BUFFER, io::stdin().lock())),
                true,
            ),
            Some(path) => {
                let (file, may_wait) = open_file(path)?;
                (
                    Source::File(BufReader::with_capacity(BUFFER, file)),
                    may_wait,
                )
            }
        };
        let boards = Boards::with_options(source, self.name.clone(), read.clone());
        Ok((boards, may_wait))
    }
}

/// An open input; an enum rather than a trait object keeps reads inlined.
pub(crate) enum Source {
    Stdin(BufReader<io::StdinLock<'static>>),
    File(BufReader<File>),
}

impl Read for Source {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Source::Stdin(r) => r.read(buf),
            Source::File(r) => r.read(buf),
        }
    }
}

impl BufRead for Source {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        match self {
            Source::Stdin(r) => r.fill_buf(),
            Source::File(r) => r.fill_buf(),
        }
    }

    fn consume(&mut self, amount: usize) {
        match self {
            Source::Stdin(r) => r.consume(amount),
            Source::File(r) => r.consume(amount),
        }
    }
}
