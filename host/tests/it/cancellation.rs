//! A request that goes away leaves nothing behind.
//!
//! The router is driven in-process so that a request can be dropped after exactly N polls: one
//! drop at every await point of a call (guard, session lookup, instantiation, begin, store
//! calls, commit, operation record). Afterwards every call must succeed: no pooled connection
//! may come back with a transaction open, and no write lock may be left held.

use crate::common;

use std::future::Future;
use std::net::SocketAddr;
use std::pin::pin;
use std::task::Poll;
use std::time::Duration;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Method, Request};
use common::TestHost;
use serde_json::{Value, json};
use tower::ServiceExt;

fn request(method: Method, path: &str, token: &str, body: Option<Value>) -> Request<Body> {
    let mut req = Request::builder()
        .method(method)
        .uri(format!("/api{path}"))
        .header("authorization", token)
        .header("lang", "en")
        .header("content-type", "application/json")
        .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
        .expect("request");
    req.extensions_mut().insert(ConnectInfo(SocketAddr::from(([127, 0, 0, 1], 40000))));
    req
}

/// Polls `fut` at most `polls` times, yielding to the runtime in between (the database threads
/// work meanwhile), then drops it as a client that leaves would. True when it finished first.
/// Successive counts drop the call at successive moments of its life, whatever await it is at.
async fn poll_then_drop<F: Future>(fut: F, polls: usize) -> Option<F::Output> {
    let mut fut = pin!(fut);
    for _ in 0..polls {
        let ready = std::future::poll_fn(|cx| Poll::Ready(fut.as_mut().poll(cx))).await;
        if let Poll::Ready(output) = ready {
            return Some(output);
        }
        tokio::task::yield_now().await;
    }
    // Whatever the database was asked, it answers before the caller goes: the answer waits,
    // unread, in the dropped future (the window in which sqlx's `begin` leaked a transaction).
    tokio::time::sleep(Duration::from_millis(1)).await;
    None
}

async fn envelope_code(host: &TestHost, req: Request<Body>) -> i64 {
    let response = host.app.clone().oneshot(req).await.expect("infallible");
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("body");
    serde_json::from_slice::<Value>(&bytes).ok().and_then(|v| v["code"].as_i64()).unwrap_or(-1)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn calls_dropped_at_every_await_point_leave_no_transaction_behind() {
    let host = TestHost::start().await;
    let admin = host.admin().await;

    // Drop a read, a write and a core write after 0, 1, 2, ... polls, until each finishes.
    let cases: [(Method, &str, Option<Value>); 3] = [
        (Method::GET, "/pet-service/breeds?page=1&pageSize=10", None),
        (Method::POST, "/pet-service/breeds", Some(json!({ "breedName": "drop" }))),
        // A core write: a core read can be answered within its first poll (nothing to drop at).
        (Method::POST, "/authority-service/role/add", Some(json!({ "name": "drop", "roleType": "ordinary" }))),
    ];
    let mut dropped = Vec::new();
    // How each case's call ended when it was not dropped: for the failure's message.
    let mut answers = Vec::new();
    for (method, path, body) in &cases {
        // A sweep on a busy machine can find a call answered within its first poll: up to five
        // sweeps, a pause between them for the machine to settle, the most drops counted.
        let mut most = 0;
        let mut answer = String::new();
        for sweep in 0..5 {
            if sweep > 0 {
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            let mut this_case = 0;
            for polls in 0..5000 {
                // Unique names so that a write that does finish never collides.
                let body = body.clone().map(|mut b| {
                    for field in ["breedName", "name"] {
                        if b.get(field).is_some() {
                            b[field] = json!(format!("drop {sweep}-{polls}"));
                        }
                    }
                    b
                });
                let call = host.app.clone().oneshot(request(method.clone(), path, &admin, body));
                if let Some(response) = poll_then_drop(call, polls).await {
                    let response = response.expect("infallible");
                    let status = response.status();
                    let bytes = axum::body::to_bytes(response.into_body(), 4096).await.unwrap_or_default();
                    answer = format!("{status} {} after {polls} polls", String::from_utf8_lossy(&bytes));
                    break;
                }
                this_case += 1;
            }
            most = most.max(this_case);
            if most >= 2 {
                break;
            }
        }
        dropped.push(most);
        answers.push(answer);
    }
    // Each call was dropped before its first poll and at one await point at least. How many it
    // passes depends on how busy the machine is: from about 100 for a plugin's read on an idle
    // machine to a few for a core call (a core list once passed in its first poll: it is a core
    // write now, which always waits for the database).
    assert!(
        dropped.iter().all(|&d| d >= 2),
        "{dropped:?} calls dropped per case: the test no longer reaches the await points; the calls answered {answers:?}"
    );

    // Then 1,000 calls, reads and writes of plugins and of the core: every one succeeds.
    let mut failures = Vec::new();
    for i in 0..1000 {
        let req = match i % 4 {
            0 => request(Method::GET, "/pet-service/breeds?page=1&pageSize=10", &admin, None),
            1 => {
                request(Method::POST, "/pet-service/breeds", &admin, Some(json!({ "breedName": format!("after {i}") })))
            }
            2 => request(
                Method::POST,
                "/authority-service/role/add",
                &admin,
                Some(json!({ "name": format!("r{i}"), "roleType": "ordinary" })),
            ),
            _ => request(Method::POST, "/authority-service/role/list", &admin, Some(json!({}))),
        };
        let code = tokio::time::timeout(Duration::from_secs(5), envelope_code(&host, req)).await.unwrap_or(-2);
        if code != 200 {
            failures.push((i, code));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of 1000 calls failed after dropped requests: {:?}",
        failures.len(),
        &failures[..failures.len().min(10)]
    );
}
