//! App users: the accounts apps report (username, mobile, network, phone), blocked and unblocked in
//! the console, their password reset by the app-user rules and kept as an argon2id hash; apps sign
//! them in.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use console_plugin_sdk::proofs::{self, Proof};
use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::{app_sessions, messages};

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppUser {
    /// An email address, or a phone account as country code, hyphen, number.
    pub username: String,
    pub mobile: String,
    /// The mobile was reported with the user's own session: only then is it the phone number
    /// OAuth gives third parties (anyone holding the app key may report one for a new user).
    #[serde(default)]
    pub mobile_verified: bool,
    pub reported_at: i64,
    pub network_type: String,
    pub phone_model: String,
    pub app_version: String,
    /// ISO 3166-1, as the app last said (the world dashboard).
    #[serde(default)]
    pub country: String,
    pub blocked: bool,
    /// argon2id; never answered (see [`shown`]).
    #[serde(default)]
    pub password_hash: String,
}

/// A user as the console gets it: whether a password is set, never its hash.
fn shown(doc: &Doc<AppUser>) -> Value {
    let mut shown = json!(doc);
    if let Some(object) = shown.as_object_mut() {
        object.remove("passwordHash");
        object.insert("hasPassword".into(), json!(!doc.data.password_hash.is_empty()));
    }
    shown
}

pub const APP_USERS: Collection<AppUser> = Collection::new("app_users");

/// An account added in a batch: an email address as it is, or a phone number as country code,
/// hyphen, number (`86-13800138000`, `+49-15112345678`).
pub fn account(field: &str, value: &str) -> PluginResult<String> {
    let value = validate::required(field, value, SHORT_TEXT)?;
    let email = value.split_once('@').is_some_and(|(local, domain)| {
        !local.is_empty() && domain.contains('.') && !domain.starts_with('.') && !value.contains(' ')
    });
    let phone = value.trim_start_matches('+').split_once('-').is_some_and(|(code, number)| {
        (1..=4).contains(&code.len())
            && code.chars().all(|c| c.is_ascii_digit())
            && (4..=15).contains(&number.len())
            && number.chars().all(|c| c.is_ascii_digit())
    });
    if email || phone {
        return Ok(value);
    }
    Err(PluginError::format(
        field,
        [
            "邮箱地址，或“国家码-号码”形式的手机号（如 86-13800138000）",
            "an email address, or a phone number as country code-number (86-13800138000)",
            "eine E-Mail-Adresse oder eine Telefonnummer als Ländervorwahl-Nummer (49-15112345678)",
            "una dirección de correo o un teléfono como prefijo-número (34-612345678)",
            "une adresse e-mail, ou un numéro de téléphone sous la forme indicatif-numéro (33-612345678)",
            "um endereço de e-mail, ou um telefone como indicativo-número (351-912345678)",
            "адрес электронной почты или телефон в виде код страны-номер (7-9123456789)",
        ],
    ))
}

/// 6 to 18 letters and digits, special characters optional, no spaces.
pub fn password(value: &str) -> PluginResult<String> {
    let count = value.chars().count();
    let fits = (6..=18).contains(&count)
        && !value.chars().any(char::is_whitespace)
        && value.chars().any(|c| c.is_ascii_alphabetic())
        && value.chars().any(|c| c.is_ascii_digit())
        && value.chars().all(|c| c.is_ascii_graphic());
    if fits {
        return Ok(value.to_string());
    }
    Err(PluginError::format(
        "password",
        [
            "6 至 18 位字母和数字，可含特殊字符，不能有空格",
            "6 to 18 letters and digits, special characters optional, no spaces",
            "6 bis 18 Buchstaben und Ziffern, Sonderzeichen optional, keine Leerzeichen",
            "de 6 a 18 letras y dígitos, caracteres especiales opcionales, sin espacios",
            "6 à 18 lettres et chiffres, caractères spéciaux facultatifs, sans espaces",
            "6 a 18 letras e dígitos, caracteres especiais opcionais, sem espaços",
            "от 6 до 18 букв и цифр, спецсимволы по желанию, без пробелов",
        ],
    ))
}

