//! The documents of one description and `$ref` resolution between them.

use std::collections::HashMap;

use percent_encoding::percent_decode_str;
use serde_json::Value;
use url::Url;

use crate::ImportError;
use crate::parse::describe;

pub(crate) type DocId = usize;

/// The root document (id 0) and the documents fetched for its references.
pub(crate) struct Docs {
    docs: Vec<Doc>,
    by_url: HashMap<String, DocId>,
}

struct Doc {
    url: Option<Url>,
    value: Value,
}

/// Where a reference points.
pub(crate) enum Target<'a> {
    Found {
        doc: DocId,
        pointer: String,
        value: &'a Value,
    },
    /// In a document not fetched yet.
    Missing(Url),
}

impl Docs {
    pub(crate) fn new(root: Value, url: Option<Url>) -> Self {
        let mut docs = Docs { docs: Vec::new(), by_url: HashMap::new() };
        docs.push(url, root);
        docs
    }

    pub(crate) fn insert(&mut self, url: Url, value: Value) {
        self.push(Some(url), value);
    }

    fn push(&mut self, url: Option<Url>, value: Value) {
        if let Some(url) = &url {
            let mut key = url.clone();
            key.set_fragment(None);
            self.by_url.insert(key.into(), self.docs.len());
        }
        self.docs.push(Doc { url, value });
    }

    pub(crate) fn len(&self) -> usize {
        self.docs.len()
    }

    pub(crate) fn root(&self) -> &Value {
        &self.docs[0].value
    }

    pub(crate) fn url(&self, doc: DocId) -> Option<&Url> {
        self.docs[doc].url.as_ref()
    }

    /// A location for messages: `https://host/common.yaml#/components/schemas/Sku`.
    pub(crate) fn name(&self, doc: DocId, pointer: &str) -> String {
        match &self.docs[doc].url {
            Some(url) => format!("{url}#{pointer}"),
            None => format!("#{pointer}"),
        }
    }

    /// Resolves `reference`, written in document `from`.
    pub(crate) fn resolve(&self, from: DocId, reference: &str) -> Result<Target<'_>, ImportError> {
        let (uri, fragment) = reference.split_once('#').unwrap_or((reference, ""));
        let doc = if uri.is_empty() {
            from
        } else {
            let url = self.target_url(from, uri, reference)?;
            match self.by_url.get(url.as_str()) {
                Some(&doc) => doc,
                None => return Ok(Target::Missing(url)),
            }
        };
        let not_found = |reason: String| ImportError::RefNotFound { reference: reference.to_owned(), document: describe(self.url(from)), reason };
        let pointer = percent_decode_str(fragment).decode_utf8().map_err(|_| not_found("its fragment is not UTF-8 once percent-decoded".into()))?.into_owned();
        if !pointer.is_empty() && !pointer.starts_with('/') {
            return Err(not_found(format!("'#{pointer}' is not a JSON pointer (plain-name anchors are not supported)")));
        }
        let value = self.docs[doc].value.pointer(&pointer).ok_or_else(|| not_found(format!("{} has nothing at '{pointer}'", describe(self.url(doc)))))?;
        Ok(Target::Found { doc, pointer, value })
    }

    /// The absolute URL of another document; only http and https are ever fetched.
    fn target_url(&self, from: DocId, uri: &str, reference: &str) -> Result<Url, ImportError> {
        let refused = |reason: String| ImportError::RefRefused { reference: reference.to_owned(), document: describe(self.url(from)), reason };
        let mut url = match Url::parse(uri) {
            Ok(url) => url,
            Err(url::ParseError::RelativeUrlWithoutBase) => match self.url(from) {
                Some(base) => base.join(uri).map_err(|e| refused(format!("it does not resolve against {base}: {e}")))?,
                None => return Err(refused("it is relative and the document has no URL to resolve it against".into())),
            },
            Err(e) => return Err(refused(format!("it is not a valid URL: {e}"))),
        };
        if !matches!(url.scheme(), "http" | "https") {
            return Err(refused(format!("only http and https documents are fetched, not {}: ones", url.scheme())));
        }
        url.set_fragment(None);
        Ok(url)
    }
}

/// The last segment of a JSON pointer, unescaped: the schema's name in messages.
pub(crate) fn last_segment(pointer: &str) -> String {
    pointer.rsplit('/').next().unwrap_or_default().replace("~1", "/").replace("~0", "~")
}
