//! Thing models, product models and products in the other service regions (the sync service,
//! `sdk::sync`). Each is published in the transaction that makes it final here (a published
//! template version, a released model, a product saved), and a change from another region is
//! applied without being published again.
//!
//! Store ids differ between regions, so a record travels with its references by natural key: a
//! template's category by its identifier, a product's template version as `templateKey@version`,
//! a model's products by product key. Enterprises are regional: a model arrives related to none.
//! A product's pictures travel as files (a sync record of type `file`).

use std::collections::BTreeMap;

use console_plugin_sdk::sync::{self, Change, Incoming, SyncedFile};
use console_plugin_sdk::upload::StoredFile;
use console_plugin_sdk::{Call, Doc, PluginError, PluginResult, Query, Value, json, validate};

use crate::categories::CATEGORIES;
use crate::models::{MODELS, ProductModel, RELEASED};
use crate::products::{PRODUCTS, Product};
use crate::templates::{PUBLISHED, TEMPLATES, Template};
use crate::{thing_model, units};

pub const THING_MODEL: &str = "thing-model";
pub const PRODUCT_MODEL: &str = "product-model";
pub const PRODUCT: &str = "product";

/// A template version's natural key, the same in every region.
pub fn version_key(template: &Template) -> String {
    format!("{}@{}", template.template_key, template.version_no)
}

fn wire_error(e: serde_json::Error) -> PluginError {
    PluginError::format_values("data", &e.to_string())
}

/// What a record may refer to that the other region lacks, named in each language (the
/// console's order: zhCn, en, de, es, fr, pt, ru).
#[derive(Clone, Copy)]
enum Missing {
    Category,
    ThingModel,
    Product,
}

impl Missing {
    fn names(self) -> [&'static str; 7] {
        match self {
            Missing::Category => {
                ["品类", "category", "die Kategorie", "la categoría", "la catégorie", "a categoria", "категории"]
            }
            Missing::ThingModel => [
                "物模型",
                "thing model",
                "das Dingmodell",
                "el modelo de objeto",
                "le modèle d’objet",
                "o modelo do objeto",
                "модели устройства",
            ],
            Missing::Product => {
                ["产品", "product", "das Produkt", "el producto", "le produit", "o produto", "продукта"]
            }
        }
    }
}

/// A reference the other region has not received yet (or never had): retried later.
fn not_here(what: Missing, key: &str) -> PluginError {
    let [zh, en, de, es, fr, pt, ru] = what.names();
    PluginError::localized(
        409,
        Some("data"),
        [
            format!("本区域还没有{zh}「{key}」：它同步过来后会再试。"),
            format!("This region has no {en} «{key}» yet: it is tried again once that has been synchronised."),
            format!("Diese Region hat {de} «{key}» noch nicht: erneuter Versuch nach der Synchronisierung."),
            format!("Esta región aún no tiene {es} «{key}»: se vuelve a intentar tras su sincronización."),
            format!("Cette région n’a pas encore {fr} « {key} » : nouvel essai après sa synchronisation."),
            format!("Esta região ainda não tem {pt} «{key}»: tenta-se de novo após a sua sincronização."),
            format!("В этом регионе ещё нет {ru} «{key}»: попытка повторится после синхронизации."),
        ],
    )
}

// ---- publishing -------------------------------------------------------------------------

/// A template version just published here.
pub fn template_published(call: &mut Call<'_>, template: &Template) -> PluginResult<()> {
    let category = match template.category_id.as_str() {
        "" => String::new(),
        id => CATEGORIES.get(call.host, id)?.map(|c| c.data.identifier).unwrap_or_default(),
    };
    let mut data = json!(template);
    strip(&mut data, &["categoryId", "latest"]);
    data["categoryIdentifier"] = json!(category);
    // The units it names, so the other region can check it against the same list.
    let all = units::all(call)?;
    let mut used = BTreeMap::new();
    units_named(&json!(template.content), &mut |symbol| {
        if let Some(name) = all.get(symbol) {
            used.insert(symbol.to_string(), name.clone());
        }
    });
    data["units"] = json!(used);
    sync::publish(call.host, &Change::upsert(THING_MODEL, &version_key(template), data))
}

/// A model just released here, or a released one changed.
pub fn model_saved(call: &mut Call<'_>, model: &ProductModel) -> PluginResult<()> {
    if model.status != RELEASED {
        return Ok(());
    }
    let mut keys = Vec::new();
    for id in &model.product_ids {
        if let Some(product) = PRODUCTS.get(call.host, id)? {
            keys.push(product.data.product_key);
        }
    }
    let mut data = json!(model);
    strip(&mut data, &["productIds", "enterpriseIds"]);
    data["productKeys"] = json!(keys);
    sync::publish(call.host, &Change::upsert(PRODUCT_MODEL, &model.code, data))
}

