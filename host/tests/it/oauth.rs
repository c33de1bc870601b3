//! The OAuth 2.0 authorisation server driven by a client library from outside the project (the
//! `oauth2` crate, as a voice skill's backend would use it): the authorisation code flow with PKCE
//! through the consent an app user of the enterprise gives, refresh with rotation and replay
//! detection, revocation, introspection, userinfo, client credentials, and the refusals: a wrong
//! callback, a reused code, a wrong verifier, an expired token, another enterprise.

use crate::common;

use common::{Install, TestHost};
use oauth2::basic::BasicClient;
use oauth2::{
    AuthUrl, AuthorizationCode, ClientId, ClientSecret, CsrfToken, IntrospectionUrl, PkceCodeChallenge, RedirectUrl,
    RefreshToken, Scope, StandardRevocableToken, TokenIntrospectionResponse, TokenResponse, TokenUrl,
};
use reqwest::Method;
use serde_json::{Value, json};

const APP_GRANTS: &str = "uses = [\"product-service\"]\nfiles = true";
const PRODUCT_GRANTS: &str = "files = true\ntimeout_ms = 30000\nmemory_mib = 128\nmax_response_kib = 16384";
const CALLBACK: &str = "https://layla.amazon.com/api/skill/link/M2X";

struct Enterprise {
    host: TestHost,
    admin: String,
    tenant: String,
    client_id: String,
    secret: String,
    /// Follows no redirect: the test looks at where each one goes.
    browser: reqwest::Client,
    /// The enterprise's app key (the app plugin's device key).
    app_key: String,
}

/// An enterprise with an app user `ann@example.com` (password `robot#2026`), two scopes and an
/// Alexa client.
async fn enterprise() -> Enterprise {
    let plugins = [Install::plugin("product", PRODUCT_GRANTS), Install::plugin("app", APP_GRANTS)];
    let host = TestHost::start_with_plugins(&plugins, |_| {}).await;
    let admin = host.admin().await;
    let tenant = host.create_tenant(&admin, "Robotics", 31).await.to_string();
    let key = host
        .post(
            "/plugin-admin/device-keys/add",
            &admin,
            json!({ "pluginId": "app", "tenantId": tenant.parse::<i64>().unwrap(), "name": "app" }),
        )
        .await
        .ok()["key"]
        .as_str()
        .expect("a key")
        .to_string();
    let base = host.base.trim_end_matches("/api").to_string();
    let app = devsim::app::App::new(&base, &key, "Robot Home", "android", 310);
    app.report_user("ann@example.com").await.expect("reported");
    let users = host.get_as("/app-service/app-users", &admin, &tenant).await.ok().clone();
    let id = users["list"][0]["id"].as_str().expect("a user").to_string();
    let password = json!({ "password": "robot#2026", "confirmPassword": "robot#2026" });
    host.post_as(&format!("/app-service/app-users/{id}/password"), &admin, &tenant, password).await.ok();

    for (scope, claims) in [("device:control", json!([])), ("profile", json!(["preferred_username", "email"]))] {
        let body = json!({ "scope": scope, "description": format!("{scope} of your devices"),
                           "resources": ["/device-service/devices"], "claims": claims });
        host.post_as("/oauth-service/scope/save", &admin, &tenant, body).await.ok();
    }
    let body = json!({
        "name": "Alexa smart home", "clientType": "alexa", "redirectUris": [CALLBACK], "productCategory": "robot vacuum",
        "grantTypes": ["authorization_code", "refresh_token", "client_credentials"], "roles": ["ROLE_VOICE"],
        "scopes": ["device:control", "profile"], "passwordNeeded": true, "accessTokenSeconds": 3600,
        "refreshTokenSeconds": 86400, "resources": ["voice-service"],
    });
    let issued = host.post_as("/oauth-service/client/add", &admin, &tenant, body).await.ok().clone();
    let browser = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client");
    Enterprise {
        client_id: issued["clientId"].as_str().expect("client id").into(),
        secret: issued["clientSecret"].as_str().expect("shown once").into(),
        host,
        admin,
        tenant,
        browser,
        app_key: key,
    }
}

