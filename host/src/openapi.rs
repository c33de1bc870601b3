//! The OpenAPI document of the core routes, built from the route catalogue so that it cannot
//! drift from what the router serves.

use std::sync::Arc;

use axum::Extension;
use axum::extract::State;
use axum::response::IntoResponse;
use utoipa::openapi::extensions::ExtensionsBuilder;
use utoipa::openapi::path::{HttpMethod, OperationBuilder, PathItem};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::schema::Schema;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{
    ComponentsBuilder, ContentBuilder, InfoBuilder, OpenApi, OpenApiBuilder, PathsBuilder, Ref, RefOr,
};

use serde_json::{Value, json};

use crate::AppState;
use crate::api::{Answer, Effect, Perm, RouteDoc};
use crate::plugins::LoadedPlugin;
use crate::plugins::manifest::RouteCaller;

/// The `{name}` segments of a path, declared as required string path parameters.
fn path_parameters(path: &str) -> Vec<utoipa::openapi::path::Parameter> {
    use utoipa::openapi::path::{ParameterBuilder, ParameterIn};
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    path.split('/')
        .filter_map(|segment| segment.strip_prefix('{')?.strip_suffix('}'))
        .map(|name| {
            ParameterBuilder::new()
                .name(name.trim_start_matches('*'))
                .parameter_in(ParameterIn::Path)
                .required(utoipa::openapi::Required::True)
                .schema(Some(ObjectBuilder::new().schema_type(Type::String)))
                .build()
        })
        .collect()
}

/// Success: the envelope `{code: 200, msg, data}` with the route's `data` (`null` if it has none).
fn success_response(data: Option<RefOr<Schema>>) -> utoipa::openapi::Response {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    let data = data.unwrap_or_else(|| ObjectBuilder::new().schema_type(Type::Null).into());
    let envelope = ObjectBuilder::new()
        .property("code", ObjectBuilder::new().schema_type(Type::Integer))
        .property("msg", ObjectBuilder::new().schema_type(Type::String))
        .property("data", data)
        .required("code")
        .required("msg")
        .required("data");
    utoipa::openapi::ResponseBuilder::new()
        .description("Success: the envelope {code: 200, msg, data}")
        .content("application/json", ContentBuilder::new().schema(Some(envelope)).build())
        .build()
}

/// A streamed file: the raw bytes, or a form with a `file` field.
fn file_body() -> utoipa::openapi::request_body::RequestBody {
    use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
    let binary =
        || ObjectBuilder::new().schema_type(Type::String).format(Some(SchemaFormat::KnownFormat(KnownFormat::Binary)));
    RequestBodyBuilder::new()
        .content("application/octet-stream", ContentBuilder::new().schema(Some(binary())).build())
        .content(
            "multipart/form-data",
            ContentBuilder::new()
                .schema(Some(ObjectBuilder::new().property("file", binary()).required("file")))
                .build(),
        )
        .required(Some(utoipa::openapi::Required::True))
        .build()
}

/// A refusal, with any status: the envelope with its code and the message in the caller's
/// language (`data.field` names the field at fault).
fn refusal_response() -> utoipa::openapi::Response {
    utoipa::openapi::ResponseBuilder::new()
        .description("A refusal: the envelope with the code and the message in the caller's language")
        .content("application/json", ContentBuilder::new().schema(Some(Ref::from_schema_name("Envelope"))).build())
        .build()
}

/// This document itself (OpenAPI 3.1 JSON).
fn document_response() -> utoipa::openapi::Response {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    utoipa::openapi::ResponseBuilder::new()
        .description("The OpenAPI document")
        .content(
            "application/json",
            ContentBuilder::new().schema(Some(ObjectBuilder::new().schema_type(Type::Object))).build(),
        )
        .build()
}