/// A product added or changed here (its status too).
pub fn product_saved(call: &mut Call<'_>, product: &Product) -> PluginResult<()> {
    let template = TEMPLATES.find(call.host, &product.template_id)?;
    let mut data = json!(product);
    strip(&mut data, &["templateId"]);
    data["template"] = json!(version_key(&template.data));
    let files = pictures(product)
        .map(|f| SyncedFile { name: f.object.clone(), size: f.size, sha256: f.sha256.clone() })
        .collect();
    sync::publish(call.host, &Change::upsert(PRODUCT, &product.product_key, data).with_files(files))
}

pub fn product_deleted(call: &mut Call<'_>, product: &Product) -> PluginResult<()> {
    sync::publish(call.host, &Change::delete(PRODUCT, &product.product_key))
}

fn pictures(product: &Product) -> impl Iterator<Item = &StoredFile> {
    product
        .image
        .iter()
        .chain(product.pairing_guide.picture.iter())
        .chain(product.pairing_guide.scene_picture.iter())
        .chain(product.startup_guide.images.iter())
        .chain(product.splash.image.iter())
}

fn pictures_mut(product: &mut Product) -> impl Iterator<Item = &mut StoredFile> {
    product
        .image
        .iter_mut()
        .chain(product.pairing_guide.picture.iter_mut())
        .chain(product.pairing_guide.scene_picture.iter_mut())
        .chain(product.startup_guide.images.iter_mut())
        .chain(product.splash.image.iter_mut())
}

fn strip(data: &mut Value, fields: &[&str]) {
    if let Some(object) = data.as_object_mut() {
        for field in fields {
            object.remove(*field);
        }
    }
}

/// Every unit symbol a thing model names (`"unit": "..."` at any depth).
fn units_named(value: &Value, found: &mut dyn FnMut(&str)) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                match (key.as_str(), inner) {
                    ("unit", Value::String(symbol)) if !symbol.is_empty() => found(symbol),
                    _ => units_named(inner, found),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| units_named(item, found)),
        _ => {}
    }
}

// ---- applying ---------------------------------------------------------------------------

/// `POST /internal/sync/apply` (the sync service only).
pub fn apply(call: &mut Call<'_>) -> PluginResult<Value> {
    if call.host.calling_plugin().as_deref() != Some(sync::SYNC_PLUGIN) {
        return Err(PluginError::forbidden());
    }
    let incoming: Incoming = call.body()?;
    match (incoming.change.domain.as_str(), incoming.change.op.as_str()) {
        (THING_MODEL, "upsert") => apply_template(call, &incoming)?,
        (PRODUCT_MODEL, "upsert") => apply_model(call, &incoming)?,
        (PRODUCT, "upsert") => apply_product(call, &incoming)?,
        (PRODUCT, "delete") => delete_product(call, &incoming.change.key)?,
        _ => return Err(PluginError::format_values("domain", "thing-model, product-model, product")),
    }
    Ok(Value::Null)
}

fn apply_template(call: &mut Call<'_>, incoming: &Incoming) -> PluginResult<()> {
    let mut data = incoming.change.data.clone();
    let category = data["categoryIdentifier"].as_str().unwrap_or_default().to_string();
    let category_id = if category.is_empty() {
        String::new()
    } else {
        let query = Query::new().eq("identifier", category.as_str()).page(1, 1);
        let found = CATEGORIES.query(call.host, &query)?.list.into_iter().next();
        found.ok_or_else(|| not_here(Missing::Category, &category))?.id
    };
    let given_units: BTreeMap<String, String> = serde_json::from_value(data["units"].take()).unwrap_or_default();
    strip(&mut data, &["categoryIdentifier", "units"]);
    data["categoryId"] = json!(category_id);
    data["latest"] = json!(false);
    let mut template: Template = serde_json::from_value(data).map_err(wire_error)?;
    template.status = PUBLISHED.into();

    // The units it names that this region lacks are added, as an import does.
    let mut units = units::all(call)?;
    for (symbol, name) in given_units {
        if let std::collections::btree_map::Entry::Vacant(missing) = units.entry(symbol) {
            let unit = units::Unit {
                symbol: validate::required("unit", missing.key(), 16)?,
                name: validate::required("unitName", &name, validate::SHORT_TEXT)?,
            };
            units::UNITS.insert(call.host, &unit)?;
            missing.insert(name);
        }
    }
    template.content = thing_model::clean(&template.content, &units)?;

    let versions = TEMPLATES.query(call.host, &Query::new().eq("templateKey", template.template_key.as_str()))?.list;
    template.latest = versions.iter().all(|v| v.data.version_no <= template.version_no);
    if template.latest {
        for older in versions.iter().filter(|v| v.data.latest && v.data.version_no != template.version_no) {
            let mut data = older.data.clone();
            data.latest = false;
            TEMPLATES.update(call.host, &older.id, &data, None)?;
        }
    }
    match versions.iter().find(|v| v.data.version_no == template.version_no) {
        Some(same) => TEMPLATES.update(call.host, &same.id, &template, None)?,
        None => TEMPLATES.insert(call.host, &template)?,
    };
    Ok(())
}