type Client = oauth2::Client<
    oauth2::basic::BasicErrorResponse,
    oauth2::basic::BasicTokenResponse,
    oauth2::basic::BasicTokenIntrospectionResponse,
    StandardRevocableToken,
    oauth2::basic::BasicRevocationErrorResponse,
    oauth2::EndpointSet,
    oauth2::EndpointNotSet,
    oauth2::EndpointSet,
    oauth2::EndpointNotSet,
    oauth2::EndpointSet,
>;

impl Enterprise {
    fn client(&self, secret: &str) -> Client {
        let api = &self.host.base;
        BasicClient::new(ClientId::new(self.client_id.clone()))
            .set_client_secret(ClientSecret::new(secret.into()))
            .set_auth_uri(AuthUrl::new(format!("{api}/oauth/authorize")).unwrap())
            .set_token_uri(TokenUrl::new(format!("{api}/oauth/token")).unwrap())
            .set_redirect_uri(RedirectUrl::new(CALLBACK.into()).unwrap())
            .set_introspection_url(IntrospectionUrl::new(format!("{api}/oauth/introspect")).unwrap())
    }

    /// Where the browser goes from `url` (one redirect).
    async fn follow(&self, url: &str) -> String {
        let answer = self.browser.get(url).send().await.expect("sent");
        assert_eq!(answer.status().as_u16(), 303, "{url}: {}", answer.text().await.unwrap_or_default());
        answer.headers()["location"].to_str().unwrap().to_string()
    }

    /// What the consent page does: the query it was given, the app user's sign-in, the choice.
    async fn consent(&self, consent_url: &str, username: &str, password: &str, approve: bool) -> common::Answer {
        let query = consent_url.split_once('?').expect("a query").1;
        let mut body: serde_json::Map<String, Value> =
            url::form_urlencoded::parse(query.as_bytes()).map(|(k, v)| (k.into_owned(), json!(v))).collect();
        body.insert("username".into(), json!(username));
        body.insert("password".into(), json!(password));
        body.insert("approve".into(), json!(approve));
        self.host.call(Method::POST, "/oauth/consent", None, &[("lang", "en")], Some(Value::Object(body))).await
    }

    /// The whole front channel: authorize, consent as Ann, the code back at the callback.
    async fn code(&self, client: &Client, verifier_challenge: PkceCodeChallenge) -> String {
        let (url, state) = client
            .authorize_url(CsrfToken::new_random)
            .add_scope(Scope::new("device:control".into()))
            .add_scope(Scope::new("profile".into()))
            .set_pkce_challenge(verifier_challenge)
            .url();
        let consent = self.follow(url.as_str()).await;
        assert!(consent.starts_with("/oauth/consent?"), "{consent}");
        let answer = self.consent(&consent, "ann@example.com", "robot#2026", true).await;
        let back = url::Url::parse(answer.ok()["redirect"].as_str().expect("a redirect")).unwrap();
        assert!(back.as_str().starts_with(CALLBACK), "{back}");
        let params: std::collections::HashMap<_, _> = back.query_pairs().into_owned().collect();
        assert_eq!(params["state"], *state.secret(), "the state comes back");
        params["code"].clone()
    }
}

