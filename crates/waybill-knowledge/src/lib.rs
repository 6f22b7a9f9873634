//! What the assistant knows beyond the conversation: memories — facts a member or their
//! company asked it to keep — ranked by [`text`], a lexical ranking that works offline in
//! the seven interface languages.

mod family;
pub mod memory;
pub mod text;

pub use family::{Memory, MemoryConfig};
