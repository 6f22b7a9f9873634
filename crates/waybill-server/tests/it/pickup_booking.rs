//! A submitted pickup form books the pickup: the offline model opens the pickup form with
//! the customer, day, time and door the user named; once the user submits it, the answers
//! become the yard's outbound dock appointment (its window in the user's zone), asked for
//! approval; approved, the appointment is booked and the answer gives its id.

use crate::common;
use crate::systems::demo_app;

use common::{ask, first_option, of_type, post_back, text_of};
use serde_json::{Value, json};
use waybill_server::config::Config;
use waybill_server::waybill_store::backend_tests;

fn default_of<'a>(fields: &'a [Value], name: &str) -> &'a Value {
    &fields.iter().find(|f| f["name"] == name).unwrap_or_else(|| panic!("no field {name}: {fields:#?}"))["defaultValue"]
}

backend_tests! {
    async fn a_submitted_pickup_form_books_the_pickup_after_approval(store) {
        let demo = demo_app(store, Config::default()).await;
        let (app, dave) = (&demo.app, &demo.dave);

        let asked = ask(app, dave, "c-pickup", "book a carrier pickup for Pacific Outdoor Supply on 2026-12-02 at 2 pm").await;
        let call = of_type(&asked, "tool-input-available").into_iter().find(|c| c["toolName"] == "requestUserInput").unwrap_or_else(|| panic!("{asked:#?}"));
        let fields = call["input"]["fields"].as_array().unwrap();
        assert_eq!(default_of(fields, "customerId"), "Pacific Outdoor Supply", "the form starts with the customer named");
        assert_eq!((default_of(fields, "windowStart"), default_of(fields, "windowEnd")), (&json!("2026-12-02 14:00:00"), &json!("2026-12-02 16:00:00")));
        assert_eq!(default_of(fields, "kind"), "outbound");

        // The browser's answer: everything the form requires, a carrier picked from the list.
        let carrier = first_option(app, dave, "carrierSelector").await;
        let service = first_option(app, dave, &format!("deliveryServiceSelector?dependsOn={}", carrier["value"].as_str().unwrap())).await;
        let submitted = json!({
            "submitted": true,
            "values": {
                "reference": "PO-48213", "customerId": "CUS-0001", "taskCmd": {"customerId": "CUS-0001"}, "carrierId": carrier["value"], "serviceId": service["value"],
                "windowStart": "2026-12-02 14:00:00", "windowEnd": "2026-12-02 16:00:00", "kind": "outbound",
                "shipFrom": {"name": "Pacific Outdoor Supply DC", "street": "1200 Harbor Blvd", "city": "Long Beach", "state": "CA", "zip": "90802"},
                "serviceLevel": "standard", "equipment": ["dry_van"], "pallets": 6, "hazmat": false, "ready": true, "notes": "Trailer TR-4411, seal 99812"
            },
            "labels": {
                "customerId": {"value": "CUS-0001", "label": "Pacific Outdoor Supply"},
                "carrierId": {"value": carrier["value"], "label": carrier["label"], "data": carrier["data"]},
                "serviceId": {"value": service["value"], "label": service["label"], "data": service["data"]}
            }
        });
        let answered = post_back(app, dave, "c-pickup", "requestUserInput", |part| {
            part["state"] = json!("output-available");
            part["output"] = submitted.clone();
        })
        .await;
        let said = text_of(&answered);
        assert!(said.starts_with("Thank you, I have your answers — Reference (PO or BOL): PO-48213; Customer: Pacific Outdoor Supply;"), "{said}");
        assert!(said.contains("Pickup from: 2026-12-02 14:00:00") && !said.contains("windowStart") && !said.contains("taskCmd"), "the user's words: {said}");
        let book = of_type(&answered, "tool-input-available").into_iter().find(|c| c["toolName"] == "apiCall").unwrap_or_else(|| panic!("{answered:#?}"));
        assert_eq!((book["input"]["system"].as_str(), book["input"]["operation"].as_str()), (Some("Demo YMS"), Some("createAppointment")), "{book}");
        let body = &book["input"]["body"];
        assert_eq!(body["kind"], "outbound", "{body}");
        assert_eq!(body["carrierId"], carrier["value"]);
        assert_eq!(body["reference"], "PO-48213");
        assert_eq!(body["notes"], "Trailer TR-4411, seal 99812");
        // Dave's zone is the demo facility's.
        let start = body["windowStart"].as_str().unwrap();
        assert!(start.starts_with("2026-12-02T14:00:00") && start.len() == 25, "a moment with the user's offset: {body}");
        assert!(body["windowEnd"].as_str().unwrap().starts_with("2026-12-02T16:00:00"), "{body}");
        assert!(of_type(&answered, "tool-output-error").is_empty(), "not refused: {answered:#?}");
        assert_eq!(of_type(&answered, "tool-approval-request").len(), 1, "booking it asks first: {answered:#?}");
        assert!(of_type(&answered, "tool-output-available").is_empty(), "nothing is booked before the approval");

        let done = post_back(app, dave, "c-pickup", "apiCall", |part| {
            part["state"] = json!("approval-responded");
            part["approval"]["approved"] = json!(true);
        })
        .await;
        let result = &of_type(&done, "tool-output-available").first().unwrap_or_else(|| panic!("{done:#?}"))["output"];
        assert_eq!((result["success"].as_bool(), result["status_code"].as_u64()), (Some(true), Some(201)), "{result}");
        let id = result["data"]["id"].as_str().unwrap().to_owned();
        assert_eq!(text_of(&done), format!("Done: Demo YMS saved {id} (createAppointment)."));
        assert_eq!((result["data"]["kind"].as_str(), result["data"]["reference"].as_str()), (Some("outbound"), Some("PO-48213")), "{result}");
    }
}
