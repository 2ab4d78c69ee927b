//! Standard output that cannot be written (a full disk) is an error, not a panic.

mod common;
use common::assert_full_disk_is_one_error_line;

/// Every subcommand that prints, with a full disk for stdout: exit code 2, one error line
/// naming standard output. `println!` panicked here (exit 101), and `liar table` exited 0.
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_one_error_line() {
    let commands: &[&[&str]] = &[
        &["search", "value", "tictactoe"],
        &["search", "value", "tictactoe", "--json"],
        &[
            "search",
            "best",
            "pearl:2:8",
            "--agent",
            "sym",
            "--iterations",
            "10",
        ],
        &["connect", "solve", "4453542333"],
        &["liar", "table", "--max-n", "5"],
        &["guess-who", "verify", "--max", "20"],
        &["bidding", "richman", "A^B"],
        &["bidding", "table", "tictactoe", "--max-chips", "3"],
    ];
    for args in commands {
        assert_full_disk_is_one_error_line(args);
    }
}
