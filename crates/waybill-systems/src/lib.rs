//! Business systems: the tenant's warehouse (WMS), freight (FMS/TMS), yard (YMS) and
//! order (OMS) systems, registered by an admin with their OpenAPI documents, which the
//! assistant searches (`apiSearch`) and calls (`apiCall`).
//!
//! - [`records`]: the `business_systems` table (secrets sealed, never returned);
//! - [`catalogues`]: each tenant's systems with their operations parsed and indexed in
//!   memory while the rows are unchanged;
//! - [`calls`]: arguments checked before anything is sent, URLs that cannot leave the
//!   registered host, the user's tenant and facility forwarded, answers summarised;
//! - [`service`]: the admin operations behind `/api/admin/systems` ([`routes`]) and the
//!   registration of systems Waybill serves itself (the demo facility);
//! - [`auth`]: bearer, API key, basic and OAuth 2.0 client-credentials sign-in;
//! - [`credentials`]: the credentials a call sent, taken out of what comes back;
//! - [`oms`]: the order-management tools, whose import sends its batch as
//!   [`import_batch`] writes it, never held as JSON values.
//!
//! Reads run at once; a call that changes data (POST, PUT, PATCH, DELETE) asks the user's
//! approval first unless an admin marked the operation safe. Calls go through the guarded
//! outbound client, so a system on a private address is refused unless the host is
//! allow-listed (`[outbound] allow_hosts`); built-in systems are allowed their own host.

pub mod auth;
pub mod calls;
pub mod catalogues;
pub mod credentials;
pub mod errors;
pub mod import_batch;
pub mod oms;
pub mod records;
pub mod routes;
pub mod service;
pub mod tools;

use schemars::JsonSchema;
use serde::Deserialize;
use waybill_routes::Routes;
use waybill_tools::codes::ErrorCode;
use waybill_tools::{Built, Family, Migrations, Services, Slice, typed};

pub use errors::SystemError;
pub use oms::Oms;
pub use records::Kind;
pub use service::{CallSigner, ConnectionTest, OperationInfo, Shared, SignedCall, SystemInfo, SystemInput};

static SQLITE: sqlx::migrate::Migrator = sqlx::migrate!("./src/migrations/sqlite");
static POSTGRES: sqlx::migrate::Migrator = sqlx::migrate!("./src/migrations/postgres");

/// The business-systems family: `apiSearch` and `apiCall`, offered to turns whose tenant
/// has registered systems.
pub struct Systems;

/// `[tools.systems]`: nothing to set yet; systems are registered per tenant by admins.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct SystemsConfig {}

impl Family for Systems {
    const NAME: &'static str = "systems";
    type Config = SystemsConfig;

    /// The tools and the admins' routes over one service, which is also the family's
    /// handle (the demo registers its systems through it).
    fn build(&self, _: &SystemsConfig, services: &Services) -> Built {
        let shared = Shared::new(services.clone());
        let slice = Slice::new().part(Routes::protected(routes::router().with_state(shared.clone()))).handle(shared.clone());
        Built::tools(vec![typed(tools::ApiSearchTool { shared: shared.clone() }), typed(tools::ApiCallTool { shared })]).with(slice)
    }

    fn migrations(&self) -> Option<Migrations> {
        Some(Migrations { sqlite: &SQLITE, postgres: &POSTGRES })
    }

    fn error_codes(&self) -> &'static [ErrorCode] {
        errors::CODES
    }
}
