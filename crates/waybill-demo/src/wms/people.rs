//! Users, job codes, titles and projects.

use axum::extract::State;
use axum::response::Json as Reply;
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::{IntoParams, ToSchema};

use crate::http::error::ApiResult;
use crate::http::extract::{MaybeFacility, Path, Query};
use crate::http::page::{Filter, Page, Paging, list, one};
use crate::http::{App, Operation, shorten};
use crate::model::{Activity, ProjectStatus, Shift};

pub(super) fn operations() -> Vec<Operation> {
    vec![
        Operation::get("/v1/users", "listUsers", list_users)
            .doc(
                "People",
                "List users",
                "List warehouse users (employees) by name, job code, title, shift or status; with X-Facility-Id, only that facility's staff.",
            )
            .tenant_wide()
            .query::<UserQuery>()
            .page::<User>(),
        Operation::get("/v1/users/{userId}", "getUser", get_user)
            .doc("People", "Get a user", "Get one warehouse user by id: name, email, facility, job code, title, shift and hire date.")
            .tenant_wide()
            .path_params::<UserPath>()
            .ok::<User>(),
        Operation::get("/v1/job-codes", "listJobCodes", list_job_codes)
            .doc("People", "List job codes", "List the job codes (receiver, picker, packer, forklift operator, yard jockey…) with department and hourly rate.")
            .tenant_wide()
            .query::<JobCodeQuery>()
            .page::<JobCode>(),
        Operation::get("/v1/titles", "listTitles", list_titles)
            .doc("People", "List titles", "List the job titles (associate, lead, supervisor, manager…) with their level.")
            .tenant_wide()
            .page::<Title>(),
        Operation::get("/v1/projects", "listProjects", list_projects)
            .doc(
                "Projects",
                "List projects",
                "List operational projects such as peak readiness, cycle counts or slotting, by status or merchant; with X-Facility-Id, only that facility's.",
            )
            .tenant_wide()
            .query::<ProjectQuery>()
            .page::<Project>(),
        Operation::get("/v1/projects/{projectId}", "getProject", get_project)
            .doc("Projects", "Get a project", "Get one project by id: description, status, dates, merchant and owner.")
            .tenant_wide()
            .path_params::<ProjectPath>()
            .ok::<Project>(),
    ]
}

/// A warehouse user.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct User {
    /// Such as `USR-0012`.
    pub id: String,
    pub facility_id: String,
    pub user_name: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub job_code: String,
    pub job_name: String,
    pub title_id: String,
    pub title: String,
    pub shift: Shift,
    pub status: Activity,
    #[schema(format = Date)]
    pub hired_on: String,
}

const USER_COLUMNS: &str = "u.id, u.facility_id, u.user_name, u.first_name, u.last_name, u.email, u.job_code, j.name AS job_name, u.title_id, \
     t.name AS title, u.shift, u.status, u.hired_on";
const USER_FROM: &str = "users u JOIN job_codes j ON j.code = u.job_code JOIN titles t ON t.id = u.title_id";

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct UserQuery {
    /// Part of the name, user name or email, any case.
    q: Option<String>,
    /// Such as `PCK01`.
    job_code: Option<String>,
    /// Such as `T05`.
    title_id: Option<String>,
    shift: Option<Shift>,
    status: Option<Activity>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Path)]
struct UserPath {
    /// Such as `USR-0012`.
    user_id: String,
}

async fn list_users(
    State(app): State<App>,
    MaybeFacility(facility): MaybeFacility,
    Query(q): Query<UserQuery>,
    Query(paging): Query<Paging>,
) -> ApiResult<Reply<Page<User>>> {
    let filter = Filter::new()
        .eq("u.facility_id", facility)
        .contains(&["u.first_name", "u.last_name", "u.user_name", "u.email"], q.q.as_deref())
        .eq("u.job_code", q.job_code.as_deref())
        .eq("u.title_id", q.title_id.as_deref())
        .eq("u.shift", q.shift.map(Shift::as_str))
        .eq("u.status", q.status.map(Activity::as_str));
    Ok(Reply(list(&app.db.read, USER_COLUMNS, USER_FROM, &filter, "u.last_name, u.first_name, u.id", &paging).await?))
}

async fn get_user(State(app): State<App>, MaybeFacility(facility): MaybeFacility, Path(p): Path<UserPath>) -> ApiResult<Reply<User>> {
    let filter = Filter::new().eq("u.id", Some(p.user_id.as_str())).eq("u.facility_id", facility);
    Ok(Reply(one(&app.db.read, USER_COLUMNS, USER_FROM, &filter, || format!("User {}", shorten(&p.user_id))).await?))
}

/// A job code.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct JobCode {
    /// Such as `PCK01`.
    pub code: String,
    pub name: String,
    pub department: String,
    /// USD per hour.
    pub hourly_rate: f64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct JobCodeQuery {
    /// Such as `Inbound`, `Outbound`, `Yard`.
    department: Option<String>,
}

async fn list_job_codes(State(app): State<App>, Query(q): Query<JobCodeQuery>, Query(paging): Query<Paging>) -> ApiResult<Reply<Page<JobCode>>> {
    let filter = Filter::new().eq("department", q.department.as_deref());
    Ok(Reply(list(&app.db.read, "code, name, department, hourly_rate", "job_codes", &filter, "code", &paging).await?))
}

/// A job title.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Title {
    /// Such as `T05`.
    pub id: String,
    pub name: String,
    /// 1 (entry) to 8 (director).
    pub level: i64,
}

async fn list_titles(State(app): State<App>, Query(paging): Query<Paging>) -> ApiResult<Reply<Page<Title>>> {
    Ok(Reply(list(&app.db.read, "id, name, level", "titles", &Filter::new(), "level, id", &paging).await?))
}

/// An operational project.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Project {
    /// Such as `PRJ-004`.
    pub id: String,
    pub facility_id: String,
    /// The merchant it serves, if any.
    pub customer_id: Option<String>,
    pub name: String,
    pub description: String,
    pub status: ProjectStatus,
    #[schema(format = Date)]
    pub start_date: String,
    #[schema(format = Date)]
    pub due_date: String,
    pub owner_user_id: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct ProjectQuery {
    status: Option<ProjectStatus>,
    customer_id: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Path)]
struct ProjectPath {
    /// Such as `PRJ-004`.
    project_id: String,
}

const PROJECT_COLUMNS: &str = "id, facility_id, customer_id, name, description, status, start_date, due_date, owner_user_id";

async fn list_projects(
    State(app): State<App>,
    MaybeFacility(facility): MaybeFacility,
    Query(q): Query<ProjectQuery>,
    Query(paging): Query<Paging>,
) -> ApiResult<Reply<Page<Project>>> {
    let filter = Filter::new().eq("facility_id", facility).eq("status", q.status.map(ProjectStatus::as_str)).eq("customer_id", q.customer_id.as_deref());
    Ok(Reply(list(&app.db.read, PROJECT_COLUMNS, "projects", &filter, "due_date, id", &paging).await?))
}

async fn get_project(State(app): State<App>, MaybeFacility(facility): MaybeFacility, Path(p): Path<ProjectPath>) -> ApiResult<Reply<Project>> {
    let filter = Filter::new().eq("id", Some(p.project_id.as_str())).eq("facility_id", facility);
    Ok(Reply(one(&app.db.read, PROJECT_COLUMNS, "projects", &filter, || format!("Project {}", shorten(&p.project_id))).await?))
}
