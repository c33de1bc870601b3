//! Product categories: a tree (a parent category), name, English description, identifier,
//! picture and service region; each has its consumables.

use console_plugin_sdk::upload::{self, ImageFormat, StoredFile};
use console_plugin_sdk::validate::{self, LONG_TEXT, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Resource, Value, json};
use serde::{Deserialize, Serialize};

use crate::consumables::CONSUMABLES;
use crate::in_use;
use crate::templates::TEMPLATES;

/// The service regions a category is offered in.
pub const REGIONS: [&str; 3] = ["asia", "europe", "america"];
/// The deepest a category tree goes: deep enough for appliance families, shallow enough to show.
pub const MAX_DEPTH: usize = 5;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Category {
    pub name: String,
    pub description_en: String,
    /// Empty for a top-level category.
    pub parent_id: String,
    pub identifier: String,
    pub picture: Option<StoredFile>,
    pub region: String,
}

pub const CATEGORIES: Collection<Category> = Collection::new("categories");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CategoryInput {
    name: String,
    description_en: String,
    parent_id: String,
    identifier: String,
    /// The upload id of a new picture; empty keeps the current one.
    picture: String,
    region: String,
}

/// Letters, digits, `-` and `_`: what the category's identifier is in device topics and apps.
fn code(field: &str, value: &str) -> PluginResult<String> {
    let value = validate::required(field, value, 64)?;
    if value.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        Ok(value)
    } else {
        Err(PluginError::format(field, console_plugin_sdk::expected::CODE))
    }
}

/// The category's ancestors' ids, nearest first; refused when `id` is among them (a cycle).
fn ancestors(call: &mut Call<'_>, parent_id: &str, id: Option<&str>) -> PluginResult<Vec<String>> {
    let mut chain = Vec::new();
    let mut next = parent_id.to_string();
    while !next.is_empty() {
        if Some(next.as_str()) == id || chain.contains(&next) {
            return Err(PluginError::localized(
                400,
                Some("parentId"),
                [
                    "不能把分类放到它自己或它的下级分类之下".into(),
                    "A category cannot be placed under itself or one of its subcategories.".into(),
                    "Eine Kategorie kann nicht unter sich selbst oder eine ihrer Unterkategorien gestellt werden."
                        .into(),
                    "Una categoría no puede colocarse bajo sí misma ni bajo una de sus subcategorías.".into(),
                    "Une catégorie ne peut pas être placée sous elle-même ni sous l’une de ses sous-catégories.".into(),
                    "Uma categoria não pode ficar sob si mesma nem sob uma das suas subcategorias.".into(),
                    "Категорию нельзя поместить в неё саму или в одну из её подкатегорий.".into(),
                ],
            ));
        }
        let parent = CATEGORIES.get(call.host, &next)?.ok_or_else(|| {
            PluginError::format(
                "parentId",
                [
                    "已存在的分类",
                    "an existing category",
                    "eine vorhandene Kategorie",
                    "una categoría existente",
                    "une catégorie existante",
                    "uma categoria existente",
                    "существующая категория",
                ],
            )
        })?;
        chain.push(next);
        next = parent.data.parent_id;
    }
    if chain.len() >= MAX_DEPTH {
        return Err(PluginError::localized(
            400,
            Some("parentId"),
            [
                format!("分类最多 {MAX_DEPTH} 级"),
                format!("Categories go at most {MAX_DEPTH} levels deep."),
                format!("Kategorien haben höchstens {MAX_DEPTH} Ebenen."),
                format!("Las categorías tienen como máximo {MAX_DEPTH} niveles."),
                format!("Les catégories ont au plus {MAX_DEPTH} niveaux."),
                format!("As categorias têm no máximo {MAX_DEPTH} níveis."),
                format!("У категорий не больше {MAX_DEPTH} уровней."),
            ],
        ));
    }
    Ok(chain)
}

