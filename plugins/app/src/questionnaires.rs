//! Survey questionnaires: a questionnaire of a project's app, shown to users at an address for
//! `lifecycle` days, at least `intervalDays` after the one before; refreshed (its lifecycle started
//! again) at most once a day; saved only once its preview was confirmed. Apps ask which one to show
//! a user now.

use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Resource, Value, json};
use serde::{Deserialize, Serialize};

use crate::app_products::{self, APP_PRODUCTS};
use crate::messages;
use crate::projects::{self, PROJECTS};

const DAY_MS: i64 = 86_400_000;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubQuestionnaire {
    pub name: String,
    pub address: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Questionnaire {
    pub project_id: String,
    pub project_name: String,
    /// The bound app (an app product).
    pub app_product_id: String,
    pub questionnaire_type: String,
    pub product_ids: Vec<String>,
    /// Chinese characters, letters and digits only.
    pub name: String,
    pub address: String,
    /// Days after the previous questionnaire of the same app; 0 for the first.
    pub interval_days: u32,
    /// Days it is shown, 1 to 1000.
    pub lifecycle: u32,
    pub enabled: bool,
    pub sub_questionnaires: Vec<SubQuestionnaire>,
    /// When its lifecycle began: enabled, or refreshed.
    pub started_at: Option<i64>,
    pub refreshed_at: Option<i64>,
}

pub const QUESTIONNAIRES: Collection<Questionnaire> = Collection::new("questionnaires");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct QuestionnaireInput {
    project_id: String,
    app_product_id: String,
    questionnaire_type: String,
    product_ids: Vec<String>,
    name: String,
    address: String,
    interval_days: Option<f64>,
    lifecycle: Option<f64>,
    enabled: bool,
    sub_questionnaires: Vec<SubQuestionnaire>,
    /// The user previewed it and confirmed (required to submit).
    preview_confirmed: bool,
}

/// Only Chinese characters, English letters and digits.
fn name(value: &str) -> PluginResult<String> {
    let name = validate::required("name", value, SHORT_TEXT)?;
    let chinese = |c: char| ('\u{4e00}'..='\u{9fff}').contains(&c) || ('\u{3400}'..='\u{4dbf}').contains(&c);
    if name.chars().all(|c| c.is_ascii_alphanumeric() || chinese(c)) {
        return Ok(name);
    }
    Err(PluginError::format(
        "name",
        [
            "只能包含中文、英文字母和数字",
            "only Chinese characters, English letters and digits",
            "nur chinesische Schriftzeichen, lateinische Buchstaben und Ziffern",
            "solo caracteres chinos, letras inglesas y dígitos",
            "uniquement des caractères chinois, des lettres latines et des chiffres",
            "apenas caracteres chineses, letras inglesas e dígitos",
            "только китайские иероглифы, латинские буквы и цифры",
        ],
    ))
}

/// An http or https link.
fn address(field: &str, value: &str) -> PluginResult<String> {
    let link = app_products::link(field, value, true)?;
    let host = link.split("://").nth(1).and_then(|rest| rest.split(['/', '?', '#']).next()).unwrap_or_default();
    if host.is_empty() || host.contains(char::is_whitespace) {
        return Err(PluginError::format(field, console_plugin_sdk::expected::HTTP_URL));
    }
    Ok(link)
}

impl QuestionnaireInput {
    fn validate(self, call: &mut Call<'_>, current: Option<&Doc<Questionnaire>>) -> PluginResult<Questionnaire> {
        if !self.preview_confirmed {
            return Err(messages::preview_first());
        }
        let name = name(&self.name)?;
        let address = address("address", &self.address)?;
        let project_id = validate::required("projectId", &self.project_id, 64)?;
        let project = PROJECTS.get(call.host, &project_id)?.ok_or_else(|| PluginError::required("projectId"))?;
        let app_product_id = validate::required("appProductId", &self.app_product_id, 64)?;
        APP_PRODUCTS.get(call.host, &app_product_id)?.ok_or_else(|| PluginError::required("appProductId"))?;
        // An integer below 365, 0 when the app has no questionnaire before this one.
        let interval = validate::integer("intervalDays", self.interval_days, 0, 364)?;
        let earlier = QUESTIONNAIRES
            .query(call.host, &Query::new().eq("appProductId", app_product_id.as_str()).page(1, 2))?
            .list
            .into_iter()
            .any(|q| {
                Some(q.id.as_str()) != current.map(|c| c.id.as_str())
                    && current.is_none_or(|c| q.created_at < c.created_at)
            });
        if !earlier && interval != 0 {
            return Err(messages::first_interval_zero());
        }
        // An integer above 0, at most 1000.
        let lifecycle = validate::integer("lifecycle", self.lifecycle, 1, 1000)?;
        if self.sub_questionnaires.len() > 20 {
            return Err(PluginError::invalid(
                "subQuestionnaires",
                console_plugin_sdk::Message::TooMany { field: "subQuestionnaires".into(), max: 20 },
            ));
        }
        let mut subs = Vec::new();
        for sub in &self.sub_questionnaires {
            subs.push(SubQuestionnaire {
                name: self::name(&sub.name).map_err(|mut e| {
                    e.field = Some("subQuestionnaires".into());
                    e
                })?,
                address: self::address("subQuestionnaires", &sub.address)?,
            });
        }
        let now = call.host.now_ms();
        let was_enabled = current.is_some_and(|c| c.data.enabled);
        Ok(Questionnaire {
            project_id,
            project_name: project.data.name,
            app_product_id,
            questionnaire_type: validate::optional("questionnaireType", &self.questionnaire_type, 32)?,
            // Each one the product plugin knows, as an app product's.
            product_ids: app_products::products(call, &self.product_ids)?,
            name,
            address,
            interval_days: interval as u32,
            lifecycle: lifecycle as u32,
            enabled: self.enabled,
            sub_questionnaires: subs,
            started_at: match (self.enabled, was_enabled) {
                (true, true) => current.and_then(|c| c.data.started_at),
                (true, false) => Some(now),
                _ => None,
            },
            refreshed_at: current.and_then(|c| c.data.refreshed_at),
        })
    }
}

/// Days of its lifecycle left now (0 when over or off).
pub fn remaining(q: &Questionnaire, now: i64) -> u32 {
    match (q.enabled, q.started_at) {
        (true, Some(started)) => {
            let left = i64::from(q.lifecycle) - (now - started) / DAY_MS;
            left.clamp(0, i64::from(q.lifecycle)) as u32
        }
        _ => 0,
    }
}

pub struct Questionnaires;

impl Resource for Questionnaires {
    type Data = Questionnaire;
    type Input = QuestionnaireInput;
    const COLLECTION: Collection<Questionnaire> = QUESTIONNAIRES;
    const SEARCH: &'static [&'static str] = &["name", "projectName"];
    const FILTERS: &'static [&'static str] = &["projectId", "appProductId", "enabled"];
    const AUDIT_CREATE: Option<&'static str> = Some("Add a questionnaire");

    fn name(data: &Questionnaire) -> &str {
        &data.name
    }

    fn validate(
        call: &mut Call<'_>,
        input: QuestionnaireInput,
        current: Option<&Doc<Questionnaire>>,
    ) -> PluginResult<Questionnaire> {
        input.validate(call, current)
    }

    fn shown(call: &mut Call<'_>, doc: &Doc<Questionnaire>) -> Value {
        let now = call.host.now_ms();
        let mut shown = json!(doc);
        shown["remainingLifecycle"] = json!(remaining(&doc.data, now));
        shown
    }
}

