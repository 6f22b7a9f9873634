//! The file service: bytes in the blob store, metadata in the database, and the links
//! that reach them. Uploads stream to the blob store in parts, so memory stays bounded
//! whatever the size. Only images that are thumbnailed or watermarked are read whole, and
//! only once their header has said how much memory decoding them takes and that memory
//! is free in the service's image budget: images are processed on blocking threads,
//! as many at once as the budget holds.

use std::sync::Arc;

use std::path::PathBuf;

use bytes::Bytes;
use futures::{Stream, StreamExt};
use object_store::path::Path as BlobPath;
use object_store::{GetOptions, GetRange, ObjectStore, ObjectStoreExt, PutPayload, WriteMultipart};
use tokio::sync::Semaphore;
use waybill_store::{FileRecord, NewFile, Owner, Store, StoreError};

use crate::{blobs, media, names};

/// Why the file service failed. The HTTP layer maps each to a status and a code.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The upload is larger than the limit (the label says how large it may be).
    #[error("The request body is larger than the {0} limit")]
    TooLarge(&'static str),
    /// The content cannot be used (an image that cannot be watermarked).
    #[error("{0}")]
    Unprocessable(String),
    /// The upload's body broke off or could not be read.
    #[error("{0}")]
    Body(String),
    #[error("the blob store failed: {0}")]
    Blobs(String),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("the file service failed: {0}")]
    Internal(String),
}

/// Where the blobs live and how links are written.
#[derive(Debug, Clone, Default)]
pub struct FileSettings {
    /// The local folder for blobs when no bucket is configured.
    pub folder: PathBuf,
    /// An S3-compatible bucket instead of the folder.
    pub s3: Option<blobs::S3Settings>,
    /// The address users reach the app at, for absolute links; empty for relative ones.
    pub public_url: String,
}

/// Largest upload: 100 MB (spec 002 §5).
pub const UPLOAD_LIMIT: u64 = 100 * 1024 * 1024;
pub const UPLOAD_LIMIT_LABEL: &str = "100 MB";
/// Images larger than this are stored but not thumbnailed or watermarked.
const PROCESS_LIMIT: u64 = 50 * 1024 * 1024;
/// Where view links start; the capability token and the name follow.
pub const VIEW_PREFIX: &str = "/api/file-app/v1/file/view/";
pub const THUMBNAIL_PREFIX: &str = "/api/file-app/v1/file/thumbnail/";
/// Parts written to the blob store while an upload streams in.
const PART_SIZE: usize = 8 * 1024 * 1024;
/// Memory all image processing may use at once, in MiB.
const IMAGE_MEMORY_MIB: u32 = 128;
/// The first bytes of an upload, kept to read an image's header without reading it all.
const HEAD_BYTES: usize = 64 * 1024;
/// How far into a file a header is looked for.
const MAX_HEAD_BYTES: u64 = 1024 * 1024;

/// What the uploader asked for.
pub struct UploadOptions<'a> {
    pub filename: &'a str,
    pub declared_type: Option<&'a str>,
    pub operator: &'a str,
    pub watermark: bool,
    pub thumbnail: bool,
}

/// Who uploads, and for which facility.
pub struct Uploader<'a> {
    pub tenant_id: &'a str,
    pub user_id: &'a str,
    pub facility_id: &'a str,
}

pub struct FileService {
    blobs: Arc<dyn ObjectStore>,
    public_url: String,
    /// Permits are MiB of image-processing memory.
    image_memory: Arc<Semaphore>,
}

impl FileService {
    pub fn new(settings: &FileSettings) -> Result<Self, blobs::BlobConfigError> {
        let blobs = match &settings.s3 {
            Some(s3) => blobs::s3(s3)?,
            None => blobs::local(&settings.folder)?,
        };
        let public_url = settings.public_url.trim_end_matches('/').to_owned();
        Ok(Self { blobs, public_url, image_memory: Arc::new(Semaphore::new(IMAGE_MEMORY_MIB as usize)) })
    }

