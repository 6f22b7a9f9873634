//! `GET /api/options/{kind}`: the options of a form's selector fields (spec 001 §2.20),
//! searched, paged, and scoped to the caller's tenant and facility. The demo tenant's
//! master data comes from the demo facility; tracker assignees are whom the tenant's
//! tracker lets issues be assigned to (its Jira site's assignable users, or its members
//! in the built-in tracker); the state list is built in. A tenant with no source for a kind gets an empty
//! list, never another tenant's data.

mod states;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use waybill_demo::{Lookup, OPTIONS_PAGE_SIZE};
use waybill_families::forms::FieldType;
use waybill_tools::codes::FamilyError;
use waybill_tracker::Asker;
use waybill_tracker::tools::TrackerFor;

use crate::AppState;
use crate::auth::RequestContext;
use crate::error::{ApiError, Error, Json, Path, Query, Result};

pub use states::STATES;

/// One option of a selector field.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "options/")]
pub struct OptionItem {
    /// What the form stores (an id or code).
    pub value: String,
    /// What the user sees.
    pub label: String,
    /// A second line: a code, a city, a unit.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub description: Option<String>,
    /// The record behind it, for the form's label mapping.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[schema(value_type = Option<Object>)]
    pub data: Option<serde_json::Value>,
}

/// A page of a selector's options (`GET /api/options/{kind}`).
#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "options/")]
pub struct OptionsPage {
    pub options: Vec<OptionItem>,
    /// The page answered, from 1.
    pub page: u32,
    /// Whether a further page exists.
    pub has_more: bool,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OptionsQuery {
    /// Part of a label, code or number; case is ignored.
    #[param(max_length = 100)]
    pub q: Option<String>,
    /// The value of the field this one depends on: a carrier for its delivery services,
    /// a customer for its items or projects, an item for its units of measure.
    #[serde(rename = "dependsOn")]
    #[param(max_length = 200)]
    pub depends_on: Option<String>,
    /// From 1; 20 options a page.
    #[param(minimum = 1, maximum = 10000)]
    pub page: Option<u32>,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_options))
}

/// A selector field type named in the path; any other name is no option list.
fn selector(kind: &str) -> Option<FieldType> {
    serde_json::from_value(serde_json::Value::String(kind.into())).ok().filter(|k: &FieldType| k.is_selector())
}

/// Where the demo facility keeps a selector's options.
fn demo_lookup(kind: FieldType) -> Option<Lookup> {
    Some(match kind {
        FieldType::UserSelector | FieldType::MultipleUserSelector => Lookup::Users,
        FieldType::CustomerSelector => Lookup::Customers,
        FieldType::TitleSelector => Lookup::Titles,
        FieldType::GeneralProjectSelector => Lookup::Projects,
        FieldType::JobcodeSelector => Lookup::JobCodes,
        FieldType::CarrierSelector => Lookup::Carriers,
        FieldType::DeliveryServiceSelector => Lookup::DeliveryServices,
        FieldType::ItemmasterSelector => Lookup::Items,
        FieldType::ItemmasterUomSelector => Lookup::ItemUoms,
        FieldType::AccessorialMultipleSelector => Lookup::Accessorials,
        _ => return None,
    })
}

/// The states whose name or code holds `q`, a page of them.
fn states(q: &str, page: u32) -> OptionsPage {
    let q = q.to_lowercase();
    let matching: Vec<OptionItem> = STATES
        .iter()
        .filter(|(code, name)| q.is_empty() || name.to_lowercase().contains(&q) || code.to_lowercase() == q)
        .map(|(code, name)| OptionItem {
            value: (*code).into(),
            label: (*name).into(),
            description: Some((*code).into()),
            data: Some(serde_json::json!({"code": code, "name": name})),
        })
        .collect();
    paged(matching, page)
}

/// One page of a list held whole.
fn paged(all: Vec<OptionItem>, page: u32) -> OptionsPage {
    let size = OPTIONS_PAGE_SIZE as usize;
    let start = (page as usize - 1).saturating_mul(size);
    let has_more = all.len() > start.saturating_add(size);
    OptionsPage { options: all.into_iter().skip(start).take(size).collect(), page, has_more }
}

