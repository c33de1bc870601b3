//! Reference data of the platform: regions (continents are fixed, a region with sub-regions
//! cannot be deleted), languages and service areas.

use axum::extract::State;
use axum::http::Method;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{Created, DeleteByName, Page, REFERENCE_PAGE_SIZE, paging};
use crate::AppState;
use crate::api::{ApiError, ApiJson, ApiQuery, ApiResult, ApiRouter, Envelope, Perm, RouteSpec, done};
use crate::db::{LanguageRow, RegionRow, ServiceAreaRow};
use crate::i18n::{Lang, Msg};
use crate::validate::{self, SHORT_TEXT};

pub fn routes(api: ApiRouter) -> ApiRouter {
    api.route(
        RouteSpec::read(
            Method::GET,
            "/region-service-admin/common/region/listAll",
            Perm::SignedIn,
            "Regions as a tree of continents",
        )
        .query::<RegionQuery>()
        .data_page::<RegionNode>(),
        regions,
    )
    .route(
        RouteSpec::write("/region-service-admin/common/region/add", Perm::Action("region:add"), "Add a region")
            .body::<RegionInput>()
            .data::<Created>(),
        add_region,
    )
    .route(
        RouteSpec::write("/region-service-admin/common/region/update", Perm::Action("region:edit"), "Modify a region")
            .body::<RegionInput>(),
        update_region,
    )
    .route(
        RouteSpec::write(
            "/region-service-admin/common/region/delete",
            Perm::Action("region:delete"),
            "Delete a region",
        )
        .body::<DeleteByName>(),
        delete_region,
    )
    .route(
        RouteSpec::read(Method::GET, "/authority-service/language/list", Perm::SignedIn, "Languages")
            .data_list::<LanguageRow>(),
        languages,
    )
    .route(
        RouteSpec::write("/authority-service/language/add", Perm::Action("language:add"), "Add a language")
            .body::<LanguageInput>()
            .data::<Created>(),
        add_language,
    )
    .route(
        RouteSpec::write("/authority-service/language/update", Perm::Action("language:edit"), "Modify a language")
            .body::<LanguageInput>(),
        update_language,
    )
    .route(
        RouteSpec::write("/authority-service/language/delete", Perm::Action("language:delete"), "Delete a language")
            .body::<DeleteByName>(),
        delete_language,
    )
    .route(
        RouteSpec::read(Method::GET, "/sync-service/serviceAreaConfig/simpleList", Perm::SignedIn, "Service areas")
            .data_list::<ServiceAreaRow>(),
        service_areas,
    )
    .route(
        RouteSpec::write("/sync-service/serviceAreaConfig/add", Perm::Action("service-area:add"), "Add a service area")
            .body::<ServiceAreaInput>()
            .data::<Created>(),
        add_service_area,
    )
    .route(
        RouteSpec::write(
            "/sync-service/serviceAreaConfig/update",
            Perm::Action("service-area:edit"),
            "Modify a service area",
        )
        .body::<ServiceAreaInput>(),
        update_service_area,
    )
    .route(
        RouteSpec::write(
            "/sync-service/serviceAreaConfig/delete",
            Perm::Action("service-area:delete"),
            "Delete a service area",
        )
        .body::<DeleteByName>(),
        delete_service_area,
    )
    .route(
        RouteSpec::write(
            "/sync-service/serviceAreaConfig/servers",
            Perm::Action("service-area-config:edit"),
            "Set the servers of a service area",
        )
        .body::<ServiceAreaServers>(),
        configure_service_area,
    )
}

// ---- regions ----

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct RegionQuery {
    page: Option<i64>,
    page_size: Option<i64>,
    region_en: String,
    region_ch: String,
    region_abbr_en: String,
    region_abbr_short: String,
}

