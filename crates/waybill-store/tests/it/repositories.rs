//! Repository behaviour, run on SQLite and on PostgreSQL with the same bodies.

use waybill_store::{MessageRecord, NewChat, NewUser, Owner, RefreshOutcome, SaveOutcome, Store, StoreError, backend_tests};

async fn user(store: &Store, email: &str, tenant: &str) -> String {
    store.ensure_tenant(tenant, tenant).await.unwrap();
    store.ensure_facility(tenant, "f1", "Facility One").await.unwrap();
    let user = store.create_user(NewUser { email, password_hash: "hash", first_name: None, user_name: email }).await.unwrap();
    store.grant(&user.id, tenant, &["f1"], false).await.unwrap();
    user.id
}

fn msg(id: &str, role: &str, text: &str) -> MessageRecord {
    let body = format!(r#"{{"id":"{id}","role":"{role}","parts":[{{"type":"text","text":"{text}"}}]}}"#);
    MessageRecord { id: id.into(), role: role.into(), body }
}

fn new_chat<'a>(id: &'a str, tenant: &'a str, owner: &'a str) -> NewChat<'a> {
    NewChat { id, tenant_id: tenant, owner_id: owner, facility_id: "f1", title: "New Chat", title_by_user: false, model: "waybill-offline" }
}

