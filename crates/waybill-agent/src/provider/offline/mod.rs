//! `waybill-offline`: the built-in model for machines without an AI provider.
//!
//! It is not a language model and never pretends to be one. It picks the tool whose
//! name or keywords best match the user's words, fills the arguments from the text,
//! and after the tools ran it answers with each tool's own one-line summary, in the
//! reader's interface language. With no matching tool it says that no provider is set
//! up: to an admin, with how to add one; to anyone else, that an administrator can. A
//! matching tool that is not offered because its service is not configured says how to
//! configure it instead.
//! Same input, same output.

mod words;

use futures::stream;

use serde_json::Value;

use super::{AssistantContent, EventStream, ModelEvent, ModelMessage, ModelProvider, ModelRequest, StopReason, ToolResult};
use crate::convert::{is_denied, last_user_text, last_user_typed_text};
use waybill_tools::lang::Lang;
use waybill_tools::{Registry, ToolContext};

pub const MODEL_ID: &str = "waybill-offline";

pub struct OfflineModel {
    registry: Registry,
}

impl OfflineModel {
    pub fn new(registry: Registry) -> Self {
        Self { registry }
    }

    /// The matching tools for `text` among the offered ones, best first, with their
    /// scores: the most keywords matched, and of tools matching as many, the one named
    /// first in the text ("delegate: count to two" asks to delegate, not to count).
    fn ranked(&self, text: &str, offered: &[String]) -> Vec<(String, usize)> {
        let lower = text.to_lowercase();
        let words: Vec<(usize, &str)> = lower
            .split(|c: char| !c.is_alphanumeric() && c != '\'')
            .scan(0usize, |at, w| {
                let start = lower[*at..].find(w).map_or(*at, |i| *at + i);
                *at = start + w.len();
                Some((start, w))
            })
            .filter(|(_, w)| !w.is_empty())
            .collect();
        let mut matches: Vec<(String, usize, usize)> = Vec::new();
        for name in offered {
            // Client tools (forms, captures) are picked too: the card asks the user, and
            // the answer summarises what they sent back.
            let Some(tool) = self.registry.get(name) else { continue };
            let mut score = 0;
            let mut first = usize::MAX;
            for k in tool.keywords() {
                // ASCII keywords match whole words (or phrases); others match anywhere.
                let at = if k.is_ascii() && !k.contains(' ') { words.iter().find(|(_, w)| w == k).map(|(i, _)| *i) } else { lower.find(&k.to_lowercase()) };
                if let Some(at) = at {
                    score += 1;
                    first = first.min(at);
                }
            }
            if let Some(at) = lower.find(&name.to_lowercase()) {
                score += 1;
                first = first.min(at);
            }
            if score > 0 {
                matches.push((name.clone(), score, first));
            }
        }
        // Stable: of equals, the one offered first.
        matches.sort_by(|(_, s1, f1), (_, s2, f2)| s2.cmp(s1).then(f1.cmp(f2)));
        matches.into_iter().map(|(name, score, _)| (name, score)).collect()
    }

    /// A tool's name in the reader's words.
    fn title(&self, name: &str, lang: Lang) -> String {
        self.registry.get(name).and_then(|t| t.title(lang)).map_or_else(|| words::fallback_title(name), str::to_owned)
    }

