//! The endpoints OAuth clients speak, under `/api/oauth/`, and the metadata at
//! `/.well-known/oauth-authorization-server` (RFC 8414).
//!
//! The authorisation code flow: the client sends the browser to `authorize`, which checks the
//! request and hands it to the shell's consent page (`/oauth/consent`); there the app user signs
//! in and allows or denies (`consent`), and the browser returns to the client's callback with a
//! code (or `error=access_denied`). The client exchanges the code at `token`, proving it with its
//! secret or, for a public client, the PKCE verifier. Refresh tokens are rotated: each use gives a
//! new one, and one used twice revokes the whole grant (RFC 6749 §10.4, OAuth 2.1 §4.3.1).

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use base64::Engine as _;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use super::{CODE_SECONDS, from_column};
use crate::AppState;
use crate::api::{Answer, ApiError, ApiJson, ApiResult, ApiRouter, ClientInfo, Envelope, Perm, RouteSpec};
use crate::auth::session;
use crate::db::now_ms;
use crate::db::oauth::{ClientRow, NewCode, NewToken, TokenRow};
use crate::i18n::{Lang, Msg};
use crate::plugins::manifest::RouteCaller;
use crate::plugins::runtime::{CallContext, EventBudget};

/// The app users' plugin checks a password here (`caller = "host"`), and answers a profile.
const AUTHENTICATE: &str = "/internal/app-users/authenticate";
const PROFILE: &str = "/internal/app-users/profile";

pub fn routes(api: ApiRouter) -> ApiRouter {
    api.route(
        RouteSpec::read(Method::GET, "/oauth/authorize", Perm::Public, "OAuth authorisation endpoint (redirects)")
            .query::<AuthorizeRequest>()
            .answers(Answer::OAuth),
        authorize,
    )
    .route(
        RouteSpec::read(
            Method::POST,
            "/oauth/consent/info",
            Perm::Public,
            "What the consent page shows of an authorisation request",
        )
        .body::<AuthorizeRequest>()
        .data::<ConsentInfo>(),
        consent_info,
    )
    .route(
        RouteSpec::write(
            "/oauth/consent",
            Perm::Public,
            "The app user signs in and allows or denies: where the browser goes next",
        )
        .body::<Consent>()
        .data::<ConsentAnswer>(),
        consent,
    )
    .route(
        RouteSpec::write("/oauth/token", Perm::Public, "OAuth token endpoint (form body, RFC 6749 §3.2)")
            .answers(Answer::OAuth),
        token,
    )
    .route(
        RouteSpec::write("/oauth/introspect", Perm::Public, "OAuth token introspection (form body, RFC 7662)")
            .answers(Answer::OAuth),
        introspect,
    )
    .route(
        RouteSpec::write("/oauth/revoke", Perm::Public, "OAuth token revocation (form body, RFC 7009)")
            .answers(Answer::OAuth),
        revoke,
    )
    .route(
        RouteSpec::read(Method::GET, "/oauth/userinfo", Perm::Public, "The app user an access token acts for")
            .answers(Answer::OAuth),
        userinfo,
    )
}

/// An authorisation request (RFC 6749 §4.1.1, RFC 7636 §4.3).
#[derive(Debug, Default, Clone, Serialize, Deserialize, ToSchema, utoipa::IntoParams)]
#[serde(default)]
pub struct AuthorizeRequest {
    response_type: String,
    client_id: String,
    redirect_uri: String,
    scope: String,
    state: String,
    code_challenge: String,
    code_challenge_method: String,
}

impl AuthorizeRequest {
    /// From a query string's pairs; unknown ones are ignored (RFC 6749 §3.1).
    fn from_pairs(pairs: impl Iterator<Item = (String, String)>) -> Self {
        let mut req = AuthorizeRequest::default();
        for (name, value) in pairs {
            let field = match name.as_str() {
                "response_type" => &mut req.response_type,
                "client_id" => &mut req.client_id,
                "redirect_uri" => &mut req.redirect_uri,
                "scope" => &mut req.scope,
                "state" => &mut req.state,
                "code_challenge" => &mut req.code_challenge,
                "code_challenge_method" => &mut req.code_challenge_method,
                _ => continue,
            };
            *field = value;
        }
        req
    }
}