#[tokio::test]
async fn an_app_user_links_an_alexa_skill_with_code_and_pkce_and_the_tokens_rotate_and_revoke() {
    let e = enterprise().await;
    let client = e.client(&e.secret);

    // The metadata names the endpoints (RFC 8414).
    let origin = e.host.base.trim_end_matches("/api");
    let metadata: Value =
        reqwest::get(format!("{origin}/.well-known/oauth-authorization-server")).await.unwrap().json().await.unwrap();
    assert_eq!(metadata["token_endpoint"], format!("{}/oauth/token", e.host.base));
    assert_eq!(metadata["code_challenge_methods_supported"], json!(["S256"]));

    // The consent page shows the client and what it asks, in the enterprise's words.
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    let (url, _) = client.authorize_url(CsrfToken::new_random).set_pkce_challenge(challenge.clone()).url();
    let consent = e.follow(url.as_str()).await;
    let query: Value = url::form_urlencoded::parse(consent.split_once('?').unwrap().1.as_bytes())
        .map(|(k, v)| (k.into_owned(), json!(v)))
        .collect::<serde_json::Map<_, _>>()
        .into();
    let info = e.host.call(Method::POST, "/oauth/consent/info", None, &[("lang", "en")], Some(query)).await;
    assert_eq!(info.ok()["clientName"], "Alexa smart home");
    assert_eq!(info.ok()["scopes"][0]["description"], "device:control of your devices");

    // A wrong password is refused with the app plugin's own message; no code is given.
    let wrong = e.consent(&consent, "ann@example.com", "not-hers-1", true).await;
    assert_eq!(wrong.code(), 400, "{:?}", wrong.body);
    assert!(wrong.msg().contains("password"), "{}", wrong.msg());

    // The whole flow.
    let code = e.code(&client, challenge.clone()).await;
    let http = e.browser.clone();
    let token = client
        .exchange_code(AuthorizationCode::new(code.clone()))
        .set_pkce_verifier(verifier)
        .request_async(&http)
        .await
        .expect("the code is exchanged");
    let access = token.access_token().clone();
    let refresh = token.refresh_token().expect("a refresh token").clone();
    assert_eq!(token.expires_in().map(|d| d.as_secs()), Some(3600));

    // The code is spent: used again it is refused, and what it gave is revoked (RFC 6749 §4.1.2).
    let (_, verifier_again) = PkceCodeChallenge::new_random_sha256();
    let reused =
        client.exchange_code(AuthorizationCode::new(code)).set_pkce_verifier(verifier_again).request_async(&http).await;
    assert!(format!("{:?}", reused.expect_err("refused")).contains("invalid_grant"));
    let introspected = client.introspect(&access).request_async(&http).await.expect("introspected");
    assert!(!introspected.active(), "the replay revoked the grant's tokens");
    assert!(client.exchange_refresh_token(&refresh).request_async(&http).await.is_err());

    // Again, honestly this time: userinfo answers the claims of the scopes granted.
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    let code = e.code(&client, challenge).await;
    let token = client
        .exchange_code(AuthorizationCode::new(code))
        .set_pkce_verifier(verifier)
        .request_async(&http)
        .await
        .expect("exchanged");
    let userinfo = reqwest::Client::new()
        .get(format!("{}/oauth/userinfo", e.host.base))
        .bearer_auth(token.access_token().secret())
        .send()
        .await
        .unwrap();
    assert_eq!(userinfo.status().as_u16(), 200);
    let userinfo: Value = userinfo.json().await.unwrap();
    assert_eq!(
        userinfo,
        json!({ "sub": "ann@example.com", "preferred_username": "ann@example.com", "email": "ann@example.com" })
    );
    let introspected = client.introspect(token.access_token()).request_async(&http).await.expect("introspected");
    assert!(introspected.active());
    assert_eq!(introspected.username(), Some("ann@example.com"));
    assert_eq!(introspected.aud().map(|a| a.to_vec()), Some(vec!["voice-service".to_string()]));

    // Refresh rotates: a new pair; the old refresh token used again ends the whole grant.
    let first_refresh = token.refresh_token().expect("refresh").clone();
    let rotated = client.exchange_refresh_token(&first_refresh).request_async(&http).await.expect("refreshed");
    let second_refresh = rotated.refresh_token().expect("rotated").clone();
    assert_ne!(second_refresh.secret(), first_refresh.secret());
    assert!(client.introspect(rotated.access_token()).request_async(&http).await.unwrap().active());
    assert!(client.exchange_refresh_token(&first_refresh).request_async(&http).await.is_err(), "replayed");
    assert!(!client.introspect(rotated.access_token()).request_async(&http).await.unwrap().active());
    assert!(client.exchange_refresh_token(&second_refresh).request_async(&http).await.is_err(), "grant revoked");

    // Revocation (RFC 7009) of a refresh token ends its grant.
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    let code = e.code(&client, challenge).await;
    let token = client
        .exchange_code(AuthorizationCode::new(code))
        .set_pkce_verifier(verifier)
        .request_async(&http)
        .await
        .unwrap();
    let refresh = RefreshToken::new(token.refresh_token().unwrap().secret().clone());
    // By hand: the crate sends revocations only over https, and the test host speaks http.
    let revoked = http
        .post(format!("{}/oauth/revoke", e.host.base))
        .basic_auth(&e.client_id, Some(&e.secret))
        .form(&[("token", refresh.secret().as_str()), ("token_type_hint", "refresh_token")])
        .send()
        .await
        .unwrap();
    assert_eq!(revoked.status().as_u16(), 200);
    assert!(!client.introspect(token.access_token()).request_async(&http).await.unwrap().active());
    assert!(client.exchange_refresh_token(&refresh).request_async(&http).await.is_err());

    // The administrator sees the tokens issued to Ann, and revokes a grant from the list.
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    let code = e.code(&client, challenge).await;
    let token = client
        .exchange_code(AuthorizationCode::new(code))
        .set_pkce_verifier(verifier)
        .request_async(&http)
        .await
        .unwrap();
    let listed =
        e.host.post_as("/oauth-service/token/list", &e.admin, &e.tenant, json!({ "subject": "ann@example.com" })).await;
    let live: Vec<&Value> =
        listed.ok()["list"].as_array().unwrap().iter().filter(|t| t["revokedAt"].is_null()).collect();
    assert_eq!(live.len(), 2, "the newest access and refresh token: {:?}", listed.body);
    assert!(listed.body.to_string().find(token.access_token().secret()).is_none(), "no token in clear");
    e.host.post_as("/oauth-service/token/revoke", &e.admin, &e.tenant, json!({ "id": live[0]["id"] })).await.ok();
    assert!(!client.introspect(token.access_token()).request_async(&http).await.unwrap().active());

    // Ann unlinks the skill herself in the app: her session and the app's key, her grants only.
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    let code = e.code(&client, challenge).await;
    let token = client
        .exchange_code(AuthorizationCode::new(code))
        .set_pkce_verifier(verifier)
        .request_async(&http)
        .await
        .unwrap();
    let origin = e.host.base.trim_end_matches("/api").to_string();
    let phone = devsim::app::App::new(&origin, &e.app_key, "Robot Home", "android", 310);
    let session = phone.sign_in("ann@example.com", "robot#2026").await.expect("signed in");
    let in_app = |path: &str, body: Value| {
        let device = [("authorization", format!("Device {}", e.app_key))];
        let url = format!("{}{path}", e.host.base);
        let http = http.clone();
        async move {
            let mut request = http.post(url).json(&body).header("lang", "en");
            for (name, value) in device {
                request = request.header(name, value);
            }
            request.send().await.unwrap().json::<Value>().await.unwrap()
        }
    };
    let linked = in_app("/oauth/linked-accounts/list", json!({ "userToken": session })).await;
    assert_eq!(linked["code"], 200, "{linked}");
    let grants = linked["data"].as_array().cloned().unwrap_or_default();
    assert_eq!(grants.len(), 1, "the live grant only: {linked}");
    assert_eq!(grants[0]["clientName"], "Alexa smart home");
    assert!(grants[0]["scope"].as_str().unwrap_or_default().contains("device:control"), "{linked}");
    let forged = in_app("/oauth/linked-accounts/list", json!({ "userToken": "not-a-session" })).await;
    assert_ne!(forged["code"], 200, "a session the app users' plugin does not know: {forged}");
    let unlinked =
        in_app("/oauth/linked-accounts/revoke", json!({ "userToken": session, "grantId": grants[0]["grantId"] })).await;
    assert_eq!(unlinked["code"], 200, "{unlinked}");
    assert!(!client.introspect(token.access_token()).request_async(&http).await.unwrap().active());
    let after = in_app("/oauth/linked-accounts/list", json!({ "userToken": session })).await;
    assert_eq!(after["data"], json!([]));
    let again =
        in_app("/oauth/linked-accounts/revoke", json!({ "userToken": session, "grantId": grants[0]["grantId"] })).await;
    assert_eq!(again["code"], 404, "no longer hers to unlink: {again}");
}

