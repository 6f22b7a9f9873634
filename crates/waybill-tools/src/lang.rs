//! The seven interface languages, for the few sentences the server writes itself (the
//! offline model's answers) and for telling a model which language the user reads.

/// An interface language, as the web app names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Lang {
    #[default]
    En,
    ZhCn,
    ZhTw,
    Es,
    Ja,
    De,
    Fr,
}

impl Lang {
    pub const ALL: [Lang; 7] = [Lang::En, Lang::ZhCn, Lang::ZhTw, Lang::Es, Lang::Ja, Lang::De, Lang::Fr];

    /// The tag the web app uses (`en`, `zh-CN`, …).
    pub fn code(self) -> &'static str {
        match self {
            Self::En => "en",
            Self::ZhCn => "zh-CN",
            Self::ZhTw => "zh-TW",
            Self::Es => "es",
            Self::Ja => "ja",
            Self::De => "de",
            Self::Fr => "fr",
        }
    }

    /// The language's name in English, for instructions to a model.
    pub fn english_name(self) -> &'static str {
        match self {
            Self::En => "English",
            Self::ZhCn => "Simplified Chinese",
            Self::ZhTw => "Traditional Chinese",
            Self::Es => "Spanish",
            Self::Ja => "Japanese",
            Self::De => "German",
            Self::Fr => "French",
        }
    }

    /// One language tag (`de-CH`, `zh-Hant`, `fr`) as one of ours, if it is one.
    pub fn from_tag(tag: &str) -> Option<Self> {
        let tag = tag.trim().to_ascii_lowercase().replace('_', "-");
        let primary = tag.split('-').next().unwrap_or_default();
        Some(match primary {
            "en" => Self::En,
            "es" => Self::Es,
            "ja" => Self::Ja,
            "de" => Self::De,
            "fr" => Self::Fr,
            "zh" => {
                let traditional = tag.split('-').skip(1).any(|sub| matches!(sub, "tw" | "hk" | "mo" | "hant"));
                if traditional { Self::ZhTw } else { Self::ZhCn }
            }
            _ => return None,
        })
    }

    /// The most preferred of ours in an `Accept-Language` header (its q-values honoured),
    /// English when none is ours.
    pub fn from_accept_language(header: &str) -> Self {
        let mut ranked: Vec<(f32, usize, Lang)> = header
            .split(',')
            .enumerate()
            .filter_map(|(order, item)| {
                let mut pieces = item.split(';');
                let lang = Self::from_tag(pieces.next()?)?;
                let q = pieces.filter_map(|p| p.trim().strip_prefix("q=")).find_map(|q| q.trim().parse::<f32>().ok()).unwrap_or(1.0);
                (q > 0.0).then_some((q, order, lang))
            })
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        ranked.first().map_or(Self::En, |(_, _, lang)| *lang)
    }

    /// The entry for this language in `[en, zh-CN, zh-TW, es, ja, de, fr]`.
    pub fn pick<T: Copy>(self, texts: [T; 7]) -> T {
        texts[match self {
            Self::En => 0,
            Self::ZhCn => 1,
            Self::ZhTw => 2,
            Self::Es => 3,
            Self::Ja => 4,
            Self::De => 5,
            Self::Fr => 6,
        }]
    }
}

/// Fills `{name}` placeholders of a template with values.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    values.iter().fold(template.to_owned(), |text, (name, value)| text.replace(&format!("{{{name}}}"), value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_best_of_ours() {
        assert_eq!(Lang::from_accept_language("de-DE,de;q=0.9,en;q=0.8"), Lang::De);
        assert_eq!(Lang::from_accept_language("zh-CN"), Lang::ZhCn);
        assert_eq!(Lang::from_accept_language("zh-Hant-TW, en;q=0.5"), Lang::ZhTw);
        assert_eq!(Lang::from_accept_language("zh-HK"), Lang::ZhTw);
        assert_eq!(Lang::from_accept_language("pt-BR, fr;q=0.7, es;q=0.9"), Lang::Es);
        assert_eq!(Lang::from_accept_language("ko, it"), Lang::En);
        assert_eq!(Lang::from_accept_language("ja;q=0, fr"), Lang::Fr);
        assert_eq!(Lang::from_accept_language(""), Lang::En);
        for lang in Lang::ALL {
            assert_eq!(Lang::from_tag(lang.code()), Some(lang));
        }
    }

    #[test]
    fn templates_are_filled_by_name() {
        assert_eq!(fill("{a} and {b}, {a}", &[("a", "x"), ("b", "y")]), "x and y, x");
        assert_eq!(fill("no holes", &[("a", "x")]), "no holes");
    }
}
