use thiserror::Error;

#[derive(Debug, Error)]
pub enum StoreError {
    #[error("the database URL must start with sqlite: or postgres://")]
    UnsupportedUrl,
    /// A unique constraint refused the write; carries the constraint's subject.
    #[error("{0} already exists")]
    Conflict(&'static str),
    /// A facility id that the tenant does not have.
    #[error("the tenant has no facility {0:?}")]
    UnknownFacility(String),
    #[error("stored data is corrupt: {0}")]
    Corrupt(String),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

/// Maps a unique-constraint violation to [`StoreError::Conflict`] with a readable subject.
pub(crate) fn conflict_as(subject: &'static str) -> impl FnOnce(sqlx::Error) -> StoreError {
    move |err| match &err {
        sqlx::Error::Database(db) if db.is_unique_violation() => StoreError::Conflict(subject),
        _ => StoreError::Database(err),
    }
}
