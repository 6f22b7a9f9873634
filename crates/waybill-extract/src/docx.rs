//! Word documents (.docx): a zip of XML parts. The main part's paragraphs and tables are
//! read as a stream; headings are recognised from the paragraph styles (built-in
//! "heading 1"…"heading 6" names, outline levels, and style ids in several languages) and
//! make the section path.
//!
//! A zip can declare small sizes and inflate to gigabytes, so the declared sizes are
//! checked first and the inflated bytes are counted again while reading.

use std::collections::HashMap;
use std::io::{self, BufReader, Cursor, Read};

use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};

use crate::sections::SectionsBuilder;
use crate::{Document, ExtractError, Format, Limits, OLE_MAGIC, human_bytes, malformed, progress_bytes};

const MAIN_PART: &str = "word/document.xml";
const STYLES_PART: &str = "word/styles.xml";

pub(crate) fn extract(bytes: &[u8], limits: &Limits, progress: &mut dyn FnMut(u32, u32)) -> Result<Document, ExtractError> {
    if bytes.starts_with(OLE_MAGIC) {
        return Err(ole(bytes));
    }
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|_| {
        ExtractError::Malformed(
            "This file is not a valid Word document (.docx); it may be damaged or another kind of file. Open it in Word, save it as .docx and upload it again"
                .to_string(),
        )
    })?;
    let declared = |archive: &mut zip::ZipArchive<Cursor<&[u8]>>, name: &str| archive.by_name(name).map(|f| f.size()).unwrap_or(0);
    let main_size = declared(&mut archive, MAIN_PART);
    let styles_size = declared(&mut archive, STYLES_PART);
    if main_size.saturating_add(styles_size) > limits.max_unzipped {
        return Err(too_large(limits));
    }

    let mut budget = limits.max_unzipped;
    let styles = match archive.by_name(STYLES_PART) {
        Ok(part) => {
            let mut reader = xml_reader(part, budget);
            let styles = read_styles(&mut reader).map_err(|e| part_error(e, &reader, limits))?;
            budget -= reader.get_ref().get_ref().read;
            styles
        }
        Err(_) => Styles::default(),
    };

    let part = match archive.by_name(MAIN_PART) {
        Ok(part) => part,
        Err(zip::result::ZipError::FileNotFound) => {
            return Err(ExtractError::Malformed(
                "This file is a zip archive but not a Word document (.docx); open it in Word, save it as .docx and upload it again".to_string(),
            ));
        }
        Err(zip::result::ZipError::UnsupportedArchive(msg)) if msg.contains("assword") => {
            return Err(ExtractError::Encrypted(Format::Docx));
        }
        Err(_) => return Err(malformed(Format::Docx)),
    };
    let mut reader = xml_reader(part, budget);
    let mut body = Body::new(limits, &styles);
    progress_bytes(progress, 0, main_size);
    let mut buf = Vec::new();
    let mut events = 0u32;
    loop {
        let event = reader.read_event_into(&mut buf).map_err(|e| part_error(e, &reader, limits))?;
        if matches!(event, Event::Eof) {
            break;
        }
        body.event(event)?;
        buf.clear();
        events = events.wrapping_add(1);
        if events.is_multiple_of(16_384) {
            progress_bytes(progress, reader.buffer_position(), main_size);
        }
    }
    progress_bytes(progress, main_size, main_size);
    Ok(Document { title: body.title, pages: None, sections: body.builder.finish() })
}

/// Word keeps password-protected documents in an OLE container holding an
/// `EncryptedPackage` stream; an OLE file without one is the old binary .doc format.
fn ole(bytes: &[u8]) -> ExtractError {
    let marker: Vec<u8> = "EncryptedPackage".encode_utf16().flat_map(u16::to_le_bytes).collect();
    if bytes.windows(marker.len()).any(|w| w == marker) {
        ExtractError::Encrypted(Format::Docx)
    } else {
        ExtractError::Unsupported(
            "This is an older Word (.doc) or Office file, which cannot be read; open it in Word, save it as .docx and upload it again".to_string(),
        )
    }
}

fn too_large(limits: &Limits) -> ExtractError {
    ExtractError::TooLarge(format!(
        "The Word document unpacks to more than {}; split it into smaller documents and upload them separately",
        human_bytes(limits.max_unzipped)
    ))
}

