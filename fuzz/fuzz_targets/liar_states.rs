//! AFL target: `duel_fuzz::checks::liar_states` on each input taken as UTF-8 text.

fn main() {
    afl::fuzz!(|data: &[u8]| {
        if let Ok(text) = std::str::from_utf8(data) {
            duel_fuzz::checks::liar_states(text);
        }
    });
}
