//! Master data as a form's selectors list it: customers, carriers and their delivery
//! services, items and their units of measure, users, titles, job codes, projects and
//! accessorials — searched, paged, and scoped to a facility where the data is.

use serde_json::Value;
use sqlx::FromRow;

use crate::Demo;
use crate::http::page::contains_pattern;

/// Options in one page.
pub const PAGE_SIZE: u32 = 20;

/// What a selector lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup {
    Customers,
    Carriers,
    /// Of the carrier the field depends on.
    DeliveryServices,
    /// Of the customer the field depends on, or of all.
    Items,
    /// Of the item the field depends on.
    ItemUoms,
    /// The facility's users.
    Users,
    Titles,
    JobCodes,
    /// The facility's projects: the general ones and those of the customer the field
    /// depends on, or all.
    Projects,
    Accessorials,
}

/// One option: its value, what the user sees, and the record behind it.
#[derive(Debug, Clone, PartialEq)]
pub struct LookupOption {
    pub value: String,
    pub label: String,
    pub description: Option<String>,
    pub data: Value,
}

/// A page of options.
#[derive(Debug, Clone, PartialEq)]
pub struct LookupPage {
    pub options: Vec<LookupOption>,
    pub has_more: bool,
}

/// How a lookup reads its table: SQL pieces, all fixed here; the search text, the
/// dependency and the facility are bound.
struct Source {
    from: &'static str,
    value: &'static str,
    label: &'static str,
    description: &'static str,
    data: &'static str,
    /// Columns the search text is looked for in.
    search: &'static [&'static str],
    /// What a row must be to belong to the dependency value (`?2`).
    depends: Option<&'static str>,
    /// Whether a dependency is needed: without one the lookup lists nothing.
    needs_dependency: bool,
    /// The column holding the facility, for facility data.
    facility: Option<&'static str>,
    /// Always true of a listed row.
    only: &'static str,
    order: &'static str,
}

fn source(lookup: Lookup) -> Source {
    match lookup {
        Lookup::Customers => Source {
            from: "customers",
            value: "id",
            label: "name",
            description: "merchant_no || ' · ' || city || ', ' || state",
            data: "json_object('id', id, 'merchantNo', merchant_no, 'name', name, 'city', city, 'state', state)",
            search: &["name", "merchant_no", "id"],
            depends: None,
            needs_dependency: false,
            facility: None,
            only: "status = 'active'",
            order: "name, id",
        },
        Lookup::Carriers => Source {
            from: "carriers",
            value: "id",
            label: "name",
            description: "scac || ' · ' || mode",
            data: "json_object('id', id, 'scac', scac, 'name', name, 'mode', mode)",
            search: &["name", "scac", "id"],
            depends: None,
            needs_dependency: false,
            facility: None,
            only: "active = 1",
            order: "name, id",
        },
        Lookup::DeliveryServices => Source {
            from: "delivery_services",
            value: "id",
            label: "name",
            description: "code || ' · ' || transit_days || ' d'",
            data: "json_object('id', id, 'carrierId', carrier_id, 'code', code, 'name', name, 'mode', mode, 'transitDays', transit_days)",
            search: &["name", "code"],
            depends: Some("carrier_id = ?2"),
            needs_dependency: true,
            facility: None,
            only: "active = 1",
            order: "transit_days, name",
        },
        Lookup::Items => Source {
            from: "items",
            value: "id",
            label: "sku || ' · ' || description",
            description: "category",
            data: "json_object('id', id, 'sku', sku, 'description', description, 'customerId', customer_id, 'upc', upc)",
            search: &["sku", "description", "upc"],
            depends: Some("customer_id = ?2"),
            needs_dependency: false,
            facility: None,
            only: "status = 'active'",
            order: "sku",
        },
        Lookup::ItemUoms => Source {
            from: "item_uoms",
            value: "uom",
            label: "uom",
            description: "qty_each || ' EA'",
            data: "json_object('itemId', item_id, 'uom', uom, 'qtyEach', qty_each)",
            search: &["uom"],
            depends: Some("item_id = ?2"),
            needs_dependency: true,
            facility: None,
            only: "1 = 1",
            order: "qty_each",
        },
        Lookup::Users => Source {
            from: "users",
            value: "id",
            label: "first_name || ' ' || last_name",
            description: "user_name || ' · ' || shift",
            data: "json_object('id', id, 'userName', user_name, 'firstName', first_name, 'lastName', last_name, 'email', email, 'jobCode', job_code)",
            search: &["first_name || ' ' || last_name", "user_name", "email"],
            depends: None,
            needs_dependency: false,
            facility: Some("facility_id"),
            only: "status = 'active'",
            order: "first_name, last_name, id",
        },
        Lookup::Titles => Source {
            from: "titles",
            value: "id",
            label: "name",
            description: "'Level ' || level",
            data: "json_object('id', id, 'name', name, 'level', level)",
            search: &["name", "id"],
            depends: None,
            needs_dependency: false,
            facility: None,
            only: "1 = 1",
            order: "level, name",
        },
        Lookup::JobCodes => Source {
            from: "job_codes",
            value: "code",
            label: "code || ' · ' || name",
            description: "department",
            data: "json_object('code', code, 'name', name, 'department', department)",
            search: &["code", "name", "department"],
            depends: None,
            needs_dependency: false,
            facility: None,
            only: "1 = 1",
            order: "code",
        },
        Lookup::Projects => Source {
            from: "projects",
            value: "id",
            label: "name",
            description: "id || ' · ' || status",
            data: "json_object('id', id, 'name', name, 'customerId', customer_id, 'status', status, 'dueDate', due_date)",
            search: &["name", "id", "description"],
            // A customer's projects and the general ones.
            depends: Some("(customer_id = ?2 OR customer_id IS NULL)"),
            needs_dependency: false,
            facility: Some("facility_id"),
            only: "1 = 1",
            order: "name, id",
        },
        Lookup::Accessorials => Source {
            from: "accessorials",
            value: "code",
            label: "name",
            description: "code || ' · ' || printf('%.2f', amount) || ' / ' || unit",
            data: "json_object('code', code, 'name', name, 'amount', amount, 'unit', unit)",
            search: &["name", "code", "description"],
            depends: None,
            needs_dependency: false,
            facility: None,
            only: "1 = 1",
            order: "name",
        },
    }
}