/// Counts inflated bytes and fails once the budget is spent, whatever the zip declared.
struct Limited<R> {
    inner: R,
    budget: u64,
    read: u64,
    exceeded: bool,
}

impl<R: Read> Read for Limited<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let room = self.budget.saturating_sub(self.read) + 1;
        let len = buf.len().min(usize::try_from(room).unwrap_or(usize::MAX));
        let n = self.inner.read(&mut buf[..len])?;
        self.read += n as u64;
        if self.read > self.budget {
            self.exceeded = true;
            return Err(io::Error::other("inflation limit"));
        }
        Ok(n)
    }
}

type XmlReader<R> = Reader<BufReader<Limited<R>>>;

fn xml_reader<R: Read>(part: R, budget: u64) -> XmlReader<R> {
    let mut reader = Reader::from_reader(BufReader::new(Limited { inner: part, budget, read: 0, exceeded: false }));
    reader.config_mut().check_end_names = false;
    reader
}

fn part_error<R>(error: quick_xml::Error, reader: &XmlReader<R>, limits: &Limits) -> ExtractError {
    if reader.get_ref().get_ref().exceeded {
        return too_large(limits);
    }
    // The zip reader stops a part that inflates past the size its header declares, which
    // is how a zip bomb hides.
    if let quick_xml::Error::Io(e) = &error
        && e.to_string().contains("declared")
    {
        return ExtractError::TooLarge(
            "This Word document unpacks to more than it declares, as files built to overload readers do; it was not read. Open it in Word, save it again and upload the new copy".to_string(),
        );
    }
    let detail = match &error {
        quick_xml::Error::Io(e) => e.to_string(),
        other => other.to_string(),
    };
    ExtractError::Malformed(format!("This Word document is damaged ({detail}); open it in Word, save it again and upload the new copy"))
}

fn attr(e: &BytesStart<'_>, local: &str) -> Option<String> {
    e.attributes().flatten().find(|a| a.key.local_name().into_inner() == local).map(|a| a.value.into_owned())
}

fn local<'a>(e: &'a BytesStart<'_>) -> &'a str {
    e.local_name().into_inner()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Title,
    Heading(u8),
}

/// Paragraph styles that are headings, by style id.
#[derive(Default)]
struct Styles {
    roles: HashMap<String, Role>,
}

impl Styles {
    fn role(&self, style_id: &str) -> Option<Role> {
        self.roles.get(style_id).copied().or_else(|| role_from_id(style_id))
    }
}

#[derive(Default)]
struct StyleDef {
    name: Option<String>,
    based_on: Option<String>,
    outline: Option<u8>,
}

fn read_styles<R: Read>(reader: &mut XmlReader<R>) -> Result<Styles, quick_xml::Error> {
    let mut defs: HashMap<String, StyleDef> = HashMap::new();
    let mut current: Option<(String, StyleDef)> = None;
    let mut buf = Vec::new();
    loop {
        match reader.read_event_into(&mut buf)? {
            Event::Eof => break,
            Event::Start(e) | Event::Empty(e) => match local(&e) {
                "style" => {
                    let paragraph = attr(&e, "type").is_none_or(|t| t == "paragraph");
                    current = attr(&e, "styleId").filter(|_| paragraph).map(|id| (id, StyleDef::default()));
                }
                "name" | "basedOn" | "outlineLvl" => {
                    if let (Some((_, def)), Some(val)) = (&mut current, attr(&e, "val")) {
                        match local(&e) {
                            "name" => def.name = Some(val),
                            "basedOn" => def.based_on = Some(val),
                            _ => def.outline = val.trim().parse().ok(),
                        }
                    }
                }
                _ => {}
            },
            Event::End(e) if e.local_name().into_inner() == "style" => {
                if let Some((id, def)) = current.take() {
                    defs.insert(id, def);
                }
            }
            _ => {}
        }
        buf.clear();
    }
    let mut roles = HashMap::new();
    for id in defs.keys() {
        let mut at = id.as_str();
        // Custom styles inherit heading-ness from the style they are based on.
        for _ in 0..10 {
            let Some(def) = defs.get(at) else { break };
            let role = def.name.as_deref().and_then(role_from_name).or_else(|| def.outline.and_then(outline_role)).or_else(|| role_from_id(at));
            if let Some(role) = role {
                roles.insert(id.clone(), role);
                break;
            }
            match &def.based_on {
                Some(parent) => at = parent,
                None => break,
            }
        }
    }
    Ok(Styles { roles })
}

