//! The product domain (/product-manage): categories and their consumables, the unit list,
//! thing-model templates with their versions, product models and products. Devices, firmware,
//! apps and customer service refer to what is defined here.

pub mod audit;
pub mod categories;
pub mod consumables;
pub mod guide;
pub mod internal;
pub mod models;
pub mod products;
pub mod sn_groups;
pub mod sn_rules;
pub mod sn_sheets;
pub mod synced;
pub mod templates;
pub mod thing_model;
pub mod tsl;
pub mod units;

use console_plugin_sdk::describe::{MODE, PAGING, QueryParam};
use console_plugin_sdk::export::ExportedFile;
use console_plugin_sdk::{Doc, Plugin, PluginError, PluginResult, Router, export_plugin};

pub struct Product;

/// Refuses deleting what is still referred to ("Delete failed").
pub fn in_use(references: u64) -> PluginResult<()> {
    if references == 0 {
        return Ok(());
    }
    Err(PluginError::localized(
        409,
        None,
        [
            format!("删除失败：仍有 {references} 项数据引用它"),
            format!("Delete failed: {references} items still refer to it."),
            format!("Löschen fehlgeschlagen: {references} Einträge verweisen noch darauf."),
            format!("Error al eliminar: {references} elementos aún hacen referencia a él."),
            format!("Échec de la suppression : {references} éléments y font encore référence."),
            format!("Falha ao eliminar: {references} itens ainda fazem referência a ele."),
            format!("Не удалось удалить: на него ещё ссылаются элементы ({references})."),
        ],
    ))
}

const TEMPLATE_QUERY: [QueryParam; 7] = [
    QueryParam::text("name", "Searched in the search mode."),
    QueryParam::text("templateKey", "One template's versions, newest first (else the newest version of each)."),
    QueryParam::text("status", "configuring or published."),
    QueryParam::text("categoryId", "The category's templates."),
    PAGING[0],
    PAGING[1],
    MODE,
];

const AUDIT_QUERY: [QueryParam; 11] = [
    QueryParam::text("auditState", "unmoderated, approved or rejected."),
    QueryParam::text("productId", "One product's applications."),
    QueryParam::text("applicant", "Searched in the search mode."),
    QueryParam::text("auditor", "Searched in the search mode."),
    QueryParam::integer("appliedFrom", "Applied from (Unix milliseconds)."),
    QueryParam::integer("appliedTo", "Applied until (Unix milliseconds)."),
    QueryParam::integer("auditedFrom", "Audited from (Unix milliseconds)."),
    QueryParam::integer("auditedTo", "Audited until (Unix milliseconds)."),
    PAGING[0],
    PAGING[1],
    MODE,
];

const GROUP_QUERY: [QueryParam; 7] = [
    QueryParam::text("label", "Searched in the search mode."),
    QueryParam::text("modelId", "The model's groups."),
    QueryParam::text("state", "active or cancelled."),
    QueryParam::text("source", "generated, entered or imported."),
    PAGING[0],
    PAGING[1],
    MODE,
];

const SN_QUERY: [QueryParam; 7] = [
    QueryParam::text("sn", "Precise: the SN itself; fuzzy: SNs starting with it."),
    QueryParam::text("modelId", "The model's SNs."),
    QueryParam::text("groupId", "The group's SNs."),
    QueryParam::text("activated", "true or false."),
    PAGING[0],
    PAGING[1],
    MODE,
];

const COMPARE_QUERY: [QueryParam; 2] =
    [QueryParam::text("from", "The earlier version's id."), QueryParam::text("to", "The later version's id.")];

