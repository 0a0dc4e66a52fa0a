//! A real browser draws the page as the layout says: headless Chromium
//! renders a `hint --format html` page, and the screenshot's pixels show
//! the struck candidate red and the placed cell green where
//! [`Layout`] puts them.
//!
//! `#[ignore]`d, since it needs Chromium (Debian's `chromium` on PATH, or
//! the binary `SUDOKU_CHROMIUM` names): `.ci/run` installs it when missing
//! and runs `cargo test --locked --test integration browser:: -- --ignored`,
//! where a missing browser fails the test.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::*;
use sudoku_cli::render::svg::Layout;

/// The README's walkthrough puzzle (`sudoku generate --seed 16 --rating
/// 4.2..4.2`): pointing, pairs, an X-wing and an XY-wing.
const WALKTHROUGH: &str =
    "....49...2..56....379..8.....16..35.....13..8.....4...92....8.7.........68..9.1..";

const WIDTH: u32 = 1000;
const HEIGHT: u32 = 1300;

fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("SUDOKU_CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| ["chromium", "chromium-browser"].map(|name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// Renders `page` and returns the screenshot as rows of RGB pixels.
fn screenshot(browser: &Path, page: &Path, dir: &Path) -> Vec<Vec<[u8; 3]>> {
    let shot = dir.join("shot.png");
    let profile = dir.join("profile");
    let status = Command::new("timeout")
        .arg("120")
        .arg(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", shot.display()))
        .arg(format!("--window-size={WIDTH},{HEIGHT}"))
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(shot.is_file(), "no screenshot: {status:?}");
    decode(&shot)
}

fn decode(path: &Path) -> Vec<Vec<[u8; 3]>> {
    let mut decoder =
        png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().unwrap();
    let mut buffer = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buffer).unwrap();
    let channels = info.color_type.samples();
    buffer[..info.buffer_size()]
        .chunks(info.line_size)
        .map(|row| {
            row.chunks(channels)
                .take(info.width as usize)
                .map(|p| match channels {
                    1 | 2 => [p[0]; 3],
                    _ => [p[0], p[1], p[2]],
                })
                .collect()
        })
        .collect()
}

/// The top-left pixel of each picture's frame, in reading order: the start
/// of a dark run as wide as the grid, not inside a frame already found.
fn frames(pixels: &[Vec<[u8; 3]>]) -> Vec<(u32, u32)> {
    let span = (9 * Layout::CELL) as usize;
    let dark = |p: [u8; 3]| p.iter().all(|&c| c < 80);
    let mut found: Vec<(u32, u32)> = Vec::new();
    for (y, row) in pixels.iter().enumerate() {
        let mut x = 0;
        while x < row.len() {
            if !dark(row[x]) {
                x += 1;
                continue;
            }
            let start = x;
            while x < row.len() && dark(row[x]) {
                x += 1;
            }
            if x - start < span {
                continue;
            }
            let (sx, sy) = (start as u32, y as u32);
            let inside = found.iter().any(|&(fx, fy)| {
                fx.abs_diff(sx) <= 2 && sy >= fy && sy <= fy + 9 * Layout::CELL + 4
            });
            if !inside {
                found.push((sx, sy));
            }
        }
    }
    found.sort_by_key(|&(x, y)| (y, x));
    found
}

/// The picture's own coordinates of a frame found at `frame`: the frame's
/// stroke is centred on the grid's edge, so its first dark pixel is one
/// before [`Layout::MARGIN`].
fn to_screen(frame: (u32, u32), (x, y): (u32, u32)) -> (usize, usize) {
    let origin = (frame.0 + 1 - Layout::MARGIN, frame.1 + 1 - Layout::MARGIN);
    ((origin.0 + x) as usize, (origin.1 + y) as usize)
}

/// Pixels within `radius` of `centre` that `pick` accepts.
fn count(
    pixels: &[Vec<[u8; 3]>],
    centre: (usize, usize),
    radius: usize,
    pick: impl Fn([u8; 3]) -> bool,
) -> usize {
    let (x, y) = centre;
    pixels[y - radius..=y + radius]
        .iter()
        .flat_map(|row| &row[x - radius..=x + radius])
        .filter(|&&p| pick(p))
        .count()
}

fn red(p: [u8; 3]) -> bool {
    p[0] > 170 && p[1] < 90 && p[2] < 90
}

fn green(p: [u8; 3]) -> bool {
    i32::from(p[1]) > i32::from(p[0]) + 25 && i32::from(p[1]) > i32::from(p[2]) + 25
}

fn cell_of(name: &str) -> usize {
    let b = name.as_bytes();
    usize::from(b[1] - b'1') * 9 + usize::from(b[3] - b'1')
}

/// The first position, from `WALKTHROUGH` on, whose hint eliminates and
/// places nothing: hints chained through `--format candidates`.
fn position_before_an_elimination() -> (String, serde_json::Value) {
    let mut position = WALKTHROUGH.to_string();
    for _ in 0..81 {
        let out = run(
            &["hint", "--candidates", "--format", "json"],
            position.as_str(),
        )
        .stdout;
        let record: serde_json::Value = serde_json::from_str(&out).unwrap();
        let step = record["step"].clone();
        if step["placed"].as_array().unwrap().is_empty() {
            return (position, step);
        }
        position = run(
            &["hint", "--candidates", "--format", "candidates"],
            position.as_str(),
        )
        .stdout
        .trim()
        .to_string();
    }
    panic!("no elimination step in the walkthrough");
}

#[test]
#[ignore = "needs Chromium: .ci/run runs it with --ignored"]
fn chromium_draws_struck_candidates_red_and_placed_cells_green() {
    let browser =
        chromium().expect("no chromium on PATH (apt-get install chromium, or set SUDOKU_CHROMIUM)");
    let dir = temp_dir("browser");
    // Two records: the puzzle's first hint places a digit; the second
    // position's hint only eliminates.
    let (position, elimination) = position_before_an_elimination();
    let input = format!("{WALKTHROUGH}\n{position}\n");
    let page = run(
        &["hint", "--candidates", "--format", "html"],
        input.as_str(),
    )
    .stdout;
    let path = dir.join("hint.html");
    std::fs::write(&path, &page).unwrap();
    let first: serde_json::Value =
        serde_json::from_str(&run(&["hint", "--format", "json"], WALKTHROUGH).stdout).unwrap();

    let pixels = screenshot(&browser, &path, &dir);
    let found = frames(&pixels);
    assert_eq!(found.len(), 2, "two pictures expected, frames at {found:?}");

    // The placed cell: its background and its digit green.
    let placed = &first["step"]["placed"][0];
    let cell = cell_of(placed[0].as_str().unwrap());
    let (ox, oy) = Layout::cell_origin(cell);
    let corner = to_screen(found[0], (ox + 5, oy + 5));
    assert!(
        green(pixels[corner.1][corner.0]),
        "placed cell background {:?}",
        pixels[corner.1][corner.0]
    );
    let centre = to_screen(found[0], Layout::cell_center(cell));
    let strong = |p: [u8; 3]| green(p) && p[1] < 160;
    assert!(
        count(&pixels, centre, 12, strong) > 20,
        "the placed digit is green"
    );
    // And an ordinary given is not.
    let given = WALKTHROUGH.bytes().position(|b| b != b'.').unwrap();
    let centre = to_screen(found[0], Layout::cell_center(given));
    assert_eq!(count(&pixels, centre, 12, strong), 0);

    // Every struck candidate red; a candidate kept in the same cell is not.
    let eliminated = elimination["eliminated"].as_array().unwrap();
    assert!(!eliminated.is_empty());
    let mut struck = std::collections::BTreeSet::new();
    for pair in eliminated {
        let cell = cell_of(pair[0].as_str().unwrap());
        let digit = pair[1].as_u64().unwrap() as u8;
        struck.insert((cell, digit));
        let centre = to_screen(found[1], Layout::candidate_center(cell, digit));
        let reds = count(&pixels, centre, 6, red);
        assert!(reds >= 8, "{pair} has {reds} red pixels");
    }
    let candidates = match position.len() {
        81 => sudoku_cli::Candidates::from_board(&position.parse().unwrap()),
        _ => position.parse::<sudoku_cli::Candidates>().unwrap(),
    };
    let mut controls = 0;
    for &(cell, _) in &struck {
        for digit in 1..=9 {
            if candidates.contains(cell, digit) && !struck.contains(&(cell, digit)) {
                let centre = to_screen(found[1], Layout::candidate_center(cell, digit));
                assert_eq!(
                    count(&pixels, centre, 6, red),
                    0,
                    "kept candidate {digit} is red"
                );
                controls += 1;
            }
        }
    }
    assert!(controls > 0, "no kept candidate to compare with");
}
