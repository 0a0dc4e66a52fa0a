//! The documentation's examples: every ```` ```console ```` block of
//! `README.md` and `docs/*.md` is run with trycmd against the built
//! `sudoku`, and its output compared with what the page shows.
//!
//! trycmd runs a Markdown file's commands in the test's working directory
//! (a file has no `.in` folder), which cargo sets to the package root:
//! that is where the examples' relative paths (`puzzles/...`,
//! `docs/examples/...`) are written from. A command is one `$ sudoku ...`
//! line (no shell), `? N` on the next line when it exits N, then its stdout
//! and stderr together and a blank line; `...` stands for any lines and
//! `[..]` for any text within one. `TRYCMD=overwrite cargo test --test
//! integration console::` rewrites the pages' outputs from the program.

#[test]
fn console_examples() {
    // cargo runs integration tests from the package root already; a test
    // binary started elsewhere (by hand, or by another runner) reads the
    // examples' inputs from the same place.
    let root = env!("CARGO_MANIFEST_DIR");
    std::env::set_current_dir(root).expect("the package root is a directory");
    trycmd::TestCases::new()
        .register_bin(
            "sudoku",
            std::path::PathBuf::from(env!("CARGO_BIN_EXE_sudoku")),
        )
        // Plain text whatever the environment asks of colour (clap's usage
        // errors would be coloured under CLICOLOR_FORCE otherwise).
        .env("NO_COLOR", "1")
        .case(format!("{root}/README.md"))
        .case(format!("{root}/docs/*.md"));
}
