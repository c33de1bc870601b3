//! Release statements (statement-publish): what a package changes, in each language, published
//! to the devices that are offered it.

use std::collections::BTreeMap;

use console_plugin_sdk::validate;
use console_plugin_sdk::{Call, Collection, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::packages::{self, PACKAGES};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Statement {
    pub package_id: String,
    pub package: String,
    pub title: String,
    /// The statement by language code.
    pub contents: BTreeMap<String, String>,
    pub published: bool,
    pub published_at: Option<i64>,
    pub by: String,
}

pub const STATEMENTS: Collection<Statement> = Collection::new("statements");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct StatementInput {
    package_id: String,
    title: String,
    contents: BTreeMap<String, String>,
}

impl StatementInput {
    fn validate(self, call: &mut Call<'_>) -> PluginResult<Statement> {
        let package_id = validate::required("packageId", &self.package_id, 64)?;
        let package = PACKAGES.get(call.host, &package_id)?.ok_or_else(|| PluginError::required("packageId"))?;
        Ok(Statement {
            package_id,
            package: packages::describe(&package.data),
            title: validate::required("title", &self.title, validate::SHORT_TEXT)?,
            contents: packages::descriptions("contents", &self.contents)?,
            published: false,
            published_at: None,
            by: call.context.user_name.clone(),
        })
    }
}

/// The published statement of a package, by language.
pub fn published_for(call: &mut Call<'_>, package_id: &str) -> PluginResult<Option<BTreeMap<String, String>>> {
    let query = Query::new().eq("packageId", package_id).eq("published", true).sort("publishedAt", true).page(1, 1);
    Ok(STATEMENTS.query(call.host, &query)?.list.into_iter().next().map(|s| s.data.contents))
}

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let mut query = Query::new().eq_opt("packageId", call.query("packageId")).search(
        "title",
        call.query("title"),
        call.search_mode(),
    );
    if let Some(published) = call.query("published") {
        query = query.eq("published", published == "true");
    }
    let query = query.sort("createdAt", true).paged_by(call)?;
    Ok(json!(STATEMENTS.query(call.host, &query)?))
}

pub fn create(call: &mut Call<'_>) -> PluginResult<Value> {
    let statement = call.body::<StatementInput>()?.validate(call)?;
    let saved = STATEMENTS.insert(call.host, &statement)?;
    call.host.audit("Add a release statement", &saved.data.title);
    Ok(json!(saved))
}

/// Edits a statement; a published one is edited by unpublishing it first.
pub fn update(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let existing = STATEMENTS.find(call.host, &id)?;
    if existing.data.published {
        return Err(published());
    }
    let version = call.version();
    let statement = call.body::<StatementInput>()?.validate(call)?;
    let saved = STATEMENTS.update(call.host, &existing.id, &statement, version)?;
    call.host.audit("Modify a release statement", &saved.data.title);
    Ok(json!(saved))
}

pub fn delete(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let existing = STATEMENTS.find(call.host, &id)?;
    if existing.data.published {
        return Err(published());
    }
    STATEMENTS.delete(call.host, &existing.id)?;
    call.host.audit("Delete a release statement", &existing.data.title);
    Ok(Value::Null)
}

/// Publishes or unpublishes (`/statements/{id}/publish`, `/unpublish`).
pub fn publish(call: &mut Call<'_>) -> PluginResult<Value> {
    let publish = match call.param("action")? {
        "publish" => true,
        "unpublish" => false,
        _ => return Err(PluginError::not_found()),
    };
    let id = call.param("id")?.to_string();
    let mut statement = STATEMENTS.find(call.host, &id)?;
    statement.data.published = publish;
    statement.data.published_at = publish.then(|| call.host.now_ms());
    let saved = STATEMENTS.update(call.host, &statement.id, &statement.data, Some(statement.version))?;
    let what = if publish { "Publish a release statement" } else { "Unpublish a release statement" };
    call.host.audit(what, &saved.data.title);
    Ok(json!(saved))
}

fn published() -> PluginError {
    PluginError::localized(
        409,
        None,
        [
            "已发布的声明请先取消发布再修改或删除",
            "Unpublish a published statement before changing or deleting it.",
            "Heben Sie die Veröffentlichung auf, bevor Sie die Erklärung ändern oder löschen.",
            "Retire la publicación de la declaración antes de modificarla o eliminarla.",
            "Dépubliez la déclaration avant de la modifier ou de la supprimer.",
            "Retire a publicação da declaração antes de a alterar ou eliminar.",
            "Снимите заявление с публикации, прежде чем изменять или удалять его.",
        ]
        .map(str::to_string),
    )
}