fn template_by_version(call: &mut Call<'_>, reference: &str) -> PluginResult<Doc<Template>> {
    let (key, version) = reference.rsplit_once('@').unwrap_or((reference, ""));
    let query = Query::new()
        .eq("templateKey", key)
        .eq("versionNo", version.parse::<i64>().unwrap_or(-1))
        .eq("status", PUBLISHED)
        .page(1, 1);
    TEMPLATES.query(call.host, &query)?.list.into_iter().next().ok_or_else(|| not_here(Missing::ThingModel, reference))
}

fn product_by_key(call: &mut Call<'_>, key: &str) -> PluginResult<Option<Doc<Product>>> {
    Ok(PRODUCTS.query(call.host, &Query::new().eq("productKey", key).page(1, 1))?.list.into_iter().next())
}

fn apply_model(call: &mut Call<'_>, incoming: &Incoming) -> PluginResult<()> {
    let mut data = incoming.change.data.clone();
    let keys: Vec<String> = serde_json::from_value(data["productKeys"].take()).unwrap_or_default();
    let mut product_ids = Vec::with_capacity(keys.len());
    for key in &keys {
        product_ids.push(product_by_key(call, key)?.ok_or_else(|| not_here(Missing::Product, key))?.id);
    }
    strip(&mut data, &["productKeys"]);
    data["productIds"] = json!(product_ids);
    data["enterpriseIds"] = json!([]);
    let mut model: ProductModel = serde_json::from_value(data).map_err(wire_error)?;
    let query = Query::new().eq("code", incoming.change.key.as_str()).page(1, 1);
    match MODELS.query(call.host, &query)?.list.into_iter().next() {
        Some(current) => {
            // The enterprises related here stay related.
            model.enterprise_ids = current.data.enterprise_ids.clone();
            MODELS.update(call.host, &current.id, &model, None)?
        }
        None => MODELS.insert(call.host, &model)?,
    };
    Ok(())
}

fn apply_product(call: &mut Call<'_>, incoming: &Incoming) -> PluginResult<()> {
    let mut data = incoming.change.data.clone();
    let reference = data["template"].as_str().unwrap_or_default().to_string();
    let template = template_by_version(call, &reference)?;
    strip(&mut data, &["template"]);
    data["templateId"] = json!(template.id);
    let mut product: Product = serde_json::from_value(data).map_err(wire_error)?;
    if product.product_key != incoming.change.key {
        return Err(PluginError::format_values("key", &product.product_key));
    }
    // Only the pictures that came with it: a record naming another object is refused.
    let carried: Vec<&str> = incoming.change.files.iter().map(|f| f.name.as_str()).collect();
    if let Some(stray) = pictures(&product).find(|f| !carried.contains(&f.object.as_str())) {
        return Err(PluginError::format_values("files", &stray.object));
    }
    for picture in pictures_mut(&mut product) {
        picture.object = sync::local_name(&incoming.from_node, &picture.object);
    }
    let current = product_by_key(call, &product.product_key)?;
    // The files first: a network request comes before the call's first write.
    sync::fetch_files(call.host, incoming)?;
    match &current {
        Some(doc) => {
            PRODUCTS.update(call.host, &doc.id, &product, None)?;
            let kept: Vec<&str> = pictures(&product).map(|f| f.object.as_str()).collect();
            for gone in pictures(&doc.data).filter(|f| !kept.contains(&f.object.as_str())) {
                call.host.file_delete(&gone.object).map_err(PluginError::internal)?;
            }
        }
        None => {
            PRODUCTS.insert(call.host, &product)?;
        }
    }
    Ok(())
}

fn delete_product(call: &mut Call<'_>, key: &str) -> PluginResult<()> {
    let Some(current) = product_by_key(call, key)? else { return Ok(()) };
    PRODUCTS.delete(call.host, &current.id)?;
    for file in pictures(&current.data) {
        call.host.file_delete(&file.object).map_err(PluginError::internal)?;
    }
    Ok(())
}