impl CategoryInput {
    fn validate(self, call: &mut Call<'_>, current: Option<&Doc<Category>>) -> PluginResult<Category> {
        let name = validate::required("name", &self.name, SHORT_TEXT)?;
        let description_en = validate::optional("descriptionEn", &self.description_en, LONG_TEXT)?;
        let identifier = code("identifier", &self.identifier)?;
        let region = validate::one_of("region", &self.region, &REGIONS)?;
        let parent_id = validate::optional("parentId", &self.parent_id, 64)?;
        ancestors(call, &parent_id, current.map(|c| c.id.as_str()))?;
        let picture = match self.picture.trim() {
            "" => match current {
                Some(current) => current.data.picture.clone(),
                None => return Err(PluginError::required("picture")),
            },
            upload_id => {
                let file = upload::claim(call.host, "picture", upload_id, "category-picture")?;
                // 168×168 px, PNG, transparent, within 500 KB, read from the file itself.
                upload::require_image("picture", &file, 168, 168, ImageFormat::Png, true, 500)?;
                Some(StoredFile::from(&file))
            }
        };
        Ok(Category { name, description_en, parent_id, identifier, picture, region })
    }
}

/// A category with a link to its picture, valid for an hour.
pub fn shown(call: &mut Call<'_>, doc: &Doc<Category>) -> Value {
    let mut value = json!(doc);
    if let Some(picture) = &doc.data.picture
        && let Ok(url) = call.host.file_access_url(&picture.object, &picture.file_name, 3600)
    {
        value["pictureUrl"] = json!(url);
    }
    value
}

pub struct Categories;

impl Resource for Categories {
    type Data = Category;
    type Input = CategoryInput;
    const COLLECTION: Collection<Category> = CATEGORIES;
    const SEARCH: &'static [&'static str] = &["name", "identifier"];
    const FILTERS: &'static [&'static str] = &["parentId", "region"];
    const SORT: &'static [(&'static str, bool)] = &[("createdAt", false)];
    const AUDIT_CREATE: Option<&'static str> = Some("Add a product category");

    fn name(category: &Category) -> &str {
        &category.name
    }

    fn validate(call: &mut Call<'_>, input: CategoryInput, current: Option<&Doc<Category>>) -> PluginResult<Category> {
        input.validate(call, current)
    }

    fn before_delete(call: &mut Call<'_>, category: &Doc<Category>) -> PluginResult<()> {
        let children = CATEGORIES.count(call.host, &Query::new().eq("parentId", category.id.as_str()))?;
        let consumables = CONSUMABLES.count(call.host, &Query::new().eq("categoryId", category.id.as_str()))?;
        let templates = TEMPLATES.count(call.host, &Query::new().eq("categoryId", category.id.as_str()))?;
        in_use(children + consumables + templates)
    }

    fn shown(call: &mut Call<'_>, doc: &Doc<Category>) -> Value {
        shown(call, doc)
    }
}

/// A category in the tree.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct CategoryNode {
    pub id: String,
    pub name: String,
    pub identifier: String,
    pub children: Vec<CategoryNode>,
}

/// Every category as a tree (for the pickers and the classify page's tree).
pub fn tree(call: &mut Call<'_>) -> PluginResult<Value> {
    let mut all = Vec::new();
    for page in 1.. {
        let batch = CATEGORIES.query(call.host, &Query::new().sort("createdAt", false).page(page, 1000))?;
        let done = batch.list.len() < 1000;
        all.extend(batch.list);
        if done {
            break;
        }
    }
    fn children(parent: &str, all: &[Doc<Category>]) -> Vec<CategoryNode> {
        all.iter()
            .filter(|c| c.data.parent_id == parent)
            .map(|c| CategoryNode {
                id: c.id.clone(),
                name: c.data.name.clone(),
                identifier: c.data.identifier.clone(),
                children: children(&c.id, all),
            })
            .collect()
    }
    Ok(json!(children("", &all)))
}