/// The OAuth endpoints' answers: a JSON object, a redirect, or an RFC 6749 §5.2 error object.
fn oauth_responses(operation: OperationBuilder) -> OperationBuilder {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    let object = |description: &str| {
        utoipa::openapi::ResponseBuilder::new()
            .description(description)
            .content(
                "application/json",
                ContentBuilder::new().schema(Some(ObjectBuilder::new().schema_type(Type::Object))).build(),
            )
            .build()
    };
    let redirect = utoipa::openapi::ResponseBuilder::new()
        .description("To the consent page, or back to the client's callback")
        .build();
    operation
        .response("200", object("The protocol's answer (RFC 6749, 7009, 7662)"))
        .response("303", redirect)
        .response("default", object("An OAuth error {error, error_description}, or the envelope"))
}

/// A download: the file's bytes, whole (200) or the requested range (206).
fn file_responses(operation: OperationBuilder) -> OperationBuilder {
    use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
    let file = |description: &str| {
        let binary =
            ObjectBuilder::new().schema_type(Type::String).format(Some(SchemaFormat::KnownFormat(KnownFormat::Binary)));
        utoipa::openapi::ResponseBuilder::new()
            .description(description)
            .content("application/octet-stream", ContentBuilder::new().schema(Some(binary)).build())
            .build()
    };
    operation.response("200", file("The whole file")).response("206", file("The requested range (HTTP Range)"))
}

/// Any JSON (what a plugin route answers until its plugin describes it).
fn any_value() -> RefOr<Schema> {
    utoipa::openapi::schema::ObjectBuilder::new().schema_type(utoipa::openapi::schema::SchemaType::AnyValue).into()
}

fn envelope_schema() -> utoipa::openapi::schema::Schema {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    ObjectBuilder::new()
        .property("code", ObjectBuilder::new().schema_type(Type::Integer))
        .property("msg", ObjectBuilder::new().schema_type(Type::String))
        // Any JSON: the route's data on success, `null` or `{field}` on a refusal.
        .property("data", ObjectBuilder::new().schema_type(utoipa::openapi::schema::SchemaType::AnyValue))
        // On a refusal or a failure: the request's id (its `x-request-id`), to quote.
        .property("requestId", ObjectBuilder::new().schema_type(Type::String))
        .required("code")
        .required("msg")
        .into()
}

pub fn document(catalog: &[RouteDoc]) -> OpenApi {
    let mut paths = PathsBuilder::new();
    let mut components = ComponentsBuilder::new()
        .security_scheme("authorization", SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("authorization"))))
        .schema("Envelope", envelope_schema());
    let mut named = crate::api::Components::new();
    for route in catalog.iter().filter(|r| !r.any_method) {
        let (permission, tag) = match route.perm {
            Perm::Public => ("public".to_string(), "public".to_string()),
            Perm::SignedIn => ("any signed-in user".to_string(), "signed-in".to_string()),
            Perm::Device => ("a device key of the plugin".to_string(), "device".to_string()),
            Perm::Action(action) => (format!("button action `{action}`"), format!("action:{action}")),
        };
        // Machine-readable for clients and for the permission tests that walk every route.
        let extensions = ExtensionsBuilder::new()
            .add("x-permission", tag)
            .add("x-writes", matches!(route.effect, Effect::Write | Effect::Stream))
            .build();
        let mut parameters = path_parameters(route.path);
        parameters.extend(route.query.map(|query| query()).unwrap_or_default());
        let mut operation = OperationBuilder::new()
            .summary(Some(route.summary))
            .description(Some(match route.answer {
                Answer::OAuth => format!("Permission: {permission}. Answers as the OAuth RFCs say."),
                _ => format!("Permission: {permission}. Answers the envelope {{code, msg, data}}."),
            }))
            .extensions(Some(extensions))
            .parameters(Some(parameters))
            .tag(route.path.trim_start_matches('/').split('/').next().unwrap_or("core"));
        operation = match route.answer {
            Answer::Envelope => operation.response("200", success_response(route.data_schema.map(|f| f(&mut named)))),
            Answer::File => file_responses(operation),
            Answer::Document => operation.response("200", document_response()),
            Answer::OAuth => operation,
        };
        operation = match route.answer {
            Answer::OAuth => oauth_responses(operation),
            _ => operation.response("default", refusal_response()),
        };
        if route.perm != Perm::Public {
            operation = operation.security(SecurityRequirement::new::<_, _, &str>("authorization", []));
        }
        if let Some(schema) = route.body_schema {
            let schema = schema(&mut named);
            operation = operation.request_body(Some(
                RequestBodyBuilder::new()
                    .content("application/json", ContentBuilder::new().schema(Some(schema)).build())
                    .required(Some(utoipa::openapi::Required::True))
                    .build(),
            ));
        }
        if route.effect == Effect::Stream {
            operation = operation.request_body(Some(file_body()));
        }
        let method = if route.method == axum::http::Method::GET { HttpMethod::Get } else { HttpMethod::Post };
        paths = paths.path(format!("/api{}", route.path), PathItem::new(method, operation.build()));
    }
    components = components.schemas_from_iter(named);
    OpenApiBuilder::new()
        .info(
            InfoBuilder::new()
                .title("Device Console core API")
                .version(env!("CARGO_PKG_VERSION"))
                .description(Some("Core host routes. Headers: authorization, tenantId, menuId, lang.")),
        )
        .paths(paths.build())
        .components(Some(components.build()))
        .build()
}