/// A request that cannot go back to the client: the consent page shows why.
struct NoRedirect(&'static str);

/// A request checked: the client, where the answer goes, and the scopes granted.
struct Checked {
    client: ClientRow,
    redirect_uri: String,
    scope: String,
}

/// RFC 6749 §4.1.2.1: an unknown client or callback is not redirected to (it could be anyone's);
/// every other fault goes back to the client's callback as `error=...`.
async fn check(app: &AppState, req: &AuthorizeRequest) -> Result<Result<Checked, String>, NoRedirect> {
    let client = match app.db.oauth_client(req.client_id.trim()).await {
        Ok(Some(client)) => client,
        Ok(None) => return Err(NoRedirect("invalid_client")),
        Err(_) => return Err(NoRedirect("server_error")),
    };
    let registered = from_column(&client.redirect_uris);
    let redirect_uri = match req.redirect_uri.as_str() {
        "" if registered.len() == 1 => registered[0].clone(),
        given if registered.iter().any(|r| r == given) => given.to_string(),
        _ => return Err(NoRedirect("invalid_redirect_uri")),
    };
    let back = |error: &str, description: &str| {
        Ok(Err(with_params(
            &redirect_uri,
            &[("error", error), ("error_description", description), ("state", &req.state)],
        )))
    };
    if !from_column(&client.grant_types).iter().any(|g| g == "authorization_code") {
        return back("unauthorized_client", "the client may not use the authorization code grant");
    }
    if req.response_type != "code" {
        return back("unsupported_response_type", "response_type must be code");
    }
    let allowed = from_column(&client.scopes);
    let asked: Vec<&str> = req.scope.split_whitespace().collect();
    if asked.iter().any(|s| !allowed.iter().any(|a| a == s)) {
        return back("invalid_scope", "a scope the client may not ask for");
    }
    let scope = if asked.is_empty() { allowed.join(" ") } else { asked.join(" ") };
    match (req.code_challenge.as_str(), req.code_challenge_method.as_str()) {
        ("", _) if !client.password_needed => return back("invalid_request", "a public client must use PKCE"),
        ("", _) => {}
        (challenge, "S256") if is_challenge(challenge) => {}
        _ => return back("invalid_request", "code_challenge must be S256 of 43 base64url characters"),
    }
    Ok(Ok(Checked { client, redirect_uri, scope }))
}

fn is_challenge(value: &str) -> bool {
    value.len() == 43 && value.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// `base` with `params` added to its query (empty ones left out).
fn with_params(base: &str, params: &[(&str, &str)]) -> String {
    let Ok(mut url) = url::Url::parse(base) else { return base.to_string() };
    {
        let mut query = url.query_pairs_mut();
        for (name, value) in params.iter().filter(|(_, v)| !v.is_empty()) {
            query.append_pair(name, value);
        }
    }
    url.to_string()
}

fn consent_page(query: &str) -> Response {
    Redirect::to(&format!("/oauth/consent?{query}")).into_response()
}

async fn authorize(State(app): State<AppState>, uri: axum::http::Uri) -> Response {
    let query = uri.query().unwrap_or_default();
    let req = AuthorizeRequest::from_pairs(url::form_urlencoded::parse(query.as_bytes()).into_owned());
    match check(&app, &req).await {
        Err(NoRedirect(error)) => consent_page(&format!("error={error}")),
        Ok(Err(back)) => Redirect::to(&back).into_response(),
        Ok(Ok(_)) => consent_page(query),
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsentInfo {
    client_name: String,
    client_type: String,
    product_category: String,
    /// The app user is not asked once signed in.
    direct_authorization: bool,
    scopes: Vec<ScopeShown>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ScopeShown {
    scope: String,
    description: String,
}

/// What the consent page needs; a request that must not be answered on the page sends the
/// browser back to the client (`redirect`), one that cannot be is refused.
#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsentAnswer {
    redirect: String,
}

fn refused(error: &'static str) -> ApiError {
    ApiError::Client { code: 400, msg: Msg::OAuthRefused { error } }
}

async fn consent_info(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<AuthorizeRequest>,
) -> ApiResult<Envelope<ConsentInfo>> {
    let checked = match check(&app, &req).await {
        Err(NoRedirect(error)) => return Err(refused(error)),
        Ok(Err(_)) => return Err(refused("invalid_request")),
        Ok(Ok(checked)) => checked,
    };
    let known = app.db.oauth_scopes(Some(checked.client.tenant_id)).await?;
    let scopes = checked
        .scope
        .split(' ')
        .map(|scope| ScopeShown {
            scope: scope.to_string(),
            description: known.iter().find(|k| k.scope == scope).map(|k| k.description.clone()).unwrap_or_default(),
        })
        .collect();
    let client = checked.client;
    Ok(Envelope(ConsentInfo {
        client_name: client.name,
        client_type: client.client_type,
        product_category: client.product_category,
        direct_authorization: client.direct_authorization,
        scopes,
    }))
}

/// The consent page's answer: the request again, the app user's account and password, and
/// whether they allow it.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Consent {
    #[serde(flatten)]
    request: AuthorizeRequest,
    username: String,
    #[schema(write_only)]
    password: String,
    approve: bool,
}

async fn consent(
    State(app): State<AppState>,
    client_info: ClientInfo,
    lang: Lang,
    ApiJson(input): ApiJson<Consent>,
) -> ApiResult<Envelope<ConsentAnswer>> {
    let checked = match check(&app, &input.request).await {
        Err(NoRedirect(error)) => return Err(refused(error)),
        Ok(Err(back)) => return Ok(Envelope(ConsentAnswer { redirect: back })),
        Ok(Ok(checked)) => checked,
    };
    let state = input.request.state.as_str();
    if !input.approve {
        let redirect = with_params(&checked.redirect_uri, &[("error", "access_denied"), ("state", state)]);
        return Ok(Envelope(ConsentAnswer { redirect }));
    }
    let username = crate::validate::required("username", &input.username, 128)?;
    if input.password.is_empty() {
        return Err(ApiError::required("password"));
    }
    let tenant = checked.client.tenant_id;
    // The app users' plugin counts the attempt against the user and this address, on the same
    // counter as its own sign-in (contract 0.1.16 `proofs`): a guess costs the same at either door.
    let credentials = json!({ "username": username, "password": input.password });
    let user = ask_app_users(&app, (tenant, &client_info.ip), lang, AUTHENTICATE, credentials).await?;
    let subject = user["username"].as_str().unwrap_or(&username).to_string();
    let code = format!("oac_{}", session::new_token());
    app.db
        .insert_oauth_code(&NewCode {
            code_hash: &session::token_hash(&code),
            tenant,
            client_id: &checked.client.client_id,
            subject: &subject,
            scope: &checked.scope,
            redirect_uri: &checked.redirect_uri,
            code_challenge: input.request.code_challenge.trim(),
            grant_id: &session::new_token()[..32],
            expires_at: now_ms() + CODE_SECONDS * 1000,
        })
        .await?;
    app.db.purge_oauth_codes().await?;
    let redirect = with_params(&checked.redirect_uri, &[("code", &code), ("state", state)]);
    Ok(Envelope(ConsentAnswer { redirect }))
}

/// Calls the app users' plugin in the client's enterprise; its refusal (a wrong password, a
/// blocked user) reaches the consent page as it answered, in the user's language.
pub(super) async fn ask_app_users(
    app: &AppState,
    (tenant, client_address): (i64, &str),
    lang: Lang,
    path: &str,
    body: Value,
) -> ApiResult<Value> {
    let plugin = app
        .plugins
        .all()
        .into_iter()
        .find(|p| p.route(RouteCaller::Host, "POST", path).is_some())
        .ok_or(ApiError::Client { code: 404, msg: Msg::PluginDisabled })?;
    if !app.plugins.enabled_for(tenant).await?.contains(&plugin.manifest.id) {
        return Err(ApiError::Client { code: 404, msg: Msg::PluginDisabled });
    }
    let context = CallContext {
        tenant_id: tenant,
        user_id: 0,
        platform_user: false,
        user_name: "oauth".into(),
        lang: lang.code().to_string(),
        actions: Vec::new(),
        request_id: session::new_token()[..16].to_string(),
        cascade: EventBudget::new(),
        decision: None,
        client_address: client_address.to_string(),
        sealed: Default::default(),
        user_actions: None,
    };
    let response = crate::routes::call_plugin_route(app, &plugin, context, path, body).await?;
    let bytes =
        axum::body::to_bytes(response.into_body(), 1 << 20).await.map_err(|e| ApiError::Internal(e.to_string()))?;
    let envelope: Value = serde_json::from_slice(&bytes).map_err(|e| ApiError::Internal(e.to_string()))?;
    if envelope["code"] == 200 {
        return Ok(envelope["data"].clone());
    }
    let text = envelope["msg"].as_str().unwrap_or_default().to_string();
    match (envelope["code"].as_u64().and_then(|c| u16::try_from(c).ok()), envelope["data"]["field"].as_str()) {
        // Too many attempts (429), or another refusal that is no input's fault: as answered.
        (Some(code), None) if code != 400 => Err(ApiError::Client { code, msg: Msg::Text(text) }),
        (_, field) => Err(ApiError::invalid(field.unwrap_or("password"), Msg::Text(text))),
    }
}

/// What userinfo may tell of the app user `subject`; `None` when the user is blocked or gone,
/// whose grants then act for nobody.
async fn subject_profile(app: &AppState, tenant: i64, subject: &str) -> ApiResult<Option<Value>> {
    match ask_app_users(app, (tenant, ""), Lang::En, PROFILE, json!({ "username": subject })).await {
        Ok(profile) => Ok(Some(profile)),
        Err(ApiError::Client { code: 404, .. }) => Ok(None),
        Err(err) => Err(err),
    }
}

// ---- The token endpoint and its kin: form bodies in, RFC JSON out. ----

/// An OAuth error (RFC 6749 §5.2), never cached.
struct OAuthError {
    status: StatusCode,
    error: &'static str,
    description: &'static str,
}

fn oauth_error(error: &'static str, description: &'static str) -> OAuthError {
    OAuthError { status: StatusCode::BAD_REQUEST, error, description }
}

impl IntoResponse for OAuthError {
    fn into_response(self) -> Response {
        let body = json!({ "error": self.error, "error_description": self.description });
        let mut response = no_store((self.status, axum::Json(body)).into_response());
        if self.status == StatusCode::UNAUTHORIZED {
            response.headers_mut().insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Basic realm=\"oauth\""));
        }
        response
    }
}

impl From<ApiError> for OAuthError {
    fn from(err: ApiError) -> Self {
        tracing::warn!(%err, "oauth endpoint failed");
        OAuthError { status: StatusCode::INTERNAL_SERVER_ERROR, error: "server_error", description: "try again later" }
    }
}

impl From<sqlx::Error> for OAuthError {
    fn from(err: sqlx::Error) -> Self {
        ApiError::from(err).into()
    }
}

fn no_store(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::PRAGMA, HeaderValue::from_static("no-cache"));
    response
}

