//! What the offline model says, in the seven interface languages. Tools are named in
//! words a user knows, never by their internal names.

use waybill_tools::lang::Lang;
pub use waybill_tools::lang::fill;

/// No provider, for someone who cannot add one.
pub fn no_provider(lang: Lang) -> &'static str {
    lang.pick([
        "No AI provider is set up yet, so I can only answer simple questions such as the time or the weather somewhere; an administrator can add one.",
        "尚未配置 AI 服务，我只能回答一些简单的问题，例如某地的时间或天气；管理员可以添加 AI 服务。",
        "尚未設定 AI 服務，我只能回答一些簡單的問題，例如某地的時間或天氣；管理員可以新增 AI 服務。",
        "Todavía no hay ningún proveedor de IA configurado, así que solo puedo responder preguntas sencillas, como la hora o el tiempo en algún lugar; un administrador puede añadir uno.",
        "AI プロバイダーがまだ設定されていないため、ある場所の時刻や天気など簡単な質問にしか答えられません。管理者が追加できます。",
        "Es ist noch kein KI-Anbieter eingerichtet, daher kann ich nur einfache Fragen beantworten, etwa nach der Uhrzeit oder dem Wetter an einem Ort; eine Administratorin oder ein Administrator kann einen hinzufügen.",
        "Aucun fournisseur d'IA n'est encore configuré : je ne peux répondre qu'à des questions simples, comme l'heure ou la météo quelque part ; un administrateur peut en ajouter un.",
    ])
}

/// How an administrator adds a provider, after [`no_provider`]'s first clause.
pub fn how_to_add_a_provider(lang: Lang) -> &'static str {
    lang.pick([
        "No AI provider is set up yet, so I can only answer simple questions such as the time or the weather somewhere. To add one, give the server one of OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY or DEEPSEEK_API_KEY, or an OpenAI-compatible server (Ollama, vLLM) under [[models]] in waybill.toml, and restart Waybill.",
        "尚未配置 AI 服务，我只能回答一些简单的问题，例如某地的时间或天气。如需添加，请为服务器设置 OPENAI_API_KEY、ANTHROPIC_API_KEY、GEMINI_API_KEY 或 DEEPSEEK_API_KEY 之一，或在 waybill.toml 的 [[models]] 中添加兼容 OpenAI 的服务器（Ollama、vLLM），然后重启 Waybill。",
        "尚未設定 AI 服務，我只能回答一些簡單的問題，例如某地的時間或天氣。如需新增，請為伺服器設定 OPENAI_API_KEY、ANTHROPIC_API_KEY、GEMINI_API_KEY 或 DEEPSEEK_API_KEY 其中之一，或在 waybill.toml 的 [[models]] 中加入相容 OpenAI 的伺服器（Ollama、vLLM），然後重新啟動 Waybill。",
        "Todavía no hay ningún proveedor de IA configurado, así que solo puedo responder preguntas sencillas, como la hora o el tiempo en algún lugar. Para añadir uno, configura en el servidor OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY o DEEPSEEK_API_KEY, o un servidor compatible con OpenAI (Ollama, vLLM) en [[models]] de waybill.toml, y reinicia Waybill.",
        "AI プロバイダーがまだ設定されていないため、ある場所の時刻や天気など簡単な質問にしか答えられません。追加するには、サーバーに OPENAI_API_KEY、ANTHROPIC_API_KEY、GEMINI_API_KEY、DEEPSEEK_API_KEY のいずれかを設定するか、waybill.toml の [[models]] に OpenAI 互換サーバー（Ollama、vLLM）を追加して、Waybill を再起動してください。",
        "Es ist noch kein KI-Anbieter eingerichtet, daher kann ich nur einfache Fragen beantworten, etwa nach der Uhrzeit oder dem Wetter an einem Ort. Um einen hinzuzufügen, geben Sie dem Server OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY oder DEEPSEEK_API_KEY oder tragen Sie einen OpenAI-kompatiblen Server (Ollama, vLLM) unter [[models]] in waybill.toml ein, und starten Sie Waybill neu.",
        "Aucun fournisseur d'IA n'est encore configuré : je ne peux répondre qu'à des questions simples, comme l'heure ou la météo quelque part. Pour en ajouter un, donnez au serveur OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY ou DEEPSEEK_API_KEY, ou déclarez un serveur compatible OpenAI (Ollama, vLLM) sous [[models]] dans waybill.toml, puis redémarrez Waybill.",
    ])
}

