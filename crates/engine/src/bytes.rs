//! The one reader of the engine's binary files (the explorer, the book, the expert games, the puzzles): a
//! cursor over bytes that never reads past their end. Each file's reader turns [`ReadError`] into its own
//! error, which names the file.

/// What a read found instead of the value asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ReadError {
    /// The bytes ended first.
    Truncated,
    /// A variable-length number of more than 64 bits.
    Overlong,
    /// A number too large for what it counts.
    OutOfRange,
}

/// A cursor over a file's bytes.
pub(crate) struct Reader<'a> {
    pub(crate) bytes: &'a [u8],
    pub(crate) at: usize,
}

impl<'a> Reader<'a> {
    /// A reader at the first of `bytes`.
    pub(crate) fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes, at: 0 }
    }

    /// Bytes not read yet.
    pub(crate) fn left(&self) -> usize {
        self.bytes.len() - self.at
    }

    /// The next `n` bytes.
    pub(crate) fn take(&mut self, n: usize) -> Result<&'a [u8], ReadError> {
        let end = self.at.checked_add(n).ok_or(ReadError::Truncated)?;
        let slice = self.bytes.get(self.at..end).ok_or(ReadError::Truncated)?;
        self.at = end;
        Ok(slice)
    }

    /// The next byte.
    pub(crate) fn byte(&mut self) -> Result<u8, ReadError> {
        self.take(1).map(|b| b[0])
    }

    /// A little-endian `u32`.
    pub(crate) fn u32_le(&mut self) -> Result<u32, ReadError> {
        self.take(4)
            .map(|b| u32::from_le_bytes(b.try_into().expect("4 bytes")))
    }

    /// A little-endian `u64`.
    pub(crate) fn u64_le(&mut self) -> Result<u64, ReadError> {
        self.take(8)
            .map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes")))
    }

    /// A variable-length number (seven bits a byte, the low bits first: [`write_varint`]'s).
    pub(crate) fn varint(&mut self) -> Result<u64, ReadError> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = self.byte()?;
            value |= ((byte & 0x7F) as u64) << shift;
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(ReadError::Overlong)
    }

    /// A variable-length number that fits a `u32`.
    pub(crate) fn u32(&mut self) -> Result<u32, ReadError> {
        u32::try_from(self.varint()?).map_err(|_| ReadError::OutOfRange)
    }
}

/// Writes `value` as a variable-length number ([`Reader::varint`] reads it).
pub(crate) fn write_varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push(value as u8 | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_come_back_and_nothing_reads_past_the_end() {
        let mut out = Vec::new();
        for value in [0, 127, 128, 300, u32::MAX as u64, u64::MAX] {
            write_varint(&mut out, value);
        }
        out.extend_from_slice(&7u32.to_le_bytes());
        let mut reader = Reader::new(&out);
        assert_eq!(reader.varint(), Ok(0));
        assert_eq!(reader.u32(), Ok(127));
        assert_eq!(reader.varint(), Ok(128));
        assert_eq!(reader.varint(), Ok(300));
        assert_eq!(reader.u32(), Ok(u32::MAX));
        assert_eq!(reader.u32(), Err(ReadError::OutOfRange));
        assert_eq!(reader.u32_le(), Ok(7));
        assert_eq!(reader.left(), 0);
        assert_eq!(reader.byte(), Err(ReadError::Truncated));
        assert_eq!(reader.u64_le(), Err(ReadError::Truncated));
        assert_eq!(Reader::new(&[0xff; 11]).varint(), Err(ReadError::Overlong));
        assert_eq!(
            Reader::new(&[1, 2]).take(usize::MAX),
            Err(ReadError::Truncated)
        );
    }
}
