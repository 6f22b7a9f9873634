//! Memory: what the assistant remembers for a member (personal memories) and for their
//! company (system memories, kept by its admins), searched by meaning of the words in
//! every interface language and offered to the model when a question touches them.

pub mod offline;
pub mod store;
pub mod tools;

pub use store::{Importance, ListQuery, Memories, Memory, MemoryError, MemoryPage, MemoryType, Source, Who};
