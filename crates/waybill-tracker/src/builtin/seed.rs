//! The demo tenant's tracker: three projects (operations, WMS support, carrier claims)
//! and a few hundred issues of the kind a distribution network files — damaged pallets,
//! dock doors out of service, RF guns that freeze, shortage claims — spread over the last
//! ninety days, moved along the workflow by their age, some with comments. Generated
//! from a fixed seed, so every fresh machine gets the same tickets.

use sqlx::Row;

use super::scheme::{self, Status};
use super::store::{BuiltIn, IssueRow, Person, TrackerError, insert_comment, insert_issue};

/// The projects: key, name, description.
pub const PROJECTS: [(&str, &str, &str); 3] = [
    ("OPS", "Operations", "Incidents and work on the floor: docks, yard, equipment, safety."),
    ("WMS", "WMS support", "Problems with the warehouse system, RF devices and printers."),
    ("CLM", "Carrier claims", "Loss, damage and shortage claims with carriers and customers."),
];

/// How many issues the demo gets.
pub const ISSUES: usize = 320;

const CARRIERS: [&str; 6] = ["FedEx Freight", "XPO Logistics", "Old Dominion", "Estes Express", "UPS Ground", "Schneider"];
const STAFF: [&str; 8] = ["Maria Lopez", "James Carter", "Priya Nair", "Tomás Rivera", "Wei Zhang", "Aisha Bello", "Kevin O'Brien", "Yuki Tanaka"];
const CUSTOMERS: [&str; 4] = ["Pacific Outdoor Supply", "Northwind Home", "Blue Ridge Pet Co", "Summit Electronics"];

/// Summary templates per project and issue type. `{door}`, `{aisle}`, `{carrier}`,
/// `{trailer}`, `{n}`, `{customer}` are filled in.
const TEMPLATES: [(&str, &str, &str); 24] = [
    ("OPS", "Incident", "Damaged pallet received from {carrier} at door {door}"),
    ("OPS", "Incident", "Dock door {door} sensor not reading trailer presence"),
    ("OPS", "Incident", "Forklift FL-{n} hydraulic leak in aisle {aisle}"),
    ("OPS", "Incident", "Spill to clean up in aisle {aisle}"),
    ("OPS", "Incident", "Dock leveler stuck at door {door}"),
    ("OPS", "Incident", "Trailer {trailer} arrived with a broken seal"),
    ("OPS", "Incident", "Near miss: pedestrian in the forklift lane by aisle {aisle}"),
    ("OPS", "Incident", "Rack upright damaged at aisle {aisle}, bay {n}"),
    ("OPS", "Task", "Re-slot fast movers to the golden zone in aisle {aisle}"),
    ("OPS", "Task", "Schedule the quarterly fire extinguisher inspection"),
    ("OPS", "Task", "Train the night shift on the new hazmat labels"),
    ("OPS", "Task", "Audit cycle count variances for aisle {aisle}"),
    ("OPS", "Task", "Update the dock appointment template for {carrier}"),
    ("WMS", "Bug", "RF gun freezes on putaway confirm"),
    ("WMS", "Bug", "Wave {n} released with zero lines"),
    ("WMS", "Bug", "Label printer at pack station {n} prints blank labels"),
    ("WMS", "Bug", "Cycle count task assigned to a locked location in aisle {aisle}"),
    ("WMS", "Bug", "ASN import fails on duplicate line numbers from {customer}"),
    ("WMS", "Bug", "Replenishment not triggering for pick faces in aisle {aisle}"),
    ("WMS", "Task", "Add the {carrier} SCAC to the carrier master"),
    ("CLM", "Claim", "Shortage claim: PO {n} short cartons from {carrier}"),
    ("CLM", "Claim", "Concealed damage on load {n} delivered by {carrier}"),
    ("CLM", "Claim", "{customer} reports a mis-ship on order {n}"),
    ("CLM", "Claim", "{carrier} dropped a pallet at the cross-dock"),
];

const COMMENTS: [&str; 6] = [
    "Photos are in the shared drive; the pallet is on hold in the quarantine area.",
    "Maintenance has been called, ETA two hours.",
    "Checked with the carrier, they are sending an inspector tomorrow.",
    "Workaround: scan the location barcode twice.",
    "Moved to the next shift's huddle.",
    "Parts are on order.",
];

/// A small deterministic generator: the same tickets on every machine.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

fn fill(template: &str, dice: &mut Dice) -> String {
    let mut text = template.to_owned();
    let door = format!("{}", 1 + dice.below(24));
    let aisle = format!("{}", (b'A' + dice.below(12) as u8) as char);
    let n = format!("{}", 100 + dice.below(900));
    let trailer = format!("TRL-{}", 4000 + dice.below(900));
    for (key, value) in [
        ("{door}", door.as_str()),
        ("{aisle}", aisle.as_str()),
        ("{n}", n.as_str()),
        ("{trailer}", trailer.as_str()),
        ("{carrier}", *dice.pick(&CARRIERS)),
        ("{customer}", *dice.pick(&CUSTOMERS)),
    ] {
        text = text.replace(key, value);
    }
    text
}