/// A form body's fields (`application/x-www-form-urlencoded`).
struct Form(Vec<(String, String)>);

impl Form {
    fn parse(body: &[u8]) -> Result<Form, OAuthError> {
        if std::str::from_utf8(body).is_err() {
            return Err(oauth_error("invalid_request", "the body must be application/x-www-form-urlencoded"));
        }
        Ok(Form(url::form_urlencoded::parse(body).into_owned().collect()))
    }

    /// A field given once (RFC 6749 §3.2: parameters must not repeat).
    fn get(&self, name: &str) -> Result<&str, OAuthError> {
        let mut found = self.0.iter().filter(|(n, _)| n == name);
        match (found.next(), found.next()) {
            (Some(_), Some(_)) => Err(oauth_error("invalid_request", "a parameter was repeated")),
            (Some((_, value)), None) => Ok(value.as_str()),
            (None, _) => Ok(""),
        }
    }
}

/// The client of a token request (RFC 6749 §2.3): HTTP Basic or the form's `client_id` and
/// `client_secret`; a public client names itself and has no secret.
async fn authenticate_client(app: &AppState, headers: &HeaderMap, form: &Form) -> Result<ClientRow, OAuthError> {
    let unauthorized = OAuthError {
        status: StatusCode::UNAUTHORIZED,
        error: "invalid_client",
        description: "client authentication failed",
    };
    let basic = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Basic "))
        .and_then(|v| base64::engine::general_purpose::STANDARD.decode(v.trim()).ok())
        .and_then(|v| String::from_utf8(v).ok())
        .and_then(|v| {
            let (id, secret) = v.split_once(':')?;
            // RFC 6749 §2.3.1: both are form-encoded inside the header.
            let decode =
                |s: &str| url::form_urlencoded::parse(format!("v={s}").as_bytes()).next().map(|(_, v)| v.into_owned());
            Some((decode(id)?, decode(secret)?))
        });
    let (client_id, secret) = match basic {
        Some(pair) => pair,
        None => (form.get("client_id")?.to_string(), form.get("client_secret")?.to_string()),
    };
    let client = app.db.oauth_client(&client_id).await?.ok_or(unauthorized)?;
    let proven = if client.password_needed {
        !secret.is_empty() && same(&session::token_hash(&secret), &client.secret_hash)
    } else {
        secret.is_empty()
    };
    if !proven {
        return Err(OAuthError {
            status: StatusCode::UNAUTHORIZED,
            error: "invalid_client",
            description: "client authentication failed",
        });
    }
    Ok(client)
}

