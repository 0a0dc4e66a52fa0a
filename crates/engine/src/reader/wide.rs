//! A line read as a board of another size: every cell symbol counted
//! (`1`-`9`, then `A`-`P` for 10-25, or the run's `--symbols`), and the
//! same line read as numbers (`10 11 . 3`), beside the classic scan.
//!
//! The classic scan decides first; this reading is consulted only where
//! a line is not a classic one (or the run is not 9x9), so classic boards
//! and their errors read exactly as before.

/// Most cells kept: a 25x25 board on one line.
pub(super) const MAX_WIDE: usize = 625;

/// Not a cell symbol, in [`Symbols`]' table.
const NONE: u8 = u8::MAX;

/// Which bytes are cells and their values (0 for empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbols {
    value: [u8; 256],
    /// The symbol written for each value, `.` for 0.
    names: [u8; 26],
    /// Whether these are the default symbols, under which a run of
    /// digits between layout bytes may be one number.
    default: bool,
}

impl Symbols {
    /// The default symbols, built once: what records of a run without
    /// `--symbols` write their digits with.
    pub fn standard() -> &'static Symbols {
        static STANDARD: std::sync::OnceLock<Symbols> = std::sync::OnceLock::new();
        STANDARD.get_or_init(Symbols::default)
    }

    /// How many digits `--symbols` named; `None` for the default symbols,
    /// which serve every size.
    pub fn size(&self) -> Option<u8> {
        (!self.default).then(|| self.names[1..].iter().take_while(|&&b| b != b'.').count() as u8)
    }
}

impl Default for Symbols {
    /// `1`-`9` then `A`-`P` (either case) for 1-25; `.`, `0`, `_` empty.
    fn default() -> Symbols {
        let mut value = [NONE; 256];
        for digit in 1..=9u8 {
            value[usize::from(b'0' + digit)] = digit;
        }
        for (i, letter) in (b'A'..=b'P').enumerate() {
            value[usize::from(letter)] = 10 + i as u8;
            value[usize::from(letter.to_ascii_lowercase())] = 10 + i as u8;
        }
        for empty in [b'.', b'0', b'_'] {
            value[usize::from(empty)] = 0;
        }
        let mut names = [b'.'; 26];
        for (v, name) in names.iter_mut().enumerate().skip(1) {
            *name = if v <= 9 {
                b'0' + v as u8
            } else {
                b'A' + v as u8 - 10
            };
        }
        Symbols {
            value,
            names,
            default: true,
        }
    }
}

/// Why a `--symbols` string cannot name a board's digits.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SymbolsError {
    /// Fewer than 4 or more than 25 symbols.
    #[error("--symbols needs 4 to 25 symbols, found {0}")]
    Count(usize),
    /// A symbol given twice.
    #[error("--symbols names '{}' twice", .0.escape_ascii())]
    Repeated(u8),
    /// A symbol that is layout, a blank (`.`, `_`), `#` or not printable.
    #[error("'{}' cannot be a symbol (layout, blank, '#' or not printable)", .0.escape_ascii())]
    Reserved(u8),
}

impl Symbols {
    /// Symbols naming digits 1, 2, ... in order; `.` and `_` stay empty
    /// (and `0` too, unless it is one of them).
    pub fn custom(symbols: &[u8]) -> Result<Symbols, SymbolsError> {
        if !(4..=25).contains(&symbols.len()) {
            return Err(SymbolsError::Count(symbols.len()));
        }
        let mut value = [NONE; 256];
        value[usize::from(b'.')] = 0;
        value[usize::from(b'_')] = 0;
        value[usize::from(b'0')] = 0;
        for (i, &symbol) in symbols.iter().enumerate() {
            if !symbol.is_ascii_graphic() || b".|+-=[]\"',_#".contains(&symbol) {
                return Err(SymbolsError::Reserved(symbol));
            }
            if symbols[..i].contains(&symbol) {
                return Err(SymbolsError::Repeated(symbol));
            }
            value[usize::from(symbol)] = i as u8 + 1;
        }
        let mut names = [b'.'; 26];
        names[1..=symbols.len()].copy_from_slice(symbols);
        Ok(Symbols {
            value,
            names,
            default: false,
        })
    }

