//! The training data's contract: a [`Sample`] is a position and its label, one a line; every maker of data
//! (self-play, the WTHOR games, the children a search selects) writes them, and `reversi train` reads them.

use std::io::BufRead;

/// One labelled position: the side to move's discs, the other side's, and the exact or game result for the
/// side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// Discs of the side to move.
    pub player: u64,
    /// Discs of the other side.
    pub opponent: u64,
    /// Final disc difference for the side to move.
    pub score: i8,
}

impl Sample {
    /// The text form: two 16-digit hexadecimal bitboards and the score.
    pub fn to_line(&self) -> String {
        format!("{:016x} {:016x} {}", self.player, self.opponent, self.score)
    }

    /// Reads [`Sample::to_line`]'s form.
    pub fn parse(line: &str) -> Option<Sample> {
        let mut parts = line.split_whitespace();
        let player = u64::from_str_radix(parts.next()?, 16).ok()?;
        let opponent = u64::from_str_radix(parts.next()?, 16).ok()?;
        let score: i8 = parts.next()?.parse().ok()?;
        if player & opponent != 0 || !(-64..=64).contains(&score) || parts.next().is_some() {
            return None;
        }
        Some(Sample {
            player,
            opponent,
            score,
        })
    }
}

/// Reads samples from text files, skipping (and counting) malformed lines.
pub fn read_samples(paths: &[std::path::PathBuf]) -> std::io::Result<(Vec<Sample>, usize)> {
    let mut samples = Vec::new();
    let mut bad = 0;
    for path in paths {
        // The error names the file: it is reported as it is.
        let named =
            |e: std::io::Error| std::io::Error::new(e.kind(), format!("{}: {e}", path.display()));
        let file = std::io::BufReader::new(std::fs::File::open(path).map_err(named)?);
        for line in file.lines() {
            match Sample::parse(&line.map_err(named)?) {
                Some(sample) => samples.push(sample),
                None => bad += 1,
            }
        }
    }
    Ok((samples, bad))
}
