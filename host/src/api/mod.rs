//! The HTTP API: the route catalogue, the guard every route passes through, the envelope.
//!
//! Request path, top-down: `localize` (language, envelope of errors) → axum router →
//! `guard` (session → tenant scope → the route's permission → handler → operation record).
//! A route can only be added through [`ApiRouter::route`], which takes its [`Perm`]; there is no
//! other way to reach a handler under `/api`, so a route without a declared permission cannot exist.

pub mod error;
pub mod extract;
mod guard;
pub mod live;
pub mod request_id;
pub mod signature;

use std::sync::Arc;

use axum::Router;
use axum::extract::Request;
use axum::handler::Handler;
use axum::http::Method;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodFilter, on};
use serde::Serialize;
use serde_json::json;

pub use error::{ApiError, ApiResult};
pub use extract::{ApiJson, ApiPath, ApiQuery, Caller, ClientInfo, DeviceCaller};

use crate::AppState;
use crate::i18n::{Lang, Msg};

/// What a route requires of its caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Perm {
    /// Anyone, signed in or not (login, the OpenAPI document).
    Public,
    /// Any signed-in user of an enabled account.
    SignedIn,
    /// A signed-in user whose roles hold this button action.
    Action(&'static str),
    /// A device or app holding a device key (`authorization: Device <key>`) of the plugin.
    Device,
}

/// Whether a route changes data, and so is written to the operation records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    Read,
    Write,
    /// Writes unless the method is GET (plugin routes, whose methods come from manifests).
    ByMethod,
    /// Writes a streamed body (an upload): recorded with what the handler says of it
    /// ([`RecordBody`]), never buffered.
    Stream,
}

/// Set on a response by a streaming handler: what the operation record keeps as its body.
#[derive(Debug, Clone)]
pub struct RecordBody(pub axum::body::Bytes);

/// Set on a response by a handler that knows better than the route what was done (the plugin
/// dispatcher names the manifest route); the guard records it in the operation records.
#[derive(Debug, Clone)]
pub struct RecordAs {
    pub operation: String,
    pub action: String,
}

/// Set on a response by the plugin dispatcher: the fields the plugin declared sealed in the
/// route's body and the values the call sealed, which the operation record leaves out.
#[derive(Debug, Clone)]
pub struct RecordSealed {
    pub fields: Arc<crate::redact::SealedFields>,
    pub values: crate::redact::SealedValues,
}

/// Named schemas the OpenAPI document's components gather.
pub type Components = Vec<(String, utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>)>;

/// The fields a core route's body declares sealed (`#[schema(write_only)]`), read once from its
/// schema as the OpenAPI document shows it.
fn sealed_fields(body: Option<SchemaFn>) -> crate::redact::SealedFields {
    let Some(body) = body else { return Default::default() };
    let mut components = Components::new();
    let schema = serde_json::to_value(body(&mut components)).unwrap_or_default();
    let definitions: serde_json::Map<String, serde_json::Value> =
        components.into_iter().map(|(name, schema)| (name, serde_json::to_value(schema).unwrap_or_default())).collect();
    crate::redact::SealedFields::of_schema(&schema, &definitions)
}

/// Adds a type's schema, and the schemas it refers to, to the components; where it is used, the
/// schema (a reference, or an array or page of references).
pub type SchemaFn = fn(&mut Components) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>;

/// A route's query parameters, for the OpenAPI document.
pub type ParamsFn = fn() -> Vec<utoipa::openapi::path::Parameter>;

/// The schema of `T` in the components; a reference to it.
fn component<T: utoipa::ToSchema>(
    components: &mut Components,
) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    components.push((T::name().into_owned(), T::schema()));
    T::schemas(components);
    utoipa::openapi::Ref::from_schema_name(T::name()).into()
}

