//! The engine's values on the wire, written in the notation players read (`d3`, a position's 65 characters), so
//! that a message stays readable in the browser's tools. The engine knows nothing of serde: these adapters are
//! the only place its values meet it, and a malformed value fails to decode with the parser's own message.

/// A value in its notation (`d3`, a position).
pub(super) mod text {
    use std::fmt::Display;
    use std::str::FromStr;

    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub fn serialize<T: Display, S: Serializer>(
        value: &T,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_str(value)
    }

    pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        String::deserialize(deserializer)?
            .parse()
            .map_err(D::Error::custom)
    }
}

/// An optional value in its notation (see [`text`]).
pub(super) mod optional_text {
    use std::fmt::Display;
    use std::str::FromStr;

    use serde::{de::Error, Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<T: Display, S: Serializer>(
        value: &Option<T>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        value.as_ref().map(T::to_string).serialize(serializer)
    }

    pub fn deserialize<'de, T, D>(deserializer: D) -> Result<Option<T>, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        Option::<String>::deserialize(deserializer)?
            .map(|text| text.parse().map_err(D::Error::custom))
            .transpose()
    }
}

/// A line of placements as a transcript (`f5d6c3`).
pub(super) mod squares_text {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    use reversi_engine::Square;

    pub fn serialize<S: Serializer>(squares: &[Square], serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&reversi_engine::transcript_of(squares.iter().copied()))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Vec<Square>, D::Error> {
        let text = String::deserialize(deserializer)?;
        if !text.is_ascii() || text.len() % 2 != 0 {
            return Err(D::Error::custom(format!(
                "{text:?} is not a line of squares"
            )));
        }
        (0..text.len())
            .step_by(2)
            .map(|i| text[i..i + 2].parse().map_err(D::Error::custom))
            .collect()
    }
}

/// (square, value) pairs with the squares in their notation.
pub(super) mod values_text {
    use serde::{de::Error, Deserialize, Deserializer, Serialize, Serializer};

    use reversi_engine::Square;

    pub fn serialize<S: Serializer>(
        values: &[(Square, i32)],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        values
            .iter()
            .map(|(square, value)| (square.to_string(), *value))
            .collect::<Vec<_>>()
            .serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Vec<(Square, i32)>, D::Error> {
        Vec::<(String, i32)>::deserialize(deserializer)?
            .into_iter()
            .map(|(square, value)| Ok((square.parse().map_err(D::Error::custom)?, value)))
            .collect()
    }
}

/// The AI's mistakes as `[max_loss, one_in]`, when it makes any.
pub(super) mod optional_mistakes {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use reversi_engine::mistakes::Mistakes;

    pub fn serialize<S: Serializer>(
        value: &Option<Mistakes>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        value.map(|m| [m.max_loss, m.one_in]).serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Mistakes>, D::Error> {
        Ok(Option::<[u32; 2]>::deserialize(deserializer)?
            .map(|[max_loss, one_in]| Mistakes { max_loss, one_in }))
    }
}

#[cfg(test)]
mod tests {
    use super::super::Request;
    use reversi_engine::mistakes::Mistakes;
    use reversi_engine::Position;

    /// The wire keeps its readable forms: a position as text, the mistakes as `[max_loss, one_in]`, absent
    /// when there are none.
    #[test]
    fn a_search_reads_back_as_written() {
        let search = |mistakes| Request::Search {
            id: 3,
            position: Position::START,
            level: 5,
            seed: 9,
            max_millis: None,
            mistakes,
        };
        let with = search(Some(Mistakes {
            max_loss: 4,
            one_in: 2,
        }));
        let text = serde_json::to_string(&with).unwrap();
        assert!(text.contains("\"mistakes\":[4,2]"), "{text}");
        assert_eq!(serde_json::from_str::<Request>(&text).unwrap(), with);
        let text = serde_json::to_string(&search(None)).unwrap();
        assert!(!text.contains("mistakes"), "{text}");
        assert_eq!(
            serde_json::from_str::<Request>(&text).unwrap(),
            search(None)
        );
    }
}
