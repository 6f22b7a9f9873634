//! The forms family: `requestUserInput`, the form the assistant asks the user to fill
//! (spec 001 §2.19, §2.20, §3). A client tool: the turn ends, the card shows the form,
//! and the answer resumes when the user submits (the values, `submitted: true`, and the
//! labels of what they picked in selectors) or cancels (`submitted: false`,
//! `canceled: true`). Field definitions are the spec's: every field type, `dependsOn`
//! (dotted paths such as `taskCmd.customerId`), arrays of items built from
//! `arrayItemFields`, the address sub-form.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use futures::future::BoxFuture;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use waybill_tools::lang::{Lang, fill};
use waybill_tools::{Clock, Family, Services, Tool, ToolContext, ToolError, TypedTool, typed};

use crate::NoConfig;

mod offline;

pub use offline::{inbound_receipt_form, pickup_request_form};

/// Most fields in a form, and in one array item.
pub const MAX_FIELDS: usize = 40;
/// Most options of a select, radio or checkbox group.
pub const MAX_OPTIONS: usize = 200;

pub struct Forms;

impl Family for Forms {
    const NAME: &'static str = "forms";
    type Config = NoConfig;

    fn tools(&self, _: &NoConfig, services: &Services) -> Vec<Arc<dyn Tool>> {
        vec![typed(RequestUserInputTool::new(services.clock.clone()))]
    }
}

/// The field types of the dynamic form (spec 001 §2.20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/forms/")]
pub enum FieldType {
    Text,
    Textarea,
    Number,
    Select,
    Checkbox,
    CheckboxGroup,
    Radio,
    Date,
    Datetime,
    Time,
    File,
    UserSelector,
    CustomerSelector,
    TitleSelector,
    GeneralProjectSelector,
    JobcodeSelector,
    CarrierSelector,
    DeliveryServiceSelector,
    ItemmasterSelector,
    ItemmasterUomSelector,
    StateSelector,
    Switch,
    Array,
    Address,
    AccessorialMultipleSelector,
    MultipleUserSelector,
    JiraAssignableUserSelector,
}

impl FieldType {
    /// Selectors read their options from `GET /api/options/{kind}`, `kind` being the type.
    pub fn is_selector(self) -> bool {
        matches!(
            self,
            FieldType::UserSelector
                | FieldType::CustomerSelector
                | FieldType::TitleSelector
                | FieldType::GeneralProjectSelector
                | FieldType::JobcodeSelector
                | FieldType::CarrierSelector
                | FieldType::DeliveryServiceSelector
                | FieldType::ItemmasterSelector
                | FieldType::ItemmasterUomSelector
                | FieldType::StateSelector
                | FieldType::AccessorialMultipleSelector
                | FieldType::MultipleUserSelector
                | FieldType::JiraAssignableUserSelector
        )
    }
}

/// One choice of a select, radio or checkbox group.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export_to = "tools/forms/")]
pub struct FieldOption {
    #[schemars(length(min = 1, max = 200))]
    pub label: String,
    #[schemars(length(min = 1, max = 200))]
    pub value: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 500))]
    #[ts(optional)]
    pub description: Option<String>,
}

/// A field of an array's items: a field of its own kind, without items of its own.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/forms/")]
pub struct ItemField {
    /// Its key in the item: letters, digits and underscores
    #[schemars(length(min = 1, max = 64), regex(pattern = r"^[A-Za-z_][A-Za-z0-9_]*$"))]
    pub name: String,
    #[schemars(length(min = 1, max = 200))]
    pub label: String,
    #[serde(rename = "type")]
    #[ts(rename = "type")]
    pub kind: FieldType,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(as = "Option<bool>", optional)]
    pub required: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(as = "Option<bool>", optional)]
    pub readonly: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub default_value: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 1000))]
    #[ts(optional)]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 200))]
    #[ts(optional)]
    pub placeholder: Option<String>,
    /// The choices of a select, radio or checkbox group
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = 200))]
    #[ts(as = "Option<Vec<FieldOption>>", optional)]
    pub options: Vec<FieldOption>,
    /// The field whose value this one depends on: another field of the item, or of the
    /// form (a dotted path such as `taskCmd.customerId` reaches into an object)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = 200))]
    #[ts(optional)]
    pub depends_on: Option<String>,
}

