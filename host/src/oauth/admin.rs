//! The third-party access pages' API: an enterprise's OAuth clients (client-list), its scopes
//! (configuration-list) and the tokens issued to its app users (userinfo-list).

use axum::extract::State;
use axum::http::Method;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{CLAIMS, CLIENT_TYPES, GRANT_TYPES, from_column, to_column};
use crate::AppState;
use crate::api::{ApiError, ApiJson, ApiResult, ApiRouter, Caller, Envelope, Perm, RouteSpec, done};
use crate::auth::session;
use crate::db::Paging;
use crate::db::oauth::{ClientFields, ClientRow, ScopeRow, TokenRow};
use crate::i18n::Msg;
use crate::routes::{DEFAULT_PAGE_SIZE, DeleteByName, Page, paging};
use crate::validate::{self, SHORT_TEXT};

pub fn routes(api: ApiRouter) -> ApiRouter {
    api.route(
        RouteSpec::read(Method::POST, "/oauth-service/client/list", Perm::Action("oauth:client:view"), "OAuth clients")
            .data_list::<OAuthClient>(),
        list_clients,
    )
    .route(
        RouteSpec::write("/oauth-service/client/add", Perm::Action("oauth:client:add"), "Register an OAuth client")
            .body::<ClientInput>()
            .data::<IssuedClient>(),
        add_client,
    )
    .route(
        RouteSpec::write("/oauth-service/client/update", Perm::Action("oauth:client:edit"), "Modify an OAuth client")
            .body::<ClientInput>(),
        update_client,
    )
    .route(
        RouteSpec::write(
            "/oauth-service/client/reset-secret",
            Perm::Action("oauth:client:edit"),
            "A new secret for an OAuth client (the old one stops working)",
        )
        .body::<DeleteByName>()
        .data::<IssuedClient>(),
        reset_secret,
    )
    .route(
        RouteSpec::write(
            "/oauth-service/client/delete",
            Perm::Action("oauth:client:delete"),
            "Delete an OAuth client and every token it holds",
        )
        .body::<DeleteByName>(),
        delete_client,
    )
    .route(
        RouteSpec::read(Method::POST, "/oauth-service/scope/list", Perm::Action("oauth:scope:view"), "OAuth scopes")
            .data_list::<OAuthScope>(),
        list_scopes,
    )
    .route(
        RouteSpec::read(
            Method::POST,
            "/oauth-service/client/scope-options",
            Perm::Action("oauth:client:view"),
            "The scopes a client may be given, for the client page (whose users may not manage scopes)",
        )
        .data_list::<String>(),
        scope_options,
    )
    .route(
        RouteSpec::write("/oauth-service/scope/save", Perm::Action("oauth:scope:edit"), "Add or modify an OAuth scope")
            .body::<OAuthScope>(),
        save_scope,
    )
    .route(
        RouteSpec::write("/oauth-service/scope/delete", Perm::Action("oauth:scope:edit"), "Delete an OAuth scope")
            .body::<ScopeRef>(),
        delete_scope,
    )
    .route(
        RouteSpec::read(
            Method::POST,
            "/oauth-service/token/list",
            Perm::Action("oauth:token:view"),
            "Tokens issued to app users and clients",
        )
        .body::<TokenFilter>()
        .data_page::<TokenRow>(),
        list_tokens,
    )
    .route(
        RouteSpec::write(
            "/oauth-service/token/revoke",
            Perm::Action("oauth:token:revoke"),
            "Revoke a token with every token of its grant",
        )
        .body::<TokenRef>(),
        revoke_token,
    )
}

/// A client as the pages show it: never its secret, only the secret's last four characters.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OAuthClient {
    id: i64,
    tenant_id: i64,
    client_id: String,
    name: String,
    client_type: String,
    secret_hint: String,
    direct_authorization: bool,
    redirect_uris: Vec<String>,
    product_category: String,
    grant_types: Vec<String>,
    roles: Vec<String>,
    scopes: Vec<String>,
    password_needed: bool,
    access_token_seconds: i64,
    refresh_token_seconds: i64,
    resources: Vec<String>,
    created_at: i64,
    updated_at: i64,
}

