//! No write may fail because another one is writing: hundreds of mixed writes from
//! several tasks at once (chat saves, creations, renames, message checkpoints, file
//! records, refresh-token rotations), then every one of them is read back.

use waybill_store::{MessageRecord, NewChat, NewFile, NewUser, Owner, RefreshOutcome, Store, backend_tests};

fn msg(id: &str, role: &str, text: &str) -> MessageRecord {
    let body = format!(r#"{{"id":"{id}","role":"{role}","parts":[{{"type":"text","text":"{text}"}}]}}"#);
    MessageRecord { id: id.into(), role: role.into(), body }
}

async fn user(store: &Store, email: &str) -> String {
    store.ensure_tenant("t", "T").await.unwrap();
    store.ensure_facility("t", "f1", "F1").await.unwrap();
    let user = store.create_user(NewUser { email, password_hash: "h", first_name: None, user_name: email }).await.unwrap();
    store.grant(&user.id, "t", &["f1"], false).await.unwrap();
    user.id
}

/// One worker's share: `n` rounds of every kind of write, each round on its own chat.
async fn worker(store: Store, user_id: String, worker: usize, rounds: usize) {
    let owner = Owner { tenant_id: "t", user_id: &user_id };
    for round in 0..rounds {
        let chat = format!("w{worker}-c{round}");
        let kind = (worker + round) % 5;
        match kind {
            0 => {
                let create = NewChat { id: &chat, tenant_id: "t", owner_id: &user_id, facility_id: "f1", title: "New Chat", title_by_user: false, model: "m" };
                store.save_chat(owner, &chat, "m", &[msg("u1", "user", "hello")], Some(create), Some("hello")).await.unwrap();
                store.save_chat(owner, &chat, "m", &[msg("u1", "user", "hello"), msg("a1", "assistant", "hi")], None, None).await.unwrap();
            }
            1 => {
                let create = NewChat { id: &chat, tenant_id: "t", owner_id: &user_id, facility_id: "f1", title: "New Chat", title_by_user: false, model: "m" };
                store.create_chat(create).await.unwrap();
                assert!(store.rename_chat("t", &user_id, &chat, &format!("renamed {round}")).await.unwrap());
                assert!(store.upsert_message(owner, &chat, &msg("u1", "user", "hello")).await.unwrap());
                assert!(store.upsert_message(owner, &chat, &msg("a1", "assistant", "hi")).await.unwrap());
            }
            2 => {
                let create = NewChat { id: &chat, tenant_id: "t", owner_id: &user_id, facility_id: "f1", title: "New Chat", title_by_user: false, model: "m" };
                store.save_chat(owner, &chat, "m", &[msg("u1", "user", "hello")], Some(create), None).await.unwrap();
                for n in 0..3 {
                    assert!(store.upsert_message(owner, &chat, &msg("a1", "assistant", &format!("part {n}"))).await.unwrap());
                }
            }
            3 => {
                let id = format!("file-{chat}");
                let key = format!("k/{id}");
                let token = format!("tok-{chat}");
                store
                    .insert_file(NewFile {
                        id: &id,
                        tenant_id: "t",
                        owner_id: &user_id,
                        facility_id: "f1",
                        filename: "a.txt",
                        media_type: "text/plain",
                        size: 1,
                        object_key: &key,
                        thumbnail_key: None,
                        view_token: &token,
                        operator: "op",
                        watermarked: false,
                    })
                    .await
                    .unwrap();
                // Each file round also creates its chat, so every round leaves one.
                let create = NewChat { id: &chat, tenant_id: "t", owner_id: &user_id, facility_id: "f1", title: "New Chat", title_by_user: false, model: "m" };
                store.save_chat(owner, &chat, "m", &[msg("u1", "user", "hello"), msg("a1", "assistant", "hi")], Some(create), None).await.unwrap();
            }
            _ => {
                let family = format!("fam-{chat}");
                let first = format!("r0-{chat}");
                let second = format!("r1-{chat}");
                store.insert_refresh_token(&user_id, &family, &first, waybill_store::now_ms() + 60_000).await.unwrap();
                let rotated = store.rotate_refresh_token(&first, &second, waybill_store::now_ms() + 60_000).await.unwrap();
                assert!(matches!(rotated, RefreshOutcome::Rotated(_)), "{rotated:?}");
                let create = NewChat { id: &chat, tenant_id: "t", owner_id: &user_id, facility_id: "f1", title: "New Chat", title_by_user: false, model: "m" };
                store.save_chat(owner, &chat, "m", &[msg("u1", "user", "hello"), msg("a1", "assistant", "hi")], Some(create), None).await.unwrap();
            }
        }
    }
}

backend_tests! {
    async fn mixed_writes_from_many_tasks_all_land(store) {
        const WORKERS: usize = 12;
        const ROUNDS: usize = 25;
        let user_id = user(&store, "busy@t.test").await;
        let tasks: Vec<_> = (0..WORKERS).map(|w| tokio::spawn(worker(store.clone(), user_id.clone(), w, ROUNDS))).collect();
        for task in tasks {
            task.await.expect("no write failed");
        }
        let chats = store.list_chats("t", &user_id).await.unwrap();
        assert_eq!(chats.len(), WORKERS * ROUNDS, "every round left its chat");
        for chat in &chats {
            let messages = store.chat_messages("t", &user_id, &chat.id).await.unwrap();
            assert_eq!(messages.len(), 2, "{}: both messages are there", chat.id);
        }
        let owner = Owner { tenant_id: "t", user_id: &user_id };
        let files = store.list_files(owner, 1000, 0).await.unwrap();
        assert_eq!(files.len(), (0..WORKERS).flat_map(|w| (0..ROUNDS).map(move |r| (w + r) % 5)).filter(|k| *k == 3).count());
    }
}
