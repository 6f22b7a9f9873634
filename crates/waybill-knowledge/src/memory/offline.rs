//! What the offline model reads for the memory tools: "remember that our UPS cut-off is
//! 4 pm" (a fact to save), "what do you remember about UPS?" (a search), "forget memory
//! <id>" (a deletion).

/// `text` after the first of `prefixes` it starts with (any case), trimmed.
fn after<'a>(text: &'a str, prefixes: &[&str]) -> Option<&'a str> {
    let lower = text.to_lowercase();
    prefixes.iter().find_map(|p| {
        let at = lower.find(p)?;
        // Only at the start, or after a polite opening ("please", "hey, ").
        let before = lower[..at].trim_matches(|c: char| !c.is_alphanumeric());
        (before.is_empty() || ["please", "hey", "ok", "also"].contains(&before)).then(|| text.get(at + p.len()..)).flatten()
    })
}

fn sentence(text: &str) -> Option<String> {
    let text = text.trim().trim_end_matches(['.', '!']).trim();
    let mut chars = text.chars();
    let first = chars.next()?;
    Some(format!("{}{}.", first.to_uppercase(), chars.as_str()))
}

/// The fact in "remember that …".
pub fn fact(text: &str) -> Option<String> {
    let rest = after(text.trim(), &["remember that ", "remember: ", "note that ", "keep in mind that ", "记住", "覚えておいて"])?;
    (rest.chars().count() >= 3 && !rest.trim_end().ends_with('?')).then(|| sentence(rest)).flatten()
}

/// The subject of "what do you remember about …?".
pub fn recall(text: &str) -> Option<String> {
    let rest = after(
        text.trim(),
        &[
            "what do you remember about ",
            "what do you know about ",
            "do you remember ",
            "what did i tell you about ",
            "search your memory for ",
            "search memories for ",
        ],
    )?;
    let query = rest.trim().trim_end_matches(['?', '.', '!']).trim();
    (!query.is_empty()).then(|| query.to_owned())
}

/// The id in "forget memory <id>".
pub fn forget(text: &str) -> Option<String> {
    let rest = after(text.trim(), &["forget memory ", "delete memory "])?;
    let id = rest.split_whitespace().next()?.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '-');
    (!id.is_empty() && id.len() <= 64).then(|| id.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_three_requests() {
        assert_eq!(fact("remember that our UPS cut-off is 4 pm").as_deref(), Some("Our UPS cut-off is 4 pm."));
        assert_eq!(fact("Please remember that door 7 is for returns.").as_deref(), Some("Door 7 is for returns."));
        assert_eq!(fact("do you remember the cut-off?"), None);
        assert_eq!(fact("I remember that one"), None, "only a request to remember");
        assert_eq!(recall("What do you remember about UPS?").as_deref(), Some("UPS"));
        assert_eq!(recall("what do you know about the yard in Fontana").as_deref(), Some("the yard in Fontana"));
        assert_eq!(recall("remember that x is y"), None);
        assert_eq!(forget("forget memory 0193a7e2-5c1d-7a40-9b1e-6f2d4c8a1b00").as_deref(), Some("0193a7e2-5c1d-7a40-9b1e-6f2d4c8a1b00"));
        assert_eq!(forget("forget it"), None);
    }
}