/// Starts a questionnaire's lifecycle again; refused within 24 hours of the last refresh.
pub fn refresh(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let mut q = QUESTIONNAIRES.find(call.host, &id)?;
    let now = call.host.now_ms();
    if q.data.refreshed_at.is_some_and(|at| now - at < DAY_MS) {
        return Err(messages::refresh_too_soon());
    }
    q.data.refreshed_at = Some(now);
    if q.data.enabled {
        q.data.started_at = Some(now);
    }
    let saved = QUESTIONNAIRES.update(call.host, &q.id, &q.data, Some(q.version))?;
    call.host.audit("Refresh a questionnaire", &saved.data.name);
    Ok(<Questionnaires as Resource>::shown(call, &saved))
}

/// What a user was shown: the app's interval counts from here.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Shown {
    pub questionnaire_id: String,
    pub app_product_id: String,
    pub user: String,
    pub at: i64,
}

pub const SHOWN: Collection<Shown> = Collection::new("questionnaire_shown");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AppAsk {
    /// The project's code.
    project: String,
    app_product_id: String,
    /// The app user.
    user: String,
    /// Set when the app showed the questionnaire answered here, to record it.
    shown: String,
}

/// `POST /app/questionnaire`: the questionnaire an app shows its user now: enabled, within its
/// lifecycle, not shown to this user before, and at least its interval after the last one they
/// saw; with `shown`, records that the app showed it.
pub fn for_app(call: &mut Call<'_>) -> PluginResult<Value> {
    let ask: AppAsk = call.body()?;
    let code = validate::required("project", &ask.project, 32)?;
    let app = validate::required("appProductId", &ask.app_product_id, 64)?;
    let user = validate::required("user", &ask.user, SHORT_TEXT)?;
    let project = projects::by_code(call, &code)?.ok_or_else(PluginError::not_found)?;
    let now = call.host.now_ms();
    if !ask.shown.is_empty() {
        let questionnaire = QUESTIONNAIRES.get(call.host, &ask.shown)?.ok_or_else(PluginError::not_found)?;
        if questionnaire.data.project_id != project.id {
            return Err(PluginError::not_found());
        }
        let seen = Shown { questionnaire_id: questionnaire.id, app_product_id: app, user, at: now };
        SHOWN.insert(call.host, &seen)?;
        return Ok(Value::Null);
    }
    let seen = SHOWN.query(
        call.host,
        &Query::new().eq("appProductId", app.as_str()).eq("user", user.as_str()).sort("at", true).page(1, 200),
    )?;
    let last = seen.list.first().map(|s| s.data.at);
    let candidates = QUESTIONNAIRES.query(
        call.host,
        &Query::new()
            .eq("projectId", project.id.as_str())
            .eq("appProductId", app.as_str())
            .eq("enabled", true)
            .sort("createdAt", false)
            .page(1, 100),
    )?;
    let next = candidates.list.into_iter().find(|q| {
        remaining(&q.data, now) > 0
            && !seen.list.iter().any(|s| s.data.questionnaire_id == q.id)
            && last.is_none_or(|at| now - at >= i64::from(q.data.interval_days) * DAY_MS)
    });
    Ok(match next {
        Some(q) => json!({ "id": q.id, "name": q.data.name, "address": q.data.address,
                           "subQuestionnaires": q.data.sub_questionnaires, "remainingLifecycle": remaining(&q.data, now) }),
        None => Value::Null,
    })
}
