//! What the PDF libraries would otherwise trust, checked before any text is read: the
//! page count and the shape of the page tree, the size every compressed stream inflates
//! to, and the drawing instructions each page would run.

use std::collections::{HashMap, HashSet};
use std::io::{self, Read, Write};

use pdf_extract::{Dictionary, Document as Pdf, Object, ObjectId, Stream, content::Content};

use super::MAX_DEPTH;
use crate::{ExtractError, Limits, human_bytes};

/// The `/Count` of the page tree's root, found by following `/Root` and `/Pages` in the
/// raw bytes. `None` when the objects are compressed or anything is unusual; only ever
/// used to refuse, so a wrong answer cannot let a file through.
pub(super) fn declared_pages(bytes: &[u8]) -> Option<u64> {
    let trailer = memchr::memmem::rfind(bytes, b"trailer")?;
    let root = reference_after(&bytes[trailer..], b"/Root")?;
    let catalog = object_body(bytes, root)?;
    let pages = reference_after(catalog, b"/Pages")?;
    let tree = object_body(bytes, pages)?;
    number_after(tree, b"/Count")
}

/// The body of the last `id gen obj … endobj` in the file.
fn object_body(bytes: &[u8], (id, generation): (u64, u64)) -> Option<&[u8]> {
    let marker = format!("{id} {generation} obj");
    let mut end = bytes.len();
    while let Some(at) = memchr::memmem::rfind(&bytes[..end], marker.as_bytes()) {
        if at == 0 || bytes[at - 1].is_ascii_whitespace() {
            let body = &bytes[at + marker.len()..];
            let stop = find(body, b"endobj").unwrap_or(body.len());
            return Some(&body[..stop]);
        }
        end = at;
    }
    None
}

fn reference_after(text: &[u8], key: &[u8]) -> Option<(u64, u64)> {
    let at = find(text, key)? + key.len();
    let mut words = text[at..].split(|b| b.is_ascii_whitespace()).filter(|w| !w.is_empty());
    let id = std::str::from_utf8(words.next()?).ok()?.parse().ok()?;
    let generation = std::str::from_utf8(words.next()?).ok()?.parse().ok()?;
    (words.next()? == b"R").then_some((id, generation))
}

fn number_after(text: &[u8], key: &[u8]) -> Option<u64> {
    let at = find(text, key)? + key.len();
    let digits: Vec<u8> = text[at..].iter().skip_while(|b| b.is_ascii_whitespace()).take_while(|b| b.is_ascii_digit()).copied().collect();
    std::str::from_utf8(&digits).ok()?.parse().ok()
}

fn too_large(limits: &Limits) -> ExtractError {
    ExtractError::TooLarge(format!(
        "The PDF's compressed content unpacks to more than {}; split it into smaller files and upload them separately",
        human_bytes(limits.max_unzipped)
    ))
}

fn damaged(what: &str) -> ExtractError {
    ExtractError::Malformed(format!("This PDF is damaged ({what}); open it in a PDF viewer, save or print it to a new PDF and upload that"))
}

/// Page ids in order. Refuses trees the libraries would walk forever: a node reached
/// twice (a cycle, or shared subtrees that multiply), a parent chain that loops, or
/// nesting deeper than any real file.
pub(super) fn check_page_tree(pdf: &Pdf) -> Result<Vec<ObjectId>, ExtractError> {
    let root = pdf.catalog().and_then(|c| c.get(b"Pages")).and_then(Object::as_reference).map_err(|_| damaged("it has no page list"))?;
    let mut pages = Vec::new();
    let mut seen = HashSet::new();
    let mut stack = vec![(root, 0usize)];
    while let Some((id, depth)) = stack.pop() {
        if depth > MAX_DEPTH {
            return Err(damaged("its page list is nested too deeply"));
        }
        if !seen.insert(id) {
            return Err(damaged("its page list refers to itself"));
        }
        let Ok(node) = pdf.get_dictionary(id) else {
            continue;
        };
        match node.get_type() {
            Ok(b"Pages") => {
                let kids = node.get(b"Kids").and_then(Object::as_array);
                for kid in kids.into_iter().flatten().rev() {
                    if let Ok(kid) = kid.as_reference() {
                        stack.push((kid, depth + 1));
                    }
                }
            }
            Ok(b"Page") => pages.push(id),
            _ => {}
        }
    }
    // Inherited attributes are looked up the parent chain, recursively.
    for &page in &pages {
        let mut chain = HashSet::new();
        let mut at = page;
        loop {
            if !chain.insert(at) || chain.len() > MAX_DEPTH {
                return Err(damaged("its page list refers to itself"));
            }
            let parent = pdf.get_dictionary(at).and_then(|d| d.get(b"Parent")).and_then(Object::as_reference);
            match parent {
                Ok(parent) => at = parent,
                Err(_) => break,
            }
        }
    }
    Ok(pages)
}