/// One entry of the route catalogue: what the OpenAPI document and the tests iterate over.
#[derive(Debug, Clone, Serialize)]
pub struct RouteDoc {
    #[serde(serialize_with = "serialize_method")]
    pub method: Method,
    /// Path under `/api`.
    pub path: &'static str,
    #[serde(skip)]
    pub perm: Perm,
    #[serde(skip)]
    pub effect: Effect,
    pub summary: &'static str,
    #[serde(skip)]
    pub body_schema: Option<SchemaFn>,
    /// The schema of the envelope's `data` on success; `None`: `null`.
    #[serde(skip)]
    pub data_schema: Option<SchemaFn>,
    #[serde(skip)]
    pub query: Option<ParamsFn>,
    /// Serves every method (the plugin dispatcher); not listed in the OpenAPI document itself.
    #[serde(skip)]
    pub any_method: bool,
    /// The largest body accepted.
    #[serde(skip)]
    pub max_body: usize,
    /// Checks the guard runs before it reads the body: a route whose real permission lies in
    /// the path (a plugin route and the action its manifest names) refuses a caller without it
    /// before 8 MiB are buffered.
    #[serde(skip)]
    pub before_body: Option<BeforeBody>,
    /// What a success answers: the envelope, or a file or document of its own.
    #[serde(skip)]
    pub answer: Answer,
    /// A read that starts or ends sessions (sign-in, logout): like every write of the core, it
    /// drops what the guard cached about callers.
    #[serde(skip)]
    pub changes_sessions: bool,
}

impl RouteDoc {
    /// Whether a request to this route may change what the guard caches about callers (every
    /// core write; a plugin writes only its own records).
    pub fn may_change_callers(&self, method: &Method) -> bool {
        match self.effect {
            _ if self.changes_sessions => true,
            Effect::Write | Effect::Stream => true,
            Effect::ByMethod => !self.any_method && method != Method::GET,
            Effect::Read => false,
        }
    }
}

/// What a route answers on success (its refusals are always the envelope).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    Envelope,
    /// A file's bytes, whole or a range (a download).
    File,
    /// A JSON document of its own (the OpenAPI document).
    Document,
    /// The OAuth protocol's own answers (RFC 6749): a JSON object or a redirect (303), and
    /// refusals as `{error, error_description}` (or the envelope, from the guard).
    OAuth,
}

/// See [`RouteDoc::before_body`]: the caller, the method and the path under `/api`.
pub type BeforeBody = fn(&AppState, &Caller, &Method, &str) -> ApiResult<()>;

fn serialize_method<S: serde::Serializer>(method: &Method, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(method.as_str())
}

impl RouteDoc {
    pub fn action(&self) -> Option<&'static str> {
        match self.perm {
            Perm::Action(action) => Some(action),
            _ => None,
        }
    }
}

/// Declares a route: `get`/`post` with its path under `/api`, permission, effect and summary.
pub struct RouteSpec(RouteDoc);

impl RouteSpec {
    fn new(method: Method, path: &'static str, perm: Perm, effect: Effect, summary: &'static str) -> Self {
        RouteSpec(RouteDoc {
            method,
            path,
            perm,
            effect,
            summary,
            body_schema: None,
            data_schema: None,
            query: None,
            any_method: false,
            max_body: crate::MAX_BODY_BYTES,
            before_body: None,
            answer: Answer::Envelope,
            changes_sessions: false,
        })
    }

    /// A read: `GET` or a `POST` whose body is only a query.
    pub fn read(method: Method, path: &'static str, perm: Perm, summary: &'static str) -> Self {
        Self::new(method, path, perm, Effect::Read, summary)
    }

    /// A `POST` that changes data: recorded in the operation records.
    pub fn write(path: &'static str, perm: Perm, summary: &'static str) -> Self {
        Self::new(Method::POST, path, perm, Effect::Write, summary)
    }

