//! Shared by the integration tests: a fetcher that serves fixed documents, and the
//! fixture catalogues.
#![allow(dead_code)]

use std::collections::HashMap;
use std::sync::Mutex;

use futures::future::BoxFuture;
use url::Url;
use waybill_openapi::{Catalogue, Fetch, Limits, NoFetch, Operation, Source, import};

/// Serves documents by URL; anything else fails as a refused fetch would. Records each
/// request.
#[derive(Default)]
pub struct FakeFetch {
    pub documents: HashMap<String, Result<Vec<u8>, String>>,
    pub calls: Mutex<Vec<String>>,
}

impl FakeFetch {
    pub fn with(mut self, url: &str, bytes: &[u8]) -> Self {
        self.documents.insert(url.to_owned(), Ok(bytes.to_vec()));
        self
    }

    pub fn failing(mut self, url: &str, message: &str) -> Self {
        self.documents.insert(url.to_owned(), Err(message.to_owned()));
        self
    }

    pub fn calls(&self) -> Vec<String> {
        self.calls.lock().unwrap().clone()
    }
}

impl Fetch for FakeFetch {
    fn fetch<'a>(&'a self, url: &'a Url) -> BoxFuture<'a, Result<Vec<u8>, String>> {
        self.calls.lock().unwrap().push(url.to_string());
        let answer = self.documents.get(url.as_str()).cloned().unwrap_or_else(|| Err(format!("404 for {url}")));
        Box::pin(async move { answer })
    }
}

pub const WMS_30_YAML: &[u8] = include_bytes!("../fixtures/wms-3.0.yaml");
pub const FMS_31_JSON: &[u8] = include_bytes!("../fixtures/fms-3.1.json");
pub const YMS_31_YAML: &[u8] = include_bytes!("../fixtures/yms-3.1.yaml");

pub async fn standalone(bytes: &[u8]) -> Catalogue {
    import(Source { bytes: bytes.to_vec(), url: None }, &NoFetch, &Limits::default()).await.expect("the fixture imports")
}

pub fn op<'c>(catalogue: &'c Catalogue, key: &str) -> &'c Operation {
    catalogue
        .operations
        .iter()
        .find(|o| o.key == key)
        .unwrap_or_else(|| panic!("no operation {key} in {:?}", catalogue.operations.iter().map(|o| &o.key).collect::<Vec<_>>()))
}