/// A field of the form (spec 001 §3, "Form field definition").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/forms/")]
pub struct FormField {
    /// Its key in the submitted values: letters, digits and underscores
    #[schemars(length(min = 1, max = 64), regex(pattern = r"^[A-Za-z_][A-Za-z0-9_]*$"))]
    pub name: String,
    #[schemars(length(min = 1, max = 200))]
    pub label: String,
    #[serde(rename = "type")]
    #[ts(rename = "type")]
    pub kind: FieldType,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(as = "Option<bool>", optional)]
    pub required: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(as = "Option<bool>", optional)]
    pub readonly: bool,
    /// The value it starts with. For a selector: an option's value, `{value, label}`, or the
    /// user's words for one ("Pacific Outdoor Supply"), which the form looks up and picks
    /// when one option matches
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub default_value: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 1000))]
    #[ts(optional)]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 200))]
    #[ts(optional)]
    pub placeholder: Option<String>,
    /// The choices of a select, radio or checkbox group
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = 200))]
    #[ts(as = "Option<Vec<FieldOption>>", optional)]
    pub options: Vec<FieldOption>,
    /// The field whose value this one depends on (a dotted path such as
    /// `taskCmd.customerId` reaches into an object)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = 200))]
    #[ts(optional)]
    pub depends_on: Option<String>,
    /// An array's item fields
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = 40))]
    #[ts(as = "Option<Vec<ItemField>>", optional)]
    pub array_item_fields: Vec<ItemField>,
    /// What one item of an array is called ("line", "pallet"); "item" when not given
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = 60))]
    #[ts(optional)]
    pub item_label: Option<String>,
}

/// `requestUserInput`'s input: the form to show.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/forms/")]
pub struct UserInputRequest {
    #[schemars(length(min = 1, max = 200))]
    pub title: String,
    /// What the form is for, in a sentence or two
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 2000))]
    #[ts(optional)]
    pub description: Option<String>,
    #[schemars(length(min = 1, max = 40))]
    pub fields: Vec<FormField>,
}

/// What a selector's pick was: its value, what the user saw, and the record behind it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export_to = "tools/forms/")]
pub struct PickedOption {
    pub value: Value,
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub data: Option<Value>,
}

/// One selector's picks: one option, or several for the multiple selectors.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(untagged)]
#[ts(export_to = "tools/forms/")]
pub enum FieldLabels {
    One(PickedOption),
    Many(Vec<PickedOption>),
}

/// What the browser posts back (spec 001 §3, "Form submit result").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/forms/")]
pub struct UserInputResult {
    /// True when the user submitted the form.
    pub submitted: bool,
    /// True when the user canceled it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(as = "Option<bool>", optional)]
    pub canceled: bool,
    /// The values by field name (arrays as lists of items, each with its `__metadata`).
    #[serde(default)]
    pub values: BTreeMap<String, Value>,
    /// For selector fields: what was picked, by field name.
    #[serde(default)]
    pub labels: BTreeMap<String, FieldLabels>,
}

pub struct RequestUserInputTool {
    clock: Arc<dyn Clock>,
}

impl RequestUserInputTool {
    pub fn new(clock: Arc<dyn Clock>) -> Self {
        Self { clock }
    }

    /// The user's day, in their time zone (UTC when it is not known).
    fn today(&self, timezone: &str) -> jiff::civil::Date {
        let zone = jiff::tz::TimeZone::get(timezone).unwrap_or(jiff::tz::TimeZone::UTC);
        self.clock.now().to_zoned(zone).date()
    }
}

/// Yes or no, for a checkbox or a switch.
fn yes_no(value: bool, lang: Lang) -> &'static str {
    if value { lang.pick(["yes", "是", "是", "sí", "はい", "ja", "oui"]) } else { lang.pick(["no", "否", "否", "no", "いいえ", "nein", "non"]) }
}

