//! The delegation family (spec 001 §2.15): `delegateToAgent` hands a task to one of the
//! specialised agents — wms-agent, bi-agent, jira-agent, fms-agent — each a sub-agent turn
//! on the current model with its own instructions and the tools of the families it is
//! made for. Agents name families, not tools (`family:systems`), so an agent gains the
//! tools a family adds later: the bi-agent works with the `bi` family's cube tools and
//! the jira-agent with the `jira` family's issue tools once those are registered.
//! `endDelegation` is the agents' own: it hands control back, and its card renders nothing.

use std::sync::Arc;
use std::time::Duration;

use futures::future::BoxFuture;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use waybill_tools::lang::{Lang, fill};
use waybill_tools::{Family, Scope, Services, SubAgentRequest, Tool, ToolContext, ToolError, TypedTool, typed};

use crate::NoConfig;

/// Model calls an agent may make on one task.
const AGENT_STEPS: usize = 8;
/// How long a delegated task may run.
const DELEGATION_TIMEOUT: Duration = Duration::from_secs(300);

pub struct Delegation;

impl Family for Delegation {
    const NAME: &'static str = "delegation";
    type Config = NoConfig;

    fn tools(&self, _: &NoConfig, _: &Services) -> Vec<Arc<dyn Tool>> {
        vec![typed(DelegateTool), typed(EndDelegationTool)]
    }
}

/// The specialised agents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export_to = "tools/delegation/")]
pub enum AgentId {
    #[serde(rename = "wms-agent")]
    Wms,
    #[serde(rename = "bi-agent")]
    Bi,
    #[serde(rename = "jira-agent")]
    Jira,
    #[serde(rename = "fms-agent")]
    Fms,
}

/// Who an agent is and what it works with.
pub struct Agent {
    pub id: AgentId,
    pub name: &'static str,
    /// Its domain, as the spec's table says it.
    pub domain: &'static str,
    /// What it is told, besides the task.
    pub instructions: &'static str,
    /// Its tools: families (`family:<name>`) and tool names.
    pub tools: &'static [&'static str],
}

const CLOSING: &str = "When the task is done, call endDelegation with a one-line summary, then answer with what you found or did: the numbers, ids and names, nothing invented. If your tools cannot do it, say so plainly.";

pub const AGENTS: [Agent; 4] = [
    Agent {
        id: AgentId::Wms,
        name: "WMS Agent",
        domain: "Warehouse Management System operations",
        instructions: "You are Waybill's WMS agent, a specialist in warehouse operations: inventory, locations, receiving, orders, picking, cycle counts. Find the right operation of the company's warehouse system with apiSearch and call it with apiCall; order imports and lookups have their own oms- tools.",
        tools: &["family:systems", "family:oms", "family:wms", "family:time", "endDelegation"],
    },
    Agent {
        id: AgentId::Bi,
        name: "BI Agent",
        domain: "Business Intelligence and analytics",
        instructions: "You are Waybill's BI agent, a specialist in numbers: volumes, rates, utilisation, aging, trends. Explore the cubes before you query them, query only what the question needs, and give every number with what it counts and over which period.",
        tools: &["family:bi", "family:time", "family:thinking", "endDelegation"],
    },
    Agent {
        id: AgentId::Jira,
        name: "Jira Agent",
        domain: "issue management and project operations",
        instructions: "You are Waybill's issue-tracker agent: you search, create and move tickets (damaged pallets, doors out of service, system bugs, carrier claims). Look up projects and their fields before you create an issue, and the allowed transitions before you move one.",
        tools: &["family:jira", "family:time", "endDelegation"],
    },
    Agent {
        id: AgentId::Fms,
        name: "FMS Agent",
        domain: "Freight Management System operations",
        instructions: "You are Waybill's FMS agent, a specialist in freight: carriers, services, loads, shipments, tracking, rates. Find the right operation of the company's freight system with apiSearch and call it with apiCall.",
        tools: &["family:systems", "family:fms", "family:time", "endDelegation"],
    },
];

pub fn agent(id: AgentId) -> &'static Agent {
    AGENTS.iter().find(|a| a.id == id).expect("every agent is listed")
}

impl AgentId {
    pub fn as_str(self) -> &'static str {
        match self {
            AgentId::Wms => "wms-agent",
            AgentId::Bi => "bi-agent",
            AgentId::Jira => "jira-agent",
            AgentId::Fms => "fms-agent",
        }
    }
}

