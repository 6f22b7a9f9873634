//! The demo tenant's knowledge base: the facility SOPs written for the demo (receiving,
//! cycle count, hazmat handling, dock safety), uploaded through the file service as an
//! admin's files and queued for ingestion, once.

use futures::stream;
use waybill_files::{UploadOptions, Uploader};
use waybill_store::{MemberFilter, MemberQuery};

use super::service::KnowledgeBases;
use super::store::{KbError, KbScope, NewDocument};
use crate::Who;

/// The knowledge base's name.
pub const NAME: &str = "Facility SOPs";
const DESCRIPTION: &str =
    "Standard operating procedures of the Ontario, Fontana and Savannah facilities: receiving, cycle counts, hazmat handling and dock safety.";

/// The documents, as files.
pub const DOCUMENTS: [(&str, &str); 4] = [
    ("receiving-sop.md", include_str!("../../demo/receiving-sop.md")),
    ("cycle-count-sop.md", include_str!("../../demo/cycle-count-sop.md")),
    ("hazmat-handling-sop.md", include_str!("../../demo/hazmat-handling-sop.md")),
    ("dock-safety-sop.md", include_str!("../../demo/dock-safety-sop.md")),
];

/// Creates the SOP knowledge base of `tenant_id` unless it has one by that name, owned by
/// the tenant's first active admin. Answers whether it did.
pub async fn seed(kb: &KnowledgeBases, tenant_id: &str, facility_id: &str) -> Result<bool, KbError> {
    let store = kb.store.store();
    let (members, _) = store
        .members(tenant_id, &MemberQuery { search: None, filter: MemberFilter::Active, limit: 200, offset: 0 })
        .await
        .map_err(|e| KbError::Store(e.to_string()))?;
    let Some(admin) = members.iter().find(|m| m.is_admin) else { return Ok(false) };
    let who = Who { tenant_id, user_id: &admin.user_id, admin: true };
    if kb.store.list(who).await?.iter().any(|b| b.scope == KbScope::Company && b.name == NAME) {
        return Ok(false);
    }
    let base = kb.store.create(who, KbScope::Company, NAME, DESCRIPTION).await?;
    let mut files = Vec::new();
    for (name, text) in DOCUMENTS {
        let body = stream::iter([Ok::<_, waybill_files::FileError>(bytes::Bytes::from_static(text.as_bytes()))]);
        let file = kb
            .files
            .upload(
                store,
                Uploader { tenant_id, user_id: &admin.user_id, facility_id },
                UploadOptions { filename: name, declared_type: Some("text/markdown"), operator: &admin.user_name, watermark: false, thumbnail: false },
                body,
            )
            .await
            .map_err(|e| KbError::Store(e.to_string()))?;
        files.push(file);
    }
    let documents: Vec<NewDocument<'_>> =
        files.iter().map(|f| NewDocument { file_id: &f.id, filename: &f.filename, media_type: &f.media_type, size: f.size }).collect();
    kb.store.add_documents(who, &base.id, &documents).await?;
    kb.wake.notify_one();
    Ok(true)
}