impl From<ClientRow> for OAuthClient {
    fn from(row: ClientRow) -> Self {
        OAuthClient {
            id: row.id,
            tenant_id: row.tenant_id,
            client_id: row.client_id,
            name: row.name,
            client_type: row.client_type,
            secret_hint: row.secret_hint,
            direct_authorization: row.direct_authorization,
            redirect_uris: from_column(&row.redirect_uris),
            product_category: row.product_category,
            grant_types: from_column(&row.grant_types),
            roles: from_column(&row.roles),
            scopes: from_column(&row.scopes),
            password_needed: row.password_needed,
            access_token_seconds: row.access_token_seconds,
            refresh_token_seconds: row.refresh_token_seconds,
            resources: from_column(&row.resources),
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

/// An OAuth client as an administrator sets it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ClientInput {
    id: Option<i64>,
    name: String,
    /// `alexa`, `google`, `baidu`, `third-party` or `internal`.
    client_type: String,
    /// Skips the consent question once the app user signed in.
    direct_authorization: bool,
    /// Callback addresses: https, or http on the loopback address for development.
    redirect_uris: Vec<String>,
    product_category: String,
    /// Authorised operation types: `authorization_code`, `refresh_token`, `client_credentials`.
    grant_types: Vec<String>,
    /// Authorised roles, given to the client's own tokens (client credentials).
    roles: Vec<String>,
    /// Access domains: the scopes of the configuration list the client may ask for.
    scopes: Vec<String>,
    /// The client holds a secret and must present it (a confidential client); without, it must
    /// prove each code with PKCE (a public client).
    password_needed: bool,
    access_token_seconds: i64,
    refresh_token_seconds: i64,
    /// Resource list: the resource servers the tokens are meant for (`aud`).
    resources: Vec<String>,
}

impl Default for ClientInput {
    fn default() -> Self {
        ClientInput {
            id: None,
            name: String::new(),
            client_type: String::new(),
            direct_authorization: false,
            redirect_uris: Vec::new(),
            product_category: String::new(),
            grant_types: Vec::new(),
            roles: Vec::new(),
            scopes: Vec::new(),
            password_needed: true,
            access_token_seconds: 3600,
            refresh_token_seconds: 30 * 24 * 3600,
            resources: Vec::new(),
        }
    }
}

/// A client's id and, this once, its secret (none for a public client).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IssuedClient {
    id: i64,
    client_id: String,
    client_secret: Option<String>,
}

/// What a scope lets a client read, and which of the app user's claims userinfo answers with it.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct OAuthScope {
    #[serde(skip_deserializing)]
    tenant_id: i64,
    scope: String,
    /// What the app user reads on the consent page.
    description: String,
    /// The resources (API paths or resource names) the scope lets a client read.
    resources: Vec<String>,
    /// `preferred_username`, `email`, `phone_number`.
    claims: Vec<String>,
    #[serde(skip_deserializing)]
    updated_at: i64,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ScopeRef {
    scope: String,
    /// The scope typed again.
    confirm_name: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TokenFilter {
    /// An app user's account; empty for all.
    subject: String,
    client_id: String,
    page: Option<i64>,
    page_size: Option<i64>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TokenRef {
    id: i64,
}

/// The enterprise a write acts for: a platform user chooses one first.
fn owner(caller: &Caller) -> ApiResult<i64> {
    match caller.scope.owner() {
        0 => Err(ApiError::required("tenantId")),
        tenant => Ok(tenant),
    }
}

async fn existing_client(app: &AppState, caller: &Caller, id: i64) -> ApiResult<ClientRow> {
    match app.db.oauth_client_by_id(id).await? {
        Some(client) if caller.scope.covers(client.tenant_id) => Ok(client),
        _ => Err(ApiError::NotFound),
    }
}

async fn list_clients(State(app): State<AppState>, caller: Caller) -> ApiResult<Envelope<Vec<OAuthClient>>> {
    let rows = app.db.oauth_clients(caller.scope.filter()).await?;
    Ok(Envelope(rows.into_iter().map(OAuthClient::from).collect()))
}

/// A list field: trimmed, no empty or repeated entries, each checked by `each`, at most `max`.
fn list_of(
    field: &str,
    items: &[String],
    max: usize,
    each: impl Fn(&str) -> ApiResult<String>,
) -> ApiResult<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    for item in items.iter().map(|i| i.trim()).filter(|i| !i.is_empty()) {
        let item = each(item)?;
        if !out.contains(&item) {
            out.push(item);
        }
    }
    if out.len() > max {
        return Err(ApiError::invalid(field, Msg::Length { field: field.into(), min: 0, max }));
    }
    Ok(out)
}

/// RFC 6749 §3.1.2 and RFC 8252: an absolute https address, http only on the loopback address
/// (development), or an app's private-use scheme (`com.example.app:/callback`); never a fragment.
pub fn redirect_uri(value: &str) -> ApiResult<String> {
    let bad = || {
        ApiError::invalid(
            "redirectUris",
            Msg::Format {
                field: "redirectUris".into(),
                expected: "https addresses (http only on this machine, or an app's own scheme), without a fragment",
            },
        )
    };
    let url = url::Url::parse(value).map_err(|_| bad())?;
    let loopback = matches!(url.host_str(), Some("localhost" | "127.0.0.1" | "[::1]"));
    let fits = match url.scheme() {
        "https" => url.host_str().is_some(),
        "http" => loopback,
        scheme => scheme.contains('.'),
    };
    if !fits || url.fragment().is_some() || value.len() > 512 {
        return Err(bad());
    }
    Ok(value.to_string())
}

fn seconds(field: &str, value: i64, min: i64, max: i64, expected: &'static str) -> ApiResult<i64> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(ApiError::invalid(field, Msg::Format { field: field.into(), expected }))
    }
}

/// Validated client fields, as the columns keep them.
struct CheckedClient {
    name: String,
    client_type: String,
    redirect_uris: String,
    product_category: String,
    grant_types: String,
    roles: String,
    scopes: String,
    resources: String,
}

async fn checked(app: &AppState, tenant: i64, input: &ClientInput) -> ApiResult<CheckedClient> {
    let name = validate::required("name", &input.name, SHORT_TEXT)?;
    let client_type = validate::one_of("clientType", &input.client_type, &CLIENT_TYPES)?;
    let grant_types = list_of("grantTypes", &input.grant_types, GRANT_TYPES.len(), |g| {
        validate::one_of("grantTypes", g, &GRANT_TYPES)
    })?;
    if grant_types.is_empty() {
        return Err(ApiError::required("grantTypes"));
    }
    let has = |grant: &str| grant_types.iter().any(|g| g == grant);
    if has("client_credentials") && !input.password_needed {
        return Err(ApiError::invalid(
            "grantTypes",
            Msg::Format { field: "grantTypes".into(), expected: "client_credentials only for a client with a secret" },
        ));
    }
    if has("refresh_token") && !has("authorization_code") {
        return Err(ApiError::invalid(
            "grantTypes",
            Msg::Format { field: "grantTypes".into(), expected: "refresh_token together with authorization_code" },
        ));
    }
    let redirect_uris = list_of("redirectUris", &input.redirect_uris, 10, redirect_uri)?;
    if has("authorization_code") && redirect_uris.is_empty() {
        return Err(ApiError::required("redirectUris"));
    }
    let known: Vec<String> = app.db.oauth_scopes(Some(tenant)).await?.into_iter().map(|s| s.scope).collect();
    let scopes = list_of("scopes", &input.scopes, 50, |s| {
        if known.iter().any(|k| k == s) {
            Ok(s.to_string())
        } else {
            Err(ApiError::invalid(
                "scopes",
                Msg::Format { field: "scopes".into(), expected: "scopes of the configuration list" },
            ))
        }
    })?;
    if scopes.is_empty() {
        return Err(ApiError::required("scopes"));
    }
    let roles = list_of("roles", &input.roles, 20, |r| validate::code("roles", r, SHORT_TEXT))?;
    let resources = list_of("resources", &input.resources, 20, |r| validate::required("resources", r, 128))?;
    Ok(CheckedClient {
        name,
        client_type,
        redirect_uris: to_column(&redirect_uris),
        product_category: validate::optional("productCategory", &input.product_category, SHORT_TEXT)?,
        grant_types: to_column(&grant_types),
        roles: to_column(&roles),
        scopes: to_column(&scopes),
        resources: to_column(&resources),
    })
}

fn fields<'a>(c: &'a CheckedClient, input: &ClientInput) -> ApiResult<ClientFields<'a>> {
    Ok(ClientFields {
        name: &c.name,
        client_type: &c.client_type,
        direct_authorization: input.direct_authorization,
        redirect_uris: &c.redirect_uris,
        product_category: &c.product_category,
        grant_types: &c.grant_types,
        roles: &c.roles,
        scopes: &c.scopes,
        password_needed: input.password_needed,
        access_token_seconds: seconds(
            "accessTokenSeconds",
            input.access_token_seconds,
            60,
            86_400,
            "whole seconds from 60 to 86400",
        )?,
        refresh_token_seconds: seconds(
            "refreshTokenSeconds",
            input.refresh_token_seconds,
            3_600,
            31_536_000,
            "whole seconds from 3600 to 31536000",
        )?,
        resources: &c.resources,
    })
}

