//! The offline model's reading of tracker requests: "show my open tickets", "create a
//! ticket: dock door 7 sensor broken, high priority", "move OPS-12 to In Progress".

use crate::builtin::scheme;
use crate::tools::{CreateFields, CreateIssueInput, KeyRef, NameRef};

/// Words that mark a request to file something, not to look.
const FILING: [&str; 4] = ["create", "file a", "open a", "raise a"];
/// Words of floor incidents: what is broken, damaged or unsafe.
const INCIDENT: [&str; 10] = ["broken", "damage", "leak", "spill", "sensor", "stuck", "injur", "unsafe", "not working", "out of service"];

/// An issue key in the text: `OPS-12`.
pub fn issue_key(text: &str) -> Option<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')).find_map(|word| {
        let (project, number) = word.split_once('-')?;
        let ok = (2..=10).contains(&project.len())
            && project.chars().all(|c| c.is_ascii_alphabetic())
            && !number.is_empty()
            && number.chars().all(|c| c.is_ascii_digit());
        ok.then(|| format!("{}-{number}", project.to_uppercase()))
    })
}

/// A project key named in the text ("OPS project", "project WMS").
pub fn project_key(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
    words.iter().enumerate().find_map(|(i, w)| {
        let upper = (2..=10).contains(&w.len()) && w.chars().all(|c| c.is_ascii_uppercase());
        let by_word = i > 0 && words[i - 1].eq_ignore_ascii_case("project") || words.get(i + 1).is_some_and(|n| n.eq_ignore_ascii_case("project"));
        (upper && (by_word || words.len() <= 4)).then(|| (*w).to_owned())
    })
}

pub fn wants_projects(text: &str) -> bool {
    let lower = text.to_lowercase();
    lower.contains("project") && !FILING.iter().any(|f| lower.contains(f))
}

/// The JQL for a request to look at tickets.
pub fn search_jql(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    if FILING.iter().any(|f| lower.contains(f)) || move_to(text).is_some() {
        return None;
    }
    if let Some(key) = issue_key(text) {
        return Some(format!("key = {key}"));
    }
    let mut clauses = Vec::new();
    if lower.contains("my ") || lower.contains("mine") || lower.contains("assigned to me") {
        clauses.push("assignee = currentUser()".to_owned());
    }
    if lower.contains("open") || lower.contains("unresolved") || lower.contains("not done") {
        clauses.push("statusCategory != Done".to_owned());
    }
    if lower.contains("blocked") {
        clauses.push("status = Blocked".to_owned());
    } else if lower.contains("in progress") {
        clauses.push("status = \"In Progress\"".to_owned());
    }
    for (word, priority) in [("highest", "Highest"), ("urgent", "Highest"), ("high priority", "High"), ("high-priority", "High")] {
        if lower.contains(word) {
            clauses.push(format!("priority >= {priority}"));
            break;
        }
    }
    if let Some(project) = project_key(text) {
        clauses.push(format!("project = {project}"));
    }
    for kind in ["incident", "bug", "claim"] {
        if lower.contains(kind) {
            clauses.push(format!("type = {}{}", kind[..1].to_uppercase(), &kind[1..]));
        }
    }
    if lower.contains("this week") || lower.contains("last 7 days") {
        clauses.push("created >= -7d".to_owned());
    }
    let order = if clauses.iter().any(|c| c.starts_with("assignee")) { " ORDER BY priority DESC, updated DESC" } else { " ORDER BY created DESC" };
    let looking = ["ticket", "issue", "jira", "incident", "claim"].iter().any(|w| lower.contains(w));
    looking.then(|| format!("{}{order}", clauses.join(" AND ")).trim().to_owned())
}