    /// The address Waybill is reached at (`[files] public_url`, no trailing slash); empty
    /// when none is configured.
    pub fn public_url(&self) -> &str {
        &self.public_url
    }

    /// The non-expiring link: whoever holds it can read the file, nobody can guess it.
    pub fn view_url(&self, file: &FileRecord) -> String {
        format!("{}{VIEW_PREFIX}{}/{}", self.public_url, file.view_token, percent_encode(&file.filename))
    }

    pub fn thumbnail_url(&self, file: &FileRecord) -> Option<String> {
        file.thumbnail_key.as_ref().map(|_| format!("{}{THUMBNAIL_PREFIX}{}", self.public_url, file.view_token))
    }

    /// The capability token of one of our view links (relative, or under the public URL).
    pub fn token_in<'u>(&self, url: &'u str) -> Option<&'u str> {
        let rest = url.strip_prefix(self.public_url.as_str()).filter(|_| !self.public_url.is_empty()).unwrap_or(url);
        let token = rest.strip_prefix(VIEW_PREFIX)?.split('/').next()?;
        (!token.is_empty()).then_some(token)
    }

    /// Streams `body` into the blob store, makes the thumbnail and watermark asked for,
    /// and records the file. Nothing is left behind when any step fails.
    pub async fn upload<S, E>(&self, store: &Store, who: Uploader<'_>, options: UploadOptions<'_>, body: S) -> Result<FileRecord, FileError>
    where
        S: Stream<Item = Result<Bytes, E>> + Unpin,
        E: Into<FileError>,
    {
        let id = uuid::Uuid::now_v7().to_string();
        let filename = names::sanitize(options.filename);
        let mut media_type = names::media_type(&filename, options.declared_type);
        let object_key = format!("tenants/{}/files/{id}", key_segment(who.tenant_id));
        let path = BlobPath::from(object_key.as_str());

        let (mut size, head) = self.receive(&path, body).await?;
        let processable = media::is_processable(&media_type) && size <= PROCESS_LIMIT;
        let mut thumbnail_key = None;
        let mut watermarked = false;
        if processable && (options.watermark || options.thumbnail) {
            match self.process(&path, &object_key, &options, size, head).await {
                Ok(done) => {
                    if let Some(marked) = done.watermarked {
                        size = marked.0;
                        media_type = marked.1.to_owned();
                        watermarked = true;
                    }
                    thumbnail_key = done.thumbnail_key;
                }
                // A thumbnail is a convenience: an image too large or too damaged for one is
                // kept without it. (A damaged image is refused a watermark: browsers still
                // show what of it they can.)
                Err(ProcessError::Media(err @ (media::MediaError::TooLarge { .. } | media::MediaError::Undecodable))) if !options.watermark => {
                    tracing::info!(error = %err, "an uploaded image gets no thumbnail");
                }
                // A file that only claims to be an image has nothing to mark or preview: it is
                // kept as sent, and the answer says it was not watermarked.
                Err(ProcessError::Media(media::MediaError::NotAnImage)) => {
                    tracing::info!(media_type = %media_type, "an upload named as an image is not one; kept as sent");
                }
                Err(err) => {
                    self.remove(&object_key, None).await;
                    return Err(match err {
                        ProcessError::Media(e @ media::MediaError::TooLarge { .. }) => {
                            FileError::Unprocessable(format!("{e}: it cannot be watermarked and was not stored"))
                        }
                        ProcessError::Media(e) => FileError::Unprocessable(format!("{e}; the image was not stored")),
                        ProcessError::Other(e) => e,
                    });
                }
            }
        }

        let token = waybill_store::random_token();
        let record = store
            .insert_file(NewFile {
                id: &id,
                tenant_id: who.tenant_id,
                owner_id: who.user_id,
                facility_id: who.facility_id,
                filename: &filename,
                media_type: &media_type,
                size: size as i64,
                object_key: &object_key,
                thumbnail_key: thumbnail_key.as_deref(),
                view_token: &token,
                operator: options.operator,
                watermarked,
            })
            .await;
        match record {
            Ok(record) => Ok(record),
            Err(err) => {
                self.remove(&object_key, thumbnail_key.as_deref()).await;
                Err(err.into())
            }
        }
    }

    /// Writes the body in parts, refusing it past the limit; answers its size and its
    /// first bytes.
    async fn receive<S, E>(&self, path: &BlobPath, mut body: S) -> Result<(u64, Vec<u8>), FileError>
    where
        S: Stream<Item = Result<Bytes, E>> + Unpin,
        E: Into<FileError>,
    {
        let upload = self.blobs.put_multipart(path).await.map_err(blob_error)?;
        let mut writer = WriteMultipart::new_with_chunk_size(upload, PART_SIZE);
        let mut size = 0u64;
        let mut head = Vec::new();
        while let Some(chunk) = body.next().await {
            let chunk = match chunk {
                Ok(chunk) => chunk,
                Err(err) => {
                    writer.abort().await.ok();
                    return Err(err.into());
                }
            };
            size += chunk.len() as u64;
            if size > UPLOAD_LIMIT {
                writer.abort().await.ok();
                return Err(FileError::TooLarge(UPLOAD_LIMIT_LABEL));
            }
            if let Err(err) = writer.wait_for_capacity(2).await {
                writer.abort().await.ok();
                return Err(blob_error(err));
            }
            if head.len() < HEAD_BYTES {
                head.extend_from_slice(&chunk[..chunk.len().min(HEAD_BYTES - head.len())]);
            }
            writer.write(&chunk);
        }
        writer.finish().await.map_err(blob_error)?;
        Ok((size, head))
    }

    /// Watermarks and thumbnails the stored image as asked, within the image budget.
    async fn process(&self, path: &BlobPath, object_key: &str, options: &UploadOptions<'_>, size: u64, head: Vec<u8>) -> Result<Processed, ProcessError> {
        let info = match media::inspect(&head, size <= head.len() as u64)? {
            Some(info) => info,
            None => {
                // The header is further in (JPEG metadata): look at up to the first MiB.
                let range = GetRange::Bounded(0..size.min(MAX_HEAD_BYTES));
                let more = self.blobs.get_opts(path, GetOptions { range: Some(range), ..Default::default() }).await?.bytes().await?;
                media::inspect(&more, size <= MAX_HEAD_BYTES)?.ok_or(media::MediaError::Undecodable)?
            }
        };
        let need_mib = info.processing_bytes(size).div_ceil(1024 * 1024);
        if need_mib > u64::from(IMAGE_MEMORY_MIB) {
            return Err(media::MediaError::TooLarge { width: info.width, height: info.height }.into());
        }
        // Held until the results are written: they are part of what was budgeted.
        let _memory = self.image_memory.acquire_many(need_mib as u32).await.map_err(|e| ProcessError::Other(FileError::Internal(e.to_string())))?;
        let original = self.blobs.get(path).await?.bytes().await?;
        let text = options.watermark.then(|| format!("{} {}", options.operator, jiff::Zoned::now().strftime("%Y-%m-%d")));
        let thumbnail = options.thumbnail;
        let made = tokio::task::spawn_blocking(move || media::process(&original, &info, text.as_deref(), thumbnail))
            .await
            .map_err(|e| ProcessError::Other(FileError::Internal(e.to_string())))??;

        let mut done = Processed { watermarked: None, thumbnail_key: None };
        if let Some(marked) = made.watermarked {
            let size = marked.bytes.len() as u64;
            self.blobs.put(path, PutPayload::from(marked.bytes)).await?;
            done.watermarked = Some((size, marked.media_type));
        }
        if let Some(small) = made.thumbnail {
            let key = format!("{object_key}.thumb");
            self.blobs.put(&BlobPath::from(key.as_str()), PutPayload::from(small.bytes)).await?;
            done.thumbnail_key = Some(key);
        }
        Ok(done)
    }

    /// The file's bytes, or a byte range of them, as a stream.
    pub async fn open(&self, key: &str, range: Option<std::ops::Range<u64>>) -> Result<impl Stream<Item = Result<Bytes, std::io::Error>> + use<>, FileError> {
        let options = GetOptions { range: range.map(GetRange::Bounded), ..Default::default() };
        let result = self.blobs.get_opts(&BlobPath::from(key), options).await.map_err(blob_error)?;
        Ok(result.into_stream().map(|chunk| chunk.map_err(std::io::Error::other)))
    }

    /// The whole file, when it is at most `limit` bytes.
    pub async fn read(&self, file: &FileRecord, limit: u64) -> Result<Option<Bytes>, FileError> {
        if file.size as u64 > limit {
            return Ok(None);
        }
        let result = self.blobs.get(&BlobPath::from(file.object_key.as_str())).await.map_err(blob_error)?;
        Ok(Some(result.bytes().await.map_err(blob_error)?))
    }

    /// Deletes the file's blobs; a blob already gone is not an error.
    pub async fn remove(&self, object_key: &str, thumbnail_key: Option<&str>) {
        for key in std::iter::once(object_key).chain(thumbnail_key) {
            match self.blobs.delete(&BlobPath::from(key)).await {
                Ok(()) | Err(object_store::Error::NotFound { .. }) => {}
                Err(err) => tracing::warn!(error = %err, key, "deleting a blob failed"),
            }
        }
    }

    /// Deletes the owner's file and its blobs. Answers whether there was one.
    pub async fn delete(&self, store: &Store, owner: Owner<'_>, file_id: &str) -> Result<bool, FileError> {
        let Some(file) = store.delete_file(owner, file_id).await? else { return Ok(false) };
        self.remove(&file.object_key, file.thumbnail_key.as_deref()).await;
        Ok(true)
    }
}