/// A new secret: shown once, kept as its SHA-256 (the host only ever checks it) and its last four
/// characters.
fn new_secret() -> (String, String, String) {
    let secret = format!("ocs_{}", session::new_token());
    let hint = secret[secret.len() - 4..].to_string();
    (session::token_hash(&secret), hint, secret)
}

async fn add_client(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(input): ApiJson<ClientInput>,
) -> ApiResult<Envelope<IssuedClient>> {
    let tenant = owner(&caller)?;
    let checked = checked(&app, tenant, &input).await?;
    let fields = fields(&checked, &input)?;
    let client_id = format!("oc_{}", &session::new_token()[..24]);
    let (hash, hint, secret) = if input.password_needed { new_secret() } else { Default::default() };
    let id = app
        .db
        .insert_oauth_client(tenant, &client_id, (&hash, &hint), &fields)
        .await?
        .ok_or_else(|| ApiError::duplicate("name", &checked.name))?;
    let client_secret = input.password_needed.then_some(secret);
    Ok(Envelope(IssuedClient { id, client_id, client_secret }))
}

async fn update_client(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(input): ApiJson<ClientInput>,
) -> ApiResult<Envelope<()>> {
    let current = existing_client(&app, &caller, validate::some("id", input.id)?).await?;
    let checked = checked(&app, current.tenant_id, &input).await?;
    // A client that gains a secret gets one with [`reset_secret`]; one that loses it, forgets it.
    if !input.password_needed && current.password_needed {
        app.db.set_oauth_client_secret(current.id, "", "").await?;
    }
    if !app.db.update_oauth_client(current.id, &fields(&checked, &input)?).await? {
        return Err(ApiError::duplicate("name", &checked.name));
    }
    Ok(done())
}

