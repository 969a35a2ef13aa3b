//! Which key presses are the page's shortcuts: none while the focus is somewhere that takes typing.

/// Whether an element with this tag name (`INPUT`, `TEXTAREA`, …, as the DOM reports it) or content-editable
/// takes typed text, so that keys typed there are text and never shortcuts (`h` is a column letter in a
/// transcript, not a request for a hint).
///
/// ```
/// use reversi_web::session::board::keys::takes_text;
/// assert!(takes_text("TEXTAREA", false) && takes_text("input", false) && takes_text("DIV", true));
/// assert!(!takes_text("BUTTON", false));
/// ```
pub fn takes_text(tag: &str, content_editable: bool) -> bool {
    content_editable
        || ["INPUT", "TEXTAREA", "SELECT"]
            .iter()
            .any(|t| tag.eq_ignore_ascii_case(t))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_field_swallows_shortcuts() {
        for tag in ["INPUT", "TEXTAREA", "SELECT", "textarea"] {
            assert!(takes_text(tag, false), "{tag}");
        }
        for tag in ["BUTTON", "DIV", "BODY", ""] {
            assert!(!takes_text(tag, false), "{tag}");
            assert!(takes_text(tag, true), "{tag}");
        }
    }
}
