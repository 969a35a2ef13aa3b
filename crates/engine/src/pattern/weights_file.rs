//! The weights file: a magic, then per phase its bias and its compact table, as little-endian i16. Older
//! formats (fewer scalar weights) are still read, their missing weights as zero.

use super::{PatternWeights, Tables, PHASES, SCALAR_WEIGHTS};

/// Magic at the start of a weights file.
const MAGIC: &[u8; 8] = b"RVPAT003";
/// Earlier formats, still read, and how many scalar weights each stored per phase: the first had patterns
/// only, the second the two mobility features (the first 62 scalar weights). Missing weights read as zero.
const OLDER_FORMATS: [(&[u8; 8], usize); 2] = [(b"RVPAT001", 0), (b"RVPAT002", 62)];

/// Why a weights file was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// The file does not start with the magic of a weights format (`RVPAT001` to `RVPAT003`).
    NotAWeightsFile,
    /// The file's length is not the one its format has.
    Length {
        /// The file's length in bytes.
        found: usize,
        /// The length its format has.
        expected: usize,
    },
}

impl std::fmt::Display for WeightsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WeightsError::NotAWeightsFile => write!(
                f,
                "bad evaluation weights: not a weights file (it should start with {:?})",
                std::str::from_utf8(MAGIC).unwrap_or_default()
            ),
            WeightsError::Length { found, expected } => write!(
                f,
                "bad evaluation weights: {found} bytes, expected {expected}"
            ),
        }
    }
}

impl std::error::Error for WeightsError {}

impl PatternWeights {
    /// Reads a weights file: the magic, then per phase its bias and its compact table, little-endian i16.
    pub fn from_bytes(bytes: &[u8]) -> Result<PatternWeights, WeightsError> {
        let tables = Tables::get();
        let (bias, compact) = PatternWeights::compact_from_bytes(bytes)?;
        let mut expanded = vec![0i16; PHASES * tables.expanded_len];
        for (phase, compact) in compact.iter().enumerate() {
            let table = &mut expanded[phase * tables.expanded_len..][..tables.expanded_len];
            for (kind, ids) in tables.compact_id.iter().enumerate() {
                let offset = tables.expanded_offset[kind];
                for (reading, &id) in ids.iter().enumerate() {
                    table[offset + reading] = compact[id as usize];
                }
            }
            table[tables.scalar_expanded..][..SCALAR_WEIGHTS]
                .copy_from_slice(&compact[tables.scalar_compact..][..SCALAR_WEIGHTS]);
        }
        Ok(PatternWeights { expanded, bias })
    }

    /// The biases and compact tables (one per phase) of a weights file, as stored: for training to start
    /// from.
    pub fn compact_from_bytes(
        bytes: &[u8],
    ) -> Result<([i16; PHASES], Vec<Vec<i16>>), WeightsError> {
        let tables = Tables::get();
        let magic = bytes.get(..MAGIC.len());
        let scalars_stored = if magic == Some(&MAGIC[..]) {
            Some(SCALAR_WEIGHTS)
        } else {
            OLDER_FORMATS
                .iter()
                .find(|(m, _)| magic == Some(&m[..]))
                .map(|&(_, n)| n)
        };
        let scalars_stored = scalars_stored.ok_or(WeightsError::NotAWeightsFile)?;
        let stored_len = tables.scalar_compact + scalars_stored;
        let expected = MAGIC.len() + PHASES * (1 + stored_len) * 2;
        if bytes.len() != expected {
            return Err(WeightsError::Length {
                found: bytes.len(),
                expected,
            });
        }
        let mut values = bytes[MAGIC.len()..]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut bias = [0i16; PHASES];
        let mut compact = Vec::with_capacity(PHASES);
        for phase_bias in bias.iter_mut() {
            *phase_bias = values.next().expect("length checked");
            let mut table: Vec<i16> = values.by_ref().take(stored_len).collect();
            table.resize(tables.compact_len, 0);
            compact.push(table);
        }
        Ok((bias, compact))
    }

    /// Writes the form [`PatternWeights::from_bytes`] reads, from compact tables (one per phase) and biases.
    pub fn to_bytes(bias: &[i16; PHASES], compact: &[Vec<i16>]) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        for (phase_bias, table) in bias.iter().zip(compact) {
            bytes.extend_from_slice(&phase_bias.to_le_bytes());
            for w in table {
                bytes.extend_from_slice(&w.to_le_bytes());
            }
        }
        bytes
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::random_boards;
    use super::super::{phase, DISC};
    use super::*;

    #[test]
    fn weights_files_round_trip_and_bad_ones_are_refused() {
        let tables = Tables::get();
        let bias = [7i16; PHASES];
        let compact: Vec<Vec<i16>> = (0..PHASES)
            .map(|phase| {
                (0..tables.compact_len)
                    .map(|i| ((i * 31 + phase) % 200) as i16 - 100)
                    .collect()
            })
            .collect();
        let bytes = PatternWeights::to_bytes(&bias, &compact);
        let weights = PatternWeights::from_bytes(&bytes).expect("round trip");
        // Every reading's expanded weight is its class's compact weight.
        for board in random_boards(200) {
            let (p, o) = (board.player().0, board.opponent().0);
            let phase = phase(board.empty_count());
            let expected: i32 = 7 + tables
                .compact_features(p, o)
                .iter()
                .map(|&id| compact[phase][id as usize] as i32)
                .sum::<i32>();
            assert_eq!(
                weights.evaluate(p, o),
                expected.clamp(-64 * DISC + 1, 64 * DISC - 1)
            );
        }
        assert_eq!(
            PatternWeights::from_bytes(&bytes[..bytes.len() - 2]).err(),
            Some(WeightsError::Length {
                found: bytes.len() - 2,
                expected: bytes.len()
            })
        );
        let mut wrong = bytes.clone();
        wrong[0] = b'X';
        assert_eq!(
            PatternWeights::from_bytes(&wrong).err(),
            Some(WeightsError::NotAWeightsFile)
        );
    }
}