#[tokio::test]
async fn a_wrong_callback_a_wrong_verifier_a_wrong_secret_and_an_expired_token_are_refused() {
    let e = enterprise().await;
    let client = e.client(&e.secret);
    let http = e.browser.clone();

    // A callback that is not registered is not redirected to: the consent page says why.
    let (challenge, _) = PkceCodeChallenge::new_random_sha256();
    let evil = client
        .authorize_url(CsrfToken::new_random)
        .set_pkce_challenge(challenge)
        .set_redirect_uri(std::borrow::Cow::Owned(RedirectUrl::new("https://evil.example/cb".into()).unwrap()))
        .url()
        .0;
    let landing = e.follow(evil.as_str()).await;
    assert_eq!(landing, "/oauth/consent?error=invalid_redirect_uri");
    // A scope the client was not given goes back to the client as invalid_scope.
    let (challenge, _) = PkceCodeChallenge::new_random_sha256();
    let (url, _) = client
        .authorize_url(CsrfToken::new_random)
        .add_scope(Scope::new("admin".into()))
        .set_pkce_challenge(challenge)
        .url();
    assert!(e.follow(url.as_str()).await.starts_with(&format!("{CALLBACK}?error=invalid_scope")));
    // Denied by the app user: access_denied back at the client.
    let (challenge, _) = PkceCodeChallenge::new_random_sha256();
    let (url, _) = client.authorize_url(CsrfToken::new_random).set_pkce_challenge(challenge).url();
    let consent = e.follow(url.as_str()).await;
    let denied = e.consent(&consent, "", "", false).await;
    assert!(denied.ok()["redirect"].as_str().unwrap().contains("error=access_denied"));

    // The code with another verifier, or redeemed at another callback, is refused.
    let (challenge, _) = PkceCodeChallenge::new_random_sha256();
    let code = e.code(&client, challenge).await;
    let (_, wrong_verifier) = PkceCodeChallenge::new_random_sha256();
    let refused =
        client.exchange_code(AuthorizationCode::new(code)).set_pkce_verifier(wrong_verifier).request_async(&http).await;
    assert!(format!("{:?}", refused.expect_err("refused")).contains("invalid_grant"));
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    let code = e.code(&client, challenge).await;
    let elsewhere = client
        .exchange_code(AuthorizationCode::new(code))
        .set_pkce_verifier(verifier)
        .set_redirect_uri(std::borrow::Cow::Owned(RedirectUrl::new("https://layla.amazon.com/other".into()).unwrap()))
        .request_async(&http)
        .await;
    assert!(format!("{:?}", elsewhere.expect_err("refused")).contains("invalid_grant"));

    // A wrong secret: invalid_client.
    let impostor = e.client("ocs_not-the-secret");
    let refused = impostor.exchange_client_credentials().request_async(&http).await;
    assert!(format!("{:?}", refused.expect_err("refused")).contains("invalid_client"));

    // Client credentials: the client's own token carries its roles, not a user.
    let own = client
        .exchange_client_credentials()
        .add_scope(Scope::new("device:control".into()))
        .request_async(&http)
        .await
        .unwrap();
    assert!(own.refresh_token().is_none());
    let raw: Value = http
        .post(format!("{}/oauth/introspect", e.host.base))
        .basic_auth(&e.client_id, Some(&e.secret))
        .form(&[("token", own.access_token().secret().as_str())])
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        (raw["active"].clone(), raw["roles"].clone(), raw["sub"].clone()),
        (json!(true), json!(["ROLE_VOICE"]), Value::Null)
    );

    // An expired token: its time is moved into the past behind the API, then it is refused.
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    let code = e.code(&client, challenge).await;
    let token = client
        .exchange_code(AuthorizationCode::new(code))
        .set_pkce_verifier(verifier)
        .request_async(&http)
        .await
        .unwrap();
    let db = common::database(&e.host.database_url).await;
    sqlx::query("UPDATE oauth_tokens SET expires_at = 1").execute(&db).await.unwrap();
    let userinfo = reqwest::Client::new()
        .get(format!("{}/oauth/userinfo", e.host.base))
        .bearer_auth(token.access_token().secret())
        .send()
        .await
        .unwrap();
    assert_eq!(userinfo.status().as_u16(), 401);
    assert!(userinfo.headers()["www-authenticate"].to_str().unwrap().contains("invalid_token"));
    assert!(client.exchange_refresh_token(token.refresh_token().unwrap()).request_async(&http).await.is_err());

    // The secret is kept as a hash: not in the database in clear.
    let stored = common::database_text(&e.host.database_url).await;
    assert!(!stored.windows(e.secret.len()).any(|w| w == e.secret.as_bytes()));
}

