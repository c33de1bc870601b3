//! SQL of the plugin document store. Every statement is scoped to (plugin, collection, tenant).
//! Plugin ids, collection and field names are spliced into SQL as literals so that SQLite can use
//! the partial expression indexes built from the manifest; they are validated names
//! (`plugins::manifest::is_field_name`), never free text. Values are always bound.

use serde_json::Value;
use sqlx::{FromRow, QueryBuilder, Sqlite, SqliteConnection};

use super::{Db, now_ms};
use crate::plugins::manifest::{CollectionSpec, is_field_name};

/// The largest record a plugin may store.
pub const MAX_RECORD_BYTES: usize = 1024 * 1024;
pub const MAX_PAGE: u32 = 1000;

#[derive(Debug, Clone, FromRow)]
pub struct RecordRow {
    pub id: i64,
    pub data: String,
    pub version: i64,
    pub created_at: i64,
    pub created_by: i64,
    pub updated_at: i64,
    pub updated_by: i64,
}

/// Where a statement acts: one collection of one plugin for one tenant.
#[derive(Debug, Clone, Copy)]
pub struct Scope<'a> {
    pub plugin: &'a str,
    pub collection: &'a CollectionSpec,
    pub tenant: i64,
    pub user: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Eq,
    Ne,
    Gt,
    Gte,
    Lt,
    Lte,
    In,
    Prefix,
    Contains,
}

#[derive(Debug, Clone)]
pub struct Condition {
    pub field: String,
    pub op: Op,
    pub value: Value,
}