/// Equal without telling how much of it matched.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

fn may_use(client: &ClientRow, grant: &str) -> bool {
    from_column(&client.grant_types).iter().any(|g| g == grant)
}

async fn token(State(app): State<AppState>, headers: HeaderMap, body: axum::body::Bytes) -> Response {
    match token_for(&app, &headers, &body).await {
        Ok(answer) => no_store(axum::Json(answer).into_response()),
        Err(err) => err.into_response(),
    }
}

async fn token_for(app: &AppState, headers: &HeaderMap, body: &[u8]) -> Result<Value, OAuthError> {
    let form = Form::parse(body)?;
    let client = authenticate_client(app, headers, &form).await?;
    let grant_type = form.get("grant_type")?;
    if !may_use(&client, grant_type) {
        return Err(match grant_type {
            "authorization_code" | "refresh_token" | "client_credentials" => {
                oauth_error("unauthorized_client", "the client may not use this grant type")
            }
            _ => oauth_error("unsupported_grant_type", "authorization_code, refresh_token or client_credentials"),
        });
    }
    match grant_type {
        "authorization_code" => exchange_code(app, &client, &form).await,
        "refresh_token" => refresh(app, &client, &form).await,
        _ => client_credentials(app, &client, &form).await,
    }
}

async fn exchange_code(app: &AppState, client: &ClientRow, form: &Form) -> Result<Value, OAuthError> {
    let invalid = |why| oauth_error("invalid_grant", why);
    let code = form.get("code")?;
    let found = match app.db.spend_oauth_code(&session::token_hash(code)).await? {
        Ok(Some(found)) => found,
        Ok(None) => return Err(invalid("unknown code")),
        Err(grant) => {
            // A code used twice was stolen, or the first exchange was: end what it gave.
            app.db.revoke_oauth_grant(&grant).await?;
            return Err(invalid("the code was used already"));
        }
    };
    if found.client_id != client.client_id {
        return Err(invalid("the code was issued to another client"));
    }
    if found.expires_at < now_ms() {
        return Err(invalid("the code expired"));
    }
    if form.get("redirect_uri")? != found.redirect_uri {
        return Err(invalid("redirect_uri differs from the authorization request's"));
    }
    if !found.code_challenge.is_empty() {
        let verifier = form.get("code_verifier")?;
        let fits = (43..=128).contains(&verifier.len())
            && verifier.bytes().all(|b| b.is_ascii_alphanumeric() || b"-._~".contains(&b));
        let computed = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
        if !fits || !same(&computed, &found.code_challenge) {
            return Err(invalid("code_verifier does not match the code_challenge"));
        }
    }
    issue(app, client, &found.subject, &found.scope, &found.grant_id, may_use(client, "refresh_token")).await
}

