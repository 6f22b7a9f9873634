//! What the offline model reads for the knowledge-base tool: a question about the
//! company's documents ("what does the cycle count SOP say about variances?") is searched
//! as the user asked it; a request to search ("search the knowledge base for …") is
//! searched for what follows.

/// The question to search for in `text`.
pub fn question(text: &str) -> Option<String> {
    let text = text.trim();
    let lower = text.to_lowercase();
    let asked = [
        "search the knowledge base for ",
        "search the knowledge bases for ",
        "search our documents for ",
        "look up in the knowledge base ",
        "check the knowledge base for ",
    ]
    .iter()
    .find_map(|p| lower.starts_with(p).then(|| text.get(p.len()..)).flatten())
    .unwrap_or(text);
    let asked = asked.trim().trim_end_matches(['.', '!']).trim();
    (!asked.is_empty() && asked.chars().count() <= 1000).then(|| asked.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_questions_and_requests_to_search() {
        assert_eq!(question("What does the cycle count SOP say about variances?").as_deref(), Some("What does the cycle count SOP say about variances?"));
        assert_eq!(question("Search the knowledge base for seal numbers.").as_deref(), Some("seal numbers"));
        assert_eq!(question("   "), None);
        assert_eq!(question(&"x".repeat(1001)), None);
    }
}