/// A submitted field in the user's words: the picked options' labels, a count of items,
/// yes or no, the text; `None` when left empty.
fn shown_field(field: &FormField, output: &UserInputResult, lang: Lang) -> Option<String> {
    let value = output.values.get(&field.name)?;
    let option_label = |v: &str| field.options.iter().find(|o| o.value == v).map_or_else(|| v.to_owned(), |o| o.label.clone());
    match (field.kind, value) {
        (FieldType::Select | FieldType::Radio, Value::String(v)) if !v.is_empty() => Some(option_label(v)),
        (FieldType::CheckboxGroup, Value::Array(list)) if !list.is_empty() => {
            Some(list.iter().filter_map(Value::as_str).map(option_label).collect::<Vec<_>>().join(", "))
        }
        (FieldType::Checkbox | FieldType::Switch, Value::Bool(b)) => Some(yes_no(*b, lang).to_owned()),
        (FieldType::Array, Value::Array(items)) => Some(items.len().to_string()),
        _ => shown(&field.name, value, &output.labels),
    }
}

/// A submitted value in a sentence: a selector's label, an array's count, the value.
fn shown(name: &str, value: &Value, labels: &BTreeMap<String, FieldLabels>) -> Option<String> {
    match (labels.get(name), value) {
        (Some(FieldLabels::One(picked)), _) => Some(picked.label.clone()),
        (Some(FieldLabels::Many(picked)), _) if !picked.is_empty() => Some(picked.iter().map(|p| p.label.as_str()).collect::<Vec<_>>().join(", ")),
        (_, Value::Array(items)) => Some(items.len().to_string()),
        (_, Value::String(s)) if !s.trim().is_empty() => Some(s.trim().chars().take(200).collect()),
        (_, Value::Number(n)) => Some(n.to_string()),
        (_, Value::Bool(b)) => Some(b.to_string()),
        (_, Value::Object(o)) => {
            let parts: Vec<&str> = o.values().filter_map(Value::as_str).filter(|s| !s.is_empty()).collect();
            (!parts.is_empty()).then(|| parts.join(", "))
        }
        _ => None,
    }
}

impl TypedTool for RequestUserInputTool {
    type Input = UserInputRequest;
    type Output = UserInputResult;
    const NAME: &'static str = "requestUserInput";

    fn description(&self) -> &str {
        "Ask the user to fill a form in the chat and wait for the answer: use it when a task needs several details (a customer, a carrier, items, dates, an address) the user has not given. Fields: text, textarea, number, select/radio/checkboxGroup (with options), checkbox, switch, date, datetime, time, file, address, array (repeating items from arrayItemFields), and selectors that search the company's master data (customerSelector, carrierSelector, deliveryServiceSelector dependsOn a carrier, itemmasterSelector dependsOn a customer, itemmasterUomSelector dependsOn an item, userSelector, multipleUserSelector, titleSelector, jobcodeSelector, generalProjectSelector, stateSelector, accessorialMultipleSelector, jiraAssignableUserSelector). The answer carries the values, and for selectors the labels the user saw; a canceled form means the user declined."
    }

    fn keywords(&self) -> &[&str] {
        &[
            "receipt",
            "inbound",
            "receiving",
            "asn",
            "form",
            "pickup",
            "pick-up",
            "收货",
            "入库",
            "表单",
            "提货",
            "入荷",
            "集荷",
            "recepción",
            "recogida",
            "wareneingang",
            "abholung",
            "réception",
            "enlèvement",
        ]
    }

    fn runs_on_client(&self) -> bool {
        true
    }

    fn timeout(&self) -> Duration {
        Duration::from_secs(5)
    }

    fn offline_input(&self, text: &str, ctx: &ToolContext) -> Option<UserInputRequest> {
        offline::form_for(text, ctx.caller.lang, self.today(&ctx.caller.timezone))
    }