/// The document as served: the core part built once at start, the whole document once per set
/// of loaded plugin builds, then answered from memory (a reload or a new plugin builds it anew).
pub struct ServedDocument {
    core: OpenApi,
    /// The builds it was made for (held, so that no new build can take a freed one's address).
    built: std::sync::Mutex<Option<(Vec<Arc<LoadedPlugin>>, axum::body::Bytes)>>,
}

impl ServedDocument {
    pub fn new(core: OpenApi) -> ServedDocument {
        ServedDocument { core, built: std::sync::Mutex::new(None) }
    }
}

/// Serves the core document with the routes of the plugins loaded now; the route itself is in
/// the catalogue (public).
pub async fn serve(
    State(app): State<AppState>,
    Extension(served): Extension<Arc<ServedDocument>>,
) -> impl IntoResponse {
    let plugins = app.plugins.all();
    let same_builds = |built: &[Arc<LoadedPlugin>]| {
        built.len() == plugins.len() && built.iter().zip(&plugins).all(|(a, b)| Arc::ptr_eq(a, b))
    };
    let cached = served.built.lock().ok().and_then(|built| {
        built.as_ref().filter(|(builds, _)| same_builds(builds)).map(|(_, document)| document.clone())
    });
    let bytes = match cached {
        Some(bytes) => bytes,
        None => {
            let document = build(&app, &served.core, &plugins).await;
            let bytes = axum::body::Bytes::from(serde_json::to_vec(&document).unwrap_or_default());
            if let Ok(mut built) = served.built.lock() {
                *built = Some((plugins, bytes.clone()));
            }
            bytes
        }
    };
    ([(axum::http::header::CONTENT_TYPE, "application/json")], bytes)
}

