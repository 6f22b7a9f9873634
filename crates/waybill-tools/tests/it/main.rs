//! The crate's integration tests, in one binary so that two cores link one executable
//! rather than one per file.

mod outbound;