/// Pictures hold no text; emptying them keeps the layout from decoding them.
pub(super) fn empty_pictures(pdf: &mut Pdf) {
    for object in pdf.objects.values_mut() {
        if let Object::Stream(stream) = object
            && stream.dict.get(b"Subtype").and_then(Object::as_name).is_ok_and(|n| n == b"Image")
        {
            stream.content = Vec::new();
            stream.dict.remove(b"Filter");
            stream.dict.remove(b"DecodeParms");
            stream.dict.set("Length", 0);
        }
    }
}

/// Inflated size of every stream, all together within the budget.
pub(super) fn check_streams(pdf: &Pdf, limits: &Limits) -> Result<HashMap<ObjectId, u64>, ExtractError> {
    let mut budget = limits.max_unzipped;
    let mut sizes = HashMap::new();
    for (&id, object) in &pdf.objects {
        let Object::Stream(stream) = object else {
            continue;
        };
        let filters: Vec<Vec<u8>> = stream.filters().map(|f| f.into_iter().map(<[u8]>::to_vec).collect()).unwrap_or_default();
        let size = decoded_size(&stream.content, &filters, budget).ok_or_else(|| too_large(limits))?;
        budget -= size;
        sizes.insert(id, size);
    }
    Ok(sizes)
}

/// Refuses drawings that draw themselves or nest too deeply, and pages whose drawing
/// instructions, reused drawings counted each time, exceed the budget. `pdf-extract`
/// follows every `Do` it meets recursively, so this walks the same graph first.
pub(super) fn check_drawing(pdf: &Pdf, pages: &[ObjectId], sizes: &HashMap<ObjectId, u64>, limits: &Limits) -> Result<(), ExtractError> {
    let mut walk = DrawingWalk { pdf, sizes, memo: HashMap::new(), active: HashSet::new() };
    let mut total = 0u64;
    for &page in pages {
        let contents = pdf.get_page_contents(page);
        let mut cost: u64 = contents.iter().map(|id| sizes.get(id).copied().unwrap_or(0)).fold(0, u64::saturating_add);
        if let Some(resources) = inherited(pdf, page, b"Resources").and_then(|o| o.as_dict().ok())
            && has_drawings(pdf, resources)
        {
            let content = pdf.get_page_content(page).unwrap_or_default();
            cost = cost.saturating_add(walk.calls(&content, resources, page, 0)?);
        }
        total = total.saturating_add(cost);
        if total > limits.max_unzipped {
            return Err(ExtractError::TooLarge(format!(
                "The PDF's pages repeat drawings so often that reading them means going through more than {}; split it into smaller files and upload them separately",
                human_bytes(limits.max_unzipped)
            )));
        }
    }
    Ok(())
}

fn inherited<'a>(pdf: &'a Pdf, page: ObjectId, key: &[u8]) -> Option<&'a Object> {
    let mut at = pdf.get_dictionary(page).ok()?;
    for _ in 0..MAX_DEPTH {
        if let Ok(value) = at.get(key) {
            return pdf.dereference(value).ok().map(|(_, o)| o);
        }
        let parent = at.get(b"Parent").and_then(Object::as_reference).ok()?;
        at = pdf.get_dictionary(parent).ok()?;
    }
    None
}

fn xobjects<'a>(pdf: &'a Pdf, resources: &'a Dictionary) -> Option<&'a Dictionary> {
    let entry = resources.get(b"XObject").ok()?;
    pdf.dereference(entry).ok()?.1.as_dict().ok()
}

/// Whether any drawing (a non-picture XObject) can be called from these resources.
fn has_drawings(pdf: &Pdf, resources: &Dictionary) -> bool {
    let Some(xobjects) = xobjects(pdf, resources) else {
        return false;
    };
    xobjects.iter().any(|(_, entry)| pdf.dereference(entry).ok().and_then(|(_, o)| o.as_stream().ok()).is_some_and(|s| !is_picture(s)))
}

fn is_picture(stream: &Stream) -> bool {
    stream.dict.get(b"Subtype").and_then(Object::as_name).is_ok_and(|n| n == b"Image")
}

struct DrawingWalk<'a> {
    pdf: &'a Pdf,
    sizes: &'a HashMap<ObjectId, u64>,
    /// Cost of a drawing run with the resources of a given owner (page or drawing).
    memo: HashMap<(ObjectId, ObjectId), u64>,
    active: HashSet<(ObjectId, ObjectId)>,
}