#[derive(Debug, Clone)]
pub struct Order {
    pub field: String,
    pub descending: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum StoreFailure {
    #[error("invalid: {0}")]
    Invalid(String),
    #[error("limit: {0}")]
    Limit(String),
    #[error("duplicate")]
    Duplicate(Vec<String>),
    #[error("version conflict")]
    Conflict,
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

fn literal(name: &str) -> String {
    // Names are validated lower-case identifiers with `-`/`_`; doubling quotes keeps it safe regardless.
    format!("'{}'", name.replace('\'', "''"))
}

/// SQL for a field: the columns the host keeps, or the record's JSON field.
fn column(field: &str) -> Result<String, StoreFailure> {
    Ok(match field {
        "id" => "id".into(),
        "createdAt" | "created-at" => "created_at".into(),
        "updatedAt" | "updated-at" => "updated_at".into(),
        "createdBy" => "created_by".into(),
        "updatedBy" => "updated_by".into(),
        f if is_field_name(f) => format!("json_extract(data, '$.{f}')"),
        f => return Err(StoreFailure::Invalid(format!("`{f}` is not a field name"))),
    })
}

/// An index's name: readable, and unambiguous through a digest of its parts. Joining the parts
/// with `_` alone let `a_b`+`c` and `a`+`b_c` share one name, and the second plugin's unique key
/// was silently never created.
fn index_name(kind: &str, plugin: &str, collection: &str, fields: &[String]) -> String {
    use sha2::Digest;
    let mut parts = vec![kind, plugin, collection];
    parts.extend(fields.iter().map(String::as_str));
    let digest = hex::encode(&sha2::Sha256::digest(parts.join("\0").as_bytes())[..8]);
    format!("{}_{digest}", legacy_index_name(kind, plugin, collection, fields))
}

/// The name before 0.1.3; dropped at load so that a collision of old never lingers.
fn legacy_index_name(kind: &str, plugin: &str, collection: &str, fields: &[String]) -> String {
    format!("{kind}_{plugin}_{collection}_{}", fields.join("_")).replace('-', "_")
}

fn push_scope(q: &mut QueryBuilder<'_, Sqlite>, scope: &Scope<'_>) {
    q.push(format!(
        " WHERE plugin_id = {} AND collection = {} AND tenant_id = ",
        literal(scope.plugin),
        literal(&scope.collection.name)
    ));
    q.push_bind(scope.tenant);
}

fn push_value(q: &mut QueryBuilder<'_, Sqlite>, value: &Value) -> Result<(), StoreFailure> {
    match value {
        Value::String(s) => q.push_bind(s.clone()),
        Value::Bool(b) => q.push_bind(i64::from(*b)),
        Value::Number(n) => match n.as_i64() {
            Some(i) => q.push_bind(i),
            None => q.push_bind(n.as_f64().unwrap_or(0.0)),
        },
        Value::Null => q.push("NULL"),
        _ => return Err(StoreFailure::Invalid("filter values are strings, numbers, booleans or null".into())),
    };
    Ok(())
}

/// Longer than any field a console searches; SQLite refuses LIKE patterns over 50,000 bytes.
const MAX_SEARCH_TEXT: usize = 200;

fn push_conditions(q: &mut QueryBuilder<'_, Sqlite>, conditions: &[Condition]) -> Result<(), StoreFailure> {
    for c in conditions {
        let expr = column(&c.field)?;
        let value = match (&c.field[..], &c.value) {
            // Ids travel as strings; the column is an integer.
            ("id", Value::String(s)) => Value::from(s.parse::<i64>().unwrap_or(-1)),
            _ => c.value.clone(),
        };
        q.push(" AND ");
        match (c.op, &value) {
            (Op::Eq, Value::Null) => {
                q.push(format!("{expr} IS NULL"));
            }
            (Op::Ne, Value::Null) => {
                q.push(format!("{expr} IS NOT NULL"));
            }
            (Op::Eq | Op::Ne | Op::Gt | Op::Gte | Op::Lt | Op::Lte, _) => {
                let sql_op = match c.op {
                    Op::Eq => "=",
                    Op::Ne => "<>",
                    Op::Gt => ">",
                    Op::Gte => ">=",
                    Op::Lt => "<",
                    _ => "<=",
                };
                if c.op == Op::Ne {
                    q.push(format!("({expr} IS NULL OR {expr} <> "));
                    push_value(q, &value)?;
                    q.push(")");
                } else {
                    q.push(format!("{expr} {sql_op} "));
                    push_value(q, &value)?;
                }
            }
            (Op::In, Value::Array(items)) if !items.is_empty() && items.len() <= 1000 => {
                q.push(format!("{expr} IN ("));
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        q.push(", ");
                    }
                    push_value(q, item)?;
                }
                q.push(")");
            }
            (Op::In, _) => return Err(StoreFailure::Invalid("in-list takes a JSON array of 1 to 1000 values".into())),
            (Op::Prefix, Value::String(prefix)) => {
                // A range, so the expression index serves it.
                q.push(format!("({expr} >= ")).push_bind(prefix.clone());
                q.push(format!(" AND {expr} < ")).push_bind(format!("{prefix}\u{10FFFF}")).push(")");
            }
            (Op::Contains, Value::String(text)) if text.chars().count() > MAX_SEARCH_TEXT => {
                return Err(StoreFailure::Invalid(format!(
                    "filter on `{}`: a search text has at most {MAX_SEARCH_TEXT} characters",
                    c.field
                )));
            }
            (Op::Contains, Value::String(text)) => {
                q.push(format!("{expr} LIKE ")).push_bind(super::like_pattern(text)).push(" ESCAPE '\\'");
            }
            (Op::Prefix | Op::Contains, _) => {
                return Err(StoreFailure::Invalid("prefix and contains take a string".into()));
            }
        }
    }
    Ok(())
}

/// Maps a unique-index violation back to the manifest's key.
fn duplicate(err: sqlx::Error, scope: &Scope<'_>) -> StoreFailure {
    if let Some(db) = err.as_database_error()
        && db.is_unique_violation()
    {
        let message = db.message();
        let key = scope
            .collection
            .unique
            .iter()
            .find(|fields| message.contains(&index_name("pu", scope.plugin, &scope.collection.name, fields)))
            .cloned()
            .unwrap_or_default();
        return StoreFailure::Duplicate(key);
    }
    StoreFailure::Db(err)
}