impl RegionQuery {
    /// Case-insensitive containment on every given filter.
    fn matches(&self, r: &RegionRow) -> bool {
        let has = |field: &str, wanted: &str| {
            wanted.trim().is_empty() || field.to_lowercase().contains(&wanted.trim().to_lowercase())
        };
        has(&r.region_en, &self.region_en)
            && has(&r.region_ch, &self.region_ch)
            && has(&r.region_abbr_en, &self.region_abbr_en)
            && has(&r.region_abbr_short, &self.region_abbr_short)
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegionNode {
    #[serde(flatten)]
    region: RegionRow,
    #[schema(no_recursion)]
    child_list: Vec<RegionNode>,
}

/// A node is kept when it matches the filters or has a descendant that does.
fn region_tree(rows: &[RegionRow], parent: i64, q: &RegionQuery) -> Vec<RegionNode> {
    rows.iter()
        .filter(|r| r.parent_id == parent && r.id != parent)
        .filter_map(|r| {
            let child_list = region_tree(rows, r.id, q);
            (q.matches(r) || !child_list.is_empty()).then(|| RegionNode { region: r.clone(), child_list })
        })
        .collect()
}

async fn regions(
    State(app): State<AppState>,
    ApiQuery(q): ApiQuery<RegionQuery>,
) -> ApiResult<Envelope<Page<RegionNode>>> {
    let paging = paging(q.page, q.page_size, REFERENCE_PAGE_SIZE)?;
    let rows = app.db.regions().await?;
    let continents = region_tree(&rows, 0, &q);
    let total = i64::try_from(continents.len()).unwrap_or(i64::MAX);
    let list = continents
        .into_iter()
        .skip(usize::try_from(paging.offset()).unwrap_or(usize::MAX))
        .take(usize::try_from(paging.page_size).unwrap_or(0))
        .collect();
    Ok(Envelope(Page::new((list, total), paging)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RegionInput {
    id: Option<i64>,
    /// Never 0: continents cannot be added or modified.
    parent_id: i64,
    region_en: String,
    region_full_en: String,
    region_ch: String,
    region_abbr_en: String,
    region_abbr_short: String,
    pinyin: String,
    disable_eu_us: bool,
}

async fn region_fields(app: &AppState, input: &RegionInput, id: i64) -> ApiResult<RegionRow> {
    if input.parent_id == 0 {
        return Err(ApiError::invalid("parentId", Msg::ContinentReadonly));
    }
    let rows = app.db.regions().await?;
    let mut ancestor = Some(input.parent_id);
    while let Some(current) = ancestor {
        if current == id {
            return Err(ApiError::invalid(
                "parentId",
                Msg::Format { field: "parentId".into(), expected: "a region outside this one" },
            ));
        }
        ancestor = rows.iter().find(|r| r.id == current).map(|r| r.parent_id).filter(|p| *p != 0);
    }
    if !rows.iter().any(|r| r.id == input.parent_id) {
        return Err(ApiError::invalid("parentId", Msg::NotFound));
    }
    let initial = |text: &str| text.chars().next().map(|c| c.to_uppercase().collect()).unwrap_or_default();
    let region_en = validate::code("regionEn", &input.region_en, SHORT_TEXT)?;
    let pinyin = validate::optional("pinyin", &input.pinyin, SHORT_TEXT)?.to_uppercase();
    let fields = RegionRow {
        id,
        initial_en: initial(&region_en),
        initial_ch: initial(&pinyin),
        parent_id: input.parent_id,
        region_en,
        region_full_en: validate::optional("regionFullEn", &input.region_full_en, SHORT_TEXT)?,
        region_ch: validate::required("regionCh", &input.region_ch, SHORT_TEXT)?,
        region_abbr_en: validate::code("regionAbbrEn", &input.region_abbr_en, 16)?,
        region_abbr_short: validate::optional("regionAbbrShort", &input.region_abbr_short, 16)?,
        pinyin,
        disable_eu_us: input.disable_eu_us,
    };
    if app.db.region_en_taken(&fields.region_en, id).await? {
        return Err(ApiError::duplicate("regionEn", &fields.region_en));
    }
    Ok(fields)
}

/// A region that is not a continent, or the continent rule's refusal.
async fn modifiable_region(app: &AppState, id: i64) -> ApiResult<RegionRow> {
    let region = app.db.region(id).await?.ok_or(ApiError::NotFound)?;
    if region.parent_id == 0 {
        // A refusal of this change, not of the route: a 403 would sign the user out.
        return Err(ApiError::Conflict(Msg::ContinentReadonly));
    }
    Ok(region)
}

async fn add_region(State(app): State<AppState>, ApiJson(input): ApiJson<RegionInput>) -> ApiResult<Envelope<Created>> {
    let fields = region_fields(&app, &input, 0).await?;
    Ok(Envelope(Created { id: app.db.save_region(None, &fields).await? }))
}

async fn update_region(State(app): State<AppState>, ApiJson(input): ApiJson<RegionInput>) -> ApiResult<Envelope<()>> {
    let region = modifiable_region(&app, validate::some("id", input.id)?).await?;
    let fields = region_fields(&app, &input, region.id).await?;
    app.db.save_region(Some(region.id), &fields).await?;
    Ok(done())
}

async fn delete_region(State(app): State<AppState>, ApiJson(req): ApiJson<DeleteByName>) -> ApiResult<Envelope<()>> {
    let region = modifiable_region(&app, req.id).await?;
    validate::confirm_name(&region.region_en, &req.confirm_name)?;
    if app.db.region_children(region.id).await? > 0 {
        return Err(ApiError::Conflict(Msg::HasSubRegions));
    }
    app.db.delete_region(region.id).await?;
    Ok(done())
}

// ---- languages ----

async fn languages(State(app): State<AppState>) -> ApiResult<Envelope<Vec<LanguageRow>>> {
    Ok(Envelope(app.db.languages().await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct LanguageInput {
    id: Option<i64>,
    name: String,
    name_en: String,
    code: String,
    is_default: bool,
}

async fn language_fields(app: &AppState, input: &LanguageInput, id: i64) -> ApiResult<LanguageRow> {
    let fields = LanguageRow {
        id,
        name: validate::required("name", &input.name, SHORT_TEXT)?,
        name_en: validate::required("nameEn", &input.name_en, SHORT_TEXT)?,
        code: validate::code("code", &input.code, 16)?,
        is_default: input.is_default,
    };
    if app.db.language_code_taken(&fields.code, id).await? {
        return Err(ApiError::duplicate("code", &fields.code));
    }
    Ok(fields)
}

fn is_console_language(code: &str) -> bool {
    Lang::ALL.iter().any(|l| l.code() == code)
}

async fn add_language(
    State(app): State<AppState>,
    ApiJson(input): ApiJson<LanguageInput>,
) -> ApiResult<Envelope<Created>> {
    let fields = language_fields(&app, &input, 0).await?;
    Ok(Envelope(Created { id: app.db.save_language(None, &fields).await? }))
}

async fn update_language(
    State(app): State<AppState>,
    ApiJson(input): ApiJson<LanguageInput>,
) -> ApiResult<Envelope<()>> {
    let current = app.db.language(validate::some("id", input.id)?).await?.ok_or(ApiError::NotFound)?;
    let fields = language_fields(&app, &input, current.id).await?;
    if is_console_language(&current.code) && fields.code != current.code {
        return Err(ApiError::Conflict(Msg::BuiltIn));
    }
    app.db.save_language(Some(current.id), &fields).await?;
    Ok(done())
}

async fn delete_language(State(app): State<AppState>, ApiJson(req): ApiJson<DeleteByName>) -> ApiResult<Envelope<()>> {
    let language = app.db.language(req.id).await?.ok_or(ApiError::NotFound)?;
    validate::confirm_name(&language.name, &req.confirm_name)?;
    if language.is_default || is_console_language(&language.code) {
        return Err(ApiError::Conflict(Msg::BuiltIn));
    }
    app.db.delete_language(language.id).await?;
    Ok(done())
}

// ---- service areas ----

async fn service_areas(State(app): State<AppState>) -> ApiResult<Envelope<Vec<ServiceAreaRow>>> {
    Ok(Envelope(app.db.service_areas().await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ServiceAreaInput {
    id: Option<i64>,
    area_code: String,
    area_name: String,
    default_open: bool,
}

async fn service_area_fields(app: &AppState, input: &ServiceAreaInput, id: i64) -> ApiResult<ServiceAreaRow> {
    let fields = ServiceAreaRow {
        id,
        area_code: validate::code("areaCode", &input.area_code, SHORT_TEXT)?,
        area_name: validate::required("areaName", &input.area_name, SHORT_TEXT)?,
        default_open: input.default_open,
        // Kept by the area's configuration, not by this form.
        api_server: String::new(),
        mqtt_server: String::new(),
    };
    if app.db.area_code_taken(&fields.area_code, id).await? {
        return Err(ApiError::duplicate("areaCode", &fields.area_code));
    }
    Ok(fields)
}

async fn add_service_area(
    State(app): State<AppState>,
    ApiJson(input): ApiJson<ServiceAreaInput>,
) -> ApiResult<Envelope<Created>> {
    let fields = service_area_fields(&app, &input, 0).await?;
    Ok(Envelope(Created { id: app.db.save_service_area(None, &fields).await? }))
}

async fn update_service_area(
    State(app): State<AppState>,
    ApiJson(input): ApiJson<ServiceAreaInput>,
) -> ApiResult<Envelope<()>> {
    let current = app.db.service_area(validate::some("id", input.id)?).await?.ok_or(ApiError::NotFound)?;
    let fields = service_area_fields(&app, &input, current.id).await?;
    app.db.save_service_area(Some(current.id), &fields).await?;
    Ok(done())
}

/// The servers of one service area: what its configuration page sets.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ServiceAreaServers {
    id: Option<i64>,
    /// `https://host[:port]`; empty: not configured.
    api_server: String,
    /// `mqtts://host:port` (or mqtt, ws, wss); empty: not configured.
    mqtt_server: String,
}

/// A service area's servers: each address must be of the right format. Both are checked before
/// either is kept.
async fn configure_service_area(
    State(app): State<AppState>,
    ApiJson(input): ApiJson<ServiceAreaServers>,
) -> ApiResult<Envelope<()>> {
    let area = app.db.service_area(validate::some("id", input.id)?).await?.ok_or(ApiError::NotFound)?;
    let api_server = validate::API_SERVER.check("apiServer", &input.api_server)?;
    let mqtt_server = validate::MQTT_SERVER.check("mqttServer", &input.mqtt_server)?;
    app.db.save_service_area_servers(area.id, &api_server, &mqtt_server).await?;
    Ok(done())
}

async fn delete_service_area(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<DeleteByName>,
) -> ApiResult<Envelope<()>> {
    let area = app.db.service_area(req.id).await?.ok_or(ApiError::NotFound)?;
    validate::confirm_name(&area.area_name, &req.confirm_name)?;
    app.db.delete_service_area(area.id).await?;
    Ok(done())
}
