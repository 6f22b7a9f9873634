//! The built-in tracker's fixed schemes: the workflow every project follows (To Do → In
//! Progress → Done, with a Blocked branch), the priorities, and the issue types with
//! their fields — what Jira calls the workflow, priority and field configuration schemes.

/// A status of the workflow and its category (`new`, `indeterminate`, `done`, as Jira keys them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Status {
    pub id: &'static str,
    pub name: &'static str,
    pub category_key: &'static str,
    pub category_name: &'static str,
    pub description: &'static str,
}

pub const TO_DO: Status = Status { id: "10000", name: "To Do", category_key: "new", category_name: "To Do", description: "Waiting for someone to start it." };
pub const IN_PROGRESS: Status =
    Status { id: "3", name: "In Progress", category_key: "indeterminate", category_name: "In Progress", description: "Someone is working on it." };
pub const BLOCKED: Status = Status {
    id: "10001",
    name: "Blocked",
    category_key: "indeterminate",
    category_name: "In Progress",
    description: "Work stopped until something outside it moves.",
};
pub const DONE: Status = Status { id: "10002", name: "Done", category_key: "done", category_name: "Done", description: "Resolved." };

pub const STATUSES: [Status; 4] = [TO_DO, IN_PROGRESS, BLOCKED, DONE];

pub fn status_named(name: &str) -> Option<Status> {
    STATUSES.iter().copied().find(|s| s.name.eq_ignore_ascii_case(name.trim()))
}

/// A transition: from which statuses, to which, and the fields its screen takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Transition {
    pub id: &'static str,
    pub name: &'static str,
    pub from: &'static [&'static str],
    pub to: Status,
    /// Fields the transition may set besides the status (`resolution` comment aside).
    pub fields: &'static [&'static str],
}

pub const TRANSITIONS: [Transition; 7] = [
    Transition { id: "11", name: "Start Progress", from: &["To Do"], to: IN_PROGRESS, fields: &["assignee"] },
    Transition { id: "21", name: "Block", from: &["To Do", "In Progress"], to: BLOCKED, fields: &[] },
    Transition { id: "31", name: "Unblock", from: &["Blocked"], to: IN_PROGRESS, fields: &[] },
    Transition { id: "41", name: "Done", from: &["To Do", "In Progress"], to: DONE, fields: &["resolution"] },
    Transition { id: "51", name: "Stop Progress", from: &["In Progress"], to: TO_DO, fields: &[] },
    Transition { id: "61", name: "Reopen", from: &["Done"], to: TO_DO, fields: &[] },
    Transition { id: "71", name: "Back to To Do", from: &["Blocked"], to: TO_DO, fields: &[] },
];

/// The transitions open from `status`.
pub fn transitions_from(status: &str) -> impl Iterator<Item = &'static Transition> + '_ {
    TRANSITIONS.iter().filter(move |t| t.from.iter().any(|f| f.eq_ignore_ascii_case(status)))
}

/// Priorities, highest first, with their rank (higher ranks sort first under `DESC`).
pub const PRIORITIES: [(&str, &str, i64); 5] = [("1", "Highest", 5), ("2", "High", 4), ("3", "Medium", 3), ("4", "Low", 2), ("5", "Lowest", 1)];

pub const DEFAULT_PRIORITY: &str = "Medium";

/// The rank of a priority named `name` (any case).
pub fn priority_rank(name: &str) -> Option<(&'static str, i64)> {
    PRIORITIES.iter().find(|(_, n, _)| n.eq_ignore_ascii_case(name.trim())).map(|(_, n, r)| (*n, *r))
}

/// Resolutions `Done` may set.
pub const RESOLUTIONS: [&str; 4] = ["Done", "Fixed", "Won't Do", "Duplicate"];

/// How a field takes its value, as Jira's field schema types it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldKind {
    /// A line of text (`summary`).
    String,
    /// Long text (`description`).
    Text,
    Priority,
    User,
    Labels,
    Date,
    IssueType,
    Project,
    /// One of the tenant's facilities, a custom field.
    Facility,
}

/// A field of an issue type's create screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldSpec {
    /// The field's id as the API names it: `summary`, `customfield_10010`.
    pub id: &'static str,
    pub name: &'static str,
    pub kind: FieldKind,
    pub required: bool,
}

