//! The time family: `timeTool` (spec 001 §2.3, §3), the current time in the user's time
//! zone or one asked for.

use std::sync::Arc;

use futures::future::BoxFuture;
use jiff::tz::TimeZone;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use waybill_tools::lang::{Lang, fill};
use waybill_tools::{Clock, Family, Services, Tool, ToolContext, ToolError, TypedTool, typed};

use crate::NoConfig;

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

/// The `time` family: one tool, no configuration.
pub struct Time;

impl Family for Time {
    const NAME: &'static str = "time";
    type Config = NoConfig;

    fn tools(&self, _: &NoConfig, services: &Services) -> Vec<Arc<dyn Tool>> {
        vec![typed(TimeTool::new(services.clock.clone()))]
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/time/")]
pub struct TimeInput {
    /// IANA time zone such as Asia/Tokyo; defaults to the user's
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub timezone: Option<String>,
}

/// `timeTool`'s result (spec 001 §3): the time in one zone, read at one instant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/time/")]
pub struct TimeReport {
    /// `HH:MM:SS`, 24-hour.
    pub time: String,
    /// `YYYY-MM-DD`.
    pub date: String,
    /// The IANA zone.
    pub timezone: String,
    /// Always `"24"`: `time` and `hours` count to 24.
    pub hour_format: String,
    pub hours: i8,
    pub minutes: i8,
    pub seconds: i8,
    /// In English (`Monday`).
    pub weekday: String,
    /// `+09:00`.
    pub utc_offset: String,
    /// The instant, RFC 3339 in UTC.
    pub iso: String,
}

pub struct TimeTool {
    clock: Arc<dyn Clock>,
}

impl TimeTool {
    pub fn new(clock: Arc<dyn Clock>) -> Self {
        Self { clock }
    }

    fn at(instant: jiff::Timestamp, zone: &str) -> Result<TimeReport, ToolError> {
        let tz = TimeZone::get(zone).map_err(|_| ToolError::Invalid(format!("Unknown time zone '{zone}'")))?;
        let now = instant.to_zoned(tz);
        Ok(TimeReport {
            time: now.strftime("%H:%M:%S").to_string(),
            date: now.strftime("%Y-%m-%d").to_string(),
            timezone: zone.to_owned(),
            hour_format: "24".into(),
            hours: now.hour(),
            minutes: now.minute(),
            seconds: now.second(),
            weekday: now.strftime("%A").to_string(),
            utc_offset: now.strftime("%:z").to_string(),
            iso: now.timestamp().to_string(),
        })
    }
}

impl TypedTool for TimeTool {
    type Input = TimeInput;
    type Output = TimeReport;
    const NAME: &'static str = "timeTool";

    fn description(&self) -> &str {
        "Get the current date and time. Uses the user's time zone unless another IANA time zone is given."
    }

    fn keywords(&self) -> &[&str] {
        &[
            "time", "clock", "date", "today", "now", "hour", "timezone", "o'clock", "几点", "幾點", "时间", "時間", "日期", "何時", "時刻", "日付", "hora",
            "fecha", "uhrzeit", "spät", "datum", "heure",
        ]
    }

    fn call<'a>(&'a self, input: TimeInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<TimeReport, ToolError>> {
        let zone = input.timezone.filter(|z| !z.is_empty()).unwrap_or_else(|| ctx.timezone().to_owned());
        Box::pin(std::future::ready(Self::at(self.clock.now(), &zone)))
    }

    fn offline_input(&self, text: &str, _: &ToolContext) -> Option<TimeInput> {
        let lower = text.to_lowercase();
        let named = text.split(|c: char| c.is_whitespace() || ",;?!()".contains(c)).find(|w| w.contains('/') && TimeZone::get(w).is_ok());
        let timezone = named.map(str::to_owned).or_else(|| PLACES.iter().find(|(place, _)| lower.contains(place)).map(|(_, z)| (*z).to_owned()));
        Some(TimeInput { timezone })
    }

    fn summarize(&self, output: &TimeReport, lang: Lang) -> Option<String> {
        let template = lang.pick([
            "It is {time} on {weekday}, {date} in {zone} (UTC{offset}).",
            "{zone}现在是{date}（{weekday}）{time}，UTC{offset}。",
            "{zone}現在是{date}（{weekday}）{time}，UTC{offset}。",
            "En {zone} son las {time} del {weekday}, {date} (UTC{offset}).",
            "{zone}は{date}（{weekday}）{time}です（UTC{offset}）。",
            "In {zone} ist es {time} am {weekday}, {date} (UTC{offset}).",
            "À {zone}, il est {time}, le {weekday} {date} (UTC{offset}).",
        ]);
        let weekday = weekday_in(&output.weekday, lang)?;
        let values = [("time", output.time.as_str()), ("weekday", weekday), ("date", &output.date), ("zone", &output.timezone), ("offset", &output.utc_offset)];
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
    use crate::testing::{FixedClock, context_in};

    fn tool() -> TimeTool {
        TimeTool { clock: Arc::new(FixedClock("2026-11-24T15:30:05Z")) }
    }

    #[tokio::test]
    async fn answers_in_the_users_zone_or_the_one_asked_for() {
        let ctx = context_in("Asia/Tokyo");
        let out = tool().call(TimeInput::default(), &ctx).await.unwrap();
        assert_eq!((out.timezone.as_str(), out.utc_offset.as_str(), out.time.as_str(), out.date.as_str()), ("Asia/Tokyo", "+09:00", "00:30:05", "2026-11-25"));
        assert_eq!((out.hours, out.minutes, out.seconds, out.weekday.as_str()), (0, 30, 5, "Wednesday"));
        let london = tool().call(TimeInput { timezone: Some("Europe/London".into()) }, &ctx).await.unwrap();
        assert_eq!(london.utc_offset, "+00:00", "London keeps GMT in November");
        assert!(tool().call(TimeInput { timezone: Some("Mars/Olympus".into()) }, &ctx).await.is_err());
        assert!(tool().summarize(&london, Lang::En).unwrap().contains("in Europe/London (UTC+00:00)"));
        for lang in Lang::ALL {
            let sentence = tool().summarize(&london, lang).unwrap();
            assert!(sentence.contains("UTC+00:00") && !sentence.contains('{'), "{lang:?}: {sentence}");
        }
        crate::testing::golden(TimeTool::NAME, &out);
    }

    #[test]
    fn the_offline_model_finds_places_and_zone_names() {
        let ctx = context_in("UTC");
        let zone = |text: &str| tool().offline_input(text, &ctx).unwrap().timezone;
        assert_eq!(zone("What time is it in Tokyo?").as_deref(), Some("Asia/Tokyo"));
        assert_eq!(zone("time in Europe/Berlin please").as_deref(), Some("Europe/Berlin"));
        assert_eq!(zone("what time is it"), None);
        for question in ["东京现在几点？", "東京現在幾點？", "東京は今何時ですか？", "Wie spät ist es in Tokio?", "¿Qué hora es en Tokio?"]
        {
            assert_eq!(zone(question).as_deref(), Some("Asia/Tokyo"), "{question}");
        }
        assert_eq!(zone("ロンドンは何時？").as_deref(), Some("Europe/London"));
    }
}
