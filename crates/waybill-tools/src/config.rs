//! A family's config section: its `[tools.<family>]` table in `waybill.toml`, then
//! environment overrides whose names are derived from the section's type, never written
//! by hand: field `geocoding_url` of family `weather` is `WAYBILL_WEATHER_GEOCODING_URL`,
//! a nested table adds its name (`WAYBILL_DEMO_AUTH_TOKEN`), a list is comma-separated.
//! Defaults are the type's `Default`.

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::typed::schema_of;

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ConfigError {
    #[error("invalid value for {name}: {message}")]
    Env { name: String, message: String },
    #[error("invalid [tools.{family}] section: {message}")]
    Section { family: String, message: String },
}

/// One environment variable a section reads, and the field it sets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnvVar {
    pub name: String,
    /// The field's path in the section, e.g. `["auth", "token"]`.
    pub path: Vec<String>,
    /// The field's JSON type (`string`, `boolean`, `integer`, `number`, or `array of …`).
    pub kind: String,
}

/// The environment variables of family `family`'s section of type `C`.
pub fn env_vars<C: JsonSchema>(family: &str) -> Vec<EnvVar> {
    let mut vars = Vec::new();
    collect(&schema_of::<C>(), &mut vec![], &format!("WAYBILL_{}", upper(family)), &mut vars);
    vars
}

/// Reads the section: `file` (the section's table, if the file has one), then the
/// environment through `var`, into `C`.
pub fn section<C: DeserializeOwned + JsonSchema>(family: &str, file: Option<&Value>, var: &dyn Fn(&str) -> Option<String>) -> Result<C, ConfigError> {
    let mut value = match file {
        Some(Value::Object(table)) => Value::Object(table.clone()),
        Some(other) => return Err(ConfigError::Section { family: family.into(), message: format!("expected a table, found {other}") }),
        None => Value::Object(Map::new()),
    };
    for env in env_vars::<C>(family) {
        let Some(raw) = var(&env.name).filter(|v| !v.is_empty()) else { continue };
        let parsed = parse(&raw, &env.kind).map_err(|message| ConfigError::Env { name: env.name.clone(), message })?;
        set(&mut value, &env.path, parsed);
    }
    serde_json::from_value(value).map_err(|e| ConfigError::Section { family: family.into(), message: e.to_string() })
}

fn upper(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_uppercase() } else { '_' }).collect()
}

/// The JSON type of a schema, looking through `Option` (`["string", "null"]`).
fn kind_of(schema: &Value) -> Option<String> {
    match &schema["type"] {
        Value::String(kind) => Some(kind.clone()),
        Value::Array(kinds) => kinds.iter().filter_map(Value::as_str).find(|k| *k != "null").map(str::to_owned),
        _ => schema["anyOf"].as_array().and_then(|options| options.iter().find_map(|o| kind_of(o).filter(|k| k != "null"))),
    }
}

fn collect(schema: &Value, path: &mut Vec<String>, prefix: &str, out: &mut Vec<EnvVar>) {
    let Some(properties) = schema["properties"].as_object() else { return };
    for (field, sub) in properties {
        path.push(field.clone());
        let name = format!("{prefix}_{}", upper(field));
        match kind_of(sub).as_deref() {
            Some("object") => collect(sub.get("anyOf").and_then(|a| a.as_array()).and_then(|a| a.first()).unwrap_or(sub), path, &name, out),
            Some("array") => {
                let item = kind_of(&sub["items"]).unwrap_or_else(|| "string".into());
                out.push(EnvVar { name, path: path.clone(), kind: format!("array of {item}") });
            }
            Some(kind @ ("string" | "boolean" | "integer" | "number")) => out.push(EnvVar { name, path: path.clone(), kind: kind.to_owned() }),
            _ => {}
        }
        path.pop();
    }
}