    fn answer(&self, request: &ModelRequest) -> Vec<ModelEvent> {
        let mut events = Vec::new();
        let lang = request.audience.lang;
        match request.messages.last() {
            Some(ModelMessage::Tool(results)) => {
                let sentences: Vec<String> = results
                    .iter()
                    .map(|r| {
                        let title = self.title(&r.name, lang);
                        if is_denied(r) {
                            // The user's choice, not a failure.
                            words::fill(words::tool_not_sent(lang), &[("title", &title)])
                        } else if r.is_error {
                            words::fill(words::tool_failed(lang), &[("title", &title), ("error", &error_text(r))])
                        } else {
                            self.registry
                                .get(&r.name)
                                .and_then(|t| match input_of(&request.messages, &r.id) {
                                    Some(input) => t.summarize_call(input, &r.output, lang),
                                    None => t.summarize(&r.output, lang),
                                })
                                .unwrap_or_else(|| words::fill(words::tool_done(lang), &[("title", &title)]))
                        }
                    })
                    .collect();
                let text = last_user_text(&request.messages).unwrap_or_default();
                let offered: Vec<String> = request.tools.iter().map(|t| t.name.clone()).collect();
                let ctx = context_of(request);
                // A submitted form goes on to what it was asked for; a call refused for
                // values the user has not given asks for them with a form, where one fits
                // and none was answered since the user's words.
                let missing = results.iter().find(|r| r.is_error && waybill_tools::tool::is_missing_values(&error_text(r)));
                let next = if let Some(call) =
                    results.iter().filter(|r| !r.is_error && submitted(&r.output)).find_map(|r| self.follow_up(&text, &r.output, &offered, &ctx))
                {
                    push_text(&mut events, &sentences.join(" "));
                    Some(call)
                } else if let Some(refused) = missing.filter(|_| !answered_since_asked(&request.messages, &self.registry))
                    && let Some(form) = self.form_for(&text, &offered, &ctx)
                {
                    let title = self.title(&refused.name, lang);
                    push_text(&mut events, &words::fill(words::form_for_missing(lang), &[("title", &title)]));
                    Some(form)
                } else {
                    push_text(&mut events, &sentences.join(" "));
                    None
                };
                match next {
                    Some((name, input)) => push_call(&mut events, name, &input),
                    None => events.push(ModelEvent::Finish(StopReason::Stop)),
                }
            }
            _ => {
                // The tool is chosen by what the user typed (an attached file's contents
                // would outvote it); its arguments may come from the attachments too.
                let text = last_user_text(&request.messages).unwrap_or_default();
                let typed = last_user_typed_text(&request.messages).unwrap_or_default();
                let offered: Vec<String> = request.tools.iter().map(|t| t.name.clone()).collect();
                let ctx = context_of(request);
                // The best match that can fill its arguments from the words: a tool that
                // cannot ("ask an agent" naming none) leaves the call to the next one.
                let call = self
                    .ranked(&typed, &offered)
                    .into_iter()
                    .find_map(|(name, _)| self.registry.get(&name).and_then(|t| t.offline_input(&text, &ctx)).map(|input| (name, input)));
                match call {
                    Some((name, input)) => push_call(&mut events, name, &input),
                    None => {
                        // A tool that would answer but is not set up says how to set it up.
                        let unoffered: Vec<String> = self.registry.names().filter(|n| !offered.iter().any(|o| o == n)).map(str::to_owned).collect();
                        let hint = self.ranked(&typed, &unoffered).into_iter().find_map(|(name, _)| self.registry.get(&name).and_then(|t| t.setup_hint(lang)));
                        let text = match hint {
                            Some(hint) => hint,
                            None if request.audience.admin => words::how_to_add_a_provider(lang),
                            None => words::no_provider(lang),
                        };
                        push_text(&mut events, text);
                        events.push(ModelEvent::Finish(StopReason::Stop));
                    }
                }
            }
        }
        events
    }
}

impl OfflineModel {
    /// The call that carries out a submitted form: the first offered tool that can fill
    /// its arguments from the answers.
    fn follow_up(&self, text: &str, answers: &Value, offered: &[String], ctx: &ToolContext) -> Option<(String, Value)> {
        let answers = &zoned_answers(answers, &ctx.caller.timezone);
        offered
            .iter()
            .filter_map(|name| self.registry.get(name))
            .filter(|t| !t.runs_on_client())
            .find_map(|t| t.offline_follow_up(text, answers, ctx).map(|input| (t.name().to_owned(), input)))
    }

