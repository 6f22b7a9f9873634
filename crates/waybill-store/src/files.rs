//! Uploaded files: their metadata, scoped by tenant and owner, and the capability token
//! of each file's non-expiring view link. The bytes live in the blob store.

use sqlx::Row;

use crate::chats::Owner;
use crate::error::conflict_as;
use crate::{Result, Store, now_ms};

pub struct NewFile<'a> {
    pub id: &'a str,
    pub tenant_id: &'a str,
    pub owner_id: &'a str,
    pub facility_id: &'a str,
    pub filename: &'a str,
    pub media_type: &'a str,
    pub size: i64,
    pub object_key: &'a str,
    pub thumbnail_key: Option<&'a str>,
    pub view_token: &'a str,
    pub operator: &'a str,
    pub watermarked: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileRecord {
    pub id: String,
    pub tenant_id: String,
    pub owner_id: String,
    pub facility_id: String,
    pub filename: String,
    pub media_type: String,
    pub size: i64,
    pub object_key: String,
    pub thumbnail_key: Option<String>,
    pub view_token: String,
    pub operator: String,
    pub watermarked: bool,
    pub created_at_ms: i64,
}

/// The columns every query reads, as a literal so queries stay static strings.
macro_rules! columns {
    () => {
        "id, tenant_id, owner_id, facility_id, filename, media_type, size, object_key, thumbnail_key, view_token, operator, watermarked, created_at"
    };
}

fn record(r: &sqlx::any::AnyRow) -> Result<FileRecord> {
    Ok(FileRecord {
        id: r.try_get("id")?,
        tenant_id: r.try_get("tenant_id")?,
        owner_id: r.try_get("owner_id")?,
        facility_id: r.try_get("facility_id")?,
        filename: r.try_get("filename")?,
        media_type: r.try_get("media_type")?,
        size: r.try_get("size")?,
        object_key: r.try_get("object_key")?,
        thumbnail_key: r.try_get("thumbnail_key")?,
        view_token: r.try_get("view_token")?,
        operator: r.try_get("operator")?,
        watermarked: r.try_get::<i64, _>("watermarked")? != 0,
        created_at_ms: r.try_get("created_at")?,
    })
}

impl Store {
    pub async fn insert_file(&self, file: NewFile<'_>) -> Result<FileRecord> {
        let now = now_ms();
        sqlx::query(concat!("INSERT INTO files (", columns!(), ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)"))
            .bind(file.id)
            .bind(file.tenant_id)
            .bind(file.owner_id)
            .bind(file.facility_id)
            .bind(file.filename)
            .bind(file.media_type)
            .bind(file.size)
            .bind(file.object_key)
            .bind(file.thumbnail_key)
            .bind(file.view_token)
            .bind(file.operator)
            .bind(i64::from(file.watermarked))
            .bind(now)
            .execute(self.writes())
            .await
            .map_err(conflict_as("a file with this id"))?;
        Ok(FileRecord {
            id: file.id.into(),
            tenant_id: file.tenant_id.into(),
            owner_id: file.owner_id.into(),
            facility_id: file.facility_id.into(),
            filename: file.filename.into(),
            media_type: file.media_type.into(),
            size: file.size,
            object_key: file.object_key.into(),
            thumbnail_key: file.thumbnail_key.map(Into::into),
            view_token: file.view_token.into(),
            operator: file.operator.into(),
            watermarked: file.watermarked,
            created_at_ms: now,
        })
    }

    /// The owner's file; `None` for anyone else's, like a missing one.
    pub async fn file(&self, owner: Owner<'_>, file_id: &str) -> Result<Option<FileRecord>> {
        let row = sqlx::query(concat!("SELECT ", columns!(), " FROM files WHERE id = $1 AND tenant_id = $2 AND owner_id = $3"))
            .bind(file_id)
            .bind(owner.tenant_id)
            .bind(owner.user_id)
            .fetch_optional(self.reads())
            .await?;
        row.as_ref().map(record).transpose()
    }

    /// The owner's latest file of this name.
    pub async fn file_by_name(&self, owner: Owner<'_>, filename: &str) -> Result<Option<FileRecord>> {
        let row = sqlx::query(concat!(
            "SELECT ",
            columns!(),
            " FROM files WHERE tenant_id = $1 AND owner_id = $2 AND filename = $3 ORDER BY created_at DESC, id DESC LIMIT 1"
        ))
        .bind(owner.tenant_id)
        .bind(owner.user_id)
        .bind(filename)
        .fetch_optional(self.reads())
        .await?;
        row.as_ref().map(record).transpose()
    }

    /// The file a view link names. The token is the capability: no tenant or owner check.
    pub async fn file_by_view_token(&self, token: &str) -> Result<Option<FileRecord>> {
        let row = sqlx::query(concat!("SELECT ", columns!(), " FROM files WHERE view_token = $1")).bind(token).fetch_optional(self.reads()).await?;
        row.as_ref().map(record).transpose()
    }

    /// The owner's files, newest first, at most `limit` from `offset`.
    pub async fn list_files(&self, owner: Owner<'_>, limit: i64, offset: i64) -> Result<Vec<FileRecord>> {
        let rows = sqlx::query(concat!(
            "SELECT ",
            columns!(),
            " FROM files WHERE tenant_id = $1 AND owner_id = $2 ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4"
        ))
        .bind(owner.tenant_id)
        .bind(owner.user_id)
        .bind(limit)
        .bind(offset)
        .fetch_all(self.reads())
        .await?;
        rows.iter().map(record).collect()
    }

    /// Deletes the owner's file record and answers it, so its blobs can go too.
    pub async fn delete_file(&self, owner: Owner<'_>, file_id: &str) -> Result<Option<FileRecord>> {
        let mut tx = self.begin_write().await?;
        let row = sqlx::query(concat!("SELECT ", columns!(), " FROM files WHERE id = $1 AND tenant_id = $2 AND owner_id = $3"))
            .bind(file_id)
            .bind(owner.tenant_id)
            .bind(owner.user_id)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(found) = row.as_ref().map(record).transpose()? else { return Ok(None) };
        sqlx::query("DELETE FROM files WHERE id = $1").bind(file_id).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(Some(found))
    }
}
