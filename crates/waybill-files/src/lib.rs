//! The file service ([`service`]): uploads streamed into the blob store with their
//! metadata in the database, capability links, reads and deletes, with an error type of
//! its own that the HTTP layer maps to answers. Its parts: where blobs live ([`blobs`]),
//! what is done to images ([`media`]), and how names and types are made safe to hand back
//! to a browser ([`names`]).

pub mod blobs;
pub mod media;
pub mod names;
pub mod service;

pub use service::{FileError, FileService, FileSettings, UPLOAD_LIMIT, UPLOAD_LIMIT_LABEL, UploadOptions, Uploader, percent_encode};
