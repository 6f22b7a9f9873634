//! The pages' routes of this crate's families: `/api/memories` (the memories page) and
//! `/api/knowledge-bases` (the knowledge bases page).

pub mod knowledge;
pub mod memories;