    fn call<'a>(&'a self, _: UserInputRequest, _: &'a ToolContext) -> BoxFuture<'a, Result<UserInputResult, ToolError>> {
        Box::pin(std::future::ready(Err(ToolError::Failed("requestUserInput runs in the browser".into()))))
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick(["The form", "表单", "表單", "El formulario", "フォーム", "Das Formular", "Le formulaire"]))
    }

    fn summarize(&self, output: &UserInputResult, lang: Lang) -> Option<String> {
        if !output.submitted {
            return Some(
                lang.pick([
                    "You canceled the form, so I have done nothing with it.",
                    "您取消了表单，我没有做任何操作。",
                    "您取消了表單，我沒有做任何操作。",
                    "Cancelaste el formulario, así que no hice nada con él.",
                    "フォームがキャンセルされたため、何も行っていません。",
                    "Sie haben das Formular abgebrochen, also habe ich nichts damit getan.",
                    "Vous avez annulé le formulaire, je n'en ai donc rien fait.",
                ])
                .into(),
            );
        }
        // Without the form's fields the answers go by their names; the mirrored task
        // command is the customer again.
        let parts: Vec<String> = output
            .values
            .iter()
            .filter(|(name, _)| !name.starts_with("__") && name.as_str() != "taskCmd")
            .filter_map(|(name, value)| shown(name, value, &output.labels).map(|v| format!("{name}: {v}")))
            .collect();
        Some(thanks(&parts, lang))
    }

    fn summarize_call(&self, input: &UserInputRequest, output: &UserInputResult, lang: Lang) -> Option<String> {
        if !output.submitted {
            return self.summarize(output, lang);
        }
        let parts: Vec<String> = input.fields.iter().filter_map(|f| shown_field(f, output, lang).map(|v| format!("{}: {v}", f.label))).collect();
        Some(thanks(&parts, lang))
    }
}

