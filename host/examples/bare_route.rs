//! A bare axum route answering a file's bytes as JSON, nothing in front: the yardstick the
//! README's wrk figures compare the console's routes with.
//!
//! `cargo run --release -p console-host --example bare_route -- answer.json 127.0.0.1:18081`

use axum::http::header;
use axum::routing::get;

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().expect("usage: bare_route <answer.json> [address]");
    let address = args.next().unwrap_or_else(|| "127.0.0.1:18081".into());
    let answer = bytes::Bytes::from(std::fs::read(&file).expect("answer file"));
    let app = axum::Router::new().route(
        "/bare",
        get(move || {
            let answer = answer.clone();
            async move { ([(header::CONTENT_TYPE, "application/json")], answer) }
        }),
    );
    let listener = tokio::net::TcpListener::bind(&address).await.expect("bind");
    axum::serve(listener, app).await.expect("serve");
}