#[tokio::test]
async fn clients_are_the_enterprise_s_own_and_checked_field_by_field() {
    let e = enterprise().await;
    let other = e.host.create_tenant(&e.admin, "Kitchens", 32).await.to_string();
    // Another enterprise sees none of Robotics' clients, and cannot change them.
    let listed = e.host.post_as("/oauth-service/client/list", &e.admin, &other, json!({})).await;
    assert_eq!(listed.ok().as_array().map(Vec::len), Some(0));
    let mine = e.host.post_as("/oauth-service/client/list", &e.admin, &e.tenant, json!({})).await.ok().clone();
    let id = mine[0]["id"].clone();
    assert!(mine.to_string().find(&e.secret).is_none(), "the secret is not listed");
    let body = json!({ "id": id, "confirmName": "Alexa smart home" });
    assert_eq!(e.host.post_as("/oauth-service/client/delete", &e.admin, &other, body).await.code(), 404);

    let base = json!({ "name": "Google home", "clientType": "google", "redirectUris": ["https://oauth-redirect.googleusercontent.com/r/x"],
                       "grantTypes": ["authorization_code", "refresh_token"], "scopes": ["device:control"], "passwordNeeded": false });
    let with = |field: &str, value: Value| {
        let mut body = base.clone();
        body[field] = value;
        body
    };
    for (body, field) in [
        (with("redirectUris", json!(["http://example.com/cb"])), "redirectUris"),
        (with("redirectUris", json!(["https://example.com/cb#x"])), "redirectUris"),
        (with("scopes", json!(["admin"])), "scopes"),
        (with("grantTypes", json!(["client_credentials"])), "grantTypes"),
        (with("grantTypes", json!(["refresh_token"])), "grantTypes"),
        (with("clientType", json!("robot")), "clientType"),
        (with("accessTokenSeconds", json!(10)), "accessTokenSeconds"),
    ] {
        let refused = e.host.post_as("/oauth-service/client/add", &e.admin, &e.tenant, body).await;
        assert_eq!((refused.code(), refused.data()["field"].as_str()), (400, Some(field)), "{:?}", refused.body);
    }
    // A public client gets no secret, and must use PKCE.
    let public = e.host.post_as("/oauth-service/client/add", &e.admin, &e.tenant, base).await.ok().clone();
    assert!(public["clientSecret"].is_null());
    let url = format!(
        "{}/oauth/authorize?response_type=code&client_id={}&redirect_uri=https%3A%2F%2Foauth-redirect.googleusercontent.com%2Fr%2Fx&state=s1",
        e.host.base,
        public["clientId"].as_str().unwrap()
    );
    let back = e.follow(&url).await;
    assert!(back.contains("error=invalid_request") && back.contains("state=s1"), "{back}");
    // A scope in use cannot be deleted.
    let body = json!({ "scope": "device:control", "confirmName": "device:control" });
    assert_eq!(e.host.post_as("/oauth-service/scope/delete", &e.admin, &e.tenant, body).await.code(), 409);
}