/// Whom the tenant's tracker lets issues (of the project the field depends on) be assigned to.
async fn assignees(state: &AppState, ctx: &RequestContext, q: &str, project: Option<&str>, page: u32) -> Result<OptionsPage> {
    let trackers = state
        .slices
        .handle::<waybill_tracker::connections::Trackers>()
        .ok_or_else(|| Error::Internal(anyhow::anyhow!("the tracker family is not registered")))?;
    let tracker = trackers.tracker_for(&ctx.tenant_id).await.map_err(|e| Error::Internal(anyhow::anyhow!("{e}")))?;
    let asker = Asker { tenant_id: &ctx.tenant_id, user_id: &ctx.user_id };
    let people = tracker
        .assignable(asker, project, (!q.is_empty()).then_some(q))
        .await
        .map_err(|e| Error::Family(FamilyError::new(waybill_tracker::connections::JIRA_FAILED, e.to_string())))?;
    let options = people
        .into_iter()
        .filter_map(|u| {
            let value = u.account_id.clone().or_else(|| u.name.clone())?;
            Some(OptionItem {
                label: u.display_name.clone(),
                description: u.email_address.clone(),
                data: Some(serde_json::json!({"accountId": u.account_id, "name": u.name, "displayName": u.display_name, "emailAddress": u.email_address})),
                value,
            })
        })
        .collect();
    Ok(paged(options, page))
}

/// A page of a selector's options, searched and narrowed to what the field depends on.
#[utoipa::path(get, path = "/api/options/{kind}", tag = "forms",
    params(("kind" = String, Path, max_length = 64, description = "A selector field type: customerSelector, carrierSelector, stateSelector…"), OptionsQuery),
    responses((status = 200, body = OptionsPage), (status = 400, body = ApiError), (status = 404, body = ApiError)))]
async fn list_options(
    State(state): State<AppState>,
    ctx: RequestContext,
    Path(kind): Path<String>,
    Query(query): Query<OptionsQuery>,
) -> Result<Json<OptionsPage>> {
    let kind = selector(&kind).ok_or(Error::NotFound("Option list"))?;
    let q = crate::text::trim(query.q.as_deref().unwrap_or_default());
    if q.chars().count() > 100 {
        return Err(Error::BadRequest("q must be at most 100 characters".into()));
    }
    let depends_on = query.depends_on.as_deref().map(crate::text::trim).filter(|d| !d.is_empty());
    if depends_on.is_some_and(|d| d.chars().count() > 200) {
        return Err(Error::BadRequest("dependsOn must be at most 200 characters".into()));
    }
    let page = query.page.unwrap_or(1);
    if !(1..=10_000).contains(&page) {
        return Err(Error::BadRequest("page must be between 1 and 10000".into()));
    }
    let answer = match (kind, demo_lookup(kind), &state.demo) {
        (FieldType::StateSelector, _, _) => states(q, page),
        (FieldType::JiraAssignableUserSelector, _, _) => assignees(&state, &ctx, q, depends_on, page).await?,
        (_, Some(lookup), Some(demo)) if ctx.tenant_id == waybill_demo::TENANT => {
            let found = demo.options(lookup, &ctx.facility_id, q, depends_on, page).await.map_err(|e| Error::Internal(e.into()))?;
            let options = found
                .options
                .into_iter()
                .map(|o| OptionItem { value: o.value, label: o.label, description: o.description, data: Some(o.data).filter(|d| !d.is_null()) })
                .collect();
            OptionsPage { options, page, has_more: found.has_more }
        }
        // No master data for this tenant: nothing to pick from, never another's.
        _ => OptionsPage { options: Vec::new(), page, has_more: false },
    };
    Ok(Json(answer))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_state_list_is_searched_by_name_or_exact_code_and_paged() {
        let all = states("", 1);
        assert_eq!((all.options.len(), all.has_more), (20, true));
        assert_eq!(states("", 3).options.len(), 11);
        assert!(!states("", 3).has_more);
        assert!(states("", 4).options.is_empty());
        let new: Vec<String> = states("new", 1).options.into_iter().map(|o| o.label).collect();
        assert_eq!(new, ["New Hampshire", "New Jersey", "New Mexico", "New York"]);
        assert_eq!(states("ca", 1).options[0].value, "CA");
        let ca: Vec<String> = states("ca", 1).options.into_iter().map(|o| o.label).collect();
        assert_eq!(ca, ["California", "North Carolina", "South Carolina"]);
    }

    #[test]
    fn the_kinds_are_the_field_types() {
        for name in ["userSelector", "customerSelector", "itemmasterUomSelector", "stateSelector", "accessorialMultipleSelector", "jiraAssignableUserSelector"]
        {
            assert!(selector(name).is_some(), "{name}");
        }
        assert!(selector("select").is_none() && selector("array").is_none() && selector("colourSelector").is_none());
    }
}