/// "create a ticket: dock door 7 sensor broken, high priority" as a new issue.
pub fn new_ticket(text: &str, facility: &str) -> Option<CreateIssueInput> {
    let lower = text.to_lowercase();
    if !FILING.iter().any(|f| lower.contains(f)) || !["ticket", "issue", "incident", "bug", "claim"].iter().any(|w| lower.contains(w)) {
        return None;
    }
    // What follows the colon (or the request's words), without the priority.
    let body = text.split_once(':').map_or_else(
        || {
            let cut = ["ticket", "issue", "incident", "bug", "claim"].iter().filter_map(|w| lower.find(w).map(|i| i + w.len())).min().unwrap_or(0);
            text[cut..].trim_start_matches([' ', ',', '-', 'f', 'o', 'r']).to_owned()
        },
        |(_, rest)| rest.to_owned(),
    );
    let mut priority = None;
    let mut parts = Vec::new();
    for part in body.split(',') {
        let p = part.trim().to_lowercase();
        let named =
            scheme::PRIORITIES.iter().find(|(_, name, _)| p == format!("{} priority", name.to_lowercase()) || p == format!("priority {}", name.to_lowercase()));
        match named {
            Some((_, name, _)) => priority = Some((*name).to_owned()),
            None if p == "urgent" => priority = Some("Highest".to_owned()),
            None if !p.is_empty() => parts.push(part.trim().to_owned()),
            None => {}
        }
    }
    let summary: String = parts.join(", ").chars().take(255).collect();
    if summary.is_empty() {
        return None;
    }
    let mut chars = summary.chars();
    let summary = chars.next().map(|c| c.to_uppercase().collect::<String>() + chars.as_str()).unwrap_or_default();
    let body_lower = summary.to_lowercase();
    let (project, kind) = if lower.contains("claim") {
        ("CLM", "Claim")
    } else if lower.contains("bug") || body_lower.contains("wms") || body_lower.contains("rf gun") || body_lower.contains("printer") {
        ("WMS", "Bug")
    } else if INCIDENT.iter().any(|w| body_lower.contains(w)) || lower.contains("incident") {
        ("OPS", "Incident")
    } else {
        ("OPS", "Task")
    };
    let project = project_key(text).filter(|p| p != "OPS" || project == "OPS").unwrap_or_else(|| project.to_owned());
    Some(CreateIssueInput {
        fields: CreateFields {
            project: KeyRef { key: project },
            issuetype: NameRef { name: kind.to_owned() },
            summary,
            description: Some(format!("Reported from the chat: {}", text.trim())),
            priority: priority.map(|name| NameRef { name }),
            assignee: None,
            labels: Vec::new(),
            duedate: None,
            facility: (!facility.is_empty()).then(|| facility.to_owned()),
            custom_fields: Default::default(),
        },
    })
}

/// "move OPS-12 to In Progress": the issue and the status asked for.
pub fn move_to(text: &str) -> Option<(String, String)> {
    let lower = text.to_lowercase();
    let key = issue_key(text)?;
    if let Some(status) = scheme::STATUSES.iter().filter(|s| lower.contains(&format!("to {}", s.name.to_lowercase()))).max_by_key(|s| s.name.len()) {
        return Some((key, status.name.to_owned()));
    }
    let verbs = [("close", "Done"), ("resolve", "Done"), ("mark as done", "Done"), ("start", "In Progress"), ("reopen", "To Do"), ("block", "Blocked")];
    verbs.iter().find(|(verb, _)| lower.contains(verb)).map(|(_, status)| (key, (*status).to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_requests_read() {
        assert_eq!(
            search_jql("show my open tickets").as_deref(),
            Some("assignee = currentUser() AND statusCategory != Done ORDER BY priority DESC, updated DESC")
        );
        let new = new_ticket("create a ticket: dock door 7 sensor broken, high priority", "dc-ontario").unwrap().fields;
        assert_eq!((new.project.key.as_str(), new.issuetype.name.as_str(), new.summary.as_str()), ("OPS", "Incident", "Dock door 7 sensor broken"));
        assert_eq!(new.priority.map(|p| p.name).as_deref(), Some("High"));
        assert_eq!(new.facility.as_deref(), Some("dc-ontario"));
        assert_eq!(move_to("move OPS-12 to In Progress"), Some(("OPS-12".to_owned(), "In Progress".to_owned())));
        assert_eq!(search_jql("move OPS-12 to In Progress"), None);
        assert_eq!(search_jql("create a ticket: dock door 7 sensor broken, high priority"), None);
    }

    #[test]
    fn other_wordings() {
        assert_eq!(move_to("please close wms-4"), Some(("WMS-4".to_owned(), "Done".to_owned())));
        assert_eq!(move_to("move OPS-3 to to do"), Some(("OPS-3".to_owned(), "To Do".to_owned())));
        assert_eq!(search_jql("show OPS-12").as_deref(), Some("key = OPS-12"));
        assert_eq!(
            search_jql("blocked incidents in project OPS").as_deref(),
            Some("status = Blocked AND project = OPS AND type = Incident ORDER BY created DESC")
        );
        assert_eq!(search_jql("what's the weather"), None);
        let claim = new_ticket("file a claim: XPO dropped a pallet at the cross-dock", "").unwrap().fields;
        assert_eq!((claim.project.key.as_str(), claim.issuetype.name.as_str(), claim.facility), ("CLM", "Claim", None));
        assert_eq!(new_ticket("create a ticket", "f1").map(|t| t.fields.summary), None);
        assert_eq!(issue_key("is ops-7 done?").as_deref(), Some("OPS-7"));
        assert_eq!(issue_key("a 2026-11-01 date"), None);
    }
}