/// The thanks for a submitted form, with its answers.
fn thanks(parts: &[String], lang: Lang) -> String {
    let template = lang.pick([
        "Thank you, I have your answers — {values}.",
        "谢谢，已收到您的填写内容——{values}。",
        "謝謝，已收到您的填寫內容——{values}。",
        "Gracias, tengo tus respuestas: {values}.",
        "ありがとうございます。回答を受け取りました — {values}。",
        "Danke, ich habe Ihre Angaben — {values}.",
        "Merci, j'ai vos réponses — {values}.",
    ]);
    fill(template, &[("values", &parts.join("; "))])
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// 2026-11-23 09:30 UTC.
    fn tool() -> RequestUserInputTool {
        RequestUserInputTool::new(Arc::new(crate::testing::FixedClock("2026-11-23T09:30:00Z")))
    }

    fn form(text: &str) -> UserInputRequest {
        let ctx = ToolContext::new(waybill_tools::Caller { timezone: "America/Los_Angeles".into(), ..Default::default() }, "c");
        tool().offline_input(text, &ctx).unwrap_or_else(|| panic!("no form for {text:?}"))
    }

    fn default_of<'a>(form: &'a UserInputRequest, name: &str) -> Option<&'a Value> {
        form.fields.iter().find(|f| f.name == name).and_then(|f| f.default_value.as_ref())
    }

    #[test]
    fn a_form_starts_with_what_the_user_said() {
        let receipt = form("create an inbound receipt for customer Pacific Outdoor Supply with UPS, PO-48213, expected tomorrow");
        assert_eq!(default_of(&receipt, "customerId"), Some(&json!("Pacific Outdoor Supply")));
        assert_eq!(default_of(&receipt, "carrierId"), Some(&json!("UPS")));
        assert_eq!(default_of(&receipt, "poNumber"), Some(&json!("PO-48213")));
        assert_eq!(default_of(&receipt, "expectedDate"), Some(&json!("2026-11-24")), "tomorrow in the user's zone");
        let bare = form("create an inbound receipt");
        assert!(bare.fields.iter().all(|f| f.default_value.is_none()), "nothing said, nothing filled");

        let pickup = form("book a carrier pickup for Pacific Outdoor Supply on 2026-12-02 at 2 pm at door D05");
        assert_eq!(pickup.title, "Carrier pickup");
        assert_eq!(default_of(&pickup, "customerId"), Some(&json!("Pacific Outdoor Supply")));
        assert_eq!(default_of(&pickup, "windowStart"), Some(&json!("2026-12-02 14:00:00")));
        assert_eq!(default_of(&pickup, "windowEnd"), Some(&json!("2026-12-02 16:00:00")), "a window of two hours from the time said");
        assert_eq!(default_of(&pickup, "kind"), Some(&json!("outbound")));
        assert_eq!(default_of(&pickup, "doorId"), Some(&json!("D05")));
        assert_eq!(default_of(&form("schedule a pickup tomorrow at 10:30"), "windowStart"), Some(&json!("2026-11-24 10:30:00")));
        let ctx = ToolContext::detached();
        assert!(tool().offline_input("what is the weather in Paris", &ctx).is_none(), "no form for words that ask for none");
    }

    #[test]
    fn the_answer_speaks_the_forms_words() {
        let receipt = inbound_receipt_form(Lang::En);
        let result: UserInputResult = serde_json::from_value(json!({
            "submitted": true,
            "values": {"customerId": "CUS-0001", "taskCmd": {"customerId": "CUS-0001"}, "carrierId": "CAR-015", "poNumber": "PO-48213", "expectedDate": "2026-12-01",
                "items": [{"itemId": "ITM-1", "uom": "CS", "quantity": 12, "__metadata": {}}]},
            "labels": {"customerId": {"value": "CUS-0001", "label": "Pacific Outdoor Supply"}, "carrierId": {"value": "CAR-015", "label": "UPS"}}
        }))
        .unwrap();
        let text = tool().summarize_call(&receipt, &result, Lang::En).unwrap();
        assert_eq!(
            text,
            "Thank you, I have your answers — Customer: Pacific Outdoor Supply; PO number: PO-48213; Carrier: UPS; Items: 1; Expected date: 2026-12-01."
        );
        assert!(!text.contains("taskCmd") && !text.contains("customerId"));

        let pickup = pickup_request_form(Lang::De);
        let result: UserInputResult = serde_json::from_value(json!({
            "submitted": true,
            "values": {"serviceLevel": "expedited", "equipment": ["reefer", "liftgate"], "hazmat": false},
            "labels": {}
        }))
        .unwrap();
        let text = tool().summarize_call(&pickup, &result, Lang::De).unwrap();
        assert!(
            text.contains("Servicestufe: Express") && text.contains("Ausrüstung: Kühlauflieger, Ladebordwand") && text.contains("Gefahrgut: nein"),
            "{text}"
        );
    }

    #[test]
    fn the_offline_forms_are_valid_requests_in_every_language() {
        let registry = waybill_tools::Registry::new(vec![typed(tool())]);
        for lang in Lang::ALL {
            let form = inbound_receipt_form(lang);
            registry.validate(RequestUserInputTool::NAME, &serde_json::to_value(&form).unwrap()).unwrap();
            let items = form.fields.iter().find(|f| f.kind == FieldType::Array).unwrap();
            assert_eq!(items.array_item_fields[0].depends_on.as_deref(), Some("customerId"), "items depend on the form's customer");
            registry.validate(RequestUserInputTool::NAME, &serde_json::to_value(pickup_request_form(lang)).unwrap()).unwrap();
        }
    }

    #[test]
    fn between_them_the_offline_forms_use_every_field_type() {
        let mut used: Vec<FieldType> = [inbound_receipt_form(Lang::En), pickup_request_form(Lang::En)]
            .iter()
            .flat_map(|f| f.fields.iter().flat_map(|f| std::iter::once(f.kind).chain(f.array_item_fields.iter().map(|i| i.kind))))
            .collect();
        used.sort_by_key(|k| serde_json::to_string(k).unwrap());
        used.dedup();
        // The address's state is a stateSelector; titles, job codes and tracker assignees
        // are the same selector over other lists.
        let elsewhere = |t: &FieldType| {
            matches!(t, FieldType::StateSelector | FieldType::TitleSelector | FieldType::JobcodeSelector | FieldType::JiraAssignableUserSelector)
        };
        let missing: Vec<FieldType> = ALL_TYPES.into_iter().filter(|t| !used.contains(t) && !elsewhere(t)).collect();
        assert!(missing.is_empty(), "no offline form shows {missing:?}");
        let pickup = pickup_request_form(Lang::En);
        let project = pickup.fields.iter().find(|f| f.name == "projectId").unwrap();
        assert_eq!(project.depends_on.as_deref(), Some("taskCmd.customerId"), "a dotted dependency on the mirrored customer");
        assert_eq!(form("book a carrier pickup for tomorrow").title, "Carrier pickup");
        assert_eq!(form("create an inbound receipt").title, "New inbound receipt");
    }

    const ALL_TYPES: [FieldType; 27] = [
        FieldType::Text,
        FieldType::Textarea,
        FieldType::Number,
        FieldType::Select,
        FieldType::Checkbox,
        FieldType::CheckboxGroup,
        FieldType::Radio,
        FieldType::Date,
        FieldType::Datetime,
        FieldType::Time,
        FieldType::File,
        FieldType::UserSelector,
        FieldType::CustomerSelector,
        FieldType::TitleSelector,
        FieldType::GeneralProjectSelector,
        FieldType::JobcodeSelector,
        FieldType::CarrierSelector,
        FieldType::DeliveryServiceSelector,
        FieldType::ItemmasterSelector,
        FieldType::ItemmasterUomSelector,
        FieldType::StateSelector,
        FieldType::Switch,
        FieldType::Array,
        FieldType::Address,
        FieldType::AccessorialMultipleSelector,
        FieldType::MultipleUserSelector,
        FieldType::JiraAssignableUserSelector,
    ];

    #[test]
    fn field_types_are_the_specs_names() {
        for (kind, name) in [
            (FieldType::CheckboxGroup, "checkboxGroup"),
            (FieldType::Datetime, "datetime"),
            (FieldType::Textarea, "textarea"),
            (FieldType::ItemmasterUomSelector, "itemmasterUomSelector"),
            (FieldType::JiraAssignableUserSelector, "jiraAssignableUserSelector"),
        ] {
            assert_eq!(serde_json::to_value(kind).unwrap(), name);
        }
        assert!(FieldType::StateSelector.is_selector() && !FieldType::Array.is_selector());
    }

    #[test]
    fn a_field_name_that_is_no_identifier_or_an_unknown_type_is_refused() {
        let registry = waybill_tools::Registry::new(vec![typed(tool())]);
        let bad = json!({"title": "x", "fields": [{"name": "a b", "label": "A", "type": "text"}]});
        assert!(registry.validate(RequestUserInputTool::NAME, &bad).unwrap_err().to_string().contains("/fields/0/name"));
        let bad = json!({"title": "x", "fields": [{"name": "a", "label": "A", "type": "colour"}]});
        assert!(registry.validate(RequestUserInputTool::NAME, &bad).is_err());
        let bad = json!({"title": "x", "fields": []});
        assert!(registry.validate(RequestUserInputTool::NAME, &bad).is_err(), "a form has a field");
    }

    #[test]
    fn the_answer_reads_selector_labels_counts_and_values() {
        let result: UserInputResult = serde_json::from_value(json!({
            "submitted": true,
            "values": {"customerId": "CUS-0001", "items": [{"itemId": "ITM-1", "__metadata": {}}, {"itemId": "ITM-2"}], "expectedDate": "2026-12-01", "notes": ""},
            "labels": {"customerId": {"value": "CUS-0001", "label": "Pacific Outdoor Supply", "data": {"merchantNo": "M10001"}}}
        }))
        .unwrap();
        let text = tool().summarize(&result, Lang::En).unwrap();
        assert_eq!(
            text, "Thank you, I have your answers — customerId: Pacific Outdoor Supply; expectedDate: 2026-12-01; items: 2.",
            "without the form, by the fields' names"
        );
        let canceled = UserInputResult { submitted: false, canceled: true, values: BTreeMap::new(), labels: BTreeMap::new() };
        assert!(tool().summarize(&canceled, Lang::En).unwrap().starts_with("You canceled the form"));
        crate::testing::golden(RequestUserInputTool::NAME, &result);
    }
}