/// `delegateToAgent`'s input.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/delegation/")]
pub struct DelegateToAgentInput {
    /// The agent: wms-agent (warehouse), bi-agent (analytics), jira-agent (issues) or
    /// fms-agent (freight)
    pub agent_id: AgentId,
    /// The task, complete in itself: the agent sees nothing else of the conversation
    #[schemars(length(min = 1, max = 4000))]
    pub instruction: String,
}

/// What an agent did (spec 001 §3, "Delegation result").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/delegation/")]
pub struct DelegationResult {
    pub agent_id: AgentId,
    pub agent_name: String,
    pub success: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<String>,
    pub instruction: String,
    /// Characters of the agent's answer.
    pub content_length: u32,
    /// The agent's answer.
    pub content: String,
    pub steps: u32,
    /// Its tool calls, by tool name.
    pub tool_calls: Vec<String>,
}

pub struct DelegateTool;

/// The agent the user's words name, and what they ask of it.
fn offline_delegation(text: &str) -> Option<DelegateToAgentInput> {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric() && c != '-').filter(|w| !w.is_empty()).collect();
    let id = words.iter().find_map(|w| match *w {
        "wms" | "wms-agent" | "warehouse" => Some(AgentId::Wms),
        "bi" | "bi-agent" | "analytics" | "analyst" => Some(AgentId::Bi),
        "jira" | "jira-agent" | "tracker" => Some(AgentId::Jira),
        "fms" | "fms-agent" | "freight" => Some(AgentId::Fms),
        _ => None,
    })?;
    // What follows "agent" (or its id) is the task: "ask the BI agent to count …".
    let after = ["-agent", " agent"].iter().filter_map(|m| lower.find(m).map(|i| i + m.len())).min().unwrap_or(0);
    let rest = text[after..].trim_start_matches(|c: char| c.is_whitespace() || matches!(c, ':' | ',' | '-' | '—'));
    let rest = ["to ", "for ", "about "].iter().find_map(|p| rest.strip_prefix(p)).unwrap_or(rest).trim();
    let instruction = if rest.is_empty() { text.trim() } else { rest };
    Some(DelegateToAgentInput { agent_id: id, instruction: instruction.chars().take(4000).collect() })
}

impl TypedTool for DelegateTool {
    type Input = DelegateToAgentInput;
    type Output = DelegationResult;
    const NAME: &'static str = "delegateToAgent";

    fn description(&self) -> &str {
        "Hand a task to a specialised agent that works with its own tools and reports back: wms-agent (Warehouse Management System operations), bi-agent (Business Intelligence and analytics), jira-agent (issue management and project operations), fms-agent (Freight Management System operations). Its progress shows in this card; its answer comes back to you."
    }

    fn keywords(&self) -> &[&str] {
        &[
            "agent",
            "delegate",
            "wms-agent",
            "bi-agent",
            "jira-agent",
            "fms-agent",
            // Naming an agent outweighs the words of the task it is given.
            "wms agent",
            "bi agent",
            "jira agent",
            "fms agent",
            "warehouse agent",
            "freight agent",
            "智能体",
            "代理",
            "エージェント",
            "agente",
            "agenten",
        ]
    }

    fn timeout(&self) -> Duration {
        DELEGATION_TIMEOUT
    }

    fn offered<'a>(&'a self, scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
        // Agents do not delegate again: the main turn delegates.
        Box::pin(std::future::ready(scope.only.is_none()))
    }

    fn offline_input(&self, text: &str, _: &ToolContext) -> Option<DelegateToAgentInput> {
        offline_delegation(text)
    }

    fn call<'a>(&'a self, input: DelegateToAgentInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<DelegationResult, ToolError>> {
        Box::pin(async move {
            let agent = agent(input.agent_id);
            let request = SubAgentRequest {
                instructions: format!("{} {CLOSING}", agent.instructions),
                task: input.instruction.clone(),
                tools: agent.tools.iter().map(|t| (*t).to_owned()).collect(),
                max_steps: AGENT_STEPS,
            };
            let outcome = ctx.run_sub_agent(request).await?;
            let content = outcome.text.trim().to_owned();
            Ok(DelegationResult {
                agent_id: agent.id,
                agent_name: agent.name.into(),
                success: true,
                error: None,
                instruction: input.instruction,
                content_length: content.chars().count() as u32,
                content,
                steps: outcome.steps as u32,
                tool_calls: outcome.tool_calls,
            })
        })
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick(["The delegated task", "委派的任务", "委派的任務", "La tarea delegada", "委任したタスク", "Die delegierte Aufgabe", "La tâche déléguée"]))
    }

    fn summarize(&self, output: &DelegationResult, lang: Lang) -> Option<String> {
        let template = lang.pick([
            "{agent} answered: {content}",
            "{agent} 的回答：{content}",
            "{agent} 的回答：{content}",
            "{agent} respondió: {content}",
            "{agent} の回答：{content}",
            "{agent} antwortete: {content}",
            "{agent} a répondu : {content}",
        ]);
        Some(fill(template, &[("agent", &output.agent_name), ("content", &output.content)]))
    }
}