backend_tests! {
    async fn many_answers_saved_at_once_are_all_kept(store) {
        // A busy server checkpoints hundreds of streaming answers at the same time; none
        // may fail with "database is locked".
        let a = user(&store, "load@x.test", "t").await;
        let ids: Vec<String> = (0..64).map(|i| format!("c{i}")).collect();
        let tasks: Vec<_> = ids
            .iter()
            .map(|id| {
                let (store, a, id) = (store.clone(), a.clone(), id.clone());
                tokio::spawn(async move {
                    let owner = Owner { tenant_id: "t", user_id: &a };
                    store.save_chat(owner, &id, "m", &[msg("u", "user", "hi")], Some(new_chat(&id, "t", &a)), None).await.unwrap();
                    for n in 0..5 {
                        assert!(store.upsert_message(owner, &id, &msg("a", "assistant", &format!("part {n}"))).await.unwrap());
                    }
                })
            })
            .collect();
        for task in tasks {
            task.await.unwrap();
        }
        for id in &ids {
            let messages = store.chat_messages("t", &a, id).await.unwrap();
            assert_eq!(messages.len(), 2, "{id}");
            assert!(messages[1].body.contains("part 4"), "{id}");
        }
    }

    async fn tenants_and_facilities_are_created_once(store) {
        store.ensure_tenant("demo", "Demo Logistics").await.unwrap();
        store.ensure_tenant("demo", "Renamed").await.unwrap();
        store.ensure_facility("demo", "ont", "Ontario DC").await.unwrap();
        store.ensure_facility("demo", "ont", "Other").await.unwrap();
        store.ensure_facility("demo", "fon", "Fontana Yard").await.unwrap();
        let user = store.create_user(NewUser { email: " Ada@Example.COM ", password_hash: "h", first_name: Some("Ada"), user_name: "ada" }).await.unwrap();
        assert_eq!(user.email, "ada@example.com");
        store.grant(&user.id, "demo", &["ont", "fon"], true).await.unwrap();
        let grants = store.grants_of(&user.id).await.unwrap();
        assert_eq!(grants.len(), 1);
        assert_eq!(grants[0].tenant.name, "Demo Logistics");
        assert!(grants[0].is_admin);
        let names: Vec<_> = grants[0].facilities.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["Fontana Yard", "Ontario DC"]);
    }

    async fn emails_are_unique_case_insensitively(store) {
        store.create_user(NewUser { email: "a@x.io", password_hash: "h", first_name: None, user_name: "a" }).await.unwrap();
        let err = store.create_user(NewUser { email: "A@X.IO", password_hash: "h", first_name: None, user_name: "a" }).await.unwrap_err();
        assert!(matches!(err, StoreError::Conflict(_)), "{err:?}");
        assert_eq!(store.count_users().await.unwrap(), 1);
        assert!(store.user_by_email("A@x.io").await.unwrap().is_some());
        assert!(store.user_by_email("b@x.io").await.unwrap().is_none());
    }

    async fn grants_without_facilities_still_list_the_tenant(store) {
        store.ensure_tenant("t", "T").await.unwrap();
        let u = store.create_user(NewUser { email: "u@x.io", password_hash: "h", first_name: None, user_name: "u" }).await.unwrap();
        store.grant(&u.id, "t", &[], false).await.unwrap();
        let grants = store.grants_of(&u.id).await.unwrap();
        assert_eq!(grants.len(), 1);
        assert!(grants[0].facilities.is_empty());
    }

    async fn refresh_tokens_rotate_and_reuse_revokes_the_family(store) {
        let u = user(&store, "r@x.io", "t").await;
        let far = waybill_store::now_ms() + 60_000;
        store.insert_refresh_token(&u, "fam", "one", far).await.unwrap();
        let rotated = store.rotate_refresh_token("one", "two", far).await.unwrap();
        assert!(matches!(rotated, RefreshOutcome::Rotated(ref r) if r.user_id == u && r.family_id == "fam"));
        assert!(store.refresh_family_is_live("fam").await.unwrap());
        // Replaying "one" revokes "two" as well.
        assert_eq!(store.rotate_refresh_token("one", "three", far).await.unwrap(), RefreshOutcome::Reused);
        assert!(!store.refresh_family_is_live("fam").await.unwrap());
        assert_eq!(store.rotate_refresh_token("two", "four", far).await.unwrap(), RefreshOutcome::Reused);
        assert_eq!(store.rotate_refresh_token("nope", "five", far).await.unwrap(), RefreshOutcome::Unknown);
    }

    async fn expired_refresh_tokens_are_refused(store) {
        let u = user(&store, "e@x.io", "t").await;
        store.insert_refresh_token(&u, "fam", "old", waybill_store::now_ms() - 1).await.unwrap();
        assert_eq!(store.rotate_refresh_token("old", "new", waybill_store::now_ms() + 1000).await.unwrap(), RefreshOutcome::Expired);
    }

    async fn logout_revokes_only_the_presented_family(store) {
        let u = user(&store, "l@x.io", "t").await;
        let far = waybill_store::now_ms() + 60_000;
        store.insert_refresh_token(&u, "a", "ta", far).await.unwrap();
        store.insert_refresh_token(&u, "b", "tb", far).await.unwrap();
        store.revoke_refresh_family_of(&u, "ta").await.unwrap();
        assert!(!store.refresh_family_is_live("a").await.unwrap());
        assert!(store.refresh_family_is_live("b").await.unwrap());
        store.revoke_all_refresh_tokens(&u).await.unwrap();
        assert!(!store.refresh_family_is_live("b").await.unwrap());
    }

    async fn chats_are_listed_newest_first_and_scoped_by_owner_and_tenant(store) {
        let a = user(&store, "a@x.io", "t1").await;
        let b = user(&store, "b@x.io", "t1").await;
        let c = user(&store, "c@x.io", "t2").await;
        store.create_chat(new_chat("c1", "t1", &a)).await.unwrap();
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        store.create_chat(new_chat("c2", "t1", &a)).await.unwrap();
        store.create_chat(new_chat("c3", "t1", &b)).await.unwrap();
        let ids: Vec<_> = store.list_chats("t1", &a).await.unwrap().into_iter().map(|c| c.id).collect();
        assert_eq!(ids, ["c2", "c1"]);
        assert!(store.chat_meta("t1", &b, "c1").await.unwrap().is_none());
        assert!(store.chat_meta("t2", &c, "c1").await.unwrap().is_none());
        // a's grant in t1 does not reach a's chats through another tenant id
        assert!(store.chat_meta("t2", &a, "c1").await.unwrap().is_none());
        assert!(!store.rename_chat("t1", &b, "c1", "mine").await.unwrap());
        assert!(!store.delete_chat("t2", &c, "c1").await.unwrap());
        let owner_b = Owner { tenant_id: "t1", user_id: &b };
        assert_eq!(store.save_chat(owner_b, "c1", "m", &[msg("x", "user", "hi")], Some(new_chat("c1", "t1", &b)), None).await.unwrap(), SaveOutcome::NotFound);
        assert!(store.chat_messages("t1", &a, "c1").await.unwrap().is_empty());
        let err = store.create_chat(new_chat("c1", "t1", &b)).await.unwrap_err();
        assert!(matches!(err, StoreError::Conflict(_)));
    }

    async fn saving_is_verbatim_ordered_and_idempotent(store) {
        let a = user(&store, "a@x.io", "t").await;
        let owner = Owner { tenant_id: "t", user_id: &a };
        let odd = MessageRecord {
            id: "m3".into(),
            role: "assistant".into(),
            body: "{ \"role\":\"assistant\" , \"id\":\"m3\",\"parts\":[{\"type\":\"text\",\"text\":\"nul \\u0000 rtl \u{202e}\"}],\"zz\":1 }".into(),
        };
        let list = vec![msg("m1", "user", "hello"), msg("m2", "assistant", "hi"), odd.clone()];
        let outcome = store.save_chat(owner, "c", "gpt-5", &list, Some(new_chat("c", "t", &a)), Some("hello")).await.unwrap();
        assert_eq!(outcome, SaveOutcome::Created);
        let meta = store.chat_meta("t", &a, "c").await.unwrap().unwrap();
        assert_eq!((meta.model.as_str(), meta.title.as_str()), ("gpt-5", "hello"));
        assert_eq!(store.chat_messages("t", &a, "c").await.unwrap(), list);

        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        assert_eq!(store.save_chat(owner, "c", "gpt-5", &list, None, Some("hello")).await.unwrap(), SaveOutcome::Saved);
        let again = store.chat_meta("t", &a, "c").await.unwrap().unwrap();
        assert_eq!(again.updated_at_ms, meta.updated_at_ms, "an unchanged save writes nothing");

        let edited = vec![msg("m2", "assistant", "hi"), msg("m1", "user", "hello, edited")];
        store.save_chat(owner, "c", "claude-sonnet-4-5", &edited, None, None).await.unwrap();
        assert_eq!(store.chat_messages("t", &a, "c").await.unwrap(), edited);
        let after = store.chat_meta("t", &a, "c").await.unwrap().unwrap();
        assert_eq!(after.model, "claude-sonnet-4-5");
        assert!(after.updated_at_ms > meta.updated_at_ms);
    }

    async fn a_user_title_is_kept_over_the_automatic_one(store) {
        let a = user(&store, "a@x.io", "t").await;
        let owner = Owner { tenant_id: "t", user_id: &a };
        store.create_chat(new_chat("c", "t", &a)).await.unwrap();
        store.save_chat(owner, "c", "m", &[msg("1", "user", "first")], None, Some("first")).await.unwrap();
        assert_eq!(store.chat_meta("t", &a, "c").await.unwrap().unwrap().title, "first");
        let odd = "A\u{0}B \u{202e}gnp.exe";
        assert!(store.rename_chat("t", &a, "c", odd).await.unwrap());
        store.save_chat(owner, "c", "m", &[msg("1", "user", "other")], None, Some("other")).await.unwrap();
        let meta = store.chat_meta("t", &a, "c").await.unwrap().unwrap();
        assert_eq!(meta.title, odd);
        assert!(meta.title_by_user);
        assert_eq!(store.list_chats("t", &a).await.unwrap()[0].title, odd);
    }

    async fn delete_one_and_delete_all_touch_only_the_owners_chats(store) {
        let a = user(&store, "a@x.io", "t").await;
        let b = user(&store, "b@x.io", "t").await;
        let owner = Owner { tenant_id: "t", user_id: &a };
        for id in ["a1", "a2", "a3"] {
            store.save_chat(owner, id, "m", &[msg("1", "user", "x")], Some(new_chat(id, "t", &a)), None).await.unwrap();
        }
        store.create_chat(new_chat("b1", "t", &b)).await.unwrap();
        assert!(store.delete_chat("t", &a, "a1").await.unwrap());
        assert!(!store.delete_chat("t", &a, "a1").await.unwrap());
        assert!(store.chat_messages("t", &a, "a1").await.unwrap().is_empty());
        assert_eq!(store.delete_all_chats("t", &a).await.unwrap(), 2);
        assert!(store.list_chats("t", &a).await.unwrap().is_empty());
        assert_eq!(store.list_chats("t", &b).await.unwrap().len(), 1);
        assert!(store.audio_recordings("t", &a, "a2").await.unwrap().is_empty());
    }

    async fn upsert_message_replaces_in_place_or_appends(store) {
        let a = user(&store, "a@x.io", "t").await;
        let b = user(&store, "b@x.io", "t").await;
        let owner = Owner { tenant_id: "t", user_id: &a };
        store.save_chat(owner, "c", "m", &[msg("u1", "user", "hi"), msg("a1", "assistant", "part")], Some(new_chat("c", "t", &a)), None).await.unwrap();
        assert!(store.upsert_message(owner, "c", &msg("a1", "assistant", "partial answer")).await.unwrap());
        assert!(store.upsert_message(owner, "c", &msg("u2", "user", "next")).await.unwrap());
        let ids: Vec<_> = store.chat_messages("t", &a, "c").await.unwrap().into_iter().map(|m| (m.id, m.body.contains("partial"))).collect();
        assert_eq!(ids, [("u1".to_owned(), false), ("a1".to_owned(), true), ("u2".to_owned(), false)]);
        assert!(!store.upsert_message(Owner { tenant_id: "t", user_id: &b }, "c", &msg("x", "user", "intrude")).await.unwrap());
        assert_eq!(store.chat_messages("t", &a, "c").await.unwrap().len(), 3);
    }
}

