//! Long lines of `explain`'s text cut at a readable width: a chain's branch
//! of a hundred links is one line of thousands of characters otherwise.
//! A line longer than [`WIDTH`] goes on, on lines indented two spaces more
//! than it, cut before a ` -> ` where one falls in the second half of the
//! room left, else at the last space that fits (never inside the two
//! spaces after a difficulty). Continuation lines are indented by an
//! indentation no line of its own has (2, 6, 10, ...: steps start at 0,
//! branches at 4, nested chains at 8, ...), and a branch's continuation
//! starts with `->`, so a reader joins them back by that. JSON keeps every
//! line whole.

/// The widest line `explain` writes, in characters, where a line can be
/// cut at all.
pub const WIDTH: usize = 100;

/// How much deeper a continuation line is indented than the line it
/// continues.
pub const CONTINUATION: usize = 2;

/// Appends `text` (lines ending in `\n`) to `out`, each line longer than
/// [`WIDTH`] cut into several.
pub fn wrap_into(out: &mut Vec<u8>, text: &[u8]) {
    for line in text.split_inclusive(|&b| b == b'\n') {
        let (body, end) = match line.strip_suffix(b"\n") {
            Some(body) => (body, &b"\n"[..]),
            None => (line, &b""[..]),
        };
        wrap_line(out, body);
        out.extend_from_slice(end);
    }
}

fn wrap_line(out: &mut Vec<u8>, line: &[u8]) {
    let indent = line.iter().take_while(|&&b| b == b' ').count();
    let mut rest = line;
    let mut first = true;
    loop {
        let lead = if first { 0 } else { indent + CONTINUATION };
        if lead + rest.len() <= WIDTH {
            out.extend(std::iter::repeat_n(b' ', lead));
            out.extend_from_slice(rest);
            return;
        }
        let room = WIDTH - lead;
        let skip = if first { indent } else { 0 };
        let Some(cut) = cut_at(rest, skip, room) else {
            out.extend(std::iter::repeat_n(b' ', lead));
            out.extend_from_slice(rest);
            return;
        };
        out.extend(std::iter::repeat_n(b' ', lead));
        out.extend_from_slice(&rest[..cut]);
        out.push(b'\n');
        rest = &rest[cut + 1..];
        first = false;
    }
}

/// Where to cut `text` (the index of a space) so that what comes before
/// fits in `room`: the last space before `->` in the second half of the
/// room, else the last space that fits, else the first space at all. A
/// space next to another, or among the first `skip` (the indentation),
/// is never a cut.
fn cut_at(text: &[u8], skip: usize, room: usize) -> Option<usize> {
    let spaces = (skip + 1..text.len().saturating_sub(1))
        .filter(|&i| text[i] == b' ' && text[i - 1] != b' ' && text[i + 1] != b' ');
    let (mut arrow, mut last, mut first) = (None, None, None);
    for i in spaces {
        first = first.or(Some(i));
        if i > room {
            break;
        }
        last = Some(i);
        if text[i + 1..].starts_with(b"-> ") && i > skip + (room - skip) / 2 {
            arrow = Some(i);
        }
    }
    arrow.or(last).or(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wrapped(text: &str) -> String {
        let mut out = Vec::new();
        wrap_into(&mut out, text.as_bytes());
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn short_lines_stay_as_they_are() {
        let text = "1.2  Hidden single in box 1: r2c3=7\n    r1c1=2 -> r1c2<>2 (row 1)\n";
        assert_eq!(wrapped(text), text);
    }

    #[test]
    fn a_long_branch_is_cut_before_its_arrows_and_indented() {
        let states: Vec<String> = (0..40)
            .map(|i| format!("r{}c{}<>5 (cell)", i % 9 + 1, i % 7 + 1))
            .collect();
        let line = format!("    r1c1=5 -> {}\n", states.join(" -> "));
        let text = wrapped(&line);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.len() > 3);
        assert!(lines.iter().all(|l| l.len() <= WIDTH), "{text}");
        assert!(lines[0].starts_with("    r1c1=5 -> "));
        for l in &lines[1..] {
            assert!(l.starts_with("      -> "), "{l}");
        }
        // Joined back, the line is the line.
        let joined = lines[1..]
            .iter()
            .fold(lines[0].to_string(), |all, l| all + " " + l.trim_start());
        assert_eq!(joined, line.trim_end());
    }

    #[test]
    fn a_step_line_is_cut_at_a_space_and_keeps_its_two_spaces() {
        let cells: Vec<String> = (1..=30)
            .map(|i| format!("r{}c{}<>4", i % 9 + 1, i % 8 + 1))
            .collect();
        let line = format!(
            "2.6  Pointing (4 of box 5 in column 4): {}\n",
            cells.join(", ")
        );
        let text = wrapped(&line);
        assert!(text.starts_with("2.6  Pointing"));
        assert!(text.lines().all(|l| l.len() <= WIDTH));
        assert!(text.lines().skip(1).all(|l| l.starts_with("  r")), "{text}");
    }
}
