//! The queue and the tokens on both backends: order and positions from the database,
//! one winner of a claim, create-or-resume, a requeued session in its first place, and tokens that
//! rotate, expire and end with the membership.

use std::sync::Arc;

use waybill_files::{FileService, FileSettings};
use waybill_liveagent::model::SessionStatus;
use waybill_liveagent::service::Request;
use waybill_liveagent::tokens::Holder;
use waybill_liveagent::{LiveAgent, LiveAgents, Settings};
use waybill_store::{NewUser, Store, backend_tests};
use waybill_tools::FamilySet;
use waybill_tools::bus::InProcessBus;

async fn service(store: &Store) -> LiveAgents {
    FamilySet::new().with(LiveAgent).migrate(store).await.unwrap();
    let folder = std::env::temp_dir().join(format!("waybill-live-{}", uuid::Uuid::new_v4().simple()));
    let files = Arc::new(FileService::new(&FileSettings { folder, ..FileSettings::default() }).unwrap());
    LiveAgents::new(store.clone(), files, Arc::new(InProcessBus::new()), Settings::default())
}

fn asking(name: &str) -> Request {
    Request { first_name: name.into(), email: format!("{name}@t1.test"), preview: format!("{name} asks"), ..Request::default() }
}

backend_tests! {
    async fn the_queue_is_ordered_claimed_once_and_resumed(store) {
        let live = service(&store).await;
        let mut ids = Vec::new();
        for name in ["ann", "ben", "cat"] {
            let standing = live.create_or_resume("t1", name, asking(name)).await.unwrap();
            ids.push(standing.session.id.clone());
            assert_eq!(standing.position as usize, ids.len());
        }
        assert_eq!(live.create_or_resume("t1", "ben", asking("ben")).await.unwrap().session.id, ids[1], "resumed, not queued twice");
        assert!(live.store.queue("t2").await.unwrap().is_empty(), "another tenant's queue is its own");
        assert!(matches!(live.tenant_session("t2", &ids[0]).await, Err(waybill_liveagent::LiveError::NotFound)));

        assert!(live.store.claim("t1", &ids[1], "agent-1", 1).await.unwrap());
        assert!(!live.store.claim("t1", &ids[1], "agent-2", 2).await.unwrap(), "one claim wins");
        let cat = live.tenant_session("t1", &ids[2]).await.unwrap();
        assert_eq!(live.standing(cat).await.unwrap().position, 2);

        // Handed back by an agent who left: back in the place the first request gave it,
        // behind the customer who has waited longer and ahead of the one who asked later.
        assert!(live.store.requeue("t1", &ids[1], "agent-1", 3).await.unwrap());
        let queue: Vec<String> = live.store.queue("t1").await.unwrap().into_iter().map(|s| s.id).collect();
        assert_eq!(queue, [ids[0].clone(), ids[1].clone(), ids[2].clone()]);
        let ben = live.tenant_session("t1", &ids[1]).await.unwrap();
        assert_eq!(live.standing(ben).await.unwrap().position, 2, "the position agrees with the desk's order");
        let ben = live.tenant_session("t1", &ids[1]).await.unwrap();
        assert_eq!((ben.status, ben.agent_id.as_deref()), (SessionStatus::Queued, None));

        let closed = live.close(&ben, Some("done"), "test").await.unwrap();
        assert_eq!(closed.status, SessionStatus::Closed);
        assert_ne!(live.create_or_resume("t1", "ben", asking("ben")).await.unwrap().session.id, ids[1], "a closed session is not resumed");
    }

    async fn tokens_rotate_expire_and_end_with_the_membership(store) {
        let live = service(&store).await;
        store.ensure_tenant("t1", "Tenant 1").await.unwrap();
        store.ensure_facility("t1", "f1", "Facility 1").await.unwrap();
        let user = store.create_user(NewUser { email: "ann@t1.test", password_hash: "x", first_name: None, user_name: "ann" }).await.unwrap();
        store.grant(&user.id, "t1", &["f1"], false).await.unwrap();
        let holder = Holder { tenant_id: "t1".into(), user_id: user.id.clone() };

        let pair = live.tokens.issue(&holder, 1_000).await.unwrap();
        assert_eq!(live.tokens.verify(&pair.access_token, 2_000).await.unwrap(), Some(holder.clone()));
        assert_eq!(live.tokens.verify(&pair.access_token, 1_000 + 30 * 60_000).await.unwrap(), None, "expired");
        assert_eq!(live.tokens.verify(&pair.refresh_token, 2_000).await.unwrap(), None, "a refresh token is no access token");

        let (_, renewed) = live.tokens.refresh(&pair.refresh_token, 3_000).await.unwrap().unwrap();
        assert!(live.tokens.refresh(&pair.refresh_token, 3_000).await.unwrap().is_none(), "spent");
        assert!(live.tokens.refresh(&renewed.refresh_token, 3_000 + 25 * 3_600_000).await.unwrap().is_none(), "expired after 24 hours");

        let pair = live.tokens.issue(&holder, 4_000).await.unwrap();
        live.revoke("t1", &user.id).await.unwrap();
        assert_eq!(live.tokens.verify(&pair.access_token, 5_000).await.unwrap(), None, "revoked");
        assert!(live.tokens.refresh(&pair.refresh_token, 5_000).await.unwrap().is_none());

        let pair = live.tokens.issue(&holder, 6_000).await.unwrap();
        store.remove_member("t1", &user.id).await.unwrap();
        assert_eq!(live.tokens.verify(&pair.access_token, 7_000).await.unwrap(), None, "no longer a member");
    }

    async fn a_chat_finds_its_open_session_and_creates_none(store) {
        let live = service(&store).await;
        assert_eq!(live.open_session_of_chat("t1", "ann", "chat-1").await.unwrap(), None, "nothing open");
        assert!(live.store.queue("t1").await.unwrap().is_empty(), "looking creates nothing");

        let from_chat = Request { chat_id: Some("chat-1".into()), ..asking("ann") };
        let created = live.create_or_resume("t1", "ann", from_chat).await.unwrap();
        let queued = live.open_session_of_chat("t1", "ann", "chat-1").await.unwrap().expect("queued is open");
        assert_eq!((queued.session.id.as_str(), queued.session.status, queued.position), (created.session.id.as_str(), SessionStatus::Queued, 1));
        assert_eq!(live.open_session_of_chat("t1", "ann", "chat-2").await.unwrap(), None, "another chat of hers is with the assistant");
        assert_eq!(live.open_session_of_chat("t1", "ben", "chat-1").await.unwrap(), None, "another customer's session is not his");
        assert_eq!(live.open_session_of_chat("t2", "ann", "chat-1").await.unwrap(), None, "another tenant's is not found");
        assert_eq!(live.open_session_of_chat("t1", "ann", "").await.unwrap(), None);

        assert!(live.store.claim("t1", &created.session.id, "agent-1", 5).await.unwrap());
        let active = live.open_session_of_chat("t1", "ann", "chat-1").await.unwrap().expect("active is open");
        assert_eq!((active.session.status, active.position, active.agent_available), (SessionStatus::Active, 0, true));

        live.close(&active.session, Some("done"), "test").await.unwrap();
        assert_eq!(live.open_session_of_chat("t1", "ann", "chat-1").await.unwrap(), None, "a closed session is not resumed");
    }
}