/// Seeds `tenant_id`'s tracker unless it has projects already; answers whether it did.
/// Issues are assigned to the tenant's members (the first admin among them) and its
/// floor staff, and reported by both.
pub async fn seed(tracker: &BuiltIn, tenant_id: &str, now_ms: i64) -> Result<bool, TrackerError> {
    if !tracker.projects(tenant_id).await?.is_empty() {
        return Ok(false);
    }
    let members = tracker.assignable(tenant_id, None, 50).await?;
    let facilities: Vec<String> = tracker.store().facilities_of(tenant_id).await?.into_iter().map(|f| f.id).collect();
    for (key, name, description) in PROJECTS {
        tracker.ensure_project(tenant_id, key, name, description, members.first().and_then(|m| m.id.as_deref())).await?;
    }
    let staff: Vec<Person> = STAFF.iter().map(|n| Person { id: None, name: (*n).to_owned(), email: None }).collect();
    let mut dice = Dice(0x5741_5942_494c_4c21);
    let mut numbers = std::collections::BTreeMap::new();
    let mut tx = tracker.store().writes().begin().await?;
    for i in 0..ISSUES {
        let (project, kind, template) = *dice.pick(&TEMPLATES);
        let number = numbers.entry(project).and_modify(|n| *n += 1).or_insert(1_i64);
        let age_ms = (dice.below(90 * 24) as i64) * 3_600_000 + dice.below(3_600_000) as i64;
        let created = now_ms - age_ms;
        let days = age_ms / 86_400_000;
        // Older tickets have moved further along.
        let status: Status = match (days, dice.below(10)) {
            (d, r) if d > 30 && r < 8 => scheme::DONE,
            (d, r) if d > 7 && r < 5 => scheme::DONE,
            (_, 0) => scheme::BLOCKED,
            (_, r) if r < 5 => scheme::IN_PROGRESS,
            _ => scheme::TO_DO,
        };
        let (priority, rank) = match (kind, dice.below(10)) {
            ("Incident", r) if r < 3 => ("Highest", 5),
            (_, r) if r < 3 => ("High", 4),
            (_, r) if r < 8 => ("Medium", 3),
            (_, 8) => ("Low", 2),
            _ => ("Lowest", 1),
        };
        let assignee = match (status == scheme::TO_DO, dice.below(4)) {
            (true, 0) => None,
            (_, 1) if !members.is_empty() => Some(dice.pick(&members).clone()),
            _ => Some(dice.pick(&staff).clone()),
        };
        let reporter = if i % 5 == 0 && !members.is_empty() { dice.pick(&members).clone() } else { dice.pick(&staff).clone() };
        let summary = fill(template, &mut dice);
        let facility = (!facilities.is_empty()).then(|| dice.pick(&facilities).clone());
        let labels = match kind {
            "Incident" if summary.contains("door") || summary.contains("leveler") => ",dock,",
            "Incident" if summary.contains("Forklift") || summary.contains("pedestrian") => ",safety,mhe,",
            "Claim" => ",claims,",
            "Bug" => ",wms,",
            _ => "",
        };
        let updated = created + (now_ms - created) / 3;
        let description = format!("{summary}. Reported by {} on the floor.", reporter.name);
        let row = IssueRow {
            project_key: project,
            number: *number,
            issue_type: kind,
            summary: &summary,
            description: &description,
            status,
            resolution: (status == scheme::DONE).then_some("Done"),
            priority: (priority, rank),
            assignee: assignee.as_ref(),
            reporter: &reporter,
            labels,
            facility_id: facility.as_deref(),
            due_date: None,
            created_ms: created,
            updated_ms: updated,
        };
        let (id, _) = insert_issue(&mut tx, tenant_id, &row).await?;
        if dice.below(3) == 0 {
            let (author, body) = (dice.pick(&staff), *dice.pick(&COMMENTS));
            insert_comment(&mut tx, tenant_id, &id, author, body, updated).await?;
        }
    }
    for (project, last) in &numbers {
        sqlx::query("UPDATE tracker_projects SET next_number = $1 WHERE tenant_id = $2 AND project_key = $3")
            .bind(last + 1)
            .bind(tenant_id)
            .bind(*project)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    let count: i64 =
        sqlx::query("SELECT COUNT(*) AS n FROM tracker_issues WHERE tenant_id = $1").bind(tenant_id).fetch_one(tracker.store().reads()).await?.try_get("n")?;
    tracing::info!(tenant_id, issues = count, "seeded the built-in tracker");
    Ok(true)
}