async fn refresh(app: &AppState, client: &ClientRow, form: &Form) -> Result<Value, OAuthError> {
    let hash = session::token_hash(form.get("refresh_token")?);
    let Some(spent) = app.db.spend_oauth_refresh(&hash).await? else {
        // Spent before: someone replays it. Its whole grant ends (RFC 6749 §10.4).
        if let Some(old) = app.db.oauth_token(&hash).await?
            && old.kind == "refresh"
            && old.client_id == client.client_id
            && old.revoked_at.is_some()
        {
            app.db.revoke_oauth_grant(&old.grant_id).await?;
        }
        return Err(oauth_error("invalid_grant", "the refresh token is not valid"));
    };
    if spent.client_id != client.client_id {
        return Err(oauth_error("invalid_grant", "the refresh token was issued to another client"));
    }
    // A grant follows its user: one blocked or removed since can mint nothing more.
    if !spent.subject.is_empty() && subject_profile(app, spent.tenant_id, &spent.subject).await?.is_none() {
        app.db.revoke_oauth_grant(&spent.grant_id).await?;
        return Err(oauth_error("invalid_grant", "the user the grant was given by can no longer sign in"));
    }
    let scope = narrowed(&spent.scope, form.get("scope")?)?;
    issue(app, client, &spent.subject, &scope, &spent.grant_id, true).await
}