async fn reset_secret(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<DeleteByName>,
) -> ApiResult<Envelope<IssuedClient>> {
    let client = existing_client(&app, &caller, req.id).await?;
    validate::confirm_name(&client.name, &req.confirm_name)?;
    if !client.password_needed {
        return Err(ApiError::invalid(
            "passwordNeeded",
            Msg::Format { field: "passwordNeeded".into(), expected: "a client with a secret" },
        ));
    }
    let (hash, hint, secret) = new_secret();
    app.db.set_oauth_client_secret(client.id, &hash, &hint).await?;
    Ok(Envelope(IssuedClient { id: client.id, client_id: client.client_id, client_secret: Some(secret) }))
}

async fn delete_client(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<DeleteByName>,
) -> ApiResult<Envelope<()>> {
    let client = existing_client(&app, &caller, req.id).await?;
    validate::confirm_name(&client.name, &req.confirm_name)?;
    app.db.delete_oauth_client(client.id).await?;
    Ok(done())
}

impl From<ScopeRow> for OAuthScope {
    fn from(row: ScopeRow) -> Self {
        OAuthScope {
            tenant_id: row.tenant_id,
            scope: row.scope,
            description: row.description,
            resources: from_column(&row.resources),
            claims: from_column(&row.claims),
            updated_at: row.updated_at,
        }
    }
}