/// argon2id with OWASP's minimum (19 MiB, 2 passes): the plugin's memory is bounded by the host.
fn hasher() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

pub fn hash(plain: &str) -> PluginResult<String> {
    let salt = SaltString::encode_b64(&console_plugin_sdk::random::bytes::<16>()?)
        .map_err(|e| PluginError::internal(e.to_string()))?;
    Ok(hasher().hash_password(plain.as_bytes(), &salt).map_err(|e| PluginError::internal(e.to_string()))?.to_string())
}

fn verify(plain: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| hasher().verify_password(plain.as_bytes(), &parsed).is_ok())
}

pub fn by_username(call: &mut Call<'_>, username: &str) -> PluginResult<Option<Doc<AppUser>>> {
    Ok(APP_USERS.query(call.host, &Query::new().eq("username", username).page(1, 1))?.list.into_iter().next())
}

/// The console's list: by username or mobile (search mode), blocked or not.
pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let mut query = Query::new().search("username", call.query("username"), call.search_mode()).search(
        "mobile",
        call.query("mobile"),
        call.search_mode(),
    );
    if let Some(blocked) = call.query("blocked") {
        query = query.eq("blocked", blocked == "true");
    }
    let query = query.sort("reportedAt", true).paged_by(call)?;
    let page = APP_USERS.query(call.host, &query)?;
    let list: Vec<Value> = page.list.iter().map(shown).collect();
    Ok(json!({ "list": list, "total": page.total, "page": page.page, "pageSize": page.page_size }))
}

/// Blocks an app user (`/app-users/{id}/block`): its app's sign-in is refused.
pub fn block(call: &mut Call<'_>) -> PluginResult<Value> {
    set_blocked(call, true)
}

pub fn unblock(call: &mut Call<'_>) -> PluginResult<Value> {
    set_blocked(call, false)
}