fn parse(raw: &str, kind: &str) -> Result<Value, String> {
    let raw = raw.trim();
    Ok(match kind {
        "string" => Value::String(raw.to_owned()),
        "boolean" => match raw.to_ascii_lowercase().as_str() {
            "true" | "1" | "yes" | "on" => Value::Bool(true),
            "false" | "0" | "no" | "off" => Value::Bool(false),
            _ => return Err(format!("'{raw}' is not true or false")),
        },
        "integer" => raw.parse::<i64>().map(Value::from).map_err(|_| format!("'{raw}' is not a whole number"))?,
        "number" => raw.parse::<f64>().ok().and_then(serde_json::Number::from_f64).map(Value::Number).ok_or(format!("'{raw}' is not a number"))?,
        list => {
            let item = list.strip_prefix("array of ").unwrap_or("string");
            Value::Array(raw.split(',').map(str::trim).filter(|s| !s.is_empty()).map(|s| parse(s, item)).collect::<Result<_, _>>()?)
        }
    })
}

fn set(value: &mut Value, path: &[String], leaf: Value) {
    let (last, parents) = path.split_last().expect("a field path is never empty");
    let mut at = value;
    for key in parents {
        if !at.get(key).is_some_and(Value::is_object) {
            at[key.as_str()] = Value::Object(Map::new());
        }
        at = &mut at[key.as_str()];
    }
    at[last.as_str()] = leaf;
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Debug, Deserialize, JsonSchema, PartialEq)]
    #[serde(default, deny_unknown_fields)]
    struct Section {
        enabled: bool,
        base_url: String,
        retries: u32,
        ratio: f64,
        hosts: Vec<String>,
        token: Option<String>,
        auth: Auth,
    }

    #[derive(Debug, Deserialize, JsonSchema, PartialEq, Default)]
    #[serde(default, deny_unknown_fields)]
    struct Auth {
        header: String,
    }

    impl Default for Section {
        fn default() -> Self {
            Self { enabled: true, base_url: "https://example.com".into(), retries: 3, ratio: 0.5, hosts: vec![], token: None, auth: Auth::default() }
        }
    }

    #[test]
    fn names_are_derived_from_the_type() {
        let names: Vec<String> = env_vars::<Section>("demo-wms").into_iter().map(|v| v.name).collect();
        assert_eq!(
            names,
            [
                "WAYBILL_DEMO_WMS_AUTH_HEADER",
                "WAYBILL_DEMO_WMS_BASE_URL",
                "WAYBILL_DEMO_WMS_ENABLED",
                "WAYBILL_DEMO_WMS_HOSTS",
                "WAYBILL_DEMO_WMS_RATIO",
                "WAYBILL_DEMO_WMS_RETRIES",
                "WAYBILL_DEMO_WMS_TOKEN"
            ]
        );
    }

    #[test]
    fn the_file_then_the_environment_then_defaults() {
        let file = json!({"base_url": "https://file.example", "retries": 5});
        let env = |name: &str| match name {
            "WAYBILL_DEMO_RETRIES" => Some("7".to_owned()),
            "WAYBILL_DEMO_ENABLED" => Some("false".to_owned()),
            "WAYBILL_DEMO_HOSTS" => Some("a.example, b.example".to_owned()),
            "WAYBILL_DEMO_TOKEN" => Some("s3cret".to_owned()),
            "WAYBILL_DEMO_AUTH_HEADER" => Some("X-Key".to_owned()),
            _ => None,
        };
        let read: Section = section("demo", Some(&file), &env).unwrap();
        assert_eq!(
            read,
            Section {
                enabled: false,
                base_url: "https://file.example".into(),
                retries: 7,
                ratio: 0.5,
                hosts: vec!["a.example".into(), "b.example".into()],
                token: Some("s3cret".into()),
                auth: Auth { header: "X-Key".into() },
            }
        );
        assert_eq!(section::<Section>("demo", None, &|_| None).unwrap(), Section::default());
    }

    #[test]
    fn bad_values_name_their_variable_and_unknown_keys_are_refused() {
        let env = |name: &str| (name == "WAYBILL_DEMO_RETRIES").then(|| "many".to_owned());
        let err = section::<Section>("demo", None, &env).unwrap_err();
        assert_eq!(err, ConfigError::Env { name: "WAYBILL_DEMO_RETRIES".into(), message: "'many' is not a whole number".into() });
        assert!(matches!(section::<Section>("demo", Some(&json!({"bogus": 1})), &|_| None), Err(ConfigError::Section { .. })));
        assert!(matches!(section::<Section>("demo", Some(&json!("x")), &|_| None), Err(ConfigError::Section { .. })));
    }
}
