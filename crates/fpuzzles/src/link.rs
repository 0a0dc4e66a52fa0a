//! From a line to the f-puzzles JSON text: links (f-puzzles, SudokuPad,
//! sudocle), bare lz-string payloads and JSON objects.

use crate::FpuzzlesError;

/// What a line holds, before decoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Source<'a> {
    /// A JSON object, as is.
    Json(&'a [u8]),
    /// An lz-string payload, possibly percent-encoded, cut at the end of
    /// the link's payload.
    Payload(&'a str),
}

/// The prefixes, after a `/` or `=`, that mark SudokuPad's and sudocle's
/// f-puzzles data, longest first.
const MARKERS: [&str; 2] = ["fpuzzles", "fpuz"];

/// The first four characters of `compressToBase64` of a JSON object
/// (`{"` ...).
const PAYLOAD_START: &str = "N4Ig";

/// Classifies a trimmed line: `None` when it holds no f-puzzles data.
pub(crate) fn source(line: &[u8]) -> Option<Source<'_>> {
    let line = line.trim_ascii();
    if line.first() == Some(&b'{') {
        return Some(Source::Json(line));
    }
    let text = std::str::from_utf8(line).ok()?;
    if text.starts_with(PAYLOAD_START) {
        return Some(Source::Payload(cut(text)));
    }
    link_payload(text).map(Source::Payload)
}

/// The payload of a link, from after its marker to the end of the payload.
fn link_payload(text: &str) -> Option<&str> {
    let lower = text.to_ascii_lowercase();
    let rest = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))?;
    let offset = text.len() - rest.len();
    let slash = rest.find('/')?;
    let (host, path) = rest.split_at(slash);
    let host = host.strip_prefix("www.").unwrap_or(host);
    let at = if host == "f-puzzles.com" {
        path.find("load=").map(|i| i + "load=".len())
    } else {
        marker_end(path)
    }?;
    let payload = cut(&text[offset + slash + at..]);
    (!payload.is_empty()).then_some(payload)
}

/// Where the payload starts in a SudokuPad or sudocle path: after `fpuz`
/// or `fpuzzles` that starts a path segment or a query value.
fn marker_end(path: &str) -> Option<usize> {
    let bytes = path.as_bytes();
    (0..path.len())
        .filter(|&i| i > 0 && matches!(bytes[i - 1], b'/' | b'='))
        .find_map(|i| {
            MARKERS
                .iter()
                .find(|m| path[i..].starts_with(**m))
                .map(|m| i + m.len())
        })
}

/// `text` up to the end of a payload: a following query parameter (`&`),
/// query (`?`) or fragment (`#`) is cut off.
fn cut(text: &str) -> &str {
    let end = text.find(['&', '#', '?']).unwrap_or(text.len());
    &text[..end]
}

/// Percent-decodes `payload` (`%2B` is `+`, any `%XX`); a space, what a
/// form decoder makes of `+`, is `+` again.
fn percent_decode(payload: &str) -> Result<String, FpuzzlesError> {
    let bytes = payload.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = bytes.get(i + 1..i + 3).ok_or(FpuzzlesError::Payload)?;
                let hex = std::str::from_utf8(hex).map_err(|_| FpuzzlesError::Payload)?;
                out.push(u8::from_str_radix(hex, 16).map_err(|_| FpuzzlesError::Payload)?);
                i += 3;
            }
            b' ' => {
                out.push(b'+');
                i += 1;
            }
            byte => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| FpuzzlesError::Payload)
}

/// The JSON text an lz-string payload holds: `compressToBase64` output, or
/// `compressToEncodedURIComponent` output (`-` and `$` for `/` and `=`).
pub(crate) fn decompress(payload: &str) -> Result<String, FpuzzlesError> {
    let payload = percent_decode(payload)?;
    let base64 = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=');
    let uri = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'$');
    let units = if payload.bytes().all(base64) {
        lz_str::decompress_from_base64(&payload)
    } else if payload.bytes().all(uri) {
        lz_str::decompress_from_encoded_uri_component(&payload)
    } else {
        None
    };
    match units {
        Some(units) if !units.is_empty() => {
            String::from_utf16(&units).map_err(|_| FpuzzlesError::Payload)
        }
        _ => Err(FpuzzlesError::Payload),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn payload(line: &str) -> Option<&str> {
        match source(line.as_bytes()) {
            Some(Source::Payload(p)) => Some(p),
            _ => None,
        }
    }

    #[test]
    fn finds_the_payload_of_each_link_form() {
        let cases = [
            ("https://f-puzzles.com/?load=N4IgAB+/=", "N4IgAB+/="),
            ("https://www.f-puzzles.com/?load=N4IgAB", "N4IgAB"),
            ("http://f-puzzles.com/?load=N4IgAB", "N4IgAB"),
            ("HTTPS://F-Puzzles.com/?x=1&load=N4IgAB&y=2", "N4IgAB"),
            ("https://sudokupad.app/fpuzN4IgAB", "N4IgAB"),
            ("https://sudokupad.app/fpuzzlesN4IgAB#x", "N4IgAB"),
            (
                "https://beta.sudokupad.app/sudoku/fpuzN4IgAB?setting=1",
                "N4IgAB",
            ),
            (
                "https://app.crackingthecryptic.com/fpuzzlesN4IgAB",
                "N4IgAB",
            ),
            (
                "https://app.crackingthecryptic.com/sudoku/fpuzN4IgAB",
                "N4IgAB",
            ),
            (
                "https://michelkraemer.com/sudocle/?puzzleid=fpuzzlesN4IgAB",
                "N4IgAB",
            ),
            ("https://sudokupad.app/fpuzN4Ig%2BA%2F%3D", "N4Ig%2BA%2F%3D"),
            ("  N4IgAB+/=  ", "N4IgAB+/="),
        ];
        for (line, want) in cases {
            assert_eq!(payload(line), Some(want), "{line}");
        }
    }

    #[test]
    fn other_lines_hold_no_payload() {
        for line in [
            "",
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            "https://f-puzzles.com/",
            "https://f-puzzles.com/?load=",
            "https://sudokupad.app/",
            "https://sudokupad.app/abcdef",
            "https://example.com/afpuzN4Ig",
            "ftp://f-puzzles.com/?load=N4Ig",
        ] {
            assert_eq!(source(line.as_bytes()), None, "{line}");
        }
        assert_eq!(
            source(b" {\"size\":4} "),
            Some(Source::Json(b"{\"size\":4}"))
        );
    }

    #[test]
    fn percent_decoding() {
        assert_eq!(percent_decode("A%2Bb%2f%3D%41 x").unwrap(), "A+b/=A+x");
        assert_eq!(percent_decode("A%2"), Err(FpuzzlesError::Payload));
        assert_eq!(percent_decode("A%zz"), Err(FpuzzlesError::Payload));
    }

    #[test]
    fn decompresses_both_alphabets() {
        let json = "{\"size\":4}";
        assert_eq!(decompress(&lz_str::compress_to_base64(json)).unwrap(), json);
        let uri = lz_str::compress_to_encoded_uri_component(json);
        assert_eq!(decompress(&uri).unwrap(), json);
        assert_eq!(decompress("N4Ig!!"), Err(FpuzzlesError::Payload));
        assert_eq!(decompress(""), Err(FpuzzlesError::Payload));
        assert_eq!(decompress("AAAA"), Err(FpuzzlesError::Payload));
    }
}