    /// Every method, writes recorded unless GET: the plugin dispatcher.
    pub fn any(path: &'static str, perm: Perm, summary: &'static str) -> Self {
        let mut spec = Self::new(Method::POST, path, perm, Effect::ByMethod, summary);
        spec.0.any_method = true;
        spec
    }

    /// A `POST` whose body the handler streams (uploads): the guard neither buffers nor limits
    /// it; the handler does.
    pub fn stream(path: &'static str, perm: Perm, summary: &'static str) -> Self {
        let mut spec = Self::new(Method::POST, path, perm, Effect::Stream, summary);
        spec.0.max_body = usize::MAX;
        spec
    }

    /// Accepts bodies up to `bytes` (uploads) instead of [`crate::MAX_BODY_BYTES`].
    pub fn max_body(mut self, bytes: usize) -> Self {
        self.0.max_body = bytes;
        self
    }

    /// It starts or ends sessions (see [`RouteDoc::changes_sessions`]).
    pub fn changes_sessions(mut self) -> Self {
        self.0.changes_sessions = true;
        self
    }

    /// Its success is a file or a document of its own, not the envelope.
    pub fn answers(mut self, answer: Answer) -> Self {
        self.0.answer = answer;
        self
    }

    /// A check of the caller against the path, run before the body is read.
    pub fn before_body(mut self, check: BeforeBody) -> Self {
        self.0.before_body = Some(check);
        self
    }

    /// The JSON body's schema, for the OpenAPI document.
    pub fn body<T: utoipa::ToSchema>(mut self) -> Self {
        self.0.body_schema = Some(component::<T>);
        self
    }

    /// What success answers in the envelope's `data` (without it: `null`).
    pub fn data<T: utoipa::ToSchema>(mut self) -> Self {
        self.0.data_schema = Some(component::<T>);
        self
    }

    /// Success answers any JSON in `data` (what a plugin's route answered).
    pub fn data_any(mut self) -> Self {
        self.0.data_schema = Some(|_| {
            use utoipa::openapi::schema::{ObjectBuilder, SchemaType};
            ObjectBuilder::new().schema_type(SchemaType::AnyValue).into()
        });
        self
    }

    /// Success answers an array of `T` in `data`.
    pub fn data_list<T: utoipa::ToSchema>(mut self) -> Self {
        self.0.data_schema = Some(|components| {
            utoipa::openapi::schema::ArrayBuilder::new().items(component::<T>(components)).build().into()
        });
        self
    }

    /// Success answers a page of `T` (`crate::routes::Page`) in `data`.
    pub fn data_page<T: utoipa::ToSchema>(mut self) -> Self {
        self.0.data_schema = Some(|components| {
            use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Type};
            let integer = || ObjectBuilder::new().schema_type(Type::Integer);
            ObjectBuilder::new()
                .property("list", ArrayBuilder::new().items(component::<T>(components)))
                .property("total", integer())
                .property("page", integer())
                .property("pageSize", integer())
                .required("list")
                .required("total")
                .required("page")
                .required("pageSize")
                .build()
                .into()
        });
        self
    }

    /// The query parameters, from the type the handler reads them into.
    pub fn query<T: utoipa::IntoParams>(mut self) -> Self {
        self.0.query = Some(|| T::into_params(|| Some(utoipa::openapi::path::ParameterIn::Query)));
        self
    }
}

/// The `/api` router together with its catalogue.
pub struct ApiRouter {
    router: Router<AppState>,
    catalog: Vec<RouteDoc>,
    state: AppState,
}

impl ApiRouter {
    pub fn new(state: AppState) -> Self {
        ApiRouter { router: Router::new(), catalog: Vec::new(), state }
    }