    /// A form that asks what the user's words need: an offered client tool that has one.
    fn form_for(&self, text: &str, offered: &[String], ctx: &ToolContext) -> Option<(String, Value)> {
        offered.iter().filter_map(|name| self.registry.get(name)).filter(|t| t.runs_on_client()).find_map(|t| {
            // A client tool that asks nothing in particular (an empty input) is no form.
            t.offline_input(text, ctx).filter(|input| input.as_object().is_none_or(|o| !o.is_empty())).map(|input| (t.name().to_owned(), input))
        })
    }
}

/// A form's answers with each date and time of day (`2026-12-02 14:00:00`, as a form's
/// date-time field gives it) as the moment it is in the user's zone
/// (`2026-12-02T14:00:00-08:00`), as systems take a time; the rest as answered.
fn zoned_answers(answers: &Value, timezone: &str) -> Value {
    let Ok(zone) = jiff::tz::TimeZone::get(timezone).or_else(|_| jiff::tz::TimeZone::get("UTC")) else { return answers.clone() };
    let mut answers = answers.clone();
    if let Some(Value::Object(values)) = answers.get_mut("values") {
        for value in values.values_mut() {
            let Some(local) = value.as_str().filter(|s| s.len() == 19 && s.as_bytes()[10] == b' ').and_then(|s| s.parse::<jiff::civil::DateTime>().ok()) else {
                continue;
            };
            if let Ok(moment) = local.to_zoned(zone.clone()) {
                *value = Value::String(moment.strftime("%Y-%m-%dT%H:%M:%S%:z").to_string());
            }
        }
    }
    answers
}

/// The context the offline model fills arguments in: the reader, when known.
fn context_of(request: &ModelRequest) -> ToolContext {
    request.audience.caller.as_ref().map_or_else(ToolContext::detached, |caller| ToolContext::new((**caller).clone(), "offline"))
}

/// A failed result's text.
fn error_text(result: &ToolResult) -> String {
    result.output.as_str().map_or_else(|| result.output.to_string(), str::to_owned)
}

/// Whether a result is a submitted form's (`submitted: true` with its values).
fn submitted(output: &Value) -> bool {
    output.get("submitted") == Some(&Value::Bool(true)) && output.get("values").is_some_and(Value::is_object)
}

/// The input of the call `id`, as the model wrote it earlier in the conversation.
fn input_of<'a>(messages: &'a [ModelMessage], id: &str) -> Option<&'a Value> {
    messages.iter().rev().find_map(|m| match m {
        ModelMessage::Assistant(content) => content.iter().find_map(|c| match c {
            AssistantContent::ToolCall(call) if call.id == id => Some(&call.input),
            _ => None,
        }),
        _ => None,
    })
}

/// Whether a client tool (a form) was answered since the user's last words: then a form
/// is not asked again for the same request.
fn answered_since_asked(messages: &[ModelMessage], registry: &Registry) -> bool {
    messages
        .iter()
        .rev()
        .take_while(|m| !matches!(m, ModelMessage::User(_)))
        .any(|m| matches!(m, ModelMessage::Tool(results) if results.iter().any(|r| registry.get(&r.name).is_some_and(|t| t.runs_on_client()))))
}

/// Streams one tool call, its arguments a few characters at a time, and ends the step.
fn push_call(events: &mut Vec<ModelEvent>, name: String, input: &Value) {
    let id = format!("call_{}", uuid::Uuid::new_v4().simple());
    events.push(ModelEvent::ToolCallStart { id: id.clone(), name });
    let json = input.to_string();
    for piece in chunks(&json, 16) {
        events.push(ModelEvent::ToolCallDelta { id: id.clone(), delta: piece.to_owned() });
    }
    events.push(ModelEvent::Finish(StopReason::ToolCalls));
}

impl ModelProvider for OfflineModel {
    fn stream(&self, request: ModelRequest) -> EventStream {
        Box::pin(stream::iter(self.answer(&request).into_iter().map(Ok)))
    }
}

/// Streams text a few words at a time, like a model would.
fn push_text(events: &mut Vec<ModelEvent>, text: &str) {
    let mut piece = String::new();
    for (i, word) in text.split_inclusive(' ').enumerate() {
        piece.push_str(word);
        if i % 4 == 3 {
            events.push(ModelEvent::TextDelta(std::mem::take(&mut piece)));
        }
    }
    if !piece.is_empty() {
        events.push(ModelEvent::TextDelta(piece));
    }
}

