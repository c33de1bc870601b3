//! OpenTelemetry traces (`CONSOLE_OTLP_ENDPOINT`): a collector the test runs receives, over
//! OTLP/HTTP as JSON, one trace per request: the request's span (its request id, method, path
//! and status; continuing the trace a trusted proxy's `traceparent` names), the plugin call's
//! span inside it, and a span for each SQL statement the call ran, inside that.

use crate::common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::{Install, ProcessHost};
use serde_json::Value;

/// A collector: every span of every export it was sent.
async fn collector() -> (String, Arc<Mutex<Vec<Value>>>) {
    let spans: Arc<Mutex<Vec<Value>>> = Arc::default();
    let kept = spans.clone();
    let app = axum::Router::new().route(
        "/v1/traces",
        axum::routing::post(move |body: axum::body::Bytes| {
            let kept = kept.clone();
            async move {
                let export: Value = serde_json::from_slice(&body).expect("OTLP JSON");
                for resource in export["resourceSpans"].as_array().into_iter().flatten() {
                    for scope in resource["scopeSpans"].as_array().into_iter().flatten() {
                        let spans = scope["spans"].as_array().into_iter().flatten().cloned();
                        kept.lock().expect("spans").extend(spans);
                    }
                }
                axum::Json(serde_json::json!({}))
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address = listener.local_addr().expect("address");
    tokio::spawn(async move { axum::serve(listener, app).await });
    (format!("http://{address}"), spans)
}

fn attribute<'a>(span: &'a Value, key: &str) -> Option<&'a Value> {
    let found = span["attributes"].as_array()?.iter().find(|a| a["key"] == key)?;
    found["value"].as_object()?.values().next()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_is_traced_with_its_plugin_call_and_its_statements() {
    let (endpoint, spans) = collector().await;
    let env = [("CONSOLE_OTLP_ENDPOINT", endpoint), ("OTEL_BSP_SCHEDULE_DELAY", "100".to_string())];
    let host = ProcessHost::start_with_env(tempfile::tempdir().expect("dir"), &[Install::pet()], &env).await;
    let token = host.admin().await;
    // The caller's trace, as a proxy in front would pass it on.
    let trace_id = "4bf92f3577b34da6a3ce929d0e0e4736";
    let answer = reqwest::Client::new()
        .get(format!("{}/pet-service/breeds?page=1&pageSize=10", host.base))
        .header("authorization", &token)
        .header("traceparent", format!("00-{trace_id}-00f067aa0ba902b7-01"))
        .send()
        .await
        .expect("answered");
    assert_eq!(answer.status(), 200);
    let request_id = answer.headers()["x-request-id"].to_str().expect("id").to_string();

    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    let (request, call, statements) = loop {
        let seen = spans.lock().expect("spans").clone();
        let request = seen
            .iter()
            .find(|s| s["name"] == "request" && attribute(s, "id").and_then(Value::as_str) == Some(&request_id))
            .cloned();
        if let Some(request) = request {
            let call =
                seen.iter().find(|s| s["name"] == "plugin.call" && s["parentSpanId"] == request["spanId"]).cloned();
            if let Some(call) = call {
                let statements: Vec<Value> = seen
                    .iter()
                    .filter(|s| s["name"] == "db.query" && s["parentSpanId"] == call["spanId"])
                    .cloned()
                    .collect();
                if !statements.is_empty() {
                    break (request, call, statements);
                }
            }
        }
        assert!(tokio::time::Instant::now() < deadline, "no trace of {request_id} came: {seen:#?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(request["traceId"], trace_id, "the proxy's trace goes on: {request}");
    assert_eq!(request["parentSpanId"], "00f067aa0ba902b7");
    assert_eq!(attribute(&request, "http.request.method"), Some(&Value::from("GET")));
    assert_eq!(attribute(&request, "url.path"), Some(&Value::from("/api/pet-service/breeds")));
    // OTLP's JSON writes a 64-bit integer as a string.
    let status = attribute(&request, "http.response.status_code").map(|v| v.to_string().trim_matches('"').to_string());
    assert_eq!(status.as_deref(), Some("200"));
    assert_eq!(call["traceId"], trace_id);
    assert_eq!(attribute(&call, "plugin"), Some(&Value::from("pet")));
    // The breeds list reads the store: its query is among the statements, with its text.
    let texts: Vec<&str> = statements.iter().filter_map(|s| attribute(s, "db.query.text")?.as_str()).collect();
    assert!(texts.iter().any(|t| t.contains("plugin_records")), "the store's query: {texts:#?}");
    let engine = if host.database_url.starts_with("postgres") { "postgresql" } else { "sqlite" };
    for statement in &statements {
        assert_eq!(statement["traceId"], trace_id);
        assert_eq!(attribute(statement, "db.system.name").and_then(Value::as_str), Some(engine));
    }
}