#[derive(FromRow)]
struct Row {
    value: String,
    label: String,
    description: Option<String>,
    data: String,
}

impl Demo {
    /// Adds `n` generated merchants (`Load Test Merchant 00001 …`), for load tests and
    /// benchmarks of the customer searches.
    pub async fn add_customers(&self, n: usize) -> Result<(), sqlx::Error> {
        let mut tx = self.inner.db.begin().await?;
        let (start,): (i64,) = sqlx::query_as("SELECT count(*) FROM customers").fetch_one(&mut *tx).await?;
        for i in 0..n as i64 {
            let k = start + i + 1;
            sqlx::query(
                "INSERT INTO customers (id, merchant_no, name, contact_name, email, phone, city, state, status, since) \
                 VALUES (?, ?, ?, 'Load Test', 'load@test.example', '555-0100', 'Reno', 'NV', 'active', '2024-01-01')",
            )
            .bind(format!("CUS-LT{k:06}"))
            .bind(format!("MLT{k:06}"))
            .bind(format!("Load Test Merchant {k:05}"))
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await
    }

    /// A page (from 1) of `lookup`'s options in `facility` whose label, code or number
    /// holds `query` (any case), narrowed to `depends_on` (a carrier's services, a
    /// customer's items, an item's units) where the lookup has a dependency.
    pub async fn options(&self, lookup: Lookup, facility: &str, query: &str, depends_on: Option<&str>, page: u32) -> Result<LookupPage, sqlx::Error> {
        let s = source(lookup);
        let depends_on = depends_on.map(str::trim).filter(|d| !d.is_empty());
        if s.needs_dependency && depends_on.is_none() {
            return Ok(LookupPage { options: Vec::new(), has_more: false });
        }
        let search = s.search.iter().map(|c| format!("{c} LIKE ?1 ESCAPE '\\'")).collect::<Vec<_>>().join(" OR ");
        let depends = s.depends.map_or_else(|| "1 = 1".to_owned(), |c| format!("(?2 IS NULL OR {c})"));
        let facility_filter = s.facility.map_or_else(|| "1 = 1".to_owned(), |c| format!("{c} = ?3"));
        let sql = format!(
            "SELECT {value} AS value, {label} AS label, {description} AS description, {data} AS data FROM {from} \
             WHERE {only} AND ({search}) AND {depends} AND {facility_filter} ORDER BY {order} LIMIT ?4 OFFSET ?5",
            value = s.value,
            label = s.label,
            description = s.description,
            data = s.data,
            from = s.from,
            only = s.only,
            order = s.order,
        );
        let page = page.max(1);
        let rows: Vec<Row> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(contains_pattern(query.trim()))
            .bind(depends_on)
            .bind(facility)
            .bind(i64::from(PAGE_SIZE) + 1)
            .bind(i64::from(page - 1) * i64::from(PAGE_SIZE))
            .fetch_all(&self.inner.db.read)
            .await?;
        let has_more = rows.len() > PAGE_SIZE as usize;
        let options = rows
            .into_iter()
            .take(PAGE_SIZE as usize)
            .map(|r| LookupOption { value: r.value, label: r.label, description: r.description, data: serde_json::from_str(&r.data).unwrap_or(Value::Null) })
            .collect();
        Ok(LookupPage { options, has_more })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DemoConfig;

    const FACILITY: &str = "dc-ontario";

    async fn demo() -> Demo {
        Demo::open_in_memory(DemoConfig::default()).await.unwrap()
    }

    #[tokio::test]
    async fn customers_are_searched_by_name_or_number_in_any_case_and_paged() {
        let demo = demo().await;
        let first = demo.options(Lookup::Customers, FACILITY, "", None, 1).await.unwrap();
        assert_eq!(first.options.len(), PAGE_SIZE as usize);
        assert!(first.has_more);
        let second = demo.options(Lookup::Customers, FACILITY, "", None, 2).await.unwrap();
        assert!(second.options.iter().all(|o| first.options.iter().all(|f| f.value != o.value)), "pages do not overlap");
        let found = demo.options(Lookup::Customers, FACILITY, "pacific outdoor", None, 1).await.unwrap();
        assert_eq!(found.options[0].label, "Pacific Outdoor Supply");
        assert_eq!(found.options[0].value, "CUS-0001");
        assert_eq!(found.options[0].data["merchantNo"].as_str().unwrap(), found.options[0].description.as_deref().unwrap().split(" · ").next().unwrap());
        assert!(!found.has_more);
        demo.add_customers(30).await.unwrap();
        let grown = demo.options(Lookup::Customers, FACILITY, "load test merchant", None, 2).await.unwrap();
        assert_eq!((grown.options.len(), grown.has_more), (10, false));
    }

    #[tokio::test]
    async fn wildcards_in_the_search_are_plain_characters() {
        let demo = demo().await;
        assert!(demo.options(Lookup::Customers, FACILITY, "%", None, 1).await.unwrap().options.is_empty());
        assert!(demo.options(Lookup::Customers, FACILITY, "_", None, 1).await.unwrap().options.is_empty());
        assert!(demo.options(Lookup::Customers, FACILITY, "' OR 1=1 --", None, 1).await.unwrap().options.is_empty());
    }

    #[tokio::test]
    async fn dependants_list_only_what_belongs_to_their_dependency() {
        let demo = demo().await;
        assert!(demo.options(Lookup::DeliveryServices, FACILITY, "", None, 1).await.unwrap().options.is_empty(), "no carrier, no services");
        let carrier = demo.options(Lookup::Carriers, FACILITY, "", None, 1).await.unwrap().options.remove(0);
        let services = demo.options(Lookup::DeliveryServices, FACILITY, "", Some(&carrier.value), 1).await.unwrap();
        assert!(!services.options.is_empty());
        assert!(services.options.iter().all(|s| s.data["carrierId"] == carrier.value.as_str()));

        let items = demo.options(Lookup::Items, FACILITY, "", Some("CUS-0001"), 1).await.unwrap();
        assert!(!items.options.is_empty() && items.options.iter().all(|i| i.data["customerId"] == "CUS-0001"));
        let uoms = demo.options(Lookup::ItemUoms, FACILITY, "", Some(&items.options[0].value), 1).await.unwrap();
        let units: Vec<&str> = uoms.options.iter().map(|o| o.value.as_str()).collect();
        assert_eq!(units.first(), Some(&"EA"), "{units:?}");
    }

    #[tokio::test]
    async fn users_and_projects_are_the_facilitys_own() {
        let demo = demo().await;
        let here = demo.options(Lookup::Users, FACILITY, "", None, 1).await.unwrap();
        let there = demo.options(Lookup::Users, "yard-fontana", "", None, 1).await.unwrap();
        assert!(!here.options.is_empty() && !there.options.is_empty());
        assert!(here.options.iter().all(|u| there.options.iter().all(|t| t.value != u.value)));
        assert!(demo.options(Lookup::Users, "elsewhere", "", None, 1).await.unwrap().options.is_empty());
        for lookup in [Lookup::Titles, Lookup::JobCodes, Lookup::Accessorials, Lookup::Projects] {
            assert!(!demo.options(lookup, FACILITY, "", None, 1).await.unwrap().options.is_empty(), "{lookup:?}");
        }
        let all = demo.options(Lookup::Projects, FACILITY, "", None, 1).await.unwrap().options;
        let mine = demo.options(Lookup::Projects, FACILITY, "", Some("CUS-0002"), 1).await.unwrap().options;
        assert!(!mine.is_empty() && mine.iter().all(|p| p.data.get("customerId").is_none_or(|c| c.is_null() || c == "CUS-0002")), "{mine:?}");
        assert!(mine.len() <= all.len());
    }
}
