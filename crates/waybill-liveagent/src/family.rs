//! The `live_agent` family: the live-agent tables, and `connectLiveAgent`, which offers
//! the user a hand-over to a person. The tool changes nothing — its result tells the chat
//! to show the connect button under the answer (spec 002 §2); connecting is the user's
//! press, so it asks no approval.

use std::sync::Arc;

use futures::future::BoxFuture;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use waybill_tools::lang::Lang;
use waybill_tools::{Family, Migrations, Services, Tool, ToolContext, ToolError, TypedTool, typed};

static SQLITE: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

/// The family's tool section has nothing to set; the service is configured by the
/// server's `[live_agent]` section.
#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LiveAgentToolConfig {}

/// The live-agent family.
pub struct LiveAgent;

impl Family for LiveAgent {
    const NAME: &'static str = "live_agent";
    type Config = LiveAgentToolConfig;

    fn tools(&self, _: &LiveAgentToolConfig, _: &Services) -> Vec<Arc<dyn Tool>> {
        vec![typed(ConnectLiveAgentTool)]
    }

    fn migrations(&self) -> Option<Migrations> {
        Some(Migrations { sqlite: &SQLITE, postgres: &POSTGRES })
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/live_agent/")]
pub struct ConnectLiveAgentInput {
    /// Why a person should take over, in a few words (shown to the user)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 500))]
    #[ts(optional)]
    pub reason: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/live_agent/")]
pub struct ConnectLiveAgentOutput {
    /// Always true: the chat shows the connect button under this answer.
    pub offered: bool,
    /// Why a person should take over.
    pub reason: String,
}

/// The reason given when the model names none.
pub const DEFAULT_REASON: &str = "The user asked to talk to a person";

pub struct ConnectLiveAgentTool;

impl TypedTool for ConnectLiveAgentTool {
    type Input = ConnectLiveAgentInput;
    type Output = ConnectLiveAgentOutput;
    const NAME: &'static str = "connectLiveAgent";

    fn description(&self) -> &str {
        "Offers the user a hand-over to a human live agent of their company: the chat shows a Connect to Live Agent button. \
         Call it when the user asks for a person, or when a claim, a complaint or a stuck case needs one. It connects nobody by itself."
    }

    fn keywords(&self) -> &[&str] {
        &[
            // English
            "live agent",
            "human agent",
            "real person",
            "a person",
            "a human",
            "representative",
            "connect me",
            "talk to someone",
            "speak to someone",
            // Spanish
            "agente humano",
            "agente en vivo",
            "persona real",
            "una persona",
            "un humano",
            // French
            "agent humain",
            "conseiller",
            "une personne",
            "vraie personne",
            "un humain",
            // German
            "einem menschen",
            "einem mitarbeiter",
            "echten person",
            "einer person",
            // Japanese
            "オペレーター",
            "有人",
            "人間",
            "担当者",
            // Chinese (Simplified and Traditional)
            "人工客服",
            "人工服务",
            "人工服務",
            "转人工",
            "轉人工",
            "真人",
        ]
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick([
            "Live agent hand-over",
            "转接人工客服",
            "轉接真人客服",
            "Traspaso a un agente",
            "有人オペレーターへの切り替え",
            "Übergabe an einen Mitarbeiter",
            "Transfert vers un conseiller",
        ]))
    }

    fn summarize(&self, _: &ConnectLiveAgentOutput, lang: Lang) -> Option<String> {
        Some(
            lang.pick([
                "A person from your team can take over: press Connect to Live Agent below.",
                "您的团队成员可以接手：请点击下方的连接人工客服按钮。",
                "您的團隊成員可以接手：請點擊下方的連接真人客服按鈕。",
                "Una persona de su equipo puede continuar: pulse el botón de abajo para conectar con un agente.",
                "チームの担当者が引き継げます。下のボタンを押してオペレーターにつないでください。",
                "Eine Person aus Ihrem Team kann übernehmen: Drücken Sie unten die Schaltfläche, um einen Mitarbeiter zu verbinden.",
                "Une personne de votre équipe peut prendre le relais : appuyez sur le bouton ci-dessous pour joindre un conseiller.",
            ])
            .to_owned(),
        )
    }

    fn call<'a>(&'a self, input: ConnectLiveAgentInput, _: &'a ToolContext) -> BoxFuture<'a, Result<ConnectLiveAgentOutput, ToolError>> {
        let reason = input.reason.map(|r| r.trim().to_owned()).filter(|r| !r.is_empty()).unwrap_or_else(|| DEFAULT_REASON.to_owned());
        Box::pin(std::future::ready(Ok(ConnectLiveAgentOutput { offered: true, reason })))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn offers_the_button_and_writes_its_golden_sample() {
        let ctx = ToolContext::detached();
        let out = ConnectLiveAgentTool.call(ConnectLiveAgentInput::default(), &ctx).await.unwrap();
        assert_eq!(out, ConnectLiveAgentOutput { offered: true, reason: DEFAULT_REASON.into() });
        let out = ConnectLiveAgentTool.call(ConnectLiveAgentInput { reason: Some(" A damaged-freight claim ".into()) }, &ctx).await.unwrap();
        assert_eq!(out.reason, "A damaged-freight claim");
        waybill_tools::golden::write(ConnectLiveAgentTool::NAME, &out);
    }
}