fn chunks(text: &str, size: usize) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let mut end = (start + size).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        out.push(&text[start..end]);
        start = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::{Audience, ToolResult, ToolSpec, UserContent};
    use futures::StreamExt;
    use serde_json::{Value, json};

    /// Tools that need no services: time, thinking, task completion.
    fn basic_tools() -> Registry {
        use waybill_families::{task::TaskCompletedTool, thinking::SequentialThinkingTool, time::TimeTool};
        use waybill_tools::{SystemClock, typed};
        Registry::new(vec![typed(TimeTool::new(std::sync::Arc::new(SystemClock))), typed(SequentialThinkingTool), typed(TaskCompletedTool)])
    }

    fn request(messages: Vec<ModelMessage>, registry: &Registry) -> ModelRequest {
        request_for(messages, registry, Audience::default())
    }

    fn request_for(messages: Vec<ModelMessage>, registry: &Registry, audience: Audience) -> ModelRequest {
        let tools = registry.iter().map(|t| ToolSpec { name: t.name().into(), description: t.description().into(), input_schema: t.input_schema() }).collect();
        ModelRequest { model: MODEL_ID.into(), system: None, messages, tools, options: Default::default(), audience }
    }

    fn text_of(events: &[ModelEvent]) -> String {
        events.iter().filter_map(|e| if let ModelEvent::TextDelta(t) = e { Some(t.as_str()) } else { None }).collect()
    }

    async fn events(model: &OfflineModel, req: ModelRequest) -> Vec<ModelEvent> {
        model.stream(req).map(Result::unwrap).collect().await
    }

    #[tokio::test]
    async fn a_time_question_calls_the_time_tool_with_the_place() {
        let registry = basic_tools();
        let model = OfflineModel::new(registry.clone());
        let out = events(&model, request(vec![ModelMessage::User(vec![UserContent::Text("What time is it in Tokyo?".into())])], &registry)).await;
        let ModelEvent::ToolCallStart { name, .. } = &out[0] else { panic!("{out:?}") };
        assert_eq!(name, "timeTool");
        let args: String = out.iter().filter_map(|e| if let ModelEvent::ToolCallDelta { delta, .. } = e { Some(delta.as_str()) } else { None }).collect();
        assert_eq!(serde_json::from_str::<Value>(&args).unwrap(), json!({"timezone": "Asia/Tokyo"}));
        assert_eq!(out.last(), Some(&ModelEvent::Finish(StopReason::ToolCalls)));
    }

    #[tokio::test]
    async fn results_are_summarised_and_unmatched_words_explain_the_setup() {
        let registry = basic_tools();
        let model = OfflineModel::new(registry.clone());
        let output = json!({"time": "09:30:00", "weekday": "Monday", "date": "2026-11-23", "timezone": "UTC", "utcOffset": "+00:00", "hourFormat": "24", "hours": 9, "minutes": 30, "seconds": 0, "iso": "2026-11-23T09:30:00Z"});
        let after = vec![ModelMessage::Tool(vec![ToolResult { id: "c".into(), name: "timeTool".into(), output, is_error: false }])];
        let text: String = events(&model, request(after, &registry))
            .await
            .iter()
            .filter_map(|e| if let ModelEvent::TextDelta(t) = e { Some(t.as_str()) } else { None })
            .collect();
        assert_eq!(text, "It is 09:30:00 on Monday, 2026-11-23 in UTC (UTC+00:00).");

        let hello = vec![ModelMessage::User(vec![UserContent::Text("Hello there".into())])];
        let out = events(&model, request(hello.clone(), &registry)).await;
        assert_eq!(text_of(&out), words::no_provider(Lang::En));
        assert!(!text_of(&out).contains("OPENAI_API_KEY"), "a user who is not an admin gets one sentence");
        assert_eq!(events(&model, request(hello.clone(), &registry)).await, out, "deterministic");
        let admin = events(&model, request_for(hello, &registry, Audience { lang: Lang::En, admin: true, caller: None })).await;
        assert!(text_of(&admin).contains("OPENAI_API_KEY") && text_of(&admin).contains("waybill.toml"), "{}", text_of(&admin));
    }

    /// A tool whose service is not configured: registered, never offered.
    struct Unconfigured;

    impl waybill_tools::Tool for Unconfigured {
        fn name(&self) -> &str {
            "webSearch"
        }
        fn description(&self) -> &str {
            "Searches the web."
        }
        fn input_schema(&self) -> Value {
            json!({"type": "object"})
        }
        fn keywords(&self) -> &[&str] {
            &["search the web", "google"]
        }
        fn execute<'a>(&'a self, _: Value, _: &'a ToolContext) -> futures::future::BoxFuture<'a, Result<Value, waybill_tools::ToolError>> {
            Box::pin(async { Ok(json!({})) })
        }
        fn setup_hint(&self, lang: Lang) -> Option<&'static str> {
            Some(lang.pick([
                "Set a search provider.",
                "设置搜索服务。",
                "設定搜尋服務。",
                "Configura un proveedor.",
                "検索プロバイダーを設定してください。",
                "Suchanbieter einrichten.",
                "Configurez un fournisseur.",
            ]))
        }
    }

    #[tokio::test]
    async fn a_tool_that_is_not_set_up_says_how_to_set_it_up() {
        let registry = Registry::new(vec![std::sync::Arc::new(Unconfigured), std::sync::Arc::new(Unconfigured2)]);
        let model = OfflineModel::new(registry.clone());
        let ask = |text: &str| vec![ModelMessage::User(vec![UserContent::Text(text.into())])];
        // Offered nothing: the matching tool's hint, in the reader's language.
        let none_offered =
            |messages, lang| ModelRequest { tools: Vec::new(), ..request_for(messages, &registry, Audience { lang, admin: false, caller: None }) };
        assert_eq!(text_of(&events(&model, none_offered(ask("search the web for pallet prices"), Lang::En)).await), "Set a search provider.");
        assert_eq!(text_of(&events(&model, none_offered(ask("search the web for pallet prices"), Lang::De)).await), "Suchanbieter einrichten.");
        // Words no tool matches still explain the provider setup.
        assert_eq!(text_of(&events(&model, none_offered(ask("Hello there"), Lang::En)).await), words::no_provider(Lang::En));
    }

    /// Matches nothing and has no hint: only there so the registry holds more than one tool.
    struct Unconfigured2;

    impl waybill_tools::Tool for Unconfigured2 {
        fn name(&self) -> &str {
            "readWebPage"
        }
        fn description(&self) -> &str {
            "Reads a page."
        }
        fn input_schema(&self) -> Value {
            json!({"type": "object"})
        }
        fn execute<'a>(&'a self, _: Value, _: &'a ToolContext) -> futures::future::BoxFuture<'a, Result<Value, waybill_tools::ToolError>> {
            Box::pin(async { Ok(json!({})) })
        }
    }

    #[tokio::test]
    async fn answers_come_in_the_readers_language_and_name_tools_in_words() {
        let registry = basic_tools();
        let model = OfflineModel::new(registry.clone());
        let german = Audience { lang: Lang::De, admin: false, caller: None };
        let output = json!({"time": "09:30:00", "weekday": "Monday", "date": "2026-11-23", "timezone": "Europe/Berlin", "utcOffset": "+01:00", "hourFormat": "24", "hours": 9, "minutes": 30, "seconds": 0, "iso": "2026-11-23T09:30:00Z"});
        let after = vec![ModelMessage::Tool(vec![ToolResult { id: "c".into(), name: "timeTool".into(), output, is_error: false }])];
        assert_eq!(
            text_of(&events(&model, request_for(after, &registry, german.clone())).await),
            "In Europe/Berlin ist es 09:30:00 am Montag, 2026-11-23 (UTC+01:00)."
        );
        let failed =
            vec![ModelMessage::Tool(vec![ToolResult { id: "c".into(), name: "timeTool".into(), output: json!("Unknown time zone 'Mars'"), is_error: true }])];
        let text = text_of(&events(&model, request_for(failed, &registry, Audience { lang: Lang::ZhCn, admin: false, caller: None })).await);
        assert_eq!(text, "时间查询失败：Unknown time zone 'Mars'");
        assert!(!text.contains("timeTool"));
        let hello = vec![ModelMessage::User(vec![UserContent::Text("Hallo".into())])];
        assert_eq!(text_of(&events(&model, request_for(hello, &registry, german)).await), words::no_provider(Lang::De));
    }

    #[tokio::test]
    async fn a_denied_call_is_answered_as_the_users_choice_not_as_a_failure() {
        let registry = basic_tools();
        let model = OfflineModel::new(registry.clone());
        let denied =
            |output: &str| vec![ModelMessage::Tool(vec![ToolResult { id: "c".into(), name: "timeTool".into(), output: json!(output), is_error: true }])];
        let answer = |lang| {
            let request = request_for(denied(crate::convert::DENIED), &registry, Audience { lang, admin: false, caller: None });
            let model = &model;
            async move { text_of(&events(model, request).await) }
        };
        assert_eq!(answer(Lang::En).await, "The time lookup did not run: you chose not to send it.");
        assert_eq!(answer(Lang::De).await, "Die Zeitabfrage wurde nicht ausgeführt: Sie haben entschieden, die Anfrage nicht zu senden.");
        assert_eq!(answer(Lang::ZhCn).await, "时间查询未执行：你选择了不发送。");
        for lang in Lang::ALL {
            let text = answer(lang).await;
            assert!(!text.contains(crate::convert::DENIED) && !text.contains("did not work"), "{lang:?}: {text}");
        }
        // With the user's reason, still a denial.
        let with_reason = format!("{}. Their reason: Not this dock", crate::convert::DENIED);
        let text = text_of(&events(&model, request(denied(&with_reason), &registry)).await);
        assert_eq!(text, "The time lookup did not run: you chose not to send it.");
    }

    #[test]
    fn a_forms_date_times_reach_a_system_in_the_users_zone() {
        let answers = json!({"submitted": true, "values": {"windowStart": "2026-12-02 14:00:00", "expectedDate": "2026-12-01", "reference": "PO-48213"}});
        let zoned = zoned_answers(&answers, "America/Los_Angeles");
        assert_eq!(zoned["values"], json!({"windowStart": "2026-12-02T14:00:00-08:00", "expectedDate": "2026-12-01", "reference": "PO-48213"}));
        assert_eq!(zoned_answers(&answers, "")["values"]["windowStart"], "2026-12-02T14:00:00+00:00", "UTC when the zone is unknown");
    }

    #[tokio::test]
    async fn a_best_match_that_cannot_fill_its_arguments_leaves_the_call_to_the_next() {
        use waybill_families::delegation::DelegateTool;
        use waybill_families::{task::TaskCompletedTool, time::TimeTool};
        use waybill_tools::{SystemClock, typed};
        // "agent" names the delegation tool, but no agent; "time" names the clock.
        let registry = Registry::new(vec![typed(DelegateTool), typed(TimeTool::new(std::sync::Arc::new(SystemClock))), typed(TaskCompletedTool)]);
        let model = OfflineModel::new(registry.clone());
        let ask = |text: &str| vec![ModelMessage::User(vec![UserContent::Text(text.into())])];
        let out = events(&model, request(ask("agent, what time is it in Tokyo?"), &registry)).await;
        let ModelEvent::ToolCallStart { name, .. } = &out[0] else { panic!("{out:?}") };
        assert_eq!(name, "timeTool");
        let out = events(&model, request(ask("ask the BI agent for last week's volume"), &registry)).await;
        let ModelEvent::ToolCallStart { name, .. } = &out[0] else { panic!("{out:?}") };
        assert_eq!(name, "delegateToAgent");
    }
}
