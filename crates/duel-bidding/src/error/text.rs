//! Numbers as the error messages write them: counts and bounds honest where they saturated,
//! megabytes, powers of ten, outcomes.

use duel_core::game::{Outcome, Player};

/// `n` as `a·10^e` (e.g. `2·10^10`, or `10^9` where `a` is 1) where it ends in at least three zeros, else its digits.
pub(crate) fn power_of_ten_text(n: u64) -> String {
    let mut e = 0;
    let mut a = n;
    while a != 0 && a % 10 == 0 {
        a /= 10;
        e += 1;
    }
    if e < 3 {
        n.to_string()
    } else if a == 1 {
        format!("10^{e}")
    } else {
        format!("{a}·10^{e}")
    }
}

/// A count for messages: its digits, or "more than 10^38" where it saturated at `u128::MAX`
/// (the bounds on positions and bytes saturate rather than overflow, so `u128::MAX` stands for
/// a count too large for 128 bits, and printing its digits would claim an exact figure).
pub fn count_text(count: u128) -> String {
    if count == u128::MAX {
        "more than 10^38".to_string()
    } else {
        count.to_string()
    }
}

/// An upper bound for messages: "up to N", or "more than 10^38" where it saturated (see
/// [`count_text`]).
pub fn bound_text(bound: u128) -> String {
    if bound == u128::MAX {
        count_text(bound)
    } else {
        format!("up to {bound}")
    }
}

/// A number of bytes in whole megabytes (10^6) for messages, honest where it saturated (see
/// [`count_text`]).
pub fn megabytes_text(bytes: u128) -> String {
    if bytes == u128::MAX {
        "more than 10^32".to_string()
    } else {
        (bytes / 1_000_000).to_string()
    }
}

/// "Alice has won", "Bob has won" or "nobody has won (a tie)": how a terminal vertex ended, in
/// words for messages. A tie ([`Outcome::Draw`], an uncoloured terminal vertex) is as bad as a
/// loss for Alice.
pub fn outcome_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win(Player::ALICE) => "Alice has won",
        Outcome::Win(Player::BOB) => "Bob has won",
        Outcome::Draw => "nobody has won (a tie)",
    }
}
