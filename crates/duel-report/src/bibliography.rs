//! The works the report cites: the five papers and the other sources of published values,
//! with what their own texts state (authors, title, venue, year, DOI or arXiv id). A field
//! that no copy states is left out rather than guessed.

/// One cited work.
#[derive(Clone, Copy, Debug)]
pub struct Reference {
    /// The anchor of its entry in the report (`ref-nica`).
    pub anchor: &'static str,
    /// How the report's "source" column names it, at the start of the cell (`Nica`).
    pub cited_as: &'static str,
    /// The entry as printed in the bibliography (Markdown).
    pub entry: &'static str,
}

/// The five papers, in the report's order.
pub const PAPERS: &[Reference] = &[
    Reference {
        anchor: "ref-nica",
        cited_as: "Nica",
        entry: "M. Nica, *Optimal strategy in \"Guess Who?\": beyond binary search*, Probability in the Engineering and Informational Sciences 30(4), 576–592, 2016. DOI 10.1017/S026996481600022X (as cited by Cushing et al.).",
    },
    Reference {
        anchor: "ref-cushing",
        cited_as: "Cushing et al.",
        entry: "D. Cushing, S. Gipp, E. Levick, E. Rickinson, D. I. Stewart, *Optimal play in Guess Who*, 2025 (preprint; no venue or identifier stated in its text).",
    },
    Reference {
        anchor: "ref-ellis",
        cited_as: "Ellis, Ponomarenko & Yan",
        entry: "R. B. Ellis, V. Ponomarenko, C. H. Yan, *How to play the one-lie Rényi–Ulam game* (no venue, year or identifier stated in the copy used).",
    },
    Reference {
        anchor: "ref-develin",
        cited_as: "Develin & Payne",
        entry: "M. Develin, S. Payne, *Discrete bidding games*, Electronic Journal of Combinatorics 17, #R85, 2010 (published June 7, 2010).",
    },
    Reference {
        anchor: "ref-delattre",
        cited_as: "Delattre & Fournier",
        entry: "S. Delattre, N. Fournier, *On Monte-Carlo tree search for deterministic games with alternate moves and complete information* (no venue, year or identifier stated in the copy used).",
    },
];

/// The other sources of published values.
pub const OTHER_SOURCES: &[Reference] = &[
    Reference {
        anchor: "ref-oeis",
        cited_as: "OEIS A286496",
        entry: "OEIS Foundation Inc., *The On-Line Encyclopedia of Integer Sequences*, sequence A286496 (the largest number of objects searchable with q questions and one lie), <https://oeis.org/A286496>.",
    },
    Reference {
        anchor: "ref-oeis-a004524",
        cited_as: "OEIS A004524",
        entry: "OEIS Foundation Inc., *The On-Line Encyclopedia of Integer Sequences*, sequence A004524 (three even followed by one odd: a(n) = ⌊n/4⌋ + ⌊(n + 1)/4⌋, offset 0), <https://oeis.org/A004524>.",
    },
    Reference {
        anchor: "ref-oeis-ttt",
        cited_as: "OEIS A061526",
        entry: "OEIS Foundation Inc., *The On-Line Encyclopedia of Integer Sequences*, sequence A061526 (the number of complete games of n × n tic-tac-toe; a(3) = 255,168), <https://oeis.org/A061526>.",
    },
    Reference {
        anchor: "ref-pons",
        cited_as: "Connect Four benchmark",
        entry: "P. Pons, the Connect Four solver and its benchmark: six sets of 1,000 positions of 7×6 Connect Four with exact scores (files Test_L1_R1 … Test_L3_R1, by depth L and difficulty R), shipped with duel.",
    },
    Reference {
        anchor: "ref-pelc",
        cited_as: "Pelc 1987",
        entry: "A. Pelc, *Solution of Ulam's problem on searching with a lie*, J. Combin. Theory Ser. A 44(1), 129–140, 1987 (as cited by Ellis, Ponomarenko & Yan).",
    },
    Reference {
        anchor: "ref-czyzowicz",
        cited_as: "Czyzowicz, Mundici & Pelc 1988",
        entry: "J. Czyzowicz, D. Mundici, A. Pelc, 1988: the two-lie search of 10^6 objects (cited for its value only; not among the papers).",
    },
    Reference {
        anchor: "ref-negro",
        cited_as: "Negro & Sereno 1992",
        entry: "A. Negro, M. Sereno, 1992: the three-lie search of 10^6 objects (cited for its value only; not among the papers).",
    },
    Reference {
        anchor: "ref-allis",
        cited_as: "Allis (1988)",
        entry: "L. V. Allis, *A knowledge-based approach of Connect-Four*, 1988 (the first player wins 7×6 Connect Four by playing the middle column).",
    },
    Reference {
        anchor: "ref-tromp",
        cited_as: "Tromp (1995)",
        entry: "J. Tromp, *John's Connect Four Playground*, 1995 (7×6 solved by search: the first player wins by the middle column, draws by either column beside it, and loses by the four others).",
    },
    Reference {
        anchor: "ref-tromp-sizes",
        cited_as: "Tromp (1995–2015)",
        entry: "J. Tromp, *John's Connect Four Playground*, <https://tromp.github.io/c4/c4.html>, the table of results on different board sizes (\"+ is a first player win, = a tie, and - a second player win\"), widths 4–11 by heights 4–11; 9×6 finished in November 2005, 8×8 in late 2015.",
    },
    Reference {
        anchor: "ref-steininger",
        cited_as: "Steininger (c4)",
        entry: "C. Steininger, *c4*, a Connect Four solver, <https://github.com/ChristopheSteininger/c4> (commit 80baa53, March 2025), readme, section Results: the tables Outcome (who wins each empty board under perfect play) and Last Move (the move on which the game then ends), widths 4–12 by heights 4–13.",
    },
];

/// Every cited work: the papers, then the other sources.
pub fn all() -> impl Iterator<Item = &'static Reference> {
    PAPERS.iter().chain(OTHER_SOURCES)
}

/// The work a source cell starts with, if any (`"Nica, Theorem 1.1"` → Nica's paper).
pub fn cited_in(source: &str) -> Option<&'static Reference> {
    all().find(|r| source.starts_with(r.cited_as))
}

/// The bibliography as Markdown: one anchored, numbered entry per work.
pub fn markdown() -> String {
    let mut out = String::from("**The papers**\n\n");
    for (i, r) in PAPERS.iter().enumerate() {
        out.push_str(&format!(
            "{}. <a id=\"{}\"></a>{}\n",
            i + 1,
            r.anchor,
            r.entry
        ));
    }
    out.push_str("\n**Other sources**\n\n");
    for (i, r) in OTHER_SOURCES.iter().enumerate() {
        out.push_str(&format!(
            "{}. <a id=\"{}\"></a>{}\n",
            PAPERS.len() + i + 1,
            r.anchor,
            r.entry
        ));
    }
    out
}
