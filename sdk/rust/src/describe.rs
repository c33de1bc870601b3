//! What a plugin's routes take and answer, for the host's OpenAPI document: the
//! vendor declares Rust types, the SDK makes their JSON Schemas (schemars), and the host asks
//! for them once by sending `handle` the method `DESCRIBE` (a plugin built with an older SDK
//! answers 404 and its operations keep untyped data).
//!
//! ```ignore
//! Router::new()
//!     .post("/tokens/verify", verify).with_body::<VerifyInput>().with_data::<Verdict>()
//!     .resource::<Breeds>("/breeds", "/breeds/{id}") // typed from the resource's own types
//! ```

use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

use crate::{Value, json};

/// Marks a field of a body as sealed: a secret the client writes (a password, a key, a token)
/// that the host never writes into an operation record, a log line or an event, whatever the
/// field is called. Put it on the field:
///
/// ```ignore
/// #[schemars(transform = console_plugin_sdk::describe::sealed)]
/// key_pem: String,
/// ```
///
/// The schema says `writeOnly` (OpenAPI: never answered) and `x-sealed`, which the host reads.
pub fn sealed(schema: &mut Schema) {
    schema.insert("writeOnly".into(), true.into());
    schema.insert(SEALED.into(), true.into());
}

/// The schema keyword of a sealed field.
pub const SEALED: &str = "x-sealed";

/// The method the host sends to ask for the description.
pub const DESCRIBE: &str = "DESCRIBE";

/// Makes a schema, adding the definitions it refers to to the generator.
pub type SchemaFn = fn(&mut SchemaGenerator) -> Schema;

/// The type of a query parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamKind {
    Text,
    Integer,
    Boolean,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueryParam {
    pub name: &'static str,
    pub kind: ParamKind,
    pub description: &'static str,
}

impl QueryParam {
    pub const fn text(name: &'static str, description: &'static str) -> Self {
        QueryParam { name, kind: ParamKind::Text, description }
    }
    pub const fn integer(name: &'static str, description: &'static str) -> Self {
        QueryParam { name, kind: ParamKind::Integer, description }
    }
    pub const fn boolean(name: &'static str, description: &'static str) -> Self {
        QueryParam { name, kind: ParamKind::Boolean, description }
    }
}

/// `page` and `pageSize`, as every list reads them.
pub const PAGING: [QueryParam; 2] =
    [QueryParam::integer("page", "The page, from 1."), QueryParam::integer("pageSize", "Rows per page.")];

/// `mode`: how text searches match.
pub const MODE: QueryParam = QueryParam::text("mode", "`precise` (whole words) or `fuzzy` (the default).");

/// What one route takes and answers; what is not declared stays any JSON.
#[derive(Default, Clone)]
pub struct Api {
    pub body: Option<SchemaFn>,
    pub data: Option<SchemaFn>,
    pub query: Vec<QueryParam>,
}

pub fn schema_of<T: JsonSchema>(generator: &mut SchemaGenerator) -> Schema {
    generator.subschema_for::<T>()
}

pub fn list_of<T: JsonSchema>(generator: &mut SchemaGenerator) -> Schema {
    let items = generator.subschema_for::<T>();
    json_schema!({ "type": "array", "items": items })
}

/// `{list, total, page, pageSize}`.
pub fn page_of<T: JsonSchema>(generator: &mut SchemaGenerator) -> Schema {
    let items = generator.subschema_for::<T>();
    json_schema!({
        "type": "object",
        "properties": {
            "list": { "type": "array", "items": items },
            "total": { "type": "integer", "minimum": 0 },
            "page": { "type": "integer", "minimum": 1 },
            "pageSize": { "type": "integer", "minimum": 1 }
        },
        "required": ["list", "total", "page", "pageSize"]
    })
}

pub fn nothing(_: &mut SchemaGenerator) -> Schema {
    json_schema!({ "type": "null" })
}

fn param(p: &QueryParam) -> Value {
    let kind = match p.kind {
        ParamKind::Text => "string",
        ParamKind::Integer => "integer",
        ParamKind::Boolean => "boolean",
    };
    json!({ "name": p.name, "type": kind, "description": p.description })
}

/// `{routes: [{method, path, body?, data?, query}], schemas: {Name: schema}}`; references point
/// to `#/components/schemas/Name` (the host prefixes the names with the plugin's id).
pub fn describe<'a>(routes: impl Iterator<Item = (&'a str, String, &'a Api)>) -> Value {
    let mut generator =
        SchemaSettings::draft2020_12().with(|s| s.definitions_path = "/components/schemas".into()).into_generator();
    let mut described = Vec::new();
    for (method, path, api) in routes {
        let mut route =
            json!({ "method": method, "path": path, "query": api.query.iter().map(param).collect::<Vec<_>>() });
        if let Some(body) = api.body {
            route["body"] = body(&mut generator).to_value();
        }
        if let Some(data) = api.data {
            route["data"] = data(&mut generator).to_value();
        }
        described.push(route);
    }
    let schemas: serde_json::Map<String, Value> = generator.take_definitions(true);
    json!({ "routes": described, "schemas": schemas })
}
