//! `timeTool` (spec 001 §2.3, §3): the current time in the user's time zone.

use futures::future::BoxFuture;
use jiff::Zoned;
use jiff::tz::TimeZone;
use serde_json::{Value, json};

use super::{Tool, ToolContext, ToolError};
use crate::lang::{Lang, fill};

pub struct TimeTool;

/// Places people name, and their zones, for the offline model.
const PLACES: &[(&str, &str)] = &[
    ("new york", "America/New_York"),
    ("nueva york", "America/New_York"),
    ("纽约", "America/New_York"),
    ("紐約", "America/New_York"),
    ("ニューヨーク", "America/New_York"),
    ("los angeles", "America/Los_Angeles"),
    ("chicago", "America/Chicago"),
    ("denver", "America/Denver"),
    ("toronto", "America/Toronto"),
    ("mexico city", "America/Mexico_City"),
    ("são paulo", "America/Sao_Paulo"),
    ("sao paulo", "America/Sao_Paulo"),
    ("london", "Europe/London"),
    ("londres", "Europe/London"),
    ("伦敦", "Europe/London"),
    ("倫敦", "Europe/London"),
    ("ロンドン", "Europe/London"),
    ("paris", "Europe/Paris"),
    ("berlin", "Europe/Berlin"),
    ("madrid", "Europe/Madrid"),
    ("rotterdam", "Europe/Amsterdam"),
    ("amsterdam", "Europe/Amsterdam"),
    ("dubai", "Asia/Dubai"),
    ("singapore", "Asia/Singapore"),
    ("shanghai", "Asia/Shanghai"),
    ("beijing", "Asia/Shanghai"),
    ("pekín", "Asia/Shanghai"),
    ("pékin", "Asia/Shanghai"),
    ("peking", "Asia/Shanghai"),
    ("北京", "Asia/Shanghai"),
    ("上海", "Asia/Shanghai"),
    ("hong kong", "Asia/Hong_Kong"),
    ("taipei", "Asia/Taipei"),
    ("tokyo", "Asia/Tokyo"),
    ("tokio", "Asia/Tokyo"),
    ("東京", "Asia/Tokyo"),
    ("东京", "Asia/Tokyo"),
    ("seoul", "Asia/Seoul"),
    ("sydney", "Australia/Sydney"),
    ("悉尼", "Australia/Sydney"),
    ("雪梨", "Australia/Sydney"),
    ("シドニー", "Australia/Sydney"),
    ("utc", "UTC"),
];

impl TimeTool {
    fn now(zone: &str) -> Result<Value, ToolError> {
        let tz = TimeZone::get(zone).map_err(|_| ToolError::Invalid(format!("Unknown time zone '{zone}'")))?;
        let now = Zoned::now().with_time_zone(tz);
        Ok(json!({
            "time": now.strftime("%H:%M:%S").to_string(),
            "date": now.strftime("%Y-%m-%d").to_string(),
            "timezone": zone,
            "hourFormat": "24",
            "hours": now.hour(),
            "minutes": now.minute(),
            "seconds": now.second(),
            "weekday": now.strftime("%A").to_string(),
            "utcOffset": now.strftime("%:z").to_string(),
            "iso": now.timestamp().to_string(),
        }))
    }
}

impl Tool for TimeTool {
    fn name(&self) -> &str {
        "timeTool"
    }