    /// The symbol written for `value` (`.` for 0, and for a value these
    /// symbols do not name).
    pub fn symbol(&self, value: u8) -> u8 {
        self.names.get(usize::from(value)).copied().unwrap_or(b'.')
    }

    /// The value of `byte` as a cell (0 empty), or `None`.
    pub fn value(&self, byte: u8) -> Option<u8> {
        let value = self.value[usize::from(byte)];
        (value != NONE).then_some(value)
    }
}

/// The wide reading of the line being scanned.
pub(super) struct Wide {
    /// Cells one symbol each.
    pub(super) cells: [u8; MAX_WIDE],
    pub(super) count: u64,
    /// Cells one token each (a run of digits one number).
    pub(super) tokens: [u8; MAX_WIDE],
    pub(super) token_count: u64,
    /// Bytes neither cells nor layout.
    pub(super) unexpected: u64,
    /// The first of them: column and byte.
    pub(super) first_unexpected: Option<(u64, u8)>,
    /// The highest value read and the column it was first read at.
    max: (u8, u64),
    max_token: (u8, u64),
    /// The token being read: its length, its value as a number, the
    /// column it started at and its one symbol's value.
    token_len: u32,
    token_value: u32,
    token_numeric: bool,
    token_column: u64,
    token_symbol: u8,
    /// Whether every token so far is one symbol or a number of 10-25.
    tokens_ok: bool,
    /// Whether some token is a number of two digits.
    tokens_multi: bool,
    /// Whether the line's last non-blank byte is `,` (a JSON array spread
    /// over lines continues on the next).
    pub(super) trailing_comma: bool,
}

impl Wide {
    pub(super) fn new() -> Wide {
        Wide {
            cells: [0; MAX_WIDE],
            count: 0,
            tokens: [0; MAX_WIDE],
            token_count: 0,
            unexpected: 0,
            first_unexpected: None,
            max: (0, 0),
            max_token: (0, 0),
            token_len: 0,
            token_value: 0,
            token_numeric: true,
            token_column: 0,
            token_symbol: 0,
            tokens_ok: true,
            tokens_multi: false,
            trailing_comma: false,
        }
    }

    pub(super) fn start_line(&mut self) {
        self.count = 0;
        self.token_count = 0;
        self.unexpected = 0;
        self.first_unexpected = None;
        self.max = (0, 0);
        self.max_token = (0, 0);
        self.token_len = 0;
        self.tokens_ok = true;
        self.tokens_multi = false;
        self.trailing_comma = false;
    }

    /// Reads one byte at `column`; `layout` says whether it parts cells
    /// (layout or blank).
    #[inline]
    pub(super) fn byte(&mut self, symbols: &Symbols, byte: u8, column: u64, layout: bool) {
        if byte != b' ' && byte != b'\t' {
            self.trailing_comma = byte == b',';
        }
        if layout {
            self.end_token();
            return;
        }
        match symbols.value(byte) {
            Some(value) => {
                if let Some(slot) = self.cells.get_mut(self.count as usize) {
                    *slot = value;
                }
                self.count += 1;
                if value > self.max.0 {
                    self.max = (value, column);
                }
                if self.token_len == 0 {
                    self.token_value = 0;
                    self.token_numeric = symbols.default;
                    self.token_column = column;
                    self.token_symbol = value;
                }
                self.token_len += 1;
                // A number has no leading zero: `05` is no token.
                let digit = byte.wrapping_sub(b'0');
                if digit <= 9 && !(self.token_len == 1 && digit == 0) {
                    self.token_value = (self.token_value * 10 + u32::from(digit)).min(1000);
                } else {
                    self.token_numeric = false;
                }
            }
            None => {
                self.unexpected += 1;
                self.first_unexpected.get_or_insert((column, byte));
                self.tokens_ok = false;
            }
        }
    }

    /// Reads a whole line (its line feed excluded; a CR before it is part
    /// of the line end) from scratch; `parts` tells layout and blanks.
    /// `cut` says the line was longer than what was kept of it: it then
    /// reads as no board.
    pub(super) fn read_line(
        &mut self,
        symbols: &Symbols,
        line: &[u8],
        parts: fn(u8) -> bool,
        cut: bool,
    ) {
        self.start_line();
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        for (i, &byte) in line.iter().enumerate() {
            self.byte(symbols, byte, i as u64 + 1, parts(byte));
        }
        self.end_token();
        if cut {
            self.count = u64::MAX / 4;
            self.tokens_ok = false;
        }
    }