impl DrawingWalk<'_> {
    /// Bytes of drawing instructions run by the `Do` operators in `content`.
    fn calls(&mut self, content: &[u8], resources: &Dictionary, owner: ObjectId, depth: usize) -> Result<u64, ExtractError> {
        if depth > MAX_DEPTH {
            return Err(damaged("its drawings are nested too deeply"));
        }
        let Some(xobjects) = xobjects(self.pdf, resources) else {
            return Ok(0);
        };
        let Ok(content) = Content::decode(content) else {
            return Ok(0);
        };
        let mut cost = 0u64;
        for op in &content.operations {
            if op.operator != "Do" {
                continue;
            }
            let Some(name) = op.operands.first().and_then(|o| o.as_name().ok()) else {
                continue;
            };
            let Some(id) = xobjects.get(name).ok().and_then(|o| o.as_reference().ok()) else {
                continue;
            };
            let Ok(stream) = self.pdf.get_object(id).and_then(Object::as_stream) else {
                continue;
            };
            if is_picture(stream) {
                continue;
            }
            let own = stream.dict.get(b"Resources").ok().and_then(|r| self.pdf.dereference(r).ok()).and_then(|(_, r)| r.as_dict().ok());
            let (inner_resources, inner_owner) = match own {
                Some(r) => (r, id),
                None => (resources, owner),
            };
            let key = (id, inner_owner);
            let one = match self.memo.get(&key) {
                Some(&c) => c,
                None => {
                    if !self.active.insert(key) {
                        return Err(damaged("a drawing in it draws itself"));
                    }
                    let data = stream.decompressed_content().unwrap_or_else(|_| stream.content.clone());
                    let size = self.sizes.get(&id).copied().unwrap_or(data.len() as u64);
                    let inner = self.calls(&data, inner_resources, inner_owner, depth + 1)?;
                    self.active.remove(&key);
                    let c = size.saturating_add(inner);
                    self.memo.insert(key, c);
                    c
                }
            };
            cost = cost.saturating_add(one);
        }
        Ok(cost)
    }
}

/// Object streams and cross-reference streams are inflated while the file is parsed,
/// before any other check can run, so their sizes are read from the raw bytes first.
pub(super) fn check_object_streams(bytes: &[u8], limits: &Limits) -> Result<(), ExtractError> {
    let mut budget = limits.max_unzipped;
    let mut from = 0;
    let mut header_start = 0;
    while let Some(found) = find(&bytes[from..], b"stream") {
        let keyword = from + found;
        from = keyword + 6;
        if keyword >= 3 && &bytes[keyword - 3..keyword] == b"end" {
            header_start = from;
            continue;
        }
        let data_start = match bytes.get(from..from + 2) {
            Some(b"\r\n") => from + 2,
            Some([b'\n', _]) | Some([b'\r', _]) => from + 1,
            _ => continue,
        };
        let header = unescape_names(&bytes[header_start..keyword]);
        if !(contains(&header, b"/ObjStm") || contains(&header, b"/XRef")) {
            continue;
        }
        let data_end = find(&bytes[data_start..], b"endstream").map_or(bytes.len(), |e| data_start + e);
        let filters = filter_names(&header);
        let size = decoded_size(&bytes[data_start..data_end], &filters, budget).ok_or_else(|| too_large(limits))?;
        budget -= size;
        header_start = data_end;
        from = data_end;
    }
    Ok(())
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    memchr::memmem::find(haystack, needle)
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    find(haystack, needle).is_some()
}

/// Names may spell letters as `#xx`; the parser reads `/Obj#53tm` as `/ObjStm`.
fn unescape_names(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'#'
            && let Some(hex) = raw.get(i + 1..i + 3)
            && let Ok(s) = std::str::from_utf8(hex)
            && let Ok(b) = u8::from_str_radix(s, 16)
        {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(raw[i]);
        i += 1;
    }
    out
}

/// The decoding filters named in a stream's dictionary, in order.
fn filter_names(header: &[u8]) -> Vec<Vec<u8>> {
    let mut found: Vec<(usize, Vec<u8>)> = Vec::new();
    for name in [&b"FlateDecode"[..], b"LZWDecode", b"ASCII85Decode"] {
        let mut at = 0;
        while let Some(i) = find(&header[at..], name) {
            found.push((at + i, name.to_vec()));
            at += i + name.len();
        }
    }
    found.sort();
    found.into_iter().map(|(_, n)| n).collect()
}

