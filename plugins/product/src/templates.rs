//! Product templates and their thing models. A template is configured, then published, after which
//! that version never changes: editing it starts the next version as a draft. Every version is kept
//! (products refer to one) and any two can be compared.

use console_plugin_sdk::validate::{self, LONG_TEXT, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, SearchMode, Value, json};
use serde::{Deserialize, Serialize};

use crate::categories::CATEGORIES;
use crate::thing_model::{self, ThingModel};
use crate::{tsl, units};

pub const CONFIGURING: &str = "configuring";
pub const PUBLISHED: &str = "published";
pub const DEVELOPMENT_METHODS: [&str; 1] = ["custom"];
pub const TRANSPORT_PROTOCOLS: [&str; 3] = ["mqtt", "http", "coap"];
/// Cleaning-record expiry: 90 days, 180 days, one year.
pub const CLEANING_EXPIRY_DAYS: [i64; 3] = [90, 180, 365];

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Template {
    /// Shared by every version of the template: the first version's id.
    pub template_key: String,
    /// 1, 2, 3... in the order the versions were begun.
    pub version_no: i64,
    /// The newest version of its template (what the list shows).
    pub latest: bool,
    /// `configuring` or `published`.
    pub status: String,
    pub name: String,
    /// The version as people name it (`1.2.0`).
    pub version_name: String,
    pub description: String,
    pub remark: String,
    pub development_method: String,
    pub transport_protocol: String,
    pub product_model: String,
    pub category_id: String,
    pub template_required: bool,
    pub is_template: bool,
    pub cleaning_expiry_days: i64,
    pub content: ThingModel,
    pub published_at: Option<i64>,
}

pub const TEMPLATES: Collection<Template> = Collection::new("templates");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TemplateInput {
    name: String,
    version_name: String,
    description: String,
    remark: String,
    development_method: String,
    transport_protocol: String,
    product_model: String,
    category_id: String,
    template_required: bool,
    is_template: bool,
    cleaning_expiry_days: Option<i64>,
    content: ThingModel,
}

/// What the form gives, checked; the bookkeeping fields come from the caller.
struct Checked {
    name: String,
    version_name: String,
    description: String,
    remark: String,
    development_method: String,
    transport_protocol: String,
    product_model: String,
    category_id: String,
    template_required: bool,
    is_template: bool,
    cleaning_expiry_days: i64,
    content: ThingModel,
}

impl TemplateInput {
    fn check(self, call: &mut Call<'_>) -> PluginResult<Checked> {
        let name = validate::required("name", &self.name, SHORT_TEXT)?;
        let version_name = validate::required("versionName", &self.version_name, 32)?;
        let description = validate::required("description", &self.description, LONG_TEXT)?;
        let remark = validate::required("remark", &self.remark, LONG_TEXT)?;
        let development_method = validate::one_of("developmentMethod", &self.development_method, &DEVELOPMENT_METHODS)?;
        let transport_protocol = validate::one_of("transportProtocol", &self.transport_protocol, &TRANSPORT_PROTOCOLS)?;
        let category_id = validate::required("categoryId", &self.category_id, 64)?;
        if CATEGORIES.get(call.host, &category_id)?.is_none() {
            return Err(PluginError::format(
                "categoryId",
                [
                    "已存在的分类",
                    "an existing category",
                    "eine vorhandene Kategorie",
                    "una categoría existente",
                    "une catégorie existante",
                    "uma categoria existente",
                    "существующая категория",
                ],
            ));
        }
        let days = validate::some("cleaningExpiryDays", self.cleaning_expiry_days)?;
        if !CLEANING_EXPIRY_DAYS.contains(&days) {
            return Err(PluginError::format_values("cleaningExpiryDays", "90 / 180 / 365"));
        }
        let units = units::all(call)?;
        Ok(Checked {
            name,
            version_name,
            description,
            remark,
            development_method,
            transport_protocol,
            product_model: validate::optional("productModel", &self.product_model, 64)?,
            category_id,
            template_required: self.template_required,
            is_template: self.is_template,
            cleaning_expiry_days: days,
            content: thing_model::clean(&self.content, &units)?,
        })
    }
}

