//! Projects: an app project of an enterprise, its region, time range and description, its app key
//! and sealed app secret, and the languages its copy is written in (what makes a project library's
//! copy complete).

use console_plugin_sdk::validate::{self, LONG_TEXT, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Resource, Value, json, platform};
use serde::{Deserialize, Serialize};

use crate::credentials::{self, Sealed};

pub const REGIONS: [&str; 3] = ["asia", "europe", "america"];

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Project {
    pub name: String,
    /// Given once: what apps name the project by (`P` and ten characters).
    pub project_code: String,
    pub region: String,
    /// The affiliated enterprise.
    pub enterprise_id: i64,
    pub enterprise_name: String,
    pub project_type: String,
    pub starts_at: i64,
    pub ends_at: i64,
    pub description: String,
    pub app_key: String,
    pub app_secret: Sealed,
    /// The languages of its copy (the platform's language codes).
    pub languages: Vec<String>,
}

pub const PROJECTS: Collection<Project> = Collection::new("projects");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ProjectInput {
    name: String,
    region: String,
    enterprise_id: Option<i64>,
    project_type: String,
    starts_at: Option<i64>,
    ends_at: Option<i64>,
    description: String,
    /// At least 16 characters; kept when an edit leaves it empty.
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    app_secret: String,
    languages: Vec<String>,
}

impl ProjectInput {
    fn validate(self, call: &mut Call<'_>, current: Option<&Doc<Project>>) -> PluginResult<Project> {
        let enterprise_id = self.enterprise_id.ok_or_else(|| PluginError::required("enterpriseId"))?;
        let enterprise = platform::existing_enterprises(call.host, "enterpriseId", &[enterprise_id])?;
        let enterprise_name = enterprise.first().map(|e| e.name.clone()).unwrap_or_default();
        let known = platform::languages(call.host)?;
        let mut languages = Vec::new();
        for lang in &self.languages {
            let known: Vec<&str> = known.iter().map(String::as_str).collect();
            let lang = validate::one_of("languages", lang, &known)?;
            if !languages.contains(&lang) {
                languages.push(lang);
            }
        }
        if languages.is_empty() {
            return Err(PluginError::required("languages"));
        }
        let starts_at = self.starts_at.ok_or_else(|| PluginError::required("startsAt"))?;
        let ends_at = self.ends_at.ok_or_else(|| PluginError::required("endsAt"))?;
        if ends_at <= starts_at {
            return Err(PluginError::format(
                "endsAt",
                [
                    "晚于开始时间的时间",
                    "a time after the start",
                    "ein Zeitpunkt nach dem Beginn",
                    "una fecha posterior al inicio",
                    "une date postérieure au début",
                    "uma data posterior ao início",
                    "время позже начала",
                ],
            ));
        }
        let name = validate::required("name", &self.name, SHORT_TEXT)?;
        let taken = PROJECTS
            .query(call.host, &Query::new().eq("name", name.as_str()).page(1, 2))?
            .list
            .into_iter()
            .any(|p| Some(p.id.as_str()) != current.map(|c| c.id.as_str()));
        if taken {
            return Err(PluginError::invalid(
                "name",
                console_plugin_sdk::Message::Duplicate { fields: vec!["name".into()] },
            ));
        }
        Ok(Project {
            name,
            project_code: match current {
                Some(current) => current.data.project_code.clone(),
                None => format!("P{}", console_plugin_sdk::random::token(10)?),
            },
            region: validate::one_of("region", &self.region, &REGIONS)?,
            enterprise_id,
            enterprise_name,
            project_type: validate::optional("projectType", &self.project_type, 32)?,
            starts_at,
            ends_at,
            description: validate::optional("description", &self.description, LONG_TEXT)?,
            app_key: match current {
                Some(current) => current.data.app_key.clone(),
                None => console_plugin_sdk::random::token(24)?,
            },
            app_secret: credentials::sealed(call, "appSecret", &self.app_secret, current.map(|c| &c.data.app_secret))?,
            languages,
        })
    }
}

pub struct Projects;

impl Resource for Projects {
    type Data = Project;
    type Input = ProjectInput;
    const COLLECTION: Collection<Project> = PROJECTS;
    const SEARCH: &'static [&'static str] = &["name", "projectCode"];
    const FILTERS: &'static [&'static str] = &["region"];
    const AUDIT_CREATE: Option<&'static str> = Some("Add a project");

    fn name(data: &Project) -> &str {
        &data.name
    }

    fn validate(call: &mut Call<'_>, input: ProjectInput, current: Option<&Doc<Project>>) -> PluginResult<Project> {
        input.validate(call, current)
    }

    fn shown(_call: &mut Call<'_>, doc: &Doc<Project>) -> Value {
        credentials::hide(json!(doc), &["appSecret"])
    }
}

/// A project by its code (what apps send), or by id.
pub fn by_code(call: &mut Call<'_>, code: &str) -> PluginResult<Option<Doc<Project>>> {
    Ok(PROJECTS.query(call.host, &Query::new().eq("projectCode", code).page(1, 1))?.list.into_iter().next())
}