/// `endDelegation`'s input.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export_to = "tools/delegation/")]
pub struct EndDelegationInput {
    /// What was done, in a line
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 2000))]
    #[ts(optional)]
    pub summary: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export_to = "tools/delegation/")]
pub struct EndDelegationResult {
    pub ended: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub summary: Option<String>,
}

pub struct EndDelegationTool;

impl TypedTool for EndDelegationTool {
    type Input = EndDelegationInput;
    type Output = EndDelegationResult;
    const NAME: &'static str = "endDelegation";

    fn description(&self) -> &str {
        "Hand control back to the assistant that delegated this task, with a one-line summary of what was done. Then give your final answer."
    }

    fn offered<'a>(&'a self, scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
        // Only agents end a delegation.
        Box::pin(std::future::ready(scope.only.is_some()))
    }

    fn offline_input(&self, _: &str, _: &ToolContext) -> Option<EndDelegationInput> {
        None
    }

    fn call<'a>(&'a self, input: EndDelegationInput, _: &'a ToolContext) -> BoxFuture<'a, Result<EndDelegationResult, ToolError>> {
        let summary = input.summary.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
        Box::pin(std::future::ready(Ok(EndDelegationResult { ended: true, summary })))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_offline_words_name_the_agent_and_the_task() {
        let d = offline_delegation("Ask the BI agent how many orders shipped last week").unwrap();
        assert_eq!((d.agent_id, d.instruction.as_str()), (AgentId::Bi, "how many orders shipped last week"));
        let d = offline_delegation("ask the wms-agent to find order SO-1001").unwrap();
        assert_eq!((d.agent_id, d.instruction.as_str()), (AgentId::Wms, "find order SO-1001"));
        let d = offline_delegation("fms agent: track load LD-9").unwrap();
        assert_eq!((d.agent_id, d.instruction.as_str()), (AgentId::Fms, "track load LD-9"));
        assert_eq!(offline_delegation("ask the jira agent").unwrap().instruction, "ask the jira agent", "no task: the words themselves");
        assert!(offline_delegation("ask an agent something").is_none(), "no agent named");
    }

    #[test]
    fn every_agent_is_listed_once_with_the_specs_domain_and_can_hand_back() {
        let ids: Vec<&str> = AGENTS.iter().map(|a| a.id.as_str()).collect();
        assert_eq!(ids, ["wms-agent", "bi-agent", "jira-agent", "fms-agent"]);
        for a in &AGENTS {
            assert_eq!(serde_json::to_value(a.id).unwrap(), a.id.as_str());
            assert!(a.tools.contains(&EndDelegationTool::NAME), "{} cannot hand back", a.name);
            assert!(!a.tools.contains(&DelegateTool::NAME), "{} would delegate again", a.name);
        }
        assert_eq!(agent(AgentId::Bi).domain, "Business Intelligence and analytics");
    }

    #[tokio::test]
    async fn ending_a_delegation_keeps_a_summary_worth_keeping() {
        let ctx = crate::testing::context_in("UTC");
        let out = EndDelegationTool.call(EndDelegationInput { summary: Some("  Found 3 orders. ".into()) }, &ctx).await.unwrap();
        assert_eq!(out, EndDelegationResult { ended: true, summary: Some("Found 3 orders.".into()) });
        let out = EndDelegationTool.call(EndDelegationInput { summary: Some("  ".into()) }, &ctx).await.unwrap();
        assert_eq!(out.summary, None);
        crate::testing::golden(EndDelegationTool::NAME, &EndDelegationResult { ended: true, summary: Some("Found 3 orders.".into()) });
    }

    #[tokio::test]
    async fn without_a_runner_a_delegation_fails_with_a_clear_error() {
        let ctx = crate::testing::context_in("UTC");
        let err = DelegateTool.call(DelegateToAgentInput { agent_id: AgentId::Wms, instruction: "count".into() }, &ctx).await.unwrap_err();
        assert_eq!(err.to_string(), "Sub-agents cannot run here");
    }
}
