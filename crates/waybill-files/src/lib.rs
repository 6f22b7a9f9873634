//! The file service's parts that know nothing of HTTP or tenants: where blobs live
//! ([`blobs`]), what is done to images ([`media`]), and how names and types are made safe
//! to hand back to a browser ([`names`]).

pub mod blobs;
pub mod media;
pub mod names;