    fn description(&self) -> &str {
        "Get the current date and time. Uses the user's time zone unless another IANA time zone is given."
    }

    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "timezone": {"type": "string", "description": "IANA time zone such as Asia/Tokyo; defaults to the user's"}
            },
            "additionalProperties": false
        })
    }

    fn keywords(&self) -> &[&str] {
        &["time", "clock", "date", "today", "now", "hour", "timezone", "o'clock", "几点", "幾點", "时间", "時間", "日期", "何時", "時刻", "日付", "hora", "fecha", "uhrzeit", "spät", "datum", "heure"]
    }

    fn execute<'a>(&'a self, input: Value, ctx: &'a ToolContext) -> BoxFuture<'a, Result<Value, ToolError>> {
        Box::pin(async move {
            let zone = input.get("timezone").and_then(Value::as_str).filter(|z| !z.is_empty()).unwrap_or(&ctx.timezone);
            Self::now(zone)
        })
    }

    fn offline_input(&self, text: &str, _: &ToolContext) -> Option<Value> {
        let lower = text.to_lowercase();
        let named = text.split(|c: char| c.is_whitespace() || ",;?!()".contains(c)).find(|w| w.contains('/') && TimeZone::get(w).is_ok());
        let zone = named.map(str::to_owned).or_else(|| PLACES.iter().find(|(place, _)| lower.contains(place)).map(|(_, z)| (*z).to_owned()));
        Some(match zone {
            Some(zone) => json!({"timezone": zone}),
            None => json!({}),
        })
    }

    fn summarize(&self, output: &Value, lang: Lang) -> Option<String> {
        let template = lang.pick([
            "It is {time} on {weekday}, {date} in {zone} (UTC{offset}).",
            "{zone}现在是{date}（{weekday}）{time}，UTC{offset}。",
            "{zone}現在是{date}（{weekday}）{time}，UTC{offset}。",
            "En {zone} son las {time} del {weekday}, {date} (UTC{offset}).",
            "{zone}は{date}（{weekday}）{time}です（UTC{offset}）。",
            "In {zone} ist es {time} am {weekday}, {date} (UTC{offset}).",
            "À {zone}, il est {time}, le {weekday} {date} (UTC{offset}).",
        ]);
        let weekday = weekday_in(output["weekday"].as_str()?, lang)?;
        let values = [
            ("time", output["time"].as_str()?),
            ("weekday", weekday),
            ("date", output["date"].as_str()?),
            ("zone", output["timezone"].as_str()?),
            ("offset", output["utcOffset"].as_str()?),
        ];
        Some(fill(template, &values))
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick(["The time lookup", "时间查询", "時間查詢", "La consulta de la hora", "時刻の確認", "Die Zeitabfrage", "La consultation de l'heure"]))
    }
}

/// An English weekday name (as the tool's output carries it) in `lang`.
fn weekday_in(english: &str, lang: Lang) -> Option<&'static str> {
    const DAYS: [[&str; 7]; 7] = [
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
        ["星期一", "星期二", "星期三", "星期四", "星期五", "星期六", "星期日"],
        ["星期一", "星期二", "星期三", "星期四", "星期五", "星期六", "星期日"],
        ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"],
        ["月曜日", "火曜日", "水曜日", "木曜日", "金曜日", "土曜日", "日曜日"],
        ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
        ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
    ];
    let index = DAYS[0].iter().position(|d| *d == english)?;
    Some(lang.pick(DAYS)[index])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn answers_in_the_users_zone_or_the_one_asked_for() {
        let ctx = ToolContext::new("t", "f", "u", "Asia/Tokyo", "c");
        let out = TimeTool.execute(json!({}), &ctx).await.unwrap();
        assert_eq!(out["timezone"], "Asia/Tokyo");
        assert_eq!(out["utcOffset"], "+09:00");
        let hours = out["hours"].as_i64().unwrap();
        assert!((0..24).contains(&hours));
        assert_eq!(out["time"].as_str().unwrap().len(), 8);
        let out = TimeTool.execute(json!({"timezone": "UTC"}), &ctx).await.unwrap();
        assert_eq!(out["utcOffset"], "+00:00");
        assert!(TimeTool.execute(json!({"timezone": "Mars/Olympus"}), &ctx).await.is_err());
        assert!(TimeTool.summarize(&out, Lang::En).unwrap().contains("in UTC (UTC+00:00)"));
        for lang in Lang::ALL {
            let sentence = TimeTool.summarize(&out, lang).unwrap();
            assert!(sentence.contains("UTC+00:00") && !sentence.contains('{'), "{lang:?}: {sentence}");
        }
    }

    #[test]
    fn the_offline_model_finds_places_and_zone_names() {
        let ctx = ToolContext::new("t", "f", "u", "UTC", "c");
        assert_eq!(TimeTool.offline_input("What time is it in Tokyo?", &ctx), Some(json!({"timezone": "Asia/Tokyo"})));
        assert_eq!(TimeTool.offline_input("time in Europe/Berlin please", &ctx), Some(json!({"timezone": "Europe/Berlin"})));
        assert_eq!(TimeTool.offline_input("what time is it", &ctx), Some(json!({})));
        for question in ["东京现在几点？", "東京現在幾點？", "東京は今何時ですか？", "Wie spät ist es in Tokio?", "¿Qué hora es en Tokio?"] {
            assert_eq!(TimeTool.offline_input(question, &ctx), Some(json!({"timezone": "Asia/Tokyo"})), "{question}");
        }
        assert_eq!(TimeTool.offline_input("ロンドンは何時？", &ctx), Some(json!({"timezone": "Europe/London"})));
    }
}