    /// Ends the token being read, if any.
    pub(super) fn end_token(&mut self) {
        if self.token_len == 0 {
            return;
        }
        let value = if self.token_len == 1 {
            self.token_symbol
        } else if self.token_numeric && (10..=25).contains(&self.token_value) {
            self.tokens_multi = true;
            self.token_value as u8
        } else {
            self.tokens_ok = false;
            0
        };
        if let Some(slot) = self.tokens.get_mut(self.token_count as usize) {
            *slot = value;
        }
        if value > self.max_token.0 {
            self.max_token = (value, self.token_column);
        }
        self.token_count += 1;
        self.token_len = 0;
    }

    /// Whether the line reads as numbers: some run of digits is a number
    /// of 10 to 25 and every other run is one symbol.
    pub(super) fn as_tokens(&self) -> bool {
        self.tokens_ok && self.tokens_multi
    }

    /// The line's cells as read (tokens or symbols), their count, the
    /// highest value and its column.
    pub(super) fn reading(&self) -> (&[u8], u64, (u8, u64)) {
        if self.as_tokens() {
            let n = (self.token_count as usize).min(MAX_WIDE);
            (&self.tokens[..n], self.token_count, self.max_token)
        } else {
            let n = (self.count as usize).min(MAX_WIDE);
            (&self.cells[..n], self.count, self.max)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan(symbols: &Symbols, line: &[u8]) -> Wide {
        let mut wide = Wide::new();
        for (i, &byte) in line.iter().enumerate() {
            let layout = b" \t|+-=[]\"',".contains(&byte);
            wide.byte(symbols, byte, i as u64 + 1, layout);
        }
        wide.end_token();
        wide
    }

    #[test]
    fn letters_are_ten_to_twenty_five() {
        let wide = scan(&Symbols::default(), b"1a.Gp0");
        assert_eq!(wide.reading().0, [1, 10, 0, 16, 25, 0]);
        assert_eq!(wide.reading().2, (25, 5));
        assert!(!wide.as_tokens());
    }

    #[test]
    fn runs_of_digits_are_numbers_when_one_is_ten_or_more() {
        let wide = scan(&Symbols::default(), b"10 11 . 3 [\"16\"]");
        assert!(wide.as_tokens());
        assert_eq!(wide.reading().0, [10, 11, 0, 3, 16]);
        // Without a number of two digits the symbols read alike.
        let wide = scan(&Symbols::default(), b"1 2 . 3");
        assert!(!wide.as_tokens());
        assert_eq!(wide.reading().0, [1, 2, 0, 3]);
        // A run that is no number of 10-25 makes the line symbols.
        for line in [&b"1234 10"[..], b"05 10", b"26 10", b"1a 10"] {
            assert!(!scan(&Symbols::default(), line).as_tokens(), "{line:?}");
        }
    }

    #[test]
    fn custom_symbols_name_the_digits_in_order() {
        let symbols = Symbols::custom(b"0123456789ABCDEF").unwrap();
        let wide = scan(&symbols, b"0F._x");
        assert_eq!(wide.reading().0, [1, 16, 0, 0]);
        assert_eq!([1, 16, 0].map(|v| symbols.symbol(v)), *b"0F.");
        assert_eq!([9, 10, 25].map(|v| Symbols::default().symbol(v)), *b"9AP");
        assert_eq!(wide.first_unexpected, Some((5, b'x')));
        assert_eq!(Symbols::custom(b"ABA1"), Err(SymbolsError::Repeated(b'A')));
        assert_eq!(Symbols::custom(b"AB|1"), Err(SymbolsError::Reserved(b'|')));
        assert_eq!(Symbols::custom(b"AB"), Err(SymbolsError::Count(2)));
    }

    #[test]
    fn a_trailing_comma_is_seen_past_blanks() {
        assert!(scan(&Symbols::default(), b"  \"5\",  ").trailing_comma);
        assert!(!scan(&Symbols::default(), b"  \"5\"").trailing_comma);
    }
}