    pub fn route<H, T>(mut self, spec: RouteSpec, handler: H) -> Self
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        let doc = spec.0;
        let filter = if doc.any_method {
            MethodFilter::GET
                .or(MethodFilter::POST)
                .or(MethodFilter::PUT)
                .or(MethodFilter::PATCH)
                .or(MethodFilter::DELETE)
        } else {
            MethodFilter::try_from(doc.method.clone()).unwrap_or(MethodFilter::POST)
        };
        let guarded: axum::routing::MethodRouter<AppState, std::convert::Infallible> =
            on(filter, handler).layer(middleware::from_fn_with_state(
                guard::GuardState {
                    app: self.state.clone(),
                    sealed: Arc::new(sealed_fields(doc.body_schema)),
                    route: Arc::new(doc.clone()),
                },
                guard::guard,
            ));
        let guarded = match doc.max_body {
            usize::MAX => guarded.layer(axum::extract::DefaultBodyLimit::disable()),
            limit => guarded.layer(axum::extract::DefaultBodyLimit::max(limit)),
        };
        self.router = self.router.route(doc.path, guarded);
        self.catalog.push(doc);
        self
    }

    pub fn finish(self) -> (Router<AppState>, Vec<RouteDoc>) {
        (self.router, self.catalog)
    }
}

/// A successful answer: `{code: 200, msg, data}`.
pub struct Envelope<T>(pub T);

impl<T: Serialize> IntoResponse for Envelope<T> {
    fn into_response(self) -> Response {
        axum::Json(json!({ "code": 200, "msg": "success", "data": self.0 })).into_response()
    }
}

/// An empty success, for writes that return nothing.
pub fn done() -> Envelope<()> {
    Envelope(())
}

/// Outermost `/api` middleware: renders any [`ApiError`] in the caller's language.
pub async fn localize(req: Request, next: Next) -> Response {
    let lang = Lang::from_headers(req.headers());
    let request_id = req.extensions().get::<request_id::RequestId>().map(|id| id.0.clone());
    let mut response = next.run(req).await;
    let err = response.extensions_mut().remove::<ApiError>().or_else(|| {
        (response.status() == axum::http::StatusCode::METHOD_NOT_ALLOWED)
            .then_some(ApiError::Client { code: 405, msg: Msg::MethodNotAllowed })
    });
    match err {
        Some(err) => {
            let mut envelope = err.envelope(lang);
            // What the user quotes, and the operator finds in the logs.
            if let Some(id) = request_id {
                envelope["requestId"] = serde_json::Value::String(id.to_string());
            }
            let mut localized = (response.status(), axum::Json(envelope)).into_response();
            // Only the body is rewritten: every header the answer set stays (an early 413's
            // `Connection: close`, a 405's `Allow`, a 416's `Content-Range`, a 503's
            // `Retry-After`, ...), apart from those describing the old body.
            for (name, value) in response.headers() {
                if name != axum::http::header::CONTENT_TYPE && name != axum::http::header::CONTENT_LENGTH {
                    localized.headers_mut().append(name.clone(), value.clone());
                }
            }
            localized
        }
        None => response,
    }
}

/// JSON answers above 1 KiB in brotli or gzip, as the client takes them, at a level that costs
/// little CPU (4): a device list or a dashboard shrinks five- to tenfold. Files, streams and
/// small answers go as they are.
pub fn compression() -> tower_http::compression::CompressionLayer<impl tower_http::compression::Predicate> {
    use tower_http::compression::predicate::{Predicate as _, SizeAbove};
    use tower_http::compression::{CompressionLayer, CompressionLevel};
    let json = |_: axum::http::StatusCode,
                _: axum::http::Version,
                headers: &axum::http::HeaderMap,
                _: &axum::http::Extensions| {
        headers
            .get(axum::http::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|t| t.starts_with("application/json"))
    };
    CompressionLayer::new()
        .no_deflate()
        .no_zstd()
        .quality(CompressionLevel::Precise(4))
        .compress_when(SizeAbove::new(1024).and(json))
}

/// Unknown paths under `/api`.
pub async fn no_such_route() -> ApiError {
    ApiError::Client { code: 404, msg: Msg::NoSuchRoute }
}