/// Word stores built-in style names in English ("heading 1", "Title") in every language.
fn role_from_name(name: &str) -> Option<Role> {
    let name = name.trim().to_ascii_lowercase();
    if name == "title" {
        return Some(Role::Title);
    }
    let level: u8 = name.strip_prefix("heading")?.trim().parse().ok()?;
    (1..=9).contains(&level).then(|| Role::Heading(level.min(6)))
}

/// Outline levels count from 0; level 9 is body text.
fn outline_role(level: u8) -> Option<Role> {
    (level <= 8).then(|| Role::Heading((level + 1).min(6)))
}

/// Style ids are the localised style name without spaces or non-ASCII letters:
/// "Heading1", "berschrift1" (Überschrift 1), "Titre1", "Kop1", "Ttulo1" (Título 1).
fn role_from_id(id: &str) -> Option<Role> {
    const PREFIXES: &[&str] = &[
        "heading",
        "berschrift",
        "uberschrift",
        "titre",
        "titolo",
        "ttulo",
        "titulo",
        "kop",
        "rubrik",
        "overskrift",
        "otsikko",
        "nagwek",
        "nadpis",
        "cmsor",
        "baslik",
        "balk",
    ];
    const TITLES: &[&str] = &["title", "titel", "titre", "titolo", "ttulo", "titulo", "tytu"];
    let lower = id.to_ascii_lowercase();
    let digits = lower.len() - lower.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let (stem, number) = lower.split_at(lower.len() - digits);
    if number.is_empty() {
        return TITLES.contains(&stem).then_some(Role::Title);
    }
    let level: u8 = number.parse().ok()?;
    (PREFIXES.contains(&stem) && (1..=9).contains(&level)).then(|| Role::Heading(level.min(6)))
}

#[derive(Default)]
struct Paragraph {
    text: String,
    style: Option<String>,
    outline: Option<u8>,
}

#[derive(Default)]
struct Table {
    row: Vec<String>,
    cell: String,
}

/// The main part as a stream of events, turned into headings and paragraphs.
struct Body<'a> {
    builder: SectionsBuilder,
    styles: &'a Styles,
    title: Option<String>,
    paragraphs: Vec<Paragraph>,
    tables: Vec<Table>,
    in_text: bool,
    in_properties: bool,
    /// Depth inside elements whose text is not the document's: deleted text, field codes,
    /// and the fallback copy of content given twice.
    skipping: u32,
}

impl<'a> Body<'a> {
    fn new(limits: &Limits, styles: &'a Styles) -> Self {
        Body {
            builder: SectionsBuilder::new(limits),
            styles,
            title: None,
            paragraphs: Vec::new(),
            tables: Vec::new(),
            in_text: false,
            in_properties: false,
            skipping: 0,
        }
    }

    fn push(&mut self, text: &str) {
        if self.skipping == 0
            && let Some(p) = self.paragraphs.last_mut()
        {
            p.text.push_str(text);
        }
    }