impl Enterprise {
    /// A grant of Ann's through the whole flow: its access and refresh tokens.
    async fn grant(&self, client: &Client) -> (oauth2::AccessToken, RefreshToken) {
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let code = self.code(client, challenge).await;
        let token = client
            .exchange_code(AuthorizationCode::new(code))
            .set_pkce_verifier(verifier)
            .request_async(&self.browser)
            .await
            .expect("exchanged");
        (token.access_token().clone(), token.refresh_token().expect("a refresh token").clone())
    }

    async fn ann_id(&self) -> String {
        let users = self.host.get_as("/app-service/app-users", &self.admin, &self.tenant).await.ok().clone();
        users["list"][0]["id"].as_str().expect("a user").to_string()
    }
}

/// What a user granted a third party ends when the user can no longer sign in: blocked, or given
/// a new password (the old one may be what was stolen). Before, the refresh token went on
/// minting tokens and introspection answered `active`.
#[tokio::test]
async fn grants_end_when_their_user_is_blocked_or_given_a_new_password() {
    let e = enterprise().await;
    let client = e.client(&e.secret);
    let http = e.browser.clone();
    let ann = e.ann_id().await;

    let (access, refresh) = e.grant(&client).await;
    assert!(client.introspect(&access).request_async(&http).await.unwrap().active());
    e.host.post_as(&format!("/app-service/app-users/{ann}/block"), &e.admin, &e.tenant, json!({})).await.ok();
    assert!(!client.introspect(&access).request_async(&http).await.unwrap().active(), "blocked: inactive");
    assert!(client.exchange_refresh_token(&refresh).request_async(&http).await.is_err(), "blocked: no new tokens");
    let userinfo =
        reqwest::Client::new().get(format!("{}/oauth/userinfo", e.host.base)).bearer_auth(access.secret()).send().await;
    assert_eq!(userinfo.unwrap().status().as_u16(), 401);
    e.host.post_as(&format!("/app-service/app-users/{ann}/unblock"), &e.admin, &e.tenant, json!({})).await.ok();
    assert!(client.exchange_refresh_token(&refresh).request_async(&http).await.is_err(), "unblocking revives nothing");

    let (access, refresh) = e.grant(&client).await;
    let password = json!({ "password": "robot#2027", "confirmPassword": "robot#2027" });
    e.host.post_as(&format!("/app-service/app-users/{ann}/password"), &e.admin, &e.tenant, password).await.ok();
    assert!(!client.introspect(&access).request_async(&http).await.unwrap().active(), "a new password: inactive");
    assert!(client.exchange_refresh_token(&refresh).request_async(&http).await.is_err(), "a new password: revoked");
}