/// Size of `data` once decoded by `filters`, or `None` past `cap`. Filters the parser
/// does not decode leave the data as it is.
fn decoded_size(data: &[u8], filters: &[Vec<u8>], cap: u64) -> Option<u64> {
    let mut current: Option<Vec<u8>> = None;
    for (i, filter) in filters.iter().enumerate() {
        let input = current.as_deref().unwrap_or(data);
        let last = i + 1 == filters.len();
        let mut out = Capped { kept: (!last).then(Vec::new), len: 0, cap };
        let ok = match filter.as_slice() {
            b"FlateDecode" => inflate(input, &mut out),
            b"LZWDecode" => unlzw(input, &mut out),
            b"ASCII85Decode" => {
                let stream = Stream::new(Dictionary::from_iter([("Filter", Object::Name(b"ASCII85Decode".to_vec()))]), input.to_vec());
                let decoded = stream.decompressed_content().unwrap_or_default();
                out.write_all(&decoded).is_ok()
            }
            _ => return within(input.len() as u64, cap),
        };
        if !ok {
            return None;
        }
        if last {
            return Some(out.len);
        }
        current = out.kept;
    }
    within(current.map_or(data.len(), |c| c.len()) as u64, cap)
}

fn within(size: u64, cap: u64) -> Option<u64> {
    (size <= cap).then_some(size)
}

/// Counts (and, for a filter feeding another, keeps) decoded bytes up to a cap.
struct Capped {
    kept: Option<Vec<u8>>,
    len: u64,
    cap: u64,
}

impl Write for Capped {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.len += buf.len() as u64;
        if self.len > self.cap {
            return Err(io::Error::other("decoded size limit"));
        }
        if let Some(kept) = &mut self.kept {
            kept.extend_from_slice(buf);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Inflates as the parser does (zlib, else raw deflate after the two header bytes);
/// `false` only when the cap is passed. Damaged data counts for what it yields.
fn inflate(input: &[u8], out: &mut Capped) -> bool {
    let result = copy(flate2::read::ZlibDecoder::new(input), out);
    if out.len > out.cap {
        return false;
    }
    if result.is_err() && out.len == 0 && input.len() > 2 {
        let _ = copy(flate2::read::DeflateDecoder::new(&input[2..]), out);
        return out.len <= out.cap;
    }
    true
}

fn copy(mut from: impl Read, to: &mut Capped) -> io::Result<()> {
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let n = from.read(&mut buf)?;
        if n == 0 {
            return Ok(());
        }
        to.write_all(&buf[..n])?;
    }
}

fn unlzw(input: &[u8], out: &mut Capped) -> bool {
    let mut decoder = weezl::decode::Decoder::with_tiff_size_switch(weezl::BitOrder::Msb, 8);
    let _ = decoder.into_stream(&mut *out).decode_all(input);
    out.len <= out.cap
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoded_size_follows_filter_chains_and_stops_at_the_cap() {
        use flate2::{Compression, write::ZlibEncoder};
        let zip = |data: &[u8]| {
            let mut e = ZlibEncoder::new(Vec::new(), Compression::fast());
            e.write_all(data).unwrap();
            e.finish().unwrap()
        };
        let plain = vec![b'q'; 100_000];
        let once = zip(&plain);
        let twice = zip(&once);
        let flate = b"FlateDecode".to_vec();
        assert_eq!(decoded_size(&once, std::slice::from_ref(&flate), 1 << 20), Some(100_000));
        assert_eq!(decoded_size(&twice, &[flate.clone(), flate.clone()], 1 << 20), Some(100_000));
        assert_eq!(decoded_size(&twice, &[flate.clone(), flate], 50_000), None);
        assert_eq!(decoded_size(b"raw", &[b"DCTDecode".to_vec()], 3), Some(3));
        assert_eq!(decoded_size(b"raw", &[], 2), None);
        assert_eq!(decoded_size(b"not zlib", &[b"FlateDecode".to_vec()], 10), Some(0));
    }

    #[test]
    fn filter_names_in_order_and_escaped_names() {
        assert_eq!(filter_names(b"<< /Filter [/ASCII85Decode /FlateDecode] >>"), [b"ASCII85Decode".to_vec(), b"FlateDecode".to_vec()]);
        assert_eq!(unescape_names(b"/Type /Obj#53tm"), b"/Type /ObjStm");
    }

    #[test]
    fn declared_pages_from_raw_bytes() {
        let pdf = b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 123456 >>\nendobj\ntrailer << /Root 1 0 R >>";
        assert_eq!(declared_pages(pdf), Some(123_456));
        assert_eq!(declared_pages(b"%PDF-1.4 trailer << /Root 9 0 R >>"), None);
        assert_eq!(declared_pages(b"%PDF-1.4"), None);
    }
}