/// The whole document: the core's, with every loaded plugin's operations and schemas.
async fn build(app: &AppState, core: &OpenApi, plugins: &[Arc<LoadedPlugin>]) -> Value {
    let mut document = core.clone();
    for plugin in plugins {
        // Routes for other plugins are not HTTP operations.
        for route in
            plugin.manifest.routes.iter().filter(|r| !matches!(r.caller, RouteCaller::Plugin | RouteCaller::Host))
        {
            let device = route.caller == RouteCaller::Device;
            let (permission, prefix) = if device {
                ("device".to_string(), "/api/device")
            } else {
                (format!("action:{}", route.action), "/api")
            };
            let extensions = ExtensionsBuilder::new()
                .add("x-permission", permission)
                .add("x-writes", route.method != "GET")
                .add("x-plugin", plugin.manifest.id.clone())
                .build();
            let operation = OperationBuilder::new()
                .summary(Some(route.summary.clone()))
                .description(Some(if device {
                    format!("Plugin `{}`. Device-facing: `authorization: Device <key>`.", plugin.manifest.id)
                } else {
                    format!("Plugin `{}`. Permission: button action `{}`.", plugin.manifest.id, route.action)
                }))
                .tag(plugin.manifest.mount.clone())
                .extensions(Some(extensions))
                .parameters(Some(path_parameters(&route.path)))
                .response("200", success_response(Some(any_value())))
                .response("default", refusal_response())
                .security(SecurityRequirement::new::<_, _, &str>("authorization", []))
                .build();
            let method = match route.method.as_str() {
                "GET" => HttpMethod::Get,
                "PUT" => HttpMethod::Put,
                "PATCH" => HttpMethod::Patch,
                "DELETE" => HttpMethod::Delete,
                _ => HttpMethod::Post,
            };
            document.paths.add_path_operation(
                format!("{prefix}/{}{}", plugin.manifest.mount, route.path),
                vec![method],
                operation,
            );
        }
    }
    let mut document = serde_json::to_value(&document).unwrap_or_default();
    for plugin in plugins {
        if let Some(api) = app.plugins.describe(plugin).await {
            typed_by_plugin(&mut document, &plugin.manifest, api);
        }
    }
    document
}

/// A plugin's schema name in the document: prefixed with its id (two plugins may both have a
/// `Device`), in the characters OpenAPI allows.
fn component_name(plugin: &str, name: &str) -> String {
    format!("{plugin}.{name}")
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || "._-".contains(c) { c } else { '_' })
        .collect()
}

/// Points `#/components/schemas/X` references of a plugin's schema at its prefixed names.
fn prefix_refs(value: &mut Value, plugin: &str) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(reference)) = map.get_mut("$ref")
                && let Some(name) = reference.strip_prefix("#/components/schemas/")
            {
                *reference = format!("#/components/schemas/{}", component_name(plugin, name));
            }
            map.values_mut().for_each(|v| prefix_refs(v, plugin));
        }
        Value::Array(items) => items.iter_mut().for_each(|v| prefix_refs(v, plugin)),
        _ => {}
    }
}

/// Types the operations of `manifest`'s routes with what its SDK described (`{routes, schemas}`,
/// see the SDK's `describe`): query parameters, request body, the envelope's `data`.
fn typed_by_plugin(document: &mut Value, manifest: &crate::plugins::manifest::Manifest, api: &Value) {
    let plugin = manifest.id.as_str();
    let mut api = api.clone();
    prefix_refs(&mut api, plugin);
    for declared in manifest.routes.iter().filter(|r| !matches!(r.caller, RouteCaller::Plugin | RouteCaller::Host)) {
        // The one the plugin's router would dispatch to.
        let Some(route) = crate::plugins::registry::described_route(&api, &declared.method, &declared.path) else {
            continue;
        };
        let prefix = if declared.caller == RouteCaller::Device { "/api/device" } else { "/api" };
        let key = format!("{prefix}/{}{}", manifest.mount, declared.path);
        let Some(operation) =
            document["paths"].get_mut(&key).and_then(|item| item.get_mut(declared.method.to_ascii_lowercase()))
        else {
            continue;
        };
        if let Some(body) = route.get("body") {
            operation["requestBody"] =
                json!({ "required": true, "content": { "application/json": { "schema": body } } });
        }
        if let Some(data) = route.get("data") {
            operation["responses"]["200"]["content"]["application/json"]["schema"]["properties"]["data"] = data.clone();
        }
        if let (Some(params), Some(query)) = (operation["parameters"].as_array_mut(), route["query"].as_array()) {
            params.extend(query.iter().map(|q| {
                json!({ "name": q["name"], "in": "query", "required": false, "description": q["description"],
                        "schema": { "type": q["type"] } })
            }));
        }
    }
    if let (Some(components), Some(schemas)) =
        (document["components"]["schemas"].as_object_mut(), api["schemas"].as_object())
    {
        for (name, schema) in schemas {
            components.insert(component_name(plugin, name), schema.clone());
        }
    }
}