/// The store's own fields, beside a record's data (the SDK's `Doc` flattens data next to them):
/// data fields of these names would be shadowed, or would shadow them (issue 13 §5).
pub const RESERVED_FIELDS: [&str; 6] = ["id", "version", "createdAt", "createdBy", "updatedAt", "updatedBy"];

fn object(data: &str) -> Result<(), StoreFailure> {
    if data.len() > MAX_RECORD_BYTES {
        return Err(StoreFailure::Limit(format!("a record is at most {} KiB", MAX_RECORD_BYTES / 1024)));
    }
    match serde_json::from_str::<Value>(data) {
        Ok(Value::Object(fields)) => match RESERVED_FIELDS.iter().find(|name| fields.contains_key(**name)) {
            Some(name) => Err(StoreFailure::Invalid(format!(
                "`{name}` is the store's own field; name the data field otherwise (e.g. `{name}` of a firmware: \
                 `firmwareVersion`)"
            ))),
            None => Ok(()),
        },
        _ => Err(StoreFailure::Invalid("data must be a JSON object".into())),
    }
}

const RETURNING: &str = " RETURNING id, data, version, created_at, created_by, updated_at, updated_by";

pub async fn get(conn: &mut SqliteConnection, scope: &Scope<'_>, id: i64) -> Result<Option<RecordRow>, StoreFailure> {
    let mut q = QueryBuilder::new(
        "SELECT id, data, version, created_at, created_by, updated_at, updated_by FROM plugin_records",
    );
    push_scope(&mut q, scope);
    q.push(" AND id = ").push_bind(id);
    Ok(q.build_query_as().fetch_optional(conn).await?)
}

pub async fn insert(conn: &mut SqliteConnection, scope: &Scope<'_>, data: &str) -> Result<RecordRow, StoreFailure> {
    object(data)?;
    let now = now_ms();
    sqlx::query_as(&format!(
        "INSERT INTO plugin_records (tenant_id, plugin_id, collection, data, version, created_at, created_by, updated_at, updated_by)
         VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?){RETURNING}"
    ))
    .bind(scope.tenant)
    .bind(scope.plugin)
    .bind(&scope.collection.name)
    .bind(data)
    .bind(now)
    .bind(scope.user)
    .bind(now)
    .bind(scope.user)
    .fetch_one(conn)
    .await
    .map_err(|e| duplicate(e, scope))
}

pub async fn update(
    conn: &mut SqliteConnection,
    scope: &Scope<'_>,
    id: i64,
    data: &str,
    expected_version: Option<i64>,
) -> Result<RecordRow, StoreFailure> {
    object(data)?;
    let mut q = QueryBuilder::new("UPDATE plugin_records SET data = ");
    q.push_bind(data.to_string()).push(", version = version + 1, updated_at = ").push_bind(now_ms());
    q.push(", updated_by = ").push_bind(scope.user);
    push_scope(&mut q, scope);
    q.push(" AND id = ").push_bind(id);
    if let Some(version) = expected_version {
        q.push(" AND version = ").push_bind(version);
    }
    q.push(RETURNING);
    match q.build_query_as().fetch_optional(&mut *conn).await.map_err(|e| duplicate(e, scope))? {
        Some(row) => Ok(row),
        None if get(conn, scope, id).await?.is_some() => Err(StoreFailure::Conflict),
        None => Err(StoreFailure::Invalid(format!("no record {id}"))),
    }
}

pub async fn delete(conn: &mut SqliteConnection, scope: &Scope<'_>, id: i64) -> Result<bool, StoreFailure> {
    let mut q = QueryBuilder::new("DELETE FROM plugin_records");
    push_scope(&mut q, scope);
    q.push(" AND id = ").push_bind(id);
    Ok(q.build().execute(conn).await?.rows_affected() > 0)
}

