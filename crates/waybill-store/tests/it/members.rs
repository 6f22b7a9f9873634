//! Tenant membership: the access check, roles, facility grants, suspension, invitations.

use waybill_store::{Access, MemberFilter, MemberQuery, MemberUpdate, NewMember, Store, StoreError, backend_tests};

async fn tenant(store: &Store, id: &str, facilities: &[&str]) {
    store.ensure_tenant(id, &format!("Tenant {id}")).await.unwrap();
    for f in facilities {
        store.ensure_facility(id, f, &format!("Facility {f}")).await.unwrap();
    }
}

fn facilities(ids: &[&str]) -> Vec<String> {
    ids.iter().map(|s| s.to_string()).collect()
}

fn query(search: Option<&str>, filter: MemberFilter) -> MemberQuery<'_> {
    MemberQuery { search, filter, limit: 50, offset: 0 }
}

backend_tests! {
    async fn access_follows_grants_suspension_and_deletion(store) {
        tenant(&store, "t1", &["f1", "f2"]).await;
        tenant(&store, "t2", &["f3"]).await;
        let fs = facilities(&["f1"]);
        let (ada, created) = store
            .add_member("t1", NewMember { email: "Ada@X.test", first_name: Some("Ada"), user_name: "ada", password_hash: Some("h"), is_admin: false, is_agent: true, facilities: &fs })
            .await
            .unwrap();
        assert!(created);
        assert_eq!(ada.email, "ada@x.test");
        assert_eq!(store.access(&ada.user_id, "t1", "f1").await.unwrap(), Access::Granted { is_admin: false, is_agent: true });
        assert_eq!(store.access(&ada.user_id, "t1", "f2").await.unwrap(), Access::NoFacility);
        assert_eq!(store.access(&ada.user_id, "t2", "f3").await.unwrap(), Access::NoTenant);
        assert_eq!(store.access("nobody", "t1", "f1").await.unwrap(), Access::UserGone);

        store.update_member("t1", &ada.user_id, &MemberUpdate { suspended: Some(true), ..Default::default() }).await.unwrap();
        assert_eq!(store.access(&ada.user_id, "t1", "f1").await.unwrap(), Access::Suspended);
        assert!(store.grants_of(&ada.user_id).await.unwrap().is_empty(), "a suspended grant is not offered at sign-in");
        let back = store.update_member("t1", &ada.user_id, &MemberUpdate { suspended: Some(false), is_admin: Some(true), ..Default::default() }).await.unwrap().unwrap();
        assert!(back.is_admin && back.is_agent && !back.suspended, "reactivating keeps the roles: {back:?}");
        assert_eq!(back.facilities, vec!["f1"]);

        assert!(store.delete_user(&ada.user_id).await.unwrap());
        assert_eq!(store.access(&ada.user_id, "t1", "f1").await.unwrap(), Access::UserGone);
    }

    async fn members_are_listed_searched_and_filtered_per_tenant(store) {
        tenant(&store, "t1", &["f1", "f2"]).await;
        tenant(&store, "t2", &["f3"]).await;
        let both = facilities(&["f2", "f1"]);
        let f3 = facilities(&["f3"]);
        for (email, hash) in [("ada@x.test", Some("h")), ("bob@x.test", Some("h")), ("cy_50%@x.test", None)] {
            store.add_member("t1", NewMember { email, first_name: None, user_name: email, password_hash: hash, is_admin: false, is_agent: false, facilities: &both }).await.unwrap();
        }
        store.add_member("t2", NewMember { email: "zed@y.test", first_name: None, user_name: "zed", password_hash: Some("h"), is_admin: true, is_agent: false, facilities: &f3 }).await.unwrap();
        // Ada joins t2 too: the same user, with her password left alone.
        let (ada_t2, created) = store.add_member("t2", NewMember { email: "ADA@x.test", first_name: None, user_name: "x", password_hash: Some("other"), is_admin: false, is_agent: false, facilities: &f3 }).await.unwrap();
        assert!(!created);
        assert_eq!(store.user_by_email("ada@x.test").await.unwrap().unwrap().password_hash, "h");

        let (all, total) = store.members("t1", &query(None, MemberFilter::All)).await.unwrap();
        assert_eq!(total, 3);
        assert_eq!(all.iter().map(|m| m.email.as_str()).collect::<Vec<_>>(), ["ada@x.test", "bob@x.test", "cy_50%@x.test"]);
        assert_eq!(all[0].facilities, vec!["f1", "f2"]);
        assert!(all[2].invited && !all[0].invited);
        let (found, total) = store.members("t1", &query(Some("BOB"), MemberFilter::All)).await.unwrap();
        assert_eq!((found.len(), total), (1, 1));
        let (found, _) = store.members("t1", &query(Some("_50%"), MemberFilter::All)).await.unwrap();
        assert_eq!(found.len(), 1, "LIKE characters in a search are literal");
        let (found, _) = store.members("t1", &query(Some("%"), MemberFilter::All)).await.unwrap();
        assert_eq!(found.len(), 1);
        let (invited, _) = store.members("t1", &query(None, MemberFilter::Invited)).await.unwrap();
        assert_eq!(invited.len(), 1);
        store.update_member("t1", &all[1].user_id, &MemberUpdate { suspended: Some(true), ..Default::default() }).await.unwrap();
        let (active, _) = store.members("t1", &query(None, MemberFilter::Active)).await.unwrap();
        assert_eq!(active.iter().map(|m| m.email.as_str()).collect::<Vec<_>>(), ["ada@x.test"]);
        let (suspended, _) = store.members("t1", &query(None, MemberFilter::Suspended)).await.unwrap();
        assert_eq!(suspended.len(), 1);
        assert!(store.member("t1", "no-such-user").await.unwrap().is_none());
        assert!(store.member("t1", &store.members("t2", &query(Some("zed"), MemberFilter::All)).await.unwrap().0[0].user_id).await.unwrap().is_none(), "another tenant's member is not ours");

        // Suspending Ada in t1 leaves her t2 access alone.
        store.update_member("t1", &ada_t2.user_id, &MemberUpdate { suspended: Some(true), ..Default::default() }).await.unwrap();
        assert_eq!(store.access(&ada_t2.user_id, "t2", "f3").await.unwrap(), Access::Granted { is_admin: false, is_agent: false });
        assert_eq!(store.grants_of(&ada_t2.user_id).await.unwrap().len(), 1);
        assert_eq!(store.active_admins("t2").await.unwrap(), 1);
    }

    async fn bad_member_changes_are_refused_and_change_nothing(store) {
        tenant(&store, "t1", &["f1"]).await;
        tenant(&store, "t2", &["f3"]).await;
        let f1 = facilities(&["f1"]);
        let bad = facilities(&["f1", "f3"]);
        let new = |email| NewMember { email, first_name: None, user_name: "u", password_hash: Some("h"), is_admin: false, is_agent: false, facilities: &f1 };
        let (ada, _) = store.add_member("t1", new("ada@x.test")).await.unwrap();
        assert!(matches!(store.add_member("t1", new("ADA@x.test")).await, Err(StoreError::Conflict(_))));
        let err = store.add_member("t1", NewMember { facilities: &bad, ..new("bob@x.test") }).await.unwrap_err();
        assert!(matches!(err, StoreError::UnknownFacility(ref f) if f == "f3"), "{err:?}");
        assert!(store.user_by_email("bob@x.test").await.unwrap().is_none(), "nothing was created");
        let err = store.update_member("t1", &ada.user_id, &MemberUpdate { facilities: Some(&bad), is_admin: Some(true), ..Default::default() }).await.unwrap_err();
        assert!(matches!(err, StoreError::UnknownFacility(_)));
        let ada_now = store.member("t1", &ada.user_id).await.unwrap().unwrap();
        assert!(!ada_now.is_admin && ada_now.facilities == vec!["f1"], "the failed update changed nothing: {ada_now:?}");
        assert!(store.update_member("t2", &ada.user_id, &MemberUpdate { is_admin: Some(true), ..Default::default() }).await.unwrap().is_none());
        assert!(!store.remove_member("t2", &ada.user_id).await.unwrap());
    }

    async fn invitations_set_a_password_once(store) {
        tenant(&store, "t1", &["f1"]).await;
        let f1 = facilities(&["f1"]);
        let (inv, _) = store.add_member("t1", NewMember { email: "new@x.test", first_name: None, user_name: "new", password_hash: None, is_admin: false, is_agent: false, facilities: &f1 }).await.unwrap();
        assert!(inv.invited);
        let soon = waybill_store::now_ms() + 60_000;
        store.create_invitation("t1", &inv.user_id, "admin", "first-token", soon).await.unwrap();
        store.create_invitation("t1", &inv.user_id, "admin", "second-token", soon).await.unwrap();
        assert!(store.invitation("first-token").await.unwrap().is_none(), "a new invitation replaces the open one");
        let open = store.invitation("second-token").await.unwrap().unwrap();
        assert_eq!((open.email.as_str(), open.tenant_name.as_str()), ("new@x.test", "Tenant t1"));
        assert_eq!(store.accept_invitation("second-token", "hash", Some("Nia")).await.unwrap(), Some(inv.user_id.clone()));
        assert!(store.accept_invitation("second-token", "other", None).await.unwrap().is_none(), "single use");
        let user = store.user_by_id(&inv.user_id).await.unwrap().unwrap();
        assert_eq!((user.password_hash.as_str(), user.first_name.as_deref()), ("hash", Some("Nia")));
        store.create_invitation("t1", &inv.user_id, "admin", "late-token", soon).await.unwrap();
        assert!(store.invitation("late-token").await.unwrap().is_none(), "no invitation works once a password is set");
        store.create_invitation("t1", &inv.user_id, "admin", "expired", waybill_store::now_ms() - 1).await.unwrap();
        assert!(store.invitation("expired").await.unwrap().is_none());

        // Removing an invited user who never signed in deletes them.
        let (gone, _) = store.add_member("t1", NewMember { email: "gone@x.test", first_name: None, user_name: "g", password_hash: None, is_admin: false, is_agent: false, facilities: &f1 }).await.unwrap();
        assert!(store.remove_member("t1", &gone.user_id).await.unwrap());
        assert!(store.user_by_id(&gone.user_id).await.unwrap().is_none());
        assert!(store.remove_member("t1", &user.id).await.unwrap());
        assert!(store.user_by_id(&user.id).await.unwrap().is_some(), "a user with a password stays");
    }
}
