//! The CLI and library tests, one binary (one link instead of one per file).

mod chain_checker;
mod common;

mod adversarial;
mod browser;
mod canon;
mod chain_properties;
mod chains;
mod checker;
mod console;
mod docs;
mod endless;
mod exit_codes;
mod fpuzzles_sample;
mod generate;
mod hint_levels;
mod input;
mod labels;
mod latency;
mod logic;
mod logic_properties;
mod modules;
mod output;
#[cfg(unix)]
mod paths;
mod pencilmark;
mod pictures;
mod pipe;
mod progress;
mod properties;
mod public_sets;
mod puzzle_flag;
mod se_ratings;
mod sizes_reader;
mod variants;
mod walkthroughs;