impl Checked {
    fn into_template(self, template_key: String, version_no: i64) -> Template {
        Template {
            template_key,
            version_no,
            latest: true,
            status: CONFIGURING.into(),
            name: self.name,
            version_name: self.version_name,
            description: self.description,
            remark: self.remark,
            development_method: self.development_method,
            transport_protocol: self.transport_protocol,
            product_model: self.product_model,
            category_id: self.category_id,
            template_required: self.template_required,
            is_template: self.is_template,
            cleaning_expiry_days: self.cleaning_expiry_days,
            content: self.content,
            published_at: None,
        }
    }
}

fn refused(texts: [&str; 7]) -> PluginError {
    PluginError::localized(409, None, texts.map(str::to_string))
}

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let mode = call.search_mode();
    let mut query = Query::new().search("name", call.query("name"), mode);
    // One template's versions, or the newest version of each template.
    query = match call.query("templateKey").filter(|k| !k.is_empty()) {
        Some(key) => query.eq("templateKey", key).sort("versionNo", true),
        None => query.eq("latest", true).sort("createdAt", true),
    };
    query = query.eq_opt("status", call.query("status")).eq_opt("categoryId", call.query("categoryId"));
    let query = query.paged_by(call)?;
    let page = TEMPLATES.query(call.host, &query)?;
    Ok(json!(page))
}

pub fn get(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    Ok(json!(TEMPLATES.find(call.host, &id)?))
}

pub fn create(call: &mut Call<'_>) -> PluginResult<Value> {
    let checked = call.body::<TemplateInput>()?.check(call)?;
    let created = TEMPLATES.insert(call.host, &checked.into_template(String::new(), 1))?;
    // The first version's id names the template; set in the same transaction.
    let mut template = created.data;
    template.template_key = created.id.clone();
    let saved = TEMPLATES.update(call.host, &created.id, &template, Some(created.version))?;
    call.host.audit("Add a product template", &saved.data.name);
    Ok(json!(saved))
}

/// Saves a draft in place; a published version is never changed: its edit becomes the next
/// version, a draft, which the list shows from then on.
pub fn update(call: &mut Call<'_>) -> PluginResult<Value> {
    let version = call.version();
    let id = call.param("id")?.to_string();
    let current = TEMPLATES.find(call.host, &id)?;
    let checked = call.body::<TemplateInput>()?.check(call)?;
    if current.data.status == CONFIGURING {
        let template = checked.into_template(current.data.template_key.clone(), current.data.version_no);
        let template = Template { latest: current.data.latest, ..template };
        return Ok(json!(TEMPLATES.update(call.host, &id, &template, version)?));
    }
    if !current.data.latest {
        return Err(refused([
            "该模板已有更新的版本，请在最新版本上修改",
            "This template has a newer version; edit that one.",
            "Von dieser Vorlage gibt es eine neuere Version; bearbeiten Sie diese.",
            "Esta plantilla tiene una versión más reciente; modifique esa.",
            "Ce modèle a une version plus récente ; modifiez celle-ci.",
            "Este modelo tem uma versão mais recente; altere essa.",
            "У этого шаблона есть более новая версия; изменяйте её.",
        ]));
    }
    let mut previous = current.data.clone();
    previous.latest = false;
    // The version check guards the step: two editors cannot both begin version N+1.
    TEMPLATES.update(call.host, &id, &previous, Some(current.version))?;
    let draft = checked.into_template(current.data.template_key.clone(), current.data.version_no + 1);
    let created = TEMPLATES.insert(call.host, &draft)?;
    call.host.audit("Begin a new template version", &format!("{} v{}", created.data.name, created.data.version_no));
    Ok(json!(created))
}