/// Why processing an image failed: the image itself, or the services around it.
enum ProcessError {
    Media(media::MediaError),
    Other(FileError),
}

impl From<media::MediaError> for ProcessError {
    fn from(err: media::MediaError) -> Self {
        Self::Media(err)
    }
}

impl From<object_store::Error> for ProcessError {
    fn from(err: object_store::Error) -> Self {
        Self::Other(blob_error(err))
    }
}

struct Processed {
    /// Size and media type of the watermarked image that replaced the original.
    watermarked: Option<(u64, &'static str)>,
    thumbnail_key: Option<String>,
}

fn blob_error(err: object_store::Error) -> FileError {
    FileError::Blobs(err.to_string())
}

/// A tenant id as one safe path segment of a blob key.
fn key_segment(id: &str) -> String {
    id.chars().map(|c| if c.is_ascii_alphanumeric() || "-_".contains(c) { c } else { '_' }).collect()
}

/// Percent-encodes a file name for the last segment of a link.
pub fn percent_encode(name: &str) -> String {
    name.bytes().map(|b| if b.is_ascii_alphanumeric() || b"-._~".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn view_links_name_their_token_and_only_ours_are_read_back() {
        let folder = std::env::temp_dir().join(format!("waybill-files-{}", std::process::id()));
        let settings = FileSettings { folder: folder.clone(), s3: None, public_url: "https://wb.example.com/".into() };
        let service = FileService::new(&settings).unwrap();
        assert_eq!(service.token_in("https://wb.example.com/api/file-app/v1/file/view/abc123/a%20b.pdf"), Some("abc123"));
        assert_eq!(service.token_in("/api/file-app/v1/file/view/abc123/x"), Some("abc123"));
        assert_eq!(service.token_in("https://elsewhere.example/api/file-app/v1/file/view/abc123/x"), None);
        assert_eq!(service.token_in("/api/file-app/v1/file/view//x"), None);
        assert_eq!(percent_encode("送货 单.pdf"), "%E9%80%81%E8%B4%A7%20%E5%8D%95.pdf");
        assert_eq!(key_segment("../acme"), "___acme");
        std::fs::remove_dir_all(&folder).ok();
    }
}
