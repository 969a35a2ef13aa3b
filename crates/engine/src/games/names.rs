//! The names of WTHOR's player and tournament files, as the games file takes them.

/// Reads a name from a WTHOR name file's Latin-1 bytes: up to the first zero, spaces trimmed.
pub fn latin1_name(bytes: &[u8]) -> String {
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    bytes[..end]
        .iter()
        .map(|&b| b as char)
        .collect::<String>()
        .trim()
        .to_string()
}

/// The names of a WTHOR `.JOU` (records of 20 bytes) or `.TRN` (26 bytes) file, after its 16-byte header.
pub fn wthor_names(bytes: &[u8], record: usize) -> Vec<String> {
    bytes
        .get(16..)
        .unwrap_or(&[])
        .chunks_exact(record)
        .map(latin1_name)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_names_read_as_written() {
        let mut bytes = vec![0u8; 16];
        let mut record = b"L\xe9ger Jo\xebl".to_vec();
        record.resize(20, 0);
        bytes.extend_from_slice(&record);
        assert_eq!(wthor_names(&bytes, 20), vec!["Léger Joël".to_string()]);
    }
}