pub async fn count(
    conn: &mut SqliteConnection,
    scope: &Scope<'_>,
    conditions: &[Condition],
) -> Result<u64, StoreFailure> {
    let mut q = QueryBuilder::new("SELECT COUNT(*) FROM plugin_records");
    push_scope(&mut q, scope);
    push_conditions(&mut q, conditions)?;
    let total: i64 = q.build_query_scalar().fetch_one(conn).await?;
    Ok(u64::try_from(total).unwrap_or(0))
}

pub async fn query(
    conn: &mut SqliteConnection,
    scope: &Scope<'_>,
    conditions: &[Condition],
    order: &[Order],
    offset: u32,
    limit: u32,
) -> Result<(Vec<RecordRow>, u64), StoreFailure> {
    if limit > MAX_PAGE {
        return Err(StoreFailure::Limit(format!("a page holds at most {MAX_PAGE} records")));
    }
    let total = count(&mut *conn, scope, conditions).await?;
    let mut q = QueryBuilder::new(
        "SELECT id, data, version, created_at, created_by, updated_at, updated_by FROM plugin_records",
    );
    push_scope(&mut q, scope);
    push_conditions(&mut q, conditions)?;
    q.push(" ORDER BY ");
    for o in order {
        q.push(format!("{} {}, ", column(&o.field)?, if o.descending { "DESC" } else { "ASC" }));
    }
    q.push("id DESC LIMIT ").push_bind(i64::from(limit)).push(" OFFSET ").push_bind(i64::from(offset));
    Ok((q.build_query_as().fetch_all(conn).await?, total))
}

/// Bytes of files the plugin keeps for the tenant.
pub async fn file_bytes(conn: &mut SqliteConnection, tenant: i64, plugin: &str) -> Result<i64, sqlx::Error> {
    let used: Option<i64> =
        sqlx::query_scalar("SELECT file_bytes FROM plugin_file_usage WHERE tenant_id = ? AND plugin_id = ?")
            .bind(tenant)
            .bind(plugin)
            .fetch_optional(conn)
            .await?;
    Ok(used.unwrap_or(0))
}

pub async fn add_file_bytes(
    conn: &mut SqliteConnection,
    tenant: i64,
    plugin: &str,
    delta: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO plugin_file_usage (tenant_id, plugin_id, file_bytes) VALUES (?1, ?2, MAX(?3, 0))
         ON CONFLICT (tenant_id, plugin_id) DO UPDATE SET file_bytes = MAX(file_bytes + ?3, 0)",
    )
    .bind(tenant)
    .bind(plugin)
    .bind(delta)
    .execute(conn)
    .await
    .map(drop)
}

impl Db {
    /// Creates the expression and unique indexes a manifest's collections ask for.
    pub async fn ensure_collection_indexes(
        &self,
        plugin: &str,
        collections: &[CollectionSpec],
    ) -> Result<(), sqlx::Error> {
        for c in collections {
            let scope = format!("plugin_id = {} AND collection = {}", literal(plugin), literal(&c.name));
            let legacy = c.indexes.iter().map(|f| legacy_index_name("pi", plugin, &c.name, std::slice::from_ref(f)));
            for name in legacy.chain(c.unique.iter().map(|f| legacy_index_name("pu", plugin, &c.name, f))) {
                sqlx::query(&format!("DROP INDEX IF EXISTS \"{name}\"")).execute(&self.pool).await?;
            }
            for field in &c.indexes {
                let name = index_name("pi", plugin, &c.name, std::slice::from_ref(field));
                sqlx::query(&format!(
                    "CREATE INDEX IF NOT EXISTS \"{name}\" ON plugin_records (tenant_id, json_extract(data, '$.{field}'), id) WHERE {scope}"
                ))
                .execute(&self.pool)
                .await?;
            }
            for fields in &c.unique {
                let name = index_name("pu", plugin, &c.name, fields);
                let exprs: Vec<String> = fields.iter().map(|f| format!("json_extract(data, '$.{f}')")).collect();
                sqlx::query(&format!(
                    "CREATE UNIQUE INDEX IF NOT EXISTS \"{name}\" ON plugin_records (tenant_id, {}) WHERE {scope}",
                    exprs.join(", ")
                ))
                .execute(&self.pool)
                .await?;
            }
        }
        Ok(())
    }

