//! A family's HTTP routes, as its slice hands them to the server.

use utoipa_axum::router::OpenApiRouter;

/// The routes a family serves, each router with its state already given.
#[derive(Default)]
pub struct Routes {
    /// Behind the sign-in guard: every handler may take a [`crate::RequestContext`].
    pub protected: OpenApiRouter,
    /// Open to callers without a session, which check whom they serve themselves (an
    /// OAuth callback, the messaging service's API).
    pub public: OpenApiRouter,
    /// Served but left out of the API document: sockets.
    pub unlisted: axum::Router,
    /// Left out of the API document and behind the sign-in guard that takes the token's
    /// first tenant and facility when the headers do not name them: a surface other
    /// clients speak (the built-in tracker's Jira-compatible REST API).
    pub default_scope: axum::Router,
}

impl Routes {
    pub fn protected(router: OpenApiRouter) -> Self {
        Self { protected: router, ..Self::default() }
    }

    pub fn with_public(mut self, router: OpenApiRouter) -> Self {
        self.public = self.public.merge(router);
        self
    }

    pub fn with_default_scope(mut self, router: axum::Router) -> Self {
        self.default_scope = self.default_scope.merge(router);
        self
    }

    pub fn with_unlisted(mut self, router: axum::Router) -> Self {
        self.unlisted = self.unlisted.merge(router);
        self
    }
}
