//! Where file bytes live: a folder under the data directory by default, or an
//! S3-compatible bucket when one is configured (several instances behind a load
//! balancer must share one). Both are `object_store` stores behind the same trait.

use std::path::Path;
use std::sync::Arc;

use object_store::ObjectStore;
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;

pub use object_store;

/// An S3-compatible bucket (AWS, MinIO, Ceph, R2, …).
#[derive(Clone)]
pub struct S3Settings {
    pub bucket: String,
    /// `https://s3.eu-west-1.amazonaws.com`, `http://127.0.0.1:9000`, …; empty for AWS's default.
    pub endpoint: Option<String>,
    pub region: String,
    pub access_key_id: String,
    pub secret_access_key: String,
}

impl std::fmt::Debug for S3Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("S3Settings")
            .field("bucket", &self.bucket)
            .field("endpoint", &self.endpoint)
            .field("region", &self.region)
            .field("access_key_id", &self.access_key_id)
            .field("secret_access_key", &"***")
            .finish()
    }
}

#[derive(Debug, thiserror::Error)]
pub enum BlobConfigError {
    #[error("the file folder {0} cannot be created: {1}")]
    Folder(String, std::io::Error),
    #[error("the S3 settings are not usable: {0}")]
    S3(String),
}

/// The local folder store, created when missing.
pub fn local(folder: &Path) -> Result<Arc<dyn ObjectStore>, BlobConfigError> {
    std::fs::create_dir_all(folder).map_err(|e| BlobConfigError::Folder(folder.display().to_string(), e))?;
    let store = LocalFileSystem::new_with_prefix(folder).map_err(|e| BlobConfigError::Folder(folder.display().to_string(), std::io::Error::other(e)))?;
    Ok(Arc::new(store))
}

/// The S3-compatible store. Path-style addressing, so MinIO and friends work too.
pub fn s3(settings: &S3Settings) -> Result<Arc<dyn ObjectStore>, BlobConfigError> {
    let mut builder = AmazonS3Builder::new()
        .with_bucket_name(&settings.bucket)
        .with_region(&settings.region)
        .with_access_key_id(&settings.access_key_id)
        .with_secret_access_key(&settings.secret_access_key)
        .with_virtual_hosted_style_request(false);
    if let Some(endpoint) = settings.endpoint.as_deref().filter(|e| !e.is_empty()) {
        builder = builder.with_endpoint(endpoint).with_allow_http(endpoint.starts_with("http://"));
    }
    Ok(Arc::new(builder.build().map_err(|e| BlobConfigError::S3(e.to_string()))?))
}