/// Publishes a draft (after a confirmation that it cannot be modified afterwards).
pub fn publish(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let current = TEMPLATES.find(call.host, &id)?;
    if current.data.status != CONFIGURING {
        return Err(refused([
            "该版本已发布，不能再次发布",
            "This version is already published.",
            "Diese Version ist bereits veröffentlicht.",
            "Esta versión ya está publicada.",
            "Cette version est déjà publiée.",
            "Esta versão já está publicada.",
            "Эта версия уже опубликована.",
        ]));
    }
    let content = &current.data.content;
    if content.properties.is_empty() && content.events.is_empty() && content.services.is_empty() {
        return Err(PluginError::localized(
            400,
            Some("content"),
            [
                "物模型为空：请至少添加一个属性、事件或服务后再发布",
                "The thing model is empty: add at least one property, event or service before publishing.",
                "Das Dingmodell ist leer: Fügen Sie vor dem Veröffentlichen mindestens eine Eigenschaft, ein Ereignis oder einen Dienst hinzu.",
                "El modelo de objeto está vacío: añada al menos una propiedad, un evento o un servicio antes de publicar.",
                "Le modèle d’objet est vide : ajoutez au moins une propriété, un événement ou un service avant de publier.",
                "O modelo do objeto está vazio: adicione pelo menos uma propriedade, um evento ou um serviço antes de publicar.",
                "Модель устройства пуста: перед публикацией добавьте хотя бы одно свойство, событие или сервис.",
            ]
            .map(str::to_string),
        ));
    }
    let mut template = current.data.clone();
    template.status = PUBLISHED.into();
    template.published_at = Some(call.host.now_ms());
    let expected = call.version().or(Some(current.version));
    let published = TEMPLATES.update(call.host, &id, &template, expected)?;
    crate::synced::template_published(call, &published.data)?;
    call.host.audit("Publish a product template", &format!("{} v{}", published.data.name, published.data.version_no));
    Ok(json!(published))
}

/// Deletes a draft; published versions stay (products are built on them). Deleting a later
/// draft makes the version before it the newest again.
pub fn delete(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let current = TEMPLATES.find(call.host, &id)?;
    call.confirm_name(&current.data.name)?;
    if current.data.status != CONFIGURING {
        return Err(refused([
            "已发布的版本不能删除",
            "A published version cannot be deleted.",
            "Eine veröffentlichte Version kann nicht gelöscht werden.",
            "Una versión publicada no se puede eliminar.",
            "Une version publiée ne peut pas être supprimée.",
            "Uma versão publicada não pode ser eliminada.",
            "Опубликованную версию нельзя удалить.",
        ]));
    }
    TEMPLATES.delete(call.host, &id)?;
    if current.data.latest && current.data.version_no > 1 {
        let before = Query::new()
            .eq("templateKey", current.data.template_key.as_str())
            .eq("versionNo", current.data.version_no - 1)
            .page(1, 1);
        if let Some(previous) = TEMPLATES.query(call.host, &before)?.list.into_iter().next() {
            let mut data = previous.data;
            data.latest = true;
            TEMPLATES.update(call.host, &previous.id, &data, Some(previous.version))?;
        }
    }
    Ok(Value::Null)
}

/// One version in a template's history.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct VersionSummary {
    pub id: String,
    pub version_no: i64,
    pub version_name: String,
    pub status: String,
    pub latest: bool,
    pub published_at: Option<i64>,
    pub updated_at: i64,
}

/// A published version in a picker.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateOption {
    pub id: String,
    pub name: String,
    pub version_name: String,
    pub version_no: i64,
}

/// The versions of the template the path's version belongs to, newest first.
pub fn versions(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let current = TEMPLATES.find(call.host, &id)?;
    let query =
        Query::new().eq("templateKey", current.data.template_key.as_str()).sort("versionNo", true).page(1, 1000);
    let versions: Vec<VersionSummary> = TEMPLATES
        .query(call.host, &query)?
        .list
        .into_iter()
        .map(|v: Doc<Template>| VersionSummary {
            id: v.id,
            version_no: v.data.version_no,
            version_name: v.data.version_name,
            status: v.data.status,
            latest: v.data.latest,
            published_at: v.data.published_at,
            updated_at: v.updated_at,
        })
        .collect();
    Ok(json!(versions))
}