impl Plugin for Product {
    fn router() -> Router {
        Router::new()
            .resource::<categories::Categories>("/categories", "/categories/{id}")
            .get("/category-tree", categories::tree)
            .with_data_list::<categories::CategoryNode>()
            // The same tree for the template form's picker, under the template page's action.
            .get("/category-options", categories::tree)
            .with_data_list::<categories::CategoryNode>()
            .resource::<consumables::Consumables>("/consumables", "/consumables/{id}")
            .get("/consumable-templates", consumables::template_choices)
            .with_query(&[QueryParam::text("categoryId", "The consumable's category: its templates come first.")])
            .with_data::<Vec<console_plugin_sdk::choices::Choice>>()
            .resource::<units::UnitList>("/units", "/units/{id}")
            .resource::<models::Models>("/models", "/models/{id}")
            .post("/models/{id}/release", models::release)
            .with_data::<Doc<models::ProductModel>>()
            .resource::<sn_rules::SnRules>("/sn-rules", "/sn-rules/{id}")
            .get("/sn-groups", sn_groups::list)
            .with_query(&GROUP_QUERY)
            .with_data_page::<Doc<sn_groups::GroupShown>>()
            .post("/sn-groups", sn_groups::create)
            .with_body::<sn_groups::GroupInput>()
            .with_data::<Doc<sn_groups::GroupShown>>()
            .post("/sn-groups/entered", sn_sheets::enter)
            .with_body::<sn_sheets::EnteredInput>()
            .with_data::<Doc<sn_groups::GroupShown>>()
            .post("/sn-groups/import", sn_sheets::import)
            .with_body::<sn_sheets::ImportInput>()
            .with_data::<Doc<sn_groups::GroupShown>>()
            .get("/sn-groups/import-template", sn_sheets::import_template)
            .with_data::<ExportedFile>()
            .put("/sn-groups/{id}", sn_groups::rename)
            .with_body::<sn_groups::LabelInput>()
            .with_data::<Doc<sn_groups::GroupShown>>()
            .delete("/sn-groups/{id}", sn_groups::delete)
            .with_body::<sn_groups::DeleteInput>()
            .with_data::<sn_groups::Deleted>()
            .post("/sn-groups/{id}/cancel", sn_groups::cancel)
            .with_data::<Doc<sn_groups::GroupShown>>()
            .get("/sn-groups/{id}/export", sn_sheets::export)
            .with_data::<ExportedFile>()
            .get("/sn-groups/{id}/keys", sn_sheets::factory_keys)
            .with_data::<ExportedFile>()
            // The released models for the SN pages' pickers, under each page's own action.
            .get("/sn-model-options", models::released_options)
            .with_data_list::<models::ModelOption>()
            .get("/sn-query-models", models::released_options)
            .with_data_list::<models::ModelOption>()
            .get("/sns", sn_groups::sns)
            .with_query(&SN_QUERY)
            .with_data_page::<Doc<sn_groups::DeviceSn>>()
            .get("/internal/sns/{sn}", sn_groups::facts)
            .with_data::<sn_groups::SnFacts>()
            .post("/internal/sns/{sn}/verify", sn_groups::verify)
            .with_query(&[QueryParam::text("activate", "true: the first valid signature marks the SN activated.")])
            .with_body::<sn_groups::SignedInput>()
            .with_data::<sn_groups::Verified>()
            .post("/internal/sns/{sn}/initialise", sn_groups::initialise)
            .resource::<products::Products>("/products", "/products/{id}")
            .get("/model-products", products::model_options)
            .with_data_list::<console_plugin_sdk::choices::Choice>()
            .put("/product-order", products::sort)
            .with_body::<products::SortInput>()
            .with_no_data()
            .post("/products/{id}/status-applications", audit::apply)
            .with_body::<audit::ApplicationInput>()
            .with_data::<Doc<audit::StatusApplication>>()
            .get("/status-applications", audit::list)
            .with_query(&AUDIT_QUERY)
            .with_data_page::<Doc<audit::StatusApplication>>()
            .post("/approvals/product-status", audit::decided)
            .with_no_data()
            .get("/internal/products/{id}", internal::product_by_id)
            .with_data::<internal::ProductFacts>()
            .get("/internal/products/by-key/{productKey}", internal::product_by_key)
            .with_data::<internal::ProductFacts>()
            .get("/internal/product-categories", internal::product_categories)
            .with_data_list::<internal::ProductCategory>()
            .get("/internal/model-options", internal::model_options)
            .with_data_list::<internal::ProductWithModels>()
            .get("/internal/models/by-code/{code}", internal::model_by_code)
            .with_data::<Doc<models::ProductModel>>()
            .get("/templates", templates::list)
            .with_query(&TEMPLATE_QUERY)
            .with_data_page::<Doc<templates::Template>>()
            .post("/templates", templates::create)
            .with_body::<templates::TemplateInput>()
            .with_data::<Doc<templates::Template>>()
            .get("/templates/{id}", templates::get)
            .with_data::<Doc<templates::Template>>()
            .put("/templates/{id}", templates::update)
            .with_body::<templates::TemplateInput>()
            .with_data::<Doc<templates::Template>>()
            .delete("/templates/{id}", templates::delete)
            .with_no_data()
            .post("/templates/{id}/publish", templates::publish)
            .with_data::<Doc<templates::Template>>()
            .get("/templates/{id}/versions", templates::versions)
            .with_data_list::<templates::VersionSummary>()
            .get("/templates/{id}/export", templates::export)
            .with_data::<templates::Exported>()
            .post("/templates/{id}/import", templates::import)
            .with_body::<templates::ImportInput>()
            .with_data::<templates::Imported>()
            .get("/guide-screens", guide::get)
            .with_data::<guide::GuideSettings>()
            .put("/guide-screens", guide::save)
            .with_body::<guide::GuideInput>()
            .with_data::<guide::GuideSettings>()
            .get("/template-comparison", templates::compare)
            .with_query(&COMPARE_QUERY)
            .with_data::<thing_model::Comparison>()
            // The sync service: a change from another region, and URLs of a product's pictures.
            .post("/internal/sync/apply", synced::apply)
            .with_body::<console_plugin_sdk::sync::Incoming>()
            .post(console_plugin_sdk::sync::FILE_URLS, console_plugin_sdk::sync::file_urls)
            .with_body::<console_plugin_sdk::sync::FileUrlsInput>()
            .get("/published-templates", templates::published)
            .with_query(&[QueryParam::text("name", "Searched in the name.")])
            .with_data_list::<templates::TemplateOption>()
    }
}

export_plugin!(Product);