async fn client_credentials(app: &AppState, client: &ClientRow, form: &Form) -> Result<Value, OAuthError> {
    let scope = narrowed(&from_column(&client.scopes).join(" "), form.get("scope")?)?;
    let grant = session::new_token()[..32].to_string();
    issue(app, client, "", &scope, &grant, false).await
}

/// The scopes asked for, each among those granted; all granted when none are asked.
fn narrowed(granted: &str, asked: &str) -> Result<String, OAuthError> {
    let granted: Vec<&str> = granted.split_whitespace().collect();
    let asked: Vec<&str> = asked.split_whitespace().collect();
    if asked.iter().any(|s| !granted.contains(s)) {
        return Err(oauth_error("invalid_scope", "a scope beyond those granted"));
    }
    Ok(if asked.is_empty() { granted.join(" ") } else { asked.join(" ") })
}

async fn issue(
    app: &AppState,
    client: &ClientRow,
    subject: &str,
    scope: &str,
    grant: &str,
    with_refresh: bool,
) -> Result<Value, OAuthError> {
    let now = now_ms();
    let access = format!("oat_{}", session::new_token());
    let new = |hash, kind, seconds: i64| NewToken {
        token_hash: hash,
        kind,
        tenant: client.tenant_id,
        client_id: &client.client_id,
        subject,
        scope,
        grant_id: grant,
        expires_at: now + seconds * 1000,
    };
    let access_hash = session::token_hash(&access);
    app.db.insert_oauth_token(&new(&access_hash, "access", client.access_token_seconds)).await?;
    let mut answer = json!({
        "access_token": access, "token_type": "Bearer", "expires_in": client.access_token_seconds, "scope": scope,
    });
    if with_refresh {
        let refresh = format!("ort_{}", session::new_token());
        let refresh_hash = session::token_hash(&refresh);
        app.db.insert_oauth_token(&new(&refresh_hash, "refresh", client.refresh_token_seconds)).await?;
        answer["refresh_token"] = json!(refresh);
    }
    Ok(answer)
}

/// A token as it stands: `None` unless live (issued, not revoked, not expired).
async fn live_token(app: &AppState, token: &str) -> Result<Option<TokenRow>, OAuthError> {
    let found = app.db.oauth_token(&session::token_hash(token.trim())).await?;
    Ok(found.filter(|t| t.revoked_at.is_none() && t.expires_at > now_ms()))
}

/// RFC 7662: for a client of the token's enterprise (a resource server registered as a client).
async fn introspect(State(app): State<AppState>, headers: HeaderMap, body: axum::body::Bytes) -> Response {
    let answer = async {
        let form = Form::parse(&body)?;
        let caller = authenticate_client(&app, &headers, &form).await?;
        // Introspection tells a token's subject and scope: only a resource server that proves
        // itself with its secret may ask, never a public client (RFC 7662 §2.1).
        if !caller.password_needed {
            return Err(OAuthError {
                status: StatusCode::UNAUTHORIZED,
                error: "invalid_client",
                description: "a public client may not introspect tokens",
            });
        }
        let Some(token) = live_token(&app, form.get("token")?).await? else { return Ok(json!({ "active": false })) };
        if token.tenant_id != caller.tenant_id {
            return Ok(json!({ "active": false }));
        }
        if !token.subject.is_empty() && subject_profile(&app, token.tenant_id, &token.subject).await?.is_none() {
            return Ok(json!({ "active": false }));
        }
        let owner = app.db.oauth_client(&token.client_id).await?;
        let (roles, audience) = owner.map(|c| (from_column(&c.roles), from_column(&c.resources))).unwrap_or_default();
        let mut answer = json!({
            "active": true, "scope": token.scope, "client_id": token.client_id, "token_type":
            if token.kind == "access" { "Bearer" } else { "refresh_token" },
            "exp": token.expires_at / 1000, "iat": token.issued_at / 1000, "aud": audience,
            "tenant_id": token.tenant_id,
        });
        if token.subject.is_empty() {
            answer["roles"] = json!(roles);
        } else {
            answer["sub"] = json!(token.subject);
            answer["username"] = json!(token.subject);
        }
        Ok::<_, OAuthError>(answer)
    }
    .await;
    match answer {
        Ok(answer) => no_store(axum::Json(answer).into_response()),
        Err(err) => err.into_response(),
    }
}

