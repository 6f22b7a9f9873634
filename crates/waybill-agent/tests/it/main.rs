//! The crate's integration tests, in one binary so that two cores link one executable
//! rather than one per file.

mod agent_loop;
mod provider_anthropic;
mod provider_chat_completions;
mod provider_gemini;
mod provider_openai;
mod support;