/// The facility custom field's id.
pub const FACILITY_FIELD: &str = "customfield_10010";

const SUMMARY: FieldSpec = FieldSpec { id: "summary", name: "Summary", kind: FieldKind::String, required: true };
const DESCRIPTION: FieldSpec = FieldSpec { id: "description", name: "Description", kind: FieldKind::Text, required: false };
const PRIORITY: FieldSpec = FieldSpec { id: "priority", name: "Priority", kind: FieldKind::Priority, required: false };
const ASSIGNEE: FieldSpec = FieldSpec { id: "assignee", name: "Assignee", kind: FieldKind::User, required: false };
const LABELS: FieldSpec = FieldSpec { id: "labels", name: "Labels", kind: FieldKind::Labels, required: false };
const DUE: FieldSpec = FieldSpec { id: "duedate", name: "Due date", kind: FieldKind::Date, required: false };
const PROJECT: FieldSpec = FieldSpec { id: "project", name: "Project", kind: FieldKind::Project, required: true };
const ISSUE_TYPE: FieldSpec = FieldSpec { id: "issuetype", name: "Issue Type", kind: FieldKind::IssueType, required: true };
const FACILITY: FieldSpec = FieldSpec { id: FACILITY_FIELD, name: "Facility", kind: FieldKind::Facility, required: false };
const FACILITY_REQUIRED: FieldSpec = FieldSpec { required: true, ..FACILITY };

/// An issue type and its create screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IssueType {
    pub id: &'static str,
    pub name: &'static str,
    pub description: &'static str,
    pub fields: &'static [FieldSpec],
}

pub const ISSUE_TYPES: [IssueType; 4] = [
    IssueType {
        id: "10001",
        name: "Task",
        description: "Something to get done.",
        fields: &[PROJECT, ISSUE_TYPE, SUMMARY, DESCRIPTION, PRIORITY, ASSIGNEE, LABELS, DUE, FACILITY],
    },
    IssueType {
        id: "10002",
        name: "Bug",
        description: "A system that does not work as it should.",
        fields: &[PROJECT, ISSUE_TYPE, SUMMARY, DESCRIPTION, PRIORITY, ASSIGNEE, LABELS, FACILITY],
    },
    IssueType {
        id: "10003",
        name: "Incident",
        description: "Something that went wrong on the floor: damage, a safety event, equipment out of service.",
        fields: &[PROJECT, ISSUE_TYPE, SUMMARY, DESCRIPTION, PRIORITY, ASSIGNEE, LABELS, FACILITY_REQUIRED],
    },
    IssueType {
        id: "10004",
        name: "Claim",
        description: "A claim against or from a carrier or customer: loss, damage, shortage.",
        fields: &[PROJECT, ISSUE_TYPE, SUMMARY, DESCRIPTION, PRIORITY, ASSIGNEE, LABELS, DUE, FACILITY],
    },
];

pub fn issue_type_named(name: &str) -> Option<&'static IssueType> {
    ISSUE_TYPES.iter().find(|t| t.name.eq_ignore_ascii_case(name.trim()) || t.id == name.trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_is_reachable_and_left() {
        for status in STATUSES {
            assert!(transitions_from(status.name).next().is_some(), "{} is a dead end", status.name);
            assert!(TRANSITIONS.iter().any(|t| t.to == status), "{} cannot be reached", status.name);
        }
        let ids: std::collections::BTreeSet<&str> = TRANSITIONS.iter().map(|t| t.id).collect();
        assert_eq!(ids.len(), TRANSITIONS.len());
        let from_to_do: Vec<&str> = transitions_from("to do").map(|t| t.name).collect();
        assert_eq!(from_to_do, ["Start Progress", "Block", "Done"]);
    }

    #[test]
    fn names_read_in_any_case() {
        assert_eq!(status_named(" in progress ").map(|s| s.id), Some("3"));
        assert_eq!(priority_rank("HIGH"), Some(("High", 4)));
        assert_eq!(issue_type_named("incident").map(|t| t.fields.iter().any(|f| f.id == FACILITY_FIELD && f.required)), Some(true));
        assert!(status_named("Closed").is_none() && priority_rank("urgent").is_none());
    }
}