/// RFC 7009: a client revokes its own token; a refresh token ends its whole grant. Unknown tokens
/// are answered the same (200), so nothing is learned from the answer.
async fn revoke(State(app): State<AppState>, headers: HeaderMap, body: axum::body::Bytes) -> Response {
    let done = async {
        let form = Form::parse(&body)?;
        let client = authenticate_client(&app, &headers, &form).await?;
        let hash = session::token_hash(form.get("token")?.trim());
        if let Some(token) = app.db.oauth_token(&hash).await?
            && token.client_id == client.client_id
        {
            if token.kind == "refresh" {
                app.db.revoke_oauth_grant(&token.grant_id).await?;
            } else {
                app.db.revoke_oauth_token(&hash).await?;
            }
        }
        Ok::<_, OAuthError>(())
    }
    .await;
    match done {
        Ok(()) => no_store(StatusCode::OK.into_response()),
        Err(err) => err.into_response(),
    }
}

/// The app user a bearer access token acts for, with the claims its scopes allow.
async fn userinfo(State(app): State<AppState>, headers: HeaderMap) -> Response {
    let challenge = |error: &'static str| {
        let mut response = (StatusCode::UNAUTHORIZED, axum::Json(json!({ "error": error }))).into_response();
        let value = format!("Bearer error=\"{error}\"");
        if let Ok(value) = HeaderValue::from_str(&value) {
            response.headers_mut().insert(header::WWW_AUTHENTICATE, value);
        }
        no_store(response)
    };
    let presented = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or_default();
    let token = match live_token(&app, presented).await {
        Ok(Some(token)) if token.kind == "access" && !token.subject.is_empty() => token,
        Ok(_) => return challenge("invalid_token"),
        Err(err) => return err.into_response(),
    };
    let scopes: Vec<&str> = token.scope.split(' ').collect();
    let claims: Vec<String> = match app.db.oauth_scopes(Some(token.tenant_id)).await {
        Ok(rows) => rows
            .into_iter()
            .filter(|r| scopes.contains(&r.scope.as_str()))
            .flat_map(|r| from_column(&r.claims))
            .collect(),
        Err(err) => return OAuthError::from(err).into_response(),
    };
    let profile = match subject_profile(&app, token.tenant_id, &token.subject).await {
        Ok(Some(profile)) => profile,
        Ok(None) => return challenge("invalid_token"),
        Err(err) => return err.into_response(),
    };
    let mut answer = json!({ "sub": token.subject });
    let wants = |claim: &str| claims.iter().any(|c| c == claim);
    if wants("preferred_username") {
        answer["preferred_username"] = json!(token.subject);
    }
    if wants("email") && token.subject.contains('@') {
        answer["email"] = json!(token.subject);
    }
    if wants("phone_number")
        && let Some(mobile) = profile["mobile"].as_str().filter(|m| !m.is_empty())
    {
        answer["phone_number"] = json!(mobile);
    }
    no_store(axum::Json(answer).into_response())
}

/// The issuer: `CONSOLE_PUBLIC_URL`, or where this request reached the host.
fn issuer(app: &AppState, headers: &HeaderMap) -> String {
    if let Some(url) = &app.config.public_url {
        return url.trim_end_matches('/').to_string();
    }
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok()).unwrap_or("127.0.0.1:8080");
    format!("http://{host}")
}

/// RFC 8414 metadata, at `/.well-known/oauth-authorization-server`.
pub async fn metadata(State(app): State<AppState>, headers: HeaderMap) -> Response {
    let issuer = issuer(&app, &headers);
    let api = format!("{issuer}/api/oauth");
    let claims: Vec<&str> = ["sub"].into_iter().chain(super::CLAIMS).collect();
    axum::Json(json!({
        "issuer": issuer,
        "authorization_endpoint": format!("{api}/authorize"),
        "token_endpoint": format!("{api}/token"),
        "introspection_endpoint": format!("{api}/introspect"),
        "revocation_endpoint": format!("{api}/revoke"),
        "userinfo_endpoint": format!("{api}/userinfo"),
        "response_types_supported": ["code"],
        "grant_types_supported": super::GRANT_TYPES,
        "code_challenge_methods_supported": ["S256"],
        "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post", "none"],
        "introspection_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"],
        "revocation_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post", "none"],
        "claims_supported": claims,
    }))
    .into_response()
}
