//! Login, logout, the signed-in user's info and menu tree, and the personal centre's password
//! change.

use std::collections::{BTreeMap, HashSet};

use axum::extract::State;
use axum::http::{HeaderMap, Method, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::AppState;
use crate::api::{ApiError, ApiJson, ApiResult, ApiRouter, Caller, ClientInfo, Envelope, Perm, RouteSpec, done};
use crate::auth::session::{new_token, token_hash};
use crate::auth::throttle::Keys;
use crate::auth::{cookie, password};
use crate::db::auth::NewSession;
use crate::db::{AccountRow, Db, MenuRow, now_ms};
use crate::i18n::Msg;
use crate::validate;

/// Longer than any user name an account can have (2-64 characters): refused before anything else.
const MAX_USERNAME: usize = 64;

/// Sign-ins being answered at once; beyond [`SignInsInFlight::MAX`] a sign-in is refused as busy
/// at once. An unauthenticated storm (500 at a time from as many addresses) otherwise keeps
/// hundreds of requests waiting on the database and argon2 together, and the host's memory
/// with them.
struct SignInsInFlight;

static SIGN_INS_IN_FLIGHT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

impl SignInsInFlight {
    const MAX: usize = 32;

    fn enter() -> Option<SignInsInFlight> {
        use std::sync::atomic::Ordering;
        let before = SIGN_INS_IN_FLIGHT.fetch_add(1, Ordering::AcqRel);
        let entered = SignInsInFlight;
        (before < Self::MAX).then_some(entered)
    }
}

impl Drop for SignInsInFlight {
    fn drop(&mut self) {
        SIGN_INS_IN_FLIGHT.fetch_sub(1, std::sync::atomic::Ordering::AcqRel);
    }
}

pub fn routes(api: ApiRouter) -> ApiRouter {
    api.route(
        RouteSpec::read(Method::POST, "/authority-service/authority/login", Perm::Public, "Sign in")
            .body::<LoginRequest>()
            .data::<LoginAnswer>()
            .changes_sessions(),
        login,
    )
    .route(RouteSpec::read(Method::POST, "/authority-service/authority/loginOut", Perm::SignedIn, "Sign out").changes_sessions(),
        logout,
    )
    .route(
        RouteSpec::read(
            Method::GET,
            "/authority-service/portal/origins",
            Perm::Public,
            "The portals a user who came from one is sent back to",
        )
        .data::<PortalOrigins>(),
        portal_origins,
    )
    .route(
        RouteSpec::read(
            Method::POST,
            "/authority-service/authority/getUserMenu",
            Perm::SignedIn,
            "The user and their menu tree",
        )
        .data::<UserInfo>(),
        user_menu,
    )
    .route(
        RouteSpec::read(
            Method::GET,
            "/authority-service/authority/links",
            Perm::SignedIn,
            "The addresses of the menu's external links for the environment the console is reached at",
        )
        .data::<ExternalLinks>(),
        external_links,
    )
    .route(
        RouteSpec::read(
            Method::POST,
            "/authority-service/authority/keepSession",
            Perm::SignedIn,
            "Keep the session of the `authorization` header as the shell's HttpOnly cookie (entry from a portal); the user and their menu tree",
        )
        .data::<UserInfo>(),
        keep_session,
    )
    .route(
        RouteSpec::write("/authority-service/authority/changePassword", Perm::SignedIn, "Change own password")
            .body::<ChangePassword>(),
        change_password,
    )
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginRequest {
    #[serde(default)]
    pub user_name: String,
    #[serde(default)]
    #[schema(write_only)]
    pub password: String,
}

/// The user info: id, tenantId, userName, name, headImageUrl, userMenuVoList.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserInfo {
    pub id: i64,
    pub tenant_id: i64,
    pub user_name: String,
    pub name: String,
    pub head_image_url: String,
    pub user_menu_vo_list: Vec<MenuNode>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginAnswer {
    /// Send back in the `authorization` header. Empty when the sign-in asked for the session
    /// cookie (`x-console-session: cookie`, as the shell does).
    pub token: String,
    pub expires_at: i64,
    #[serde(flatten)]
    pub user: UserInfo,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuNode {
    pub menu_id: i64,
    /// The route path of the menu.
    pub id: String,
    pub name: String,
    pub icon: String,
    #[schema(value_type = crate::db::MenuType)]
    pub menu_type: String,
    pub hidden: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(no_recursion)]
    pub user_menu_vo_list: Vec<MenuNode>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub button_vo_list: Option<Vec<ButtonVo>>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ButtonVo {
    pub action: String,
}

async fn login(
    State(app): State<AppState>,
    client: ClientInfo,
    headers: HeaderMap,
    ApiJson(req): ApiJson<LoginRequest>,
) -> ApiResult<Response> {
    let Some(_in_flight) = SignInsInFlight::enter() else {
        return Err(ApiError::Client { code: 429, msg: Msg::Busy });
    };
    // Bounded before anything is logged, counted or hashed.
    let username = validate::length("userName", req.user_name.trim(), 1, MAX_USERNAME)?;
    let username = username.as_str();
    validate::length("password", &req.password, 1, password::MAX_LENGTH)?;
    let throttled = Keys::console(username, &client.ip);
    if let Err(locked) = app.throttle.attempt(&throttled).await {
        app.db.add_login_log(None, username, &client.ip, &client.user_agent, "locked").await?;
        return Err(locked);
    }

    let account = app.db.login_account(username).await?;
    if !password::verify(&req.password, account.as_ref().map(|a| a.password_hash.clone())).await? {
        app.db.add_login_log(account.as_ref(), username, &client.ip, &client.user_agent, "bad_credentials").await?;
        return Err(ApiError::Client { code: 400, msg: Msg::BadCredentials });
    }
    let Some(account) = account else { return Err(ApiError::Client { code: 400, msg: Msg::BadCredentials }) };
    let now = now_ms();
    if account.is_disabled_at(now) {
        app.db.add_login_log(Some(&account), username, &client.ip, &client.user_agent, "disabled").await?;
        return Err(ApiError::AccountDisabled);
    }

    app.throttle.succeeded(&throttled).await?;
    let log_id = app.db.add_login_log(Some(&account), username, &client.ip, &client.user_agent, "success").await?;
    let token = new_token();
    let expires_at = now + app.config.session_ttl_secs * 1000;
    let session = NewSession {
        token_hash: &token_hash(&token),
        account_id: account.id,
        expires_at,
        ip: &client.ip,
        user_agent: &client.user_agent,
        login_log_id: log_id,
    };
    app.db.start_session(session, app.config.single_session).await?;

    let plugins = app.plugins.enabled_for(account.tenant_id).await?;
    let row = app.db.account(account.id).await?.ok_or(ApiError::NotSignedIn)?;
    let user = user_info(&app.db, &plugins, &row).await?;
    if cookie::marked(&headers) {
        // The shell: the session in an HttpOnly cookie, the token out of reach of script.
        let set_cookie = cookie::set(&token, app.config.session_ttl_secs, &headers);
        let answer = LoginAnswer { token: String::new(), expires_at, user };
        return Ok(([(header::SET_COOKIE, set_cookie)], Envelope(answer)).into_response());
    }
    Ok(Envelope(LoginAnswer { token, expires_at, user }).into_response())
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PortalOrigins {
    /// `https://` origins; the shell accepts `from` only on one of them.
    origins: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExternalLinks {
    /// The environment told by the host name: `local`, `dev`, `test` or `prod`.
    environment: &'static str,
    /// Menu path (`/process-manage`, `/data-analysis`) to address, for the links that have one.
    links: BTreeMap<&'static str, String>,
}

/// The menu's external links for the host name the shell was loaded from (the environment is the
/// host name's prefix). Only the menu entries the user sees are links at
/// all; the addresses are those of the company's own sites.
async fn external_links(
    State(app): State<AppState>,
    client: ClientInfo,
    headers: HeaderMap,
) -> ApiResult<Envelope<ExternalLinks>> {
    // Behind a trusted proxy the name the browser used is the forwarded one.
    let forwarded = client.via_trusted_proxy.then(|| headers.get("x-forwarded-host")).flatten();
    let host = forwarded.or_else(|| headers.get(header::HOST)).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let env = crate::links::Environment::of_host(host);
    let configured =
        [("/process-manage", &app.config.process_manage_links), ("/data-analysis", &app.config.data_analysis_links)];
    let links = configured
        .into_iter()
        .filter_map(|(path, links)| crate::links::resolve(links, env).map(|url| (path, url.to_string())))
        .collect();
    Ok(Envelope(ExternalLinks { environment: env.name(), links }))
}

/// Read before sign-in, when the shell is entered with `from`: public by necessity, and it
/// tells nothing the portals themselves do not.
async fn portal_origins(State(app): State<AppState>) -> ApiResult<Envelope<PortalOrigins>> {
    Ok(Envelope(PortalOrigins { origins: app.config.portal_origins.clone() }))
}

async fn logout(State(app): State<AppState>, caller: Caller) -> ApiResult<impl IntoResponse> {
    app.db.end_session_by_logout(caller.session_id).await?;
    Ok(([(header::SET_COOKIE, cookie::clear())], done()))
}

/// A portal hands the shell a token at entry (`?authorization=`): the shell sends it once in the
/// header, and from then on the session is the cookie, out of reach of script.
async fn keep_session(State(app): State<AppState>, caller: Caller, headers: HeaderMap) -> ApiResult<Response> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.strip_prefix("Bearer ").unwrap_or(v).trim())
        .filter(|v| !v.is_empty() && cookie::marked(&headers))
        .ok_or(ApiError::Client { code: 400, msg: Msg::Required { field: "authorization".into() } })?;
    let account = app.db.account(caller.account_id).await?.ok_or(ApiError::NotSignedIn)?;
    let user = user_info(&app.db, &caller.plugins, &account).await?;
    let set_cookie = cookie::set(token, app.config.session_ttl_secs, &headers);
    Ok(([(header::SET_COOKIE, set_cookie)], Envelope(user)).into_response())
}

/// Asked by the shell on every start: answered from the guard's cache, the body written once,
/// until a change (a role edit, a plugin enabled, a menu moved) drops it.
async fn user_menu(State(app): State<AppState>, caller: Caller) -> ApiResult<Response> {
    let key = (caller.account_id, caller.scope.owner());
    // Read before the database is asked: see `auth::cache`.
    let stamp = app.auth_cache.stamp(app.plugins.builds());
    let body = match app.auth_cache.menus(key, stamp) {
        Some(body) => body,
        None => {
            let account = app.db.account(caller.account_id).await?.ok_or(ApiError::NotSignedIn)?;
            let user = user_info(&app.db, &caller.plugins, &account).await?;
            let body = serde_json::to_vec(&serde_json::json!({ "code": 200, "msg": "success", "data": user }))
                .map_err(|err| ApiError::Internal(err.to_string()))?;
            let body = bytes::Bytes::from(body);
            app.auth_cache.keep_menus(key, stamp, body.clone());
            body
        }
    };
    Ok(([(header::CONTENT_TYPE, "application/json")], body).into_response())
}

/// The user info of `account`; `plugins` are those enabled for the tenant the user acts
/// for, whose menus join the tree.
async fn user_info(db: &Db, plugins: &[String], account: &AccountRow) -> ApiResult<UserInfo> {
    let (id, tenant_id) = (account.id, account.tenant_id);
    let is_platform = tenant_id == 0;
    let visible = db.account_menu_ids(id, is_platform, plugins).await?;
    let actions = db.account_actions(id, is_platform, plugins).await?;
    let buttons = db.all_buttons().await?;
    let menus = db.menus().await?;
    let mut actions_by_menu: BTreeMap<i64, Vec<ButtonVo>> = BTreeMap::new();
    // A page with a view button opens only for a user who holds it: without it the page's first
    // request (its list) would be refused, and a refusal ends the session. Its other actions
    // alone show nothing.
    let views: Vec<_> = buttons.iter().filter(|b| b.button_type == "view").collect();
    let has_view: HashSet<i64> = views.iter().map(|b| b.menu_id).collect();
    let holds_view: HashSet<i64> = views.iter().filter(|b| actions.contains(&b.action)).map(|b| b.menu_id).collect();
    let visible: HashSet<i64> =
        visible.into_iter().filter(|menu| !has_view.contains(menu) || holds_view.contains(menu)).collect();
    for button in buttons.into_iter().filter(|b| actions.contains(&b.action)) {
        actions_by_menu.entry(button.menu_id).or_default().push(ButtonVo { action: button.action });
    }
    Ok(UserInfo {
        id,
        tenant_id,
        user_name: account.username.clone(),
        name: account.name.clone(),
        head_image_url: account.avatar.clone(),
        user_menu_vo_list: menu_tree(&menus, &visible, &actions_by_menu, 0),
    })
}

/// The tree under `parent`: a page is shown when visible; a group when any child is shown.
fn menu_tree(
    menus: &[MenuRow],
    visible: &HashSet<i64>,
    actions_by_menu: &BTreeMap<i64, Vec<ButtonVo>>,
    parent: i64,
) -> Vec<MenuNode> {
    let mut children: Vec<&MenuRow> =
        menus.iter().filter(|m| m.parent_menu_id == parent && m.menu_id != parent).collect();
    children.sort_by_key(|m| (m.sort_weight, m.menu_id));
    children
        .into_iter()
        .filter_map(|menu| {
            let sub = menu_tree(menus, visible, actions_by_menu, menu.menu_id);
            let shown = if menu.menu_type == "group" { !sub.is_empty() } else { visible.contains(&menu.menu_id) };
            shown.then(|| MenuNode {
                menu_id: menu.menu_id,
                id: menu.route_path.clone(),
                name: menu.name.clone(),
                icon: menu.icon.clone(),
                menu_type: menu.menu_type.clone(),
                hidden: menu.hidden,
                button_vo_list: (menu.menu_type != "group")
                    .then(|| actions_by_menu.get(&menu.menu_id).cloned().unwrap_or_default()),
                user_menu_vo_list: sub,
            })
        })
        .collect()
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangePassword {
    #[serde(default)]
    #[schema(write_only)]
    pub old_password: String,
    #[serde(default)]
    #[schema(write_only)]
    pub password: String,
    #[serde(default)]
    #[schema(write_only)]
    pub confirm_password: String,
}

/// Changing one's password ends every session of the account, this one included: the user signs
/// in again with the new password.
async fn change_password(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<ChangePassword>,
) -> ApiResult<Envelope<()>> {
    if req.old_password.is_empty() {
        return Err(ApiError::required("oldPassword"));
    }
    password::check_policy(&req.password, &req.confirm_password)?;
    // A stolen session must not become a way to guess the password: the same throttle as sign-in.
    validate::length("oldPassword", &req.old_password, 1, password::MAX_LENGTH)?;
    let throttled = Keys::console(&caller.username, &caller.client.ip);
    app.throttle.attempt(&throttled).await?;
    let stored = app.db.account_password_hash(caller.account_id).await?;
    if !password::verify(&req.old_password, stored).await? {
        return Err(ApiError::invalid("oldPassword", Msg::WrongPassword));
    }
    app.throttle.succeeded(&throttled).await?;
    let hash = password::hash(&req.password).await?;
    app.db.set_account_password(caller.account_id, &hash, caller.account_id).await?;
    app.db.revoke_sessions(caller.account_id).await?;
    if caller.username == crate::bootstrap::ADMIN_USERNAME && caller.is_platform() {
        // The generated first password is no longer valid: do not leave it lying around.
        let _ = std::fs::remove_file(crate::bootstrap::initial_password_file(&app.config.data_dir));
    }
    Ok(done())
}