async fn list_scopes(State(app): State<AppState>, caller: Caller) -> ApiResult<Envelope<Vec<OAuthScope>>> {
    let rows = app.db.oauth_scopes(caller.scope.filter()).await?;
    Ok(Envelope(rows.into_iter().map(OAuthScope::from).collect()))
}

/// The scope names in the header's scope, as the scope page lists them, each once (with every
/// enterprise in view, a client of any enterprise may be edited; a scope its enterprise lacks is
/// refused on save).
async fn scope_options(State(app): State<AppState>, caller: Caller) -> ApiResult<Envelope<Vec<String>>> {
    let rows = app.db.oauth_scopes(caller.scope.filter()).await?;
    let names: std::collections::BTreeSet<String> = rows.into_iter().map(|row| row.scope).collect();
    Ok(Envelope(names.into_iter().collect()))
}

/// RFC 6749 §3.3: a scope token is printable ASCII without space, quote or backslash; here the
/// usual shape `device:read`, `profile`.
fn scope_name(value: &str) -> ApiResult<String> {
    let fits = !value.is_empty()
        && value.len() <= 64
        && value.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, ':' | '.' | '_' | '-'));
    if fits {
        Ok(value.to_string())
    } else {
        Err(ApiError::invalid(
            "scope",
            Msg::Format { field: "scope".into(), expected: "letters, digits and : . _ - (at most 64)" },
        ))
    }
}

async fn save_scope(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(input): ApiJson<OAuthScope>,
) -> ApiResult<Envelope<()>> {
    let tenant = owner(&caller)?;
    let row = ScopeRow {
        tenant_id: tenant,
        scope: scope_name(input.scope.trim())?,
        description: validate::required("description", &input.description, 200)?,
        resources: to_column(&list_of("resources", &input.resources, 50, |r| validate::required("resources", r, 128))?),
        claims: to_column(&list_of("claims", &input.claims, CLAIMS.len(), |c| validate::one_of("claims", c, &CLAIMS))?),
        updated_at: 0,
    };
    app.db.save_oauth_scope(&row).await?;
    Ok(done())
}

async fn delete_scope(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<ScopeRef>,
) -> ApiResult<Envelope<()>> {
    let tenant = owner(&caller)?;
    validate::confirm_name(&req.scope, &req.confirm_name)?;
    let in_use = app.db.oauth_clients(Some(tenant)).await?.iter().any(|c| from_column(&c.scopes).contains(&req.scope));
    if in_use {
        return Err(ApiError::Conflict(Msg::InUse { what: "OAuth clients" }));
    }
    if !app.db.delete_oauth_scope(tenant, &req.scope).await? {
        return Err(ApiError::NotFound);
    }
    Ok(done())
}

async fn list_tokens(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(filter): ApiJson<TokenFilter>,
) -> ApiResult<Envelope<Page<TokenRow>>> {
    let paging: Paging = paging(filter.page, filter.page_size, DEFAULT_PAGE_SIZE)?;
    let rows =
        app.db.oauth_tokens(caller.scope.filter(), filter.subject.trim(), filter.client_id.trim(), paging).await?;
    Ok(Envelope(Page::new(rows, paging)))
}

async fn revoke_token(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<TokenRef>,
) -> ApiResult<Envelope<()>> {
    match app.db.oauth_token_by_id(req.id).await? {
        Some(token) if caller.scope.covers(token.tenant_id) => {
            app.db.revoke_oauth_grant(&token.grant_id).await?;
            Ok(done())
        }
        _ => Err(ApiError::NotFound),
    }
}