/// A tool that failed: `{title}` and `{error}`.
pub fn tool_failed(lang: Lang) -> &'static str {
    lang.pick([
        "{title} did not work: {error}",
        "{title}失败：{error}",
        "{title}失敗：{error}",
        "{title} no funcionó: {error}",
        "{title}に失敗しました：{error}",
        "{title} hat nicht funktioniert: {error}",
        "{title} n'a pas fonctionné : {error}",
    ])
}

/// A call the user chose not to send (denied): it did not run, as they chose; not a
/// failure. `{title}`.
pub fn tool_not_sent(lang: Lang) -> &'static str {
    lang.pick([
        "{title} did not run: you chose not to send it.",
        "{title}未执行：你选择了不发送。",
        "{title}未執行：你選擇了不送出。",
        "{title} no se ejecutó: decidiste no enviar la solicitud.",
        "{title}は実行されませんでした。送信しないことを選ばれました。",
        "{title} wurde nicht ausgeführt: Sie haben entschieden, die Anfrage nicht zu senden.",
        "{title} n'a pas eu lieu : vous avez choisi de ne pas envoyer la demande.",
    ])
}

/// A tool that finished with nothing to say of its own: `{title}`.
pub fn tool_done(lang: Lang) -> &'static str {
    lang.pick([
        "{title} finished; see the card above.",
        "{title}已完成，详见上方卡片。",
        "{title}已完成，詳見上方卡片。",
        "{title} terminó; mira la tarjeta de arriba.",
        "{title}が完了しました。上のカードをご覧ください。",
        "{title} ist fertig; siehe die Karte oben.",
        "{title} est terminé ; voir la carte ci-dessus.",
    ])
}

/// A call refused for values the user has not given, asked for with a form: `{title}`.
pub fn form_for_missing(lang: Lang) -> &'static str {
    lang.pick([
        "{title} needs a few more details first; please fill in the form.",
        "{title}还需要一些信息，请填写表单。",
        "{title}還需要一些資訊，請填寫表單。",
        "{title} necesita algunos datos más; rellena el formulario, por favor.",
        "{title}にはもう少し情報が必要です。フォームに入力してください。",
        "{title} braucht noch ein paar Angaben; bitte füllen Sie das Formular aus.",
        "{title} a besoin de quelques précisions ; merci de remplir le formulaire.",
    ])
}

/// A tool without a title of its own, named after its internal name: `dockScheduleTool`
/// becomes "Dock schedule".
pub fn fallback_title(name: &str) -> String {
    let base = name.strip_suffix("Tool").unwrap_or(name);
    let mut words = String::new();
    for (i, c) in base.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            words.push(' ');
            words.extend(c.to_lowercase());
        } else if i == 0 {
            words.extend(c.to_uppercase());
        } else {
            words.push(c);
        }
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_its_own_words_and_the_placeholders() {
        for lang in Lang::ALL {
            for template in [tool_failed(lang), tool_not_sent(lang), tool_done(lang), form_for_missing(lang)] {
                assert!(template.contains("{title}"), "{lang:?}: {template}");
            }
            assert!(tool_failed(lang).contains("{error}"));
            assert!(how_to_add_a_provider(lang).contains("[[models]]") && !how_to_add_a_provider(lang).contains("]("), "{lang:?}");
            assert!(how_to_add_a_provider(lang).contains("OPENAI_API_KEY"));
            assert!(!no_provider(lang).contains("OPENAI_API_KEY"), "no how-to for those who cannot act on it");
            if lang != Lang::En {
                assert_ne!(no_provider(lang), no_provider(Lang::En), "{lang:?} is translated");
            }
        }
        assert_eq!(fill("{title} did not work: {error}", &[("title", "The clock"), ("error", "no zone")]), "The clock did not work: no zone");
        assert_eq!(fallback_title("dockScheduleTool"), "Dock schedule");
        assert_eq!(fallback_title("taskCompleted"), "Task completed");
    }
}