    fn event(&mut self, event: Event<'_>) -> Result<(), ExtractError> {
        match event {
            Event::Start(e) => match local(&e) {
                "delText" | "instrText" | "Fallback" => self.skipping += 1,
                "p" => self.paragraphs.push(Paragraph::default()),
                "pPr" => self.in_properties = true,
                "t" => self.in_text = true,
                "tbl" => self.tables.push(Table::default()),
                name => self.empty(&e, name),
            },
            Event::Empty(e) => {
                let name = local(&e);
                if name == "p" {
                    // An empty paragraph ends nothing and adds nothing.
                } else {
                    self.empty(&e, name);
                }
            }
            Event::End(e) => match e.local_name().into_inner() {
                "delText" | "instrText" | "Fallback" => self.skipping = self.skipping.saturating_sub(1),
                "t" => self.in_text = false,
                "pPr" => self.in_properties = false,
                "p" => self.end_paragraph()?,
                "tc" => {
                    if let Some(table) = self.tables.last_mut() {
                        let cell = std::mem::take(&mut table.cell);
                        table.row.push(cell.trim().to_string());
                    }
                }
                "tr" => self.end_row()?,
                "tbl" => {
                    self.tables.pop();
                }
                _ => {}
            },
            Event::Text(t) if self.in_text => self.push(&t.xml10_content()),
            Event::CData(t) if self.in_text => self.push(&t.xml10_content()),
            Event::GeneralRef(r) if self.in_text => {
                let resolved = match r.resolve_char_ref() {
                    Ok(Some(c)) => Some(c.to_string()),
                    _ => quick_xml::escape::resolve_predefined_entity(&r.into_inner()).map(str::to_string),
                };
                if let Some(text) = resolved {
                    self.push(&text);
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Elements that matter whether written `<x/>` or `<x></x>`.
    fn empty(&mut self, e: &BytesStart<'_>, name: &str) {
        match name {
            "tab" if !self.in_properties => self.push("\t"),
            "br" | "cr" => self.push("\n"),
            "noBreakHyphen" => self.push("-"),
            "pStyle" if self.in_properties => {
                if let Some(p) = self.paragraphs.last_mut() {
                    p.style = attr(e, "val");
                }
            }
            "outlineLvl" if self.in_properties => {
                if let Some(p) = self.paragraphs.last_mut() {
                    p.outline = attr(e, "val").and_then(|v| v.trim().parse().ok());
                }
            }
            _ => {}
        }
    }

    fn end_paragraph(&mut self) -> Result<(), ExtractError> {
        let Some(p) = self.paragraphs.pop() else {
            return Ok(());
        };
        if let Some(table) = self.tables.last_mut() {
            let text = p.text.trim();
            if !text.is_empty() {
                if !table.cell.is_empty() {
                    table.cell.push(' ');
                }
                table.cell.push_str(text);
            }
            return Ok(());
        }
        let role = p.outline.and_then(outline_role).or_else(|| p.style.as_deref().and_then(|s| self.styles.role(s)));
        match role {
            Some(Role::Heading(level)) => self.builder.heading(level, &p.text),
            Some(Role::Title) if self.title.is_none() && !p.text.trim().is_empty() => {
                self.title = Some(crate::sections::collapse_whitespace(&p.text));
                Ok(())
            }
            _ => self.builder.paragraph(&p.text),
        }
    }

    fn end_row(&mut self) -> Result<(), ExtractError> {
        let Some(table) = self.tables.last_mut() else {
            return Ok(());
        };
        let cells: Vec<String> = std::mem::take(&mut table.row).into_iter().filter(|c| !c.is_empty()).collect();
        if cells.is_empty() {
            return Ok(());
        }
        let row = cells.join(" | ");
        // A table inside a cell belongs to that cell.
        if self.tables.len() > 1 {
            let outer = self.tables.len() - 2;
            let cell = &mut self.tables[outer].cell;
            if !cell.is_empty() {
                cell.push(' ');
            }
            cell.push_str(&row);
            return Ok(());
        }
        self.builder.paragraph(&row)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heading_styles_in_several_languages() {
        assert_eq!(role_from_id("Heading1"), Some(Role::Heading(1)));
        assert_eq!(role_from_id("berschrift2"), Some(Role::Heading(2)));
        assert_eq!(role_from_id("Titre3"), Some(Role::Heading(3)));
        assert_eq!(role_from_id("Kop9"), Some(Role::Heading(6)));
        assert_eq!(role_from_id("Title"), Some(Role::Title));
        assert_eq!(role_from_id("ListParagraph"), None);
        assert_eq!(role_from_id("Normal1"), None);
        assert_eq!(role_from_name("heading 2"), Some(Role::Heading(2)));
        assert_eq!(role_from_name("Heading 10"), None);
        assert_eq!(outline_role(0), Some(Role::Heading(1)));
        assert_eq!(outline_role(9), None);
    }

    #[test]
    fn limited_reader_stops_past_its_budget() {
        let mut r = Limited { inner: &[7u8; 100][..], budget: 10, read: 0, exceeded: false };
        let mut sink = Vec::new();
        assert!(r.read_to_end(&mut sink).is_err());
        assert!(r.exceeded);
        assert!(sink.len() <= 11);
    }
}
