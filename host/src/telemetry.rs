//! What the host tells an operator's tools: its log (text, or one JSON object a line for a log
//! collector) and, when `CONSOLE_OTLP_ENDPOINT` names a collector, OpenTelemetry traces over
//! OTLP/HTTP (JSON): each request's span (carrying its request id, and continuing the caller's
//! trace when a `traceparent` came with it), the spans of the plugin calls it makes, and a span
//! for each SQL statement they run, in one trace. Off, none of it costs anything: the spans are
//! at a level the log does not keep, so nothing creates them.

use std::time::{Duration, SystemTime};

use opentelemetry::KeyValue;
use opentelemetry::trace::{Span as _, SpanKind, TraceContextExt, Tracer as _, TracerProvider as _};
use opentelemetry_otlp::{Protocol, WithExportConfig, WithHttpConfig};
use opentelemetry_sdk::trace::{SdkTracer, SdkTracerProvider};
use tracing::field::{Field, Visit};
use tracing_opentelemetry::OpenTelemetrySpanExt;
use tracing_subscriber::filter::{EnvFilter, Targets, filter_fn};
use tracing_subscriber::layer::{Context, SubscriberExt};
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{Layer, Registry};

/// The name traces give this service.
const SERVICE: &str = "device-console";
/// How long one export may take before it is given up (the collector is down: spans are lost,
/// requests are not held).
const EXPORT_WITHIN: Duration = Duration::from_secs(10);

/// The log and the traces as set up; [`Telemetry::shutdown`] sends the spans still queued.
pub struct Telemetry {
    traces: Option<SdkTracerProvider>,
}

impl Telemetry {
    /// Sends what is queued and stops exporting (a stopping host's last spans).
    pub fn shutdown(self) {
        if let Some(traces) = self.traces
            && let Err(err) = traces.shutdown()
        {
            eprintln!("traces: the last spans were not sent: {err}");
        }
    }
}

/// Sets up the process's log and, with `otlp` (a collector's base URL, such as
/// `http://127.0.0.1:4318`), its traces. `database` names the engine statements run on.
pub fn init(log_format: &str, otlp: Option<&str>, database: &str) -> Telemetry {
    // PostgreSQL's notices are left out: a serializable call whose commit failed is rolled back
    // by PostgreSQL itself, and the ROLLBACK sqlx sends after it draws "there is no transaction
    // in progress" once per rerun.
    let kept = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sqlx::postgres::notice=error"));
    // One JSON object a line for a log collector, with the request's span (its id) on each.
    let log = if log_format.eq_ignore_ascii_case("json") {
        tracing_subscriber::fmt::layer().json().with_current_span(false).with_span_list(true).boxed()
    } else {
        tracing_subscriber::fmt::layer().boxed()
    };
    let traces = otlp.and_then(|endpoint| match provider(endpoint) {
        Ok(provider) => Some(provider),
        Err(err) => {
            eprintln!("traces: CONSOLE_OTLP_ENDPOINT {endpoint} not used: {err}");
            None
        }
    });
    let layers = traces.as_ref().map(|provider| {
        let tracer = provider.tracer("console-host");
        // The host's own spans, whatever their level; no events (the log has them).
        let spans = tracing_opentelemetry::layer()
            .with_tracer(tracer.clone())
            .with_filter(filter_fn(|meta| meta.is_span() && meta.target().starts_with("console_host")));
        let statements = Statements { tracer, database: engine_of(database) }
            .with_filter(Targets::new().with_target("sqlx::query", tracing::Level::DEBUG));
        spans.and_then(statements)
    });
    Registry::default().with(log.with_filter(kept)).with(layers).init();
    Telemetry { traces }
}

/// `sqlite` or `postgresql`, as OpenTelemetry names database systems.
fn engine_of(database_url: &str) -> &'static str {
    if database_url.starts_with("postgres") { "postgresql" } else { "sqlite" }
}

fn provider(endpoint: &str) -> Result<SdkTracerProvider, opentelemetry_otlp::ExporterBuildError> {
    let exporter = opentelemetry_otlp::SpanExporter::builder()
        .with_http()
        .with_protocol(Protocol::HttpJson)
        .with_endpoint(format!("{}/v1/traces", endpoint.trim_end_matches('/')))
        .with_timeout(EXPORT_WITHIN)
        .with_http_client(Exporter::new())
        .build()?;
    let resource = opentelemetry_sdk::Resource::builder()
        .with_attributes([
            KeyValue::new("service.name", SERVICE),
            KeyValue::new("service.version", env!("CARGO_PKG_VERSION")),
        ])
        .build();
    // Batches sent from a thread of their own (OTEL_BSP_* settings apply).
    Ok(SdkTracerProvider::builder().with_batch_exporter(exporter).with_resource(resource).build())
}