    /// Loads many records into one collection in one transaction (imports, benchmarks).
    pub async fn bulk_insert_records(
        &self,
        plugin: &str,
        collection: &str,
        tenant: i64,
        records: impl Iterator<Item = String>,
    ) -> Result<u64, sqlx::Error> {
        let now = now_ms();
        let mut tx = self.pool.begin().await?;
        let mut count = 0;
        for data in records {
            sqlx::query(
                "INSERT INTO plugin_records (tenant_id, plugin_id, collection, data, version, created_at, created_by, updated_at, updated_by)
                 VALUES (?, ?, ?, ?, 1, ?, 0, ?, 0)",
            )
            .bind(tenant)
            .bind(plugin)
            .bind(collection)
            .bind(data)
            .bind(now)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            count += 1;
        }
        tx.commit().await?;
        Ok(count)
    }

    /// A connection in a transaction for one plugin call: a snapshot for reading (no writer
    /// waits for it), or with `write_lock` the write lock at once, waiting its turn.
    pub async fn begin_call(&self, write_lock: bool) -> Result<sqlx::Transaction<'static, Sqlite>, sqlx::Error> {
        self.pool.begin_with(if write_lock { "BEGIN IMMEDIATE" } else { "BEGIN" }).await
    }

    /// Takes the write lock in a transaction that has only read so far. SQLite refuses at once
    /// (`SQLITE_BUSY`, `SQLITE_BUSY_SNAPSHOT`) when another writer holds the lock or has
    /// committed since the snapshot: what the call read may be stale, and it has to start over.
    pub async fn take_write_lock(conn: &mut SqliteConnection) -> Result<(), sqlx::Error> {
        // A statement that writes nothing but, as a write, takes the lock.
        sqlx::query("DELETE FROM plugin_file_usage WHERE 0").execute(conn).await.map(drop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collection(name: &str, unique: &[&str]) -> CollectionSpec {
        CollectionSpec {
            name: name.into(),
            indexes: Vec::new(),
            unique: vec![unique.iter().map(|f| f.to_string()).collect()],
        }
    }

    #[test]
    fn data_fields_named_like_the_store_s_own_are_refused() {
        for name in RESERVED_FIELDS {
            let refused = object(&format!(r#"{{"{name}": 1, "text": "x"}}"#));
            assert!(
                matches!(refused, Err(StoreFailure::Invalid(ref why)) if why.contains(name)),
                "{name}: {refused:?}"
            );
        }
        assert!(object(r#"{"firmwareVersion": "2.1", "created": 1}"#).is_ok());
    }

    /// `ota-test`+`devices` and `ota`+`test_devices` both asked for a unique `sn`: the second
    /// index was skipped as existing, and two devices with one SN were accepted.
    #[tokio::test]
    async fn unique_keys_of_colliding_names_are_each_enforced() {
        let dir = tempfile::tempdir().expect("dir");
        let db = Db::open(&format!("sqlite://{}", dir.path().join("t.db").display())).await.expect("db");
        let first = collection("devices", &["sn"]);
        let second = collection("test_devices", &["sn"]);
        db.ensure_collection_indexes("ota-test", std::slice::from_ref(&first)).await.expect("first");
        db.ensure_collection_indexes("ota", std::slice::from_ref(&second)).await.expect("second");
        let mut conn = db.pool.acquire().await.expect("conn");
        let scope = Scope { plugin: "ota", collection: &second, tenant: 0, user: 1 };
        insert(&mut conn, &scope, r#"{"sn":"SN1"}"#).await.expect("first device");
        let again = insert(&mut conn, &scope, r#"{"sn":"SN1"}"#).await;
        assert!(matches!(again, Err(StoreFailure::Duplicate(ref key)) if key == &["sn".to_string()]), "{again:?}");
    }
}