/// What was added, removed and changed from version `from` to version `to`.
pub fn compare(call: &mut Call<'_>) -> PluginResult<Value> {
    let from_id = validate::required("from", call.query("from").unwrap_or_default(), 64)?;
    let to_id = validate::required("to", call.query("to").unwrap_or_default(), 64)?;
    let from = TEMPLATES.find(call.host, &from_id)?;
    let to = TEMPLATES.find(call.host, &to_id)?;
    Ok(json!(thing_model::compare(&from.data.content, &to.data.content)))
}

/// Published versions for pickers (products choose a template version).
pub fn published(call: &mut Call<'_>) -> PluginResult<Value> {
    let query = Query::new()
        .eq("status", PUBLISHED)
        .search("name", call.query("name"), SearchMode::Fuzzy)
        .sort("createdAt", true)
        .page(1, 200);
    let list: Vec<TemplateOption> = TEMPLATES
        .query(call.host, &query)?
        .list
        .into_iter()
        .map(|t| TemplateOption {
            id: t.id,
            name: t.data.name,
            version_name: t.data.version_name,
            version_no: t.data.version_no,
        })
        .collect();
    Ok(json!(list))
}

/// A template version's thing model as a JSON document to download.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Exported {
    pub file_name: String,
    pub document: Value,
}

pub fn export(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let template = TEMPLATES.find(call.host, &id)?.data;
    let file_name =
        format!("{}-{}.json", template.name.replace(|c: char| !c.is_alphanumeric(), "-"), template.version_name);
    let platform = tsl::Platform::of(call.host)?;
    let document = tsl::export(&template.name, &template.version_name, &template.content, &platform);
    Ok(json!(Exported { file_name, document }))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct ImportInput {
    /// The document's text: this console's export or Alibaba Cloud TSL.
    document: String,
}

/// What an import did: the draft as saved, and the units it added to the unit list.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Imported {
    pub template: Doc<Template>,
    pub units_added: Vec<String>,
}

/// Replaces a draft's thing model with an imported one, checked by the same rules as a save.
/// Units the document names and the list lacks are added with the document's names.
pub fn import(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let input: ImportInput = call.body()?;
    let current = TEMPLATES.find(call.host, &id)?;
    if current.data.status != CONFIGURING {
        return Err(refused([
            "只能导入到配置中的版本",
            "A thing model can only be imported into a version being configured.",
            "Ein Dingmodell kann nur in eine Version in Konfiguration importiert werden.",
            "Solo se puede importar un modelo de objeto en una versión en configuración.",
            "Un modèle d’objet ne peut être importé que dans une version en configuration.",
            "Só é possível importar um modelo do objeto para uma versão em configuração.",
            "Модель устройства можно импортировать только в настраиваемую версию.",
        ]));
    }
    let platform = tsl::Platform::of(call.host)?;
    let (model, named_units) = tsl::import(&input.document, &platform)?;
    let mut units = units::all(call)?;
    let mut units_added = Vec::new();
    for (symbol, name) in named_units {
        if !units.contains_key(&symbol) {
            let unit = units::Unit {
                symbol: validate::required("unit", &symbol, 16)?,
                name: validate::required("unitName", &name, SHORT_TEXT)?,
            };
            units::UNITS.insert(call.host, &unit)?;
            units.insert(symbol.clone(), name);
            units_added.push(symbol);
        }
    }
    let mut template = current.data;
    template.content = thing_model::clean(&model, &units)?;
    let saved = TEMPLATES.update(call.host, &id, &template, Some(current.version))?;
    call.host.audit("Import a thing model", &saved.data.name);
    Ok(json!(Imported { template: saved, units_added }))
}