/// Introspection tells a token's subject and scope: a public client (its id is in every copy of
/// the app) may not ask, as the metadata document says.
#[tokio::test]
async fn a_public_client_may_not_introspect_tokens() {
    let e = enterprise().await;
    let client = e.client(&e.secret);
    let (access, _) = e.grant(&client).await;
    let public = json!({ "name": "Google home", "clientType": "google",
                         "redirectUris": ["https://oauth-redirect.googleusercontent.com/r/x"],
                         "grantTypes": ["authorization_code", "refresh_token"], "scopes": ["device:control"],
                         "passwordNeeded": false });
    let public = e.host.post_as("/oauth-service/client/add", &e.admin, &e.tenant, public).await.ok().clone();
    let public_id = public["clientId"].as_str().expect("client id");
    let asked = e
        .browser
        .post(format!("{}/oauth/introspect", e.host.base))
        .form(&[("client_id", public_id), ("token", access.secret().as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(asked.status().as_u16(), 401);
    let answer: Value = asked.json().await.unwrap();
    assert_eq!(answer["error"], "invalid_client", "{answer}");
    assert!(answer.get("sub").is_none() && answer.get("active").is_none(), "{answer}");
    // The metadata says the same.
    let origin = e.host.base.trim_end_matches("/api");
    let metadata: Value =
        reqwest::get(format!("{origin}/.well-known/oauth-authorization-server")).await.unwrap().json().await.unwrap();
    assert!(!metadata["introspection_endpoint_auth_methods_supported"].to_string().contains("none"));
}

/// An app user's password is guessed five times at most, whichever door the guesses come
/// through: the app's own sign-in (its key is in every copy of the app) and the OAuth consent
/// count on one counter, and the right password is refused too while it is locked.
#[tokio::test]
async fn an_app_users_password_is_guessed_five_times_at_most_through_both_doors() {
    let e = enterprise().await;
    let client = e.client(&e.secret);
    let origin = e.host.base.trim_end_matches("/api").to_string();
    let phone = devsim::app::App::new(&origin, &e.app_key, "Robot Home", "android", 310);
    for _ in 0..3 {
        let refused = phone.sign_in("ann@example.com", "guess#0001").await.expect_err("wrong");
        assert_eq!(refused.code, 400);
    }
    let (url, _) =
        client.authorize_url(CsrfToken::new_random).set_pkce_challenge(PkceCodeChallenge::new_random_sha256().0).url();
    let consent = e.follow(url.as_str()).await;
    for _ in 0..2 {
        assert_eq!(e.consent(&consent, "ann@example.com", "guess#0002", true).await.code(), 400);
    }
    let locked = phone.sign_in("ann@example.com", "robot#2026").await.expect_err("locked");
    assert_eq!(locked.code, 429, "{locked:?}");
    assert!(locked.msg.contains("minutes"), "{locked:?}");
    let locked = e.consent(&consent, "ann@example.com", "robot#2026", true).await;
    assert_eq!(locked.code(), 429, "{:?}", locked.body);
    // Another user of the same enterprise is not held back by Ann's lock.
    let refused = phone.sign_in("bob@example.com", "guess#0003").await.expect_err("wrong");
    assert_eq!(refused.code, 400);
}