backend_tests! {
    async fn long_chats_come_in_pages_newest_first(store) {
        let a = user(&store, "pages@x.test", "t").await;
        let owner = Owner { tenant_id: "t", user_id: &a };
        let list: Vec<MessageRecord> = (0..250).map(|i| msg(&format!("m{i:03}"), if i % 2 == 0 { "user" } else { "assistant" }, &format!("n{i}"))).collect();
        store.save_chat(owner, "c", "m", &list, Some(new_chat("c", "t", &a)), None).await.unwrap();
        let (newest, more) = store.chat_messages_page(owner, "c", None, 100).await.unwrap().unwrap();
        assert!(more);
        assert_eq!((newest.first().unwrap().id.as_str(), newest.last().unwrap().id.as_str()), ("m150", "m249"));
        let (older, more) = store.chat_messages_page(owner, "c", Some("m150"), 100).await.unwrap().unwrap();
        assert!(more);
        assert_eq!((older.first().unwrap().id.as_str(), older.last().unwrap().id.as_str()), ("m050", "m149"));
        let (oldest, more) = store.chat_messages_page(owner, "c", Some("m050"), 100).await.unwrap().unwrap();
        assert!(!more);
        assert_eq!(oldest.len(), 50);
        let (exact, more) = store.chat_messages_page(owner, "c", Some("m100"), 100).await.unwrap().unwrap();
        assert_eq!((exact.len(), more), (100, false), "exactly the rest: no more after it");
        assert!(store.chat_messages_page(owner, "c", Some("nope"), 10).await.unwrap().is_none());
        let other = user(&store, "other@x.test", "t").await;
        assert!(store.chat_messages_page(Owner { tenant_id: "t", user_id: &other }, "c", None, 10).await.unwrap().is_none());
        assert_eq!(store.chat_message_heads(owner, "c").await.unwrap().len(), 250);
    }

    async fn a_partial_save_keeps_what_the_client_did_not_load(store) {
        let a = user(&store, "tail@x.test", "t").await;
        let owner = Owner { tenant_id: "t", user_id: &a };
        let list: Vec<MessageRecord> = (0..10).map(|i| msg(&format!("m{i}"), if i % 2 == 0 { "user" } else { "assistant" }, &format!("n{i}"))).collect();
        store.save_chat(owner, "c", "m", &list, Some(new_chat("c", "t", &a)), None).await.unwrap();
        // The client loaded m6..m9, deleted m7, edited m8 and added m10.
        let tail = vec![msg("m6", "user", "n6"), msg("m8", "user", "edited"), msg("m9", "assistant", "n9"), msg("m10", "user", "new")];
        assert_eq!(store.save_chat_from(owner, "c", "m", "m6", &tail, None).await.unwrap(), SaveOutcome::Saved);
        let stored = store.chat_messages("t", &a, "c").await.unwrap();
        let ids: Vec<&str> = stored.iter().map(|m| m.id.as_str()).collect();
        assert_eq!(ids, ["m0", "m1", "m2", "m3", "m4", "m5", "m6", "m8", "m9", "m10"]);
        assert!(stored[7].body.contains("edited"));
        // The client deleted the message it loaded from: it still names it, and it goes.
        let tail = vec![msg("m8", "user", "edited"), msg("m9", "assistant", "n9"), msg("m10", "user", "new")];
        store.save_chat_from(owner, "c", "m", "m6", &tail, None).await.unwrap();
        assert_eq!(store.chat_messages("t", &a, "c").await.unwrap().len(), 9);
        assert_eq!(store.save_chat_from(owner, "c", "m", "m6", &tail, None).await.unwrap(), SaveOutcome::Stale, "m6 is gone now");
        assert_eq!(store.chat_messages("t", &a, "c").await.unwrap().len(), 9, "a stale save writes nothing");
        // Appending after a partial save keeps the order.
        assert!(store.upsert_message(owner, "c", &msg("m11", "assistant", "answer")).await.unwrap());
        let (page, _) = store.chat_messages_page(owner, "c", None, 2).await.unwrap().unwrap();
        assert_eq!(page.iter().map(|m| m.id.as_str()).collect::<Vec<_>>(), ["m10", "m11"]);
    }
}

backend_tests! {
    async fn a_rename_is_not_activity(store) {
        let a = user(&store, "rename@x.test", "t").await;
        let owner = Owner { tenant_id: "t", user_id: &a };
        for id in ["older", "newer"] {
            store.save_chat(owner, id, "m", &[msg("u", "user", id)], Some(new_chat(id, "t", &a)), None).await.unwrap();
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        let before = store.list_chats("t", &a).await.unwrap();
        assert_eq!(before[0].id, "newer");
        assert!(store.rename_chat("t", &a, "older", "Dock 4 schedule").await.unwrap());
        let after = store.list_chats("t", &a).await.unwrap();
        assert_eq!(after.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(), ["newer", "older"], "the renamed chat keeps its place");
        assert_eq!(after[1].title, "Dock 4 schedule");
        assert_eq!(after[1].updated_at_ms, before[1].updated_at_ms, "and its date");
    }
}