/// Sends OTLP's requests with the host's own HTTP client. The exporter's thread has no runtime,
/// so each request runs on the host's and the thread waits for its answer.
#[derive(Debug, Clone)]
struct Exporter {
    client: reqwest::Client,
    runtime: Option<tokio::runtime::Handle>,
}

impl Exporter {
    fn new() -> Exporter {
        Exporter { client: reqwest::Client::new(), runtime: tokio::runtime::Handle::try_current().ok() }
    }
}

#[async_trait::async_trait]
impl opentelemetry_http::HttpClient for Exporter {
    async fn send_bytes(
        &self,
        request: axum::http::Request<bytes::Bytes>,
    ) -> Result<axum::http::Response<bytes::Bytes>, opentelemetry_http::HttpError> {
        let (parts, body) = request.into_parts();
        let sent = self.client.request(parts.method, parts.uri.to_string()).headers(parts.headers).body(body);
        let exchange = async move {
            let answer = sent.send().await?;
            let mut response = axum::http::Response::builder().status(answer.status());
            if let Some(headers) = response.headers_mut() {
                headers.extend(answer.headers().clone());
            }
            let body = answer.bytes().await?;
            Ok::<_, opentelemetry_http::HttpError>(response.body(body)?)
        };
        match &self.runtime {
            Some(runtime) => runtime.spawn(exchange).await?,
            None => Err("no runtime to send traces on".into()),
        }
    }
}

/// Turns each SQL statement sqlx reports into a span of its own, timed as it ran, under the
/// span it ran in (a plugin call's, a request's).
struct Statements {
    tracer: SdkTracer,
    database: &'static str,
}

/// What a statement's event says.
#[derive(Default)]
struct Statement {
    summary: String,
    text: String,
    elapsed_secs: f64,
    rows: Option<u64>,
}

impl Visit for Statement {
    fn record_str(&mut self, field: &Field, value: &str) {
        match field.name() {
            "summary" => self.summary = value.to_string(),
            "db.statement" => self.text = value.trim().to_string(),
            _ => {}
        }
    }

    fn record_f64(&mut self, field: &Field, value: f64) {
        if field.name() == "elapsed_secs" {
            self.elapsed_secs = value;
        }
    }

    fn record_u64(&mut self, field: &Field, value: u64) {
        if matches!(field.name(), "rows_affected" | "rows_returned") {
            self.rows = Some(self.rows.unwrap_or(0) + value);
        }
    }

    fn record_debug(&mut self, _: &Field, _: &dyn std::fmt::Debug) {}
}

impl<S: tracing::Subscriber> Layer<S> for Statements {
    fn on_event(&self, event: &tracing::Event<'_>, _: Context<'_, S>) {
        let mut statement = Statement::default();
        event.record(&mut statement);
        let parent = tracing::Span::current().context();
        if !parent.span().span_context().is_valid() {
            // A statement outside any request (the scheduler's lease, a keeper): not traced.
            return;
        }
        let ended = SystemTime::now();
        let started = ended.checked_sub(Duration::from_secs_f64(statement.elapsed_secs.max(0.0))).unwrap_or(ended);
        let text = if statement.text.is_empty() { statement.summary.clone() } else { statement.text };
        let mut attributes = vec![
            KeyValue::new("db.system.name", self.database),
            KeyValue::new("db.query.summary", statement.summary),
            KeyValue::new("db.query.text", text),
        ];
        if let Some(rows) = statement.rows {
            attributes.push(KeyValue::new("db.response.returned_rows", i64::try_from(rows).unwrap_or(i64::MAX)));
        }
        let mut span = self
            .tracer
            .span_builder("db.query")
            .with_kind(SpanKind::Client)
            .with_start_time(started)
            .with_attributes(attributes)
            .start_with_context(&self.tracer, &parent);
        span.end_with_timestamp(ended);
    }
}

/// The trace a caller's `traceparent` names, for a request's span to continue.
pub fn continue_trace(span: &tracing::Span, headers: &axum::http::HeaderMap) {
    let Some(traceparent) = headers.get("traceparent").and_then(|v| v.to_str().ok()) else { return };
    let carrier: std::collections::HashMap<String, String> =
        std::iter::once(("traceparent".to_string(), traceparent.to_string())).collect();
    let propagator = opentelemetry_sdk::propagation::TraceContextPropagator::new();
    let context = opentelemetry::propagation::TextMapPropagator::extract(&propagator, &carrier);
    if context.span().span_context().is_valid() {
        let _ = span.set_parent(context);
    }
}

/// A request's method, route and answer on its span (traces only; the log keeps its id alone).
pub fn describe_request(span: &tracing::Span, method: &str, path: &str) {
    span.set_attribute("http.request.method", method.to_string());
    span.set_attribute("url.path", path.to_string());
}

pub fn describe_answer(span: &tracing::Span, status: u16) {
    span.set_attribute("http.response.status_code", i64::from(status));
}
