//! New chats created with their first message in batches: every creation is answered
//! for itself, whatever else was in its batch.

use waybill_store::{ChatCreation, Creation, MessageRecord, NewChat, NewUser, Store, backend_tests};

async fn user(store: &Store, email: &str) -> String {
    store.ensure_tenant("t", "T").await.unwrap();
    store.ensure_facility("t", "f1", "F1").await.unwrap();
    let user = store.create_user(NewUser { email, password_hash: "h", first_name: None, user_name: email }).await.unwrap();
    store.grant(&user.id, "t", &["f1"], false).await.unwrap();
    user.id
}

fn creation(id: &str, owner: &str, text: &str) -> ChatCreation {
    let body = format!(r#"{{"id":"{id}-u","role":"user","parts":[{{"type":"text","text":"{text}"}}]}}"#);
    ChatCreation {
        id: id.into(),
        tenant_id: "t".into(),
        owner_id: owner.into(),
        facility_id: "f1".into(),
        title: text.into(),
        model: "m".into(),
        messages: vec![MessageRecord { id: format!("{id}-u"), role: "user".into(), body }],
    }
}

backend_tests! {
    async fn chats_started_at_once_are_all_stored_with_their_message(store) {
        let ada = user(&store, "ada@x.test").await;
        let bob = user(&store, "bob@x.test").await;
        let creations = (0..120).map(|i| {
            let owner = if i % 2 == 0 { &ada } else { &bob };
            store.create_chat_with_messages(creation(&format!("c{i}"), owner, &format!("question {i}")))
        });
        let outcomes = futures::future::join_all(creations).await;
        assert!(outcomes.iter().all(|o| matches!(o, Ok(Creation::Created))), "{outcomes:?}");
        for i in 0..120 {
            let owner_id = if i % 2 == 0 { &ada } else { &bob };
            let meta = store.chat_meta("t", owner_id, &format!("c{i}")).await.unwrap().expect("the chat exists");
            assert_eq!(meta.title, format!("question {i}"));
            let messages = store.chat_messages("t", owner_id, &format!("c{i}")).await.unwrap();
            assert_eq!(messages.len(), 1);
            assert!(messages[0].body.contains(&format!("question {i}")));
        }
        // Nobody sees the other's chats.
        assert!(store.chat_meta("t", &bob, "c0").await.unwrap().is_none());
    }

    async fn a_taken_id_is_answered_exists_and_left_as_it_was(store) {
        let ada = user(&store, "ada@x.test").await;
        let bob = user(&store, "bob@x.test").await;
        let create = NewChat { id: "taken", tenant_id: "t", owner_id: &ada, facility_id: "f1", title: "Ada's", title_by_user: true, model: "m" };
        store.create_chat(create).await.unwrap();
        assert_eq!(store.create_chat_with_messages(creation("taken", &bob, "mine now")).await.unwrap(), Creation::Exists);
        let meta = store.chat_meta("t", &ada, "taken").await.unwrap().expect("still Ada's");
        assert_eq!(meta.title, "Ada's");
        assert!(store.chat_messages("t", &ada, "taken").await.unwrap().is_empty());
    }

    async fn the_same_id_twice_at_once_is_created_once(store) {
        let ada = user(&store, "ada@x.test").await;
        let (first, second) =
            tokio::join!(store.create_chat_with_messages(creation("twice", &ada, "one")), store.create_chat_with_messages(creation("twice", &ada, "two")));
        let mut outcomes = [first.unwrap(), second.unwrap()];
        outcomes.sort_by_key(|o| *o == Creation::Exists);
        assert_eq!(outcomes, [Creation::Created, Creation::Exists]);
        assert_eq!(store.chat_messages("t", &ada, "twice").await.unwrap().len(), 1);
    }

    async fn a_creation_that_cannot_be_stored_fails_alone(store) {
        let ada = user(&store, "ada@x.test").await;
        // An owner who does not exist breaks the foreign key: its batch is retried one by one.
        let creations = (0..20).map(|i| {
            let owner = if i == 7 { "nobody" } else { ada.as_str() };
            store.create_chat_with_messages(creation(&format!("c{i}"), owner, "hello"))
        });
        let outcomes = futures::future::join_all(creations).await;
        for (i, outcome) in outcomes.iter().enumerate() {
            if i == 7 {
                assert!(outcome.is_err(), "{outcome:?}");
            } else {
                assert_eq!(outcome.as_ref().unwrap(), &Creation::Created, "chat {i}");
            }
        }
        assert_eq!(store.list_chats("t", &ada).await.unwrap().len(), 19);
    }
}