fn set_blocked(call: &mut Call<'_>, blocked: bool) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let mut user = APP_USERS.find(call.host, &id)?;
    if user.data.blocked == blocked {
        // "Unblocking failed" (and its twin): nothing to change.
        return Err(if blocked { messages::already_blocked() } else { messages::unblocking_failed() });
    }
    user.data.blocked = blocked;
    let saved = APP_USERS.update(call.host, &user.id, &user.data, Some(user.version))?;
    if blocked {
        app_sessions::end_all(call, &saved.data.username)?;
        // What third parties were granted on the user's behalf ends with his sign-in.
        proofs::revoke_grants(call.host, &saved.data.username)?;
    }
    call.host.audit(if blocked { "Block an app user" } else { "Unblock an app user" }, &saved.data.username);
    Ok(shown(&saved))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PasswordInput {
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    password: String,
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    confirm_password: String,
}

/// Resets an app user's password by the app-user rules.
pub fn reset_password(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: PasswordInput = call.body()?;
    let plain = password(&input.password)?;
    if input.confirm_password != plain {
        return Err(PluginError::invalid("confirmPassword", console_plugin_sdk::Message::NameMismatch));
    }
    let id = call.param("id")?.to_string();
    let mut user = APP_USERS.find(call.host, &id)?;
    user.data.password_hash = hash(&plain)?;
    let saved = APP_USERS.update(call.host, &user.id, &user.data, Some(user.version))?;
    app_sessions::end_all(call, &saved.data.username)?;
    proofs::revoke_grants(call.host, &saved.data.username)?;
    call.host.audit("Reset an app user's password", &saved.data.username);
    Ok(shown(&saved))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Report {
    username: String,
    /// Without the user's session (`userToken`) a mobile is kept unverified, and a verified one
    /// is not changed: the verified mobile is the phone number OAuth gives voice assistants.
    mobile: String,
    /// The session token the user's sign-in gave the app.
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    user_token: String,
    network_type: String,
    phone_model: String,
    app_version: String,
    /// ISO 3166-1 (DE).
    country_code: String,
}

/// New users an app may report from one address within an hour: a family's phones, a shop's
/// demonstration devices; not a script filling the user list.
const NEW_USERS_PER_ADDRESS: u32 = 20;

/// `POST /app/users/report`: an app says who uses it and on what (app report time). The app's
/// key is in every copy of the app, so it proves nothing of the user: anyone may report a new
/// user (a few an hour from one address) and what a known user runs on, but a known user's
/// mobile changes only with his own session.
pub fn report(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: Report = call.body()?;
    let username = account("username", &input.username)?;
    let mobile = if input.mobile.trim().is_empty() { String::new() } else { account("mobile", &input.mobile)? };
    let now = call.host.now_ms();
    let existing = by_username(call, &username)?;
    if existing.is_none() && !proofs::take(call.host, "new-app-user", NEW_USERS_PER_ADDRESS)? {
        return Err(messages::too_many_new_users());
    }
    let mut user =
        existing.as_ref().map(|e| e.data.clone()).unwrap_or_else(|| AppUser { username, ..AppUser::default() });
    // An empty mobile tells nothing: the one known stays. One the user's own session reports
    // is verified, and only that one changes a verified mobile.
    if !mobile.is_empty() && mobile != user.mobile {
        let by_the_user = !input.user_token.trim().is_empty();
        if by_the_user {
            let signed_in = app_sessions::user(call, "userToken", &input.user_token)?;
            if signed_in.data.username != user.username {
                return Err(messages::sign_in_again("userToken"));
            }
        } else if user.mobile_verified {
            return Err(messages::sign_in_again("userToken"));
        }
        user.mobile = mobile;
        user.mobile_verified = by_the_user;
    }
    user.reported_at = now;
    user.network_type = validate::optional("networkType", &input.network_type, 16)?;
    user.phone_model = validate::optional("phoneModel", &input.phone_model, SHORT_TEXT)?;
    user.app_version = validate::optional("appVersion", &input.app_version, 32)?;
    let country = validate::country_code("countryCode", &input.country_code)?;
    if !country.is_empty() {
        user.country = country;
    }
    let saved = match existing {
        Some(existing) => APP_USERS.update(call.host, &existing.id, &user, Some(existing.version))?,
        None => APP_USERS.insert(call.host, &user)?,
    };
    Ok(json!({ "blocked": saved.data.blocked }))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SignIn {
    username: String,
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    password: String,
}

/// `POST /app/users/sign-in`: a session for the user (see `app_sessions`) when the password is
/// theirs; a blocked user is refused. An unknown user and a wrong password get the same refusal
/// after the same work: the password is checked against a stand-in hash.
pub fn sign_in(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: SignIn = call.body()?;
    let user = signed_in_user(call, &input)?;
    let (token, expires_at) = app_sessions::start(call, &user.data.username)?;
    Ok(json!({ "userId": user.id, "username": user.data.username, "token": token, "expiresAt": expires_at }))
}

/// The user whose password this is, not blocked. Every attempt is counted by the host against
/// the account and the caller's address before the password is checked: the app's sign-in and
/// the OAuth consent share the counter, so neither door guesses more than the other.
fn signed_in_user(call: &mut Call<'_>, input: &SignIn) -> PluginResult<Doc<AppUser>> {
    let username = validate::required("username", &input.username, SHORT_TEXT)?;
    let subject = format!("app-user:{}", username.to_lowercase());
    proofs::attempt(call.host, Proof::Password, &subject)?;
    let user = by_username(call, &username)?.filter(|u| !u.data.password_hash.is_empty());
    let stored = user.as_ref().map_or(STAND_IN_HASH, |u| u.data.password_hash.as_str());
    let matches = verify(&input.password, stored);
    match user.filter(|_| matches) {
        Some(user) if user.data.blocked => Err(messages::account_blocked()),
        Some(user) => {
            proofs::succeeded(call.host, Proof::Password, &subject);
            Ok(user)
        }
        None => Err(messages::wrong_password()),
    }
}

/// The host's OAuth consent (`caller = "host"`): whether the account and password are an app
/// user's. No app session starts: the host issues its own code and tokens.
pub fn authenticate(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: SignIn = call.body()?;
    let user = signed_in_user(call, &input)?;
    let mobile = if user.data.mobile_verified { user.data.mobile.as_str() } else { "" };
    Ok(json!({ "username": user.data.username, "mobile": mobile }))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ProfileAsk {
    username: String,
}

/// The host's OAuth userinfo (`caller = "host"`): what it may tell of a user a token acts for;
/// a blocked or removed user has nothing to tell.
pub fn profile(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: ProfileAsk = call.body()?;
    match by_username(call, input.username.trim())?.filter(|u| !u.data.blocked) {
        Some(user) => {
            let mobile = if user.data.mobile_verified { user.data.mobile.as_str() } else { "" };
            Ok(json!({ "username": user.data.username, "mobile": mobile }))
        }
        None => Err(PluginError::not_found()),
    }
}

/// The argon2id hash of a password nobody has, with the parameters of [`hasher`]: an unknown
/// account costs a sign-in as much as a known one.
const STAND_IN_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c3RhbmRpbnN0YW5kaW4$6lFvmJkbycEYY8Jf4m3wDb0G9nQ6XoJ0bIhE9E9gqlA";

#[cfg(test)]
mod tests {
    use super::*;

    /// A stand-in that failed to parse would be refused at once, and the unknown account told
    /// apart by its speed.
    #[test]
    fn the_stand_in_hash_is_checked_with_the_same_work_as_a_real_one() {
        let parsed = PasswordHash::new(STAND_IN_HASH).expect("a PHC string");
        let real = hash("robot#2026").expect("hashed");
        let real = PasswordHash::new(&real).expect("a PHC string");
        assert_eq!(parsed.algorithm, real.algorithm);
        assert_eq!(parsed.params, real.params);
        assert_eq!(parsed.hash.map(|h| h.len()), real.hash.map(|h| h.len()));
        assert!(!verify("robot#2026", STAND_IN_HASH));
    }
}

/// What the dashboards read of the app's users (`GET /internal/figures`, other plugins only).
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserFigures {
    pub users: u64,
    pub blocked: u64,
    /// Users whose app reported within the last day.
    pub active_today: u64,
    /// Users by the app version they last reported, most first (at most 200).
    pub versions: Vec<(String, u64)>,
    /// Users by phone model, most first (at most 200).
    pub phones: Vec<(String, u64)>,
    /// Users by ISO 3166-1 country, most first (at most 200; none unknown).
    pub countries: Vec<(String, u64)>,
}

/// `GET /internal/figures`: each a count the host keeps per value of a counted field (contract
/// 0.1.14 `store.tally` for versions and phones), but the day's active users (index entries of
/// one day).
pub fn figures(call: &mut Call<'_>) -> PluginResult<Value> {
    let blocked = APP_USERS.count(call.host, &Query::new().eq("blocked", true))?;
    let open = APP_USERS.count(call.host, &Query::new().eq("blocked", false))?;
    let since = call.host.now_ms() - console_plugin_sdk::time::DAY_MS;
    let active_today = APP_USERS.count(call.host, &Query::new().gte("reportedAt", since))?;
    let versions = APP_USERS.tally_named(call.host, "appVersion", 200)?;
    let phones = APP_USERS.tally_named(call.host, "phoneModel", 200)?;
    let mut countries = APP_USERS.tally_named(call.host, "country", 200)?;
    countries.retain(|(code, _)| !code.is_empty());
    Ok(json!(UserFigures { users: blocked + open, blocked, active_today, versions, phones, countries }))
}
