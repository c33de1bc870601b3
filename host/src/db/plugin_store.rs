//! SQL of the plugin document store. Every statement is scoped to (plugin, collection, tenant).
//! Plugin ids, collection and field names are spliced into SQL as literals so that SQLite can use
//! the partial expression indexes built from the manifest; they are validated names
//! (`plugins::manifest::is_field_name`), never free text. Values are always bound.

use serde_json::Value;
use sqlx::{FromRow, QueryBuilder};

use super::{CallTx, Db, Engine, now_ms};
use crate::plugins::manifest::{CollectionSpec, is_field_name};

/// The largest record a plugin may store.
pub const MAX_RECORD_BYTES: usize = 1024 * 1024;
pub const MAX_PAGE: u32 = 1000;
/// Rows per statement of a bulk load on PostgreSQL.
const BULK_BATCH: usize = 10_000;
/// The most records one `insert-many` writes, and their bytes together (contract 0.1.5).
pub const MAX_MANY: usize = 10_000;
pub const MAX_MANY_BYTES: usize = 16 * 1024 * 1024;
/// Rows per statement of an `insert-many`: 9 values each, SQLite binds at most 32,766.
const MANY_BATCH: usize = 1_000;

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

/// A field in SQL: a column the host keeps, or a field of the record's JSON.
enum Field {
    Column(&'static str),
    Json(String),
}

impl Field {
    fn of(field: &str) -> Result<Field, StoreFailure> {
        Ok(match field {
            "id" => Field::Column("id"),
            "createdAt" | "created-at" => Field::Column("created_at"),
            "updatedAt" | "updated-at" => Field::Column("updated_at"),
            "createdBy" => Field::Column("created_by"),
            "updatedBy" => Field::Column("updated_by"),
            f if is_field_name(f) => Field::Json(f.to_string()),
            f => return Err(StoreFailure::Invalid(format!("`{f}` is not a field name"))),
        })
    }

    /// The expression; on PostgreSQL a JSON field is `jsonb`, compared with `jsonb` values
    /// (numbers as numbers, strings as strings, as SQLite's `json_extract` compares them).
    fn sql(&self, engine: Engine) -> String {
        match (self, engine) {
            (Field::Column(column), _) => (*column).to_string(),
            (Field::Json(f), Engine::Sqlite) => format!("json_extract(data, '$.{f}')"),
            (Field::Json(f), Engine::Postgres) => format!("(data -> '{f}')"),
        }
    }

    /// The field as text (for `LIKE`).
    fn text_sql(&self, engine: Engine) -> String {
        match (self, engine) {
            (Field::Json(f), Engine::Postgres) => format!("(data ->> '{f}')"),
            _ => self.sql(engine),
        }
    }
}

/// An index's name: readable, and unambiguous through a digest of its parts. Joining the parts
/// with `_` alone let `a_b`+`c` and `a`+`b_c` share one name, and the second plugin's unique key
/// was silently never created. At most 63 bytes, PostgreSQL's limit: the digest is kept whole.
/// The kinds of unique index: as first defined, and on PostgreSQL with JSON nulls left out.
const UNIQUE: &str = "pu";
const UNIQUE_BUT_NULLS: &str = "pv";

fn index_name(kind: &str, plugin: &str, collection: &str, fields: &[String]) -> String {
    use sha2::Digest;
    let mut parts = vec![kind, plugin, collection];
    parts.extend(fields.iter().map(String::as_str));
    let digest = hex::encode(&sha2::Sha256::digest(parts.join("\0").as_bytes())[..8]);
    let mut readable = legacy_index_name(kind, plugin, collection, fields);
    readable.truncate(63 - 1 - digest.len());
    format!("{readable}_{digest}")
}

/// The name before 0.1.3 (and, when longer than 63 bytes, the untruncated name of 0.1.3 to
/// 0.1.4); dropped at load so that a collision of old never lingers.
fn legacy_index_names(kind: &str, plugin: &str, collection: &str, fields: &[String]) -> Vec<String> {
    use sha2::Digest;
    let legacy = legacy_index_name(kind, plugin, collection, fields);
    let mut parts = vec![kind, plugin, collection];
    parts.extend(fields.iter().map(String::as_str));
    let digest = hex::encode(&sha2::Sha256::digest(parts.join("\0").as_bytes())[..8]);
    let untruncated = format!("{legacy}_{digest}");
    let mut names = vec![legacy];
    if untruncated.len() > 63 {
        names.push(untruncated);
    }
    names
}

fn legacy_index_name(kind: &str, plugin: &str, collection: &str, fields: &[String]) -> String {
    format!("{kind}_{plugin}_{collection}_{}", fields.join("_")).replace('-', "_")
}

fn push_scope<'a, DB: sqlx::Database>(q: &mut QueryBuilder<'a, DB>, scope: &Scope<'_>)
where
    i64: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
{
    q.push(format!(
        " WHERE plugin_id = {} AND collection = {} AND tenant_id = ",
        literal(scope.plugin),
        literal(&scope.collection.name)
    ));
    q.push_bind(scope.tenant);
}

/// Binds a filter value compared with `field`.
fn push_value<'a, DB: sqlx::Database>(
    q: &mut QueryBuilder<'a, DB>,
    engine: Engine,
    field: &Field,
    value: &Value,
) -> Result<(), StoreFailure>
where
    i64: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    f64: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    String: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
{
    match (field, engine, value) {
        (_, _, Value::Array(_) | Value::Object(_)) => {
            return Err(StoreFailure::Invalid("filter values are strings, numbers, booleans or null".into()));
        }
        (_, _, Value::Null) => {
            q.push("NULL");
        }
        (Field::Json(_), Engine::Postgres, _) => {
            q.push("CAST(").push_bind(value.to_string()).push(" AS jsonb)");
        }
        (Field::Column(column), _, Value::String(_) | Value::Bool(_)) => {
            return Err(StoreFailure::Invalid(format!("`{column}` is compared with numbers")));
        }
        (_, _, Value::String(s)) => {
            q.push_bind(s.clone());
        }
        (_, _, Value::Bool(b)) => {
            q.push_bind(i64::from(*b));
        }
        (_, _, Value::Number(n)) => {
            match n.as_i64() {
                Some(i) => q.push_bind(i),
                None => q.push_bind(n.as_f64().unwrap_or(0.0)),
            };
        }
    }
    Ok(())
}

/// Longer than any field a console searches; SQLite refuses LIKE patterns over 50,000 bytes.
const MAX_SEARCH_TEXT: usize = 200;

fn push_conditions<'a, DB: sqlx::Database>(
    q: &mut QueryBuilder<'a, DB>,
    engine: Engine,
    conditions: &[Condition],
) -> Result<(), StoreFailure>
where
    i64: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    f64: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    String: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
{
    for c in conditions {
        let field = Field::of(&c.field)?;
        let expr = field.sql(engine);
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
                    push_value(q, engine, &field, &value)?;
                    q.push(")");
                } else {
                    q.push(format!("{expr} {sql_op} "));
                    push_value(q, engine, &field, &value)?;
                }
            }
            (Op::In, Value::Array(items)) if !items.is_empty() && items.len() <= 1000 => {
                q.push(format!("{expr} IN ("));
                // Padded to a few lengths with the last value again (which matches nothing
                // more): a statement's text is prepared once per connection and length, and a
                // batch's list of any length would be a new statement to prepare each time.
                let padded = items.len().next_power_of_two().min(1000);
                for (i, item) in
                    items.iter().chain(std::iter::repeat_n(&items[items.len() - 1], padded - items.len())).enumerate()
                {
                    if i > 0 {
                        q.push(", ");
                    }
                    push_value(q, engine, &field, item)?;
                }
                q.push(")");
            }
            (Op::In, _) => return Err(StoreFailure::Invalid("in-list takes a JSON array of 1 to 1000 values".into())),
            (Op::Prefix, Value::String(prefix)) => match engine {
                // A range, so the expression index serves it.
                Engine::Sqlite => {
                    q.push(format!("({expr} >= ")).push_bind(prefix.clone());
                    q.push(format!(" AND {expr} < ")).push_bind(format!("{prefix}\u{10FFFF}")).push(")");
                }
                // Strings only, as SQLite's range (numbers sort below every text there).
                Engine::Postgres => {
                    q.push(format!("(jsonb_typeof({expr}) = 'string' AND starts_with({}, ", field.text_sql(engine)));
                    q.push_bind(prefix.clone()).push("))");
                }
            },
            (Op::Contains, Value::String(text)) if text.chars().count() > MAX_SEARCH_TEXT => {
                return Err(StoreFailure::Invalid(format!(
                    "filter on `{}`: a search text has at most {MAX_SEARCH_TEXT} characters",
                    c.field
                )));
            }
            (Op::Contains, Value::String(text)) => {
                q.push(format!("{} {} ", field.text_sql(engine), engine.like()))
                    .push_bind(super::like_pattern(text))
                    .push(" ESCAPE '\\'");
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
            .find(|fields| {
                [UNIQUE, UNIQUE_BUT_NULLS]
                    .iter()
                    .any(|kind| message.contains(&index_name(kind, scope.plugin, &scope.collection.name, fields)))
            })
            .cloned()
            .unwrap_or_default();
        return StoreFailure::Duplicate(key);
    }
    StoreFailure::Db(err)
}

/// The store's own fields, beside a record's data (the SDK's `Doc` flattens data next to them):
/// data fields of these names would be shadowed, or would shadow them.
pub const RESERVED_FIELDS: [&str; 6] = ["id", "version", "createdAt", "createdBy", "updatedAt", "updatedBy"];

/// Whether any key or string holds U+0000, which PostgreSQL's `jsonb` cannot store: refused on
/// both engines alike.
fn holds_nul(value: &Value) -> bool {
    match value {
        Value::String(s) => s.contains('\0'),
        Value::Array(items) => items.iter().any(holds_nul),
        Value::Object(fields) => fields.iter().any(|(k, v)| k.contains('\0') || holds_nul(v)),
        _ => false,
    }
}

fn object(data: &str) -> Result<(), StoreFailure> {
    if data.len() > MAX_RECORD_BYTES {
        return Err(StoreFailure::Limit(format!("a record is at most {} KiB", MAX_RECORD_BYTES / 1024)));
    }
    match serde_json::from_str::<Value>(data) {
        Ok(value @ Value::Object(_)) if holds_nul(&value) => {
            Err(StoreFailure::Invalid("a record may not hold the NUL character (\\u0000)".into()))
        }
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

/// The record's columns; PostgreSQL hands `jsonb` back as text.
fn columns(engine: Engine) -> &'static str {
    match engine {
        Engine::Sqlite => "id, data, version, created_at, created_by, updated_at, updated_by",
        Engine::Postgres => "id, data::text AS data, version, created_at, created_by, updated_at, updated_by",
    }
}

/// The record's data as a bound text, cast to the engine's JSON column.
fn data_value(engine: Engine) -> &'static str {
    match engine {
        Engine::Sqlite => "$4",
        Engine::Postgres => "CAST($4 AS jsonb)",
    }
}

pub async fn get(tx: &mut CallTx, scope: &Scope<'_>, id: i64) -> Result<Option<RecordRow>, StoreFailure> {
    let engine = tx.engine();
    with_call!(tx, |conn| {
        let mut q = QueryBuilder::new(format!("SELECT {} FROM plugin_records", columns(engine)));
        push_scope(&mut q, scope);
        q.push(" AND id = ").push_bind(id);
        Ok(q.build_query_as().fetch_optional(conn).await?)
    })
}

/// Runs a statement that may fail on a unique key so that the failure leaves the call's
/// transaction usable: PostgreSQL aborts the whole transaction on an error, SQLite only the
/// statement, and a plugin may go on after a duplicate.
async fn savepoint(tx: &mut CallTx) -> Result<bool, sqlx::Error> {
    let postgres = tx.engine() == Engine::Postgres;
    if postgres {
        tx.execute("SAVEPOINT store_write").await?;
    }
    Ok(postgres)
}

async fn settle_savepoint(tx: &mut CallTx, taken: bool, kept: bool) -> Result<(), sqlx::Error> {
    match (taken, kept) {
        (false, _) => Ok(()),
        (true, true) => tx.execute("RELEASE store_write").await,
        (true, false) => tx.execute("ROLLBACK TO store_write").await,
    }
}

pub async fn insert(tx: &mut CallTx, scope: &Scope<'_>, data: &str) -> Result<RecordRow, StoreFailure> {
    object(data)?;
    let now = now_ms();
    let engine = tx.engine();
    let sql = format!(
        "INSERT INTO plugin_records (tenant_id, plugin_id, collection, data, version, created_at, created_by, updated_at, updated_by)
         VALUES ($1, $2, $3, {}, 1, $5, $6, $7, $8) RETURNING {}",
        data_value(engine),
        columns(engine)
    );
    let taken = savepoint(tx).await?;
    let inserted: Result<RecordRow, sqlx::Error> = with_call!(&mut *tx, |conn| sqlx::query_as(&sql)
        .bind(scope.tenant)
        .bind(scope.plugin)
        .bind(&scope.collection.name)
        .bind(data)
        .bind(now)
        .bind(scope.user)
        .bind(now)
        .bind(scope.user)
        .fetch_one(&mut *conn)
        .await);
    settle_savepoint(tx, taken, inserted.is_ok()).await?;
    inserted.map_err(|e| duplicate(e, scope))
}

/// Inserts every record or none (contract 0.1.5): a duplicate or an oversized record keeps none
/// of them, on both engines (SQLite keeps earlier statements' rows after a failed one, so the
/// batch has a savepoint of its own).
pub async fn insert_many(tx: &mut CallTx, scope: &Scope<'_>, items: &[String]) -> Result<Vec<RecordRow>, StoreFailure> {
    if items.len() > MAX_MANY || items.iter().map(String::len).sum::<usize>() > MAX_MANY_BYTES {
        return Err(StoreFailure::Limit(format!(
            "one insert-many writes at most {MAX_MANY} records and {} MiB",
            MAX_MANY_BYTES >> 20
        )));
    }
    for item in items {
        object(item)?;
    }
    if items.is_empty() {
        return Ok(Vec::new());
    }
    let now = now_ms();
    let engine = tx.engine();
    tx.execute("SAVEPOINT store_many").await?;
    let mut rows = Vec::with_capacity(items.len());
    let mut failed = None;
    for batch in items.chunks(MANY_BATCH) {
        // The records as one JSON array: the statement's text is the same for any number of
        // them, so it is prepared once per connection, not once per batch size (preparing a
        // write of this table weighs every plugin's indexes).
        // Each record as a JSON string, not an object: the database takes the text as it is
        // rather than parsing every record and writing it out again.
        let array = serde_json::to_string(batch).unwrap_or_default();
        let inserted: Result<Vec<RecordRow>, sqlx::Error> = with_call!(&mut *tx, |conn| {
            let mut q = QueryBuilder::new(
                "INSERT INTO plugin_records (tenant_id, plugin_id, collection, data, version, created_at, created_by, updated_at, updated_by) SELECT ",
            );
            q.push_bind(scope.tenant).push(", ").push_bind(scope.plugin).push(", ");
            q.push_bind(scope.collection.name.as_str());
            q.push(match engine {
                Engine::Sqlite => ", value",
                Engine::Postgres => ", CAST(record.value AS jsonb)",
            });
            q.push(", 1, ").push_bind(now).push(", ").push_bind(scope.user).push(", ").push_bind(now);
            q.push(", ").push_bind(scope.user);
            match engine {
                Engine::Sqlite => q.push(" FROM json_each(").push_bind(array.as_str()).push(") ORDER BY key"),
                Engine::Postgres => q
                    .push(" FROM json_array_elements_text(CAST(")
                    .push_bind(array.as_str())
                    .push(" AS json)) WITH ORDINALITY AS record (value, n) ORDER BY n"),
            };
            q.push(format!(" RETURNING {}", columns(engine)));
            q.build_query_as().fetch_all(&mut *conn).await
        });
        match inserted {
            Ok(mut inserted) => rows.append(&mut inserted),
            Err(err) => {
                failed = Some(err);
                break;
            }
        }
    }
    match failed {
        None => {
            tx.execute("RELEASE store_many").await?;
            rows.sort_by_key(|row| row.id);
            Ok(rows)
        }
        Some(err) => {
            tx.execute("ROLLBACK TO store_many").await?;
            tx.execute("RELEASE store_many").await?;
            Err(duplicate(err, scope))
        }
    }
}

pub async fn update(
    tx: &mut CallTx,
    scope: &Scope<'_>,
    id: i64,
    data: &str,
    expected_version: Option<i64>,
) -> Result<RecordRow, StoreFailure> {
    object(data)?;
    let engine = tx.engine();
    let taken = savepoint(tx).await?;
    let updated: Result<Option<RecordRow>, sqlx::Error> = with_call!(&mut *tx, |conn| {
        let mut q = QueryBuilder::new("UPDATE plugin_records SET data = ");
        match engine {
            Engine::Sqlite => q.push_bind(data.to_string()),
            Engine::Postgres => q.push("CAST(").push_bind(data.to_string()).push(" AS jsonb)"),
        };
        q.push(", version = version + 1, updated_at = ").push_bind(now_ms());
        q.push(", updated_by = ").push_bind(scope.user);
        push_scope(&mut q, scope);
        q.push(" AND id = ").push_bind(id);
        if let Some(version) = expected_version {
            q.push(" AND version = ").push_bind(version);
        }
        q.push(format!(" RETURNING {}", columns(engine)));
        q.build_query_as().fetch_optional(&mut *conn).await
    });
    settle_savepoint(tx, taken, updated.is_ok()).await?;
    match updated.map_err(|e| duplicate(e, scope))? {
        Some(row) => Ok(row),
        None if get(tx, scope, id).await?.is_some() => Err(StoreFailure::Conflict),
        None => Err(StoreFailure::Invalid(format!("no record {id}"))),
    }
}

/// One record's new data for [`update_many`], with the version it must still have, if any.
pub struct Replacement {
    pub id: i64,
    pub data: String,
    pub expected_version: Option<i64>,
}

/// Replaces many records' data, every one or none (contract 0.1.20). One statement per thousand
/// records: on SQLite every statement that writes `plugin_records` opens a cursor on each of its
/// indexes (every plugin's collections are partial indexes of the one table), so a batch's
/// shadows written one statement each cost hundreds of cursors apiece.
pub async fn update_many(
    tx: &mut CallTx,
    scope: &Scope<'_>,
    items: &[Replacement],
) -> Result<Vec<RecordRow>, StoreFailure> {
    if items.len() > MAX_MANY || items.iter().map(|r| r.data.len()).sum::<usize>() > MAX_MANY_BYTES {
        return Err(StoreFailure::Limit(format!(
            "one update-many writes at most {MAX_MANY} records and {} MiB",
            MAX_MANY_BYTES >> 20
        )));
    }
    let mut ids = std::collections::HashSet::with_capacity(items.len());
    for item in items {
        object(&item.data)?;
        if !ids.insert(item.id) {
            return Err(StoreFailure::Invalid(format!("record {} is replaced twice", item.id)));
        }
    }
    if items.is_empty() {
        return Ok(Vec::new());
    }
    let now = now_ms();
    let engine = tx.engine();
    tx.execute("SAVEPOINT store_many").await?;
    let mut rows = Vec::with_capacity(items.len());
    let mut failed = None;
    for batch in items.chunks(MANY_BATCH) {
        let replacements: Vec<(i64, &str, Option<i64>)> =
            batch.iter().map(|r| (r.id, r.data.as_str(), r.expected_version)).collect();
        let array = serde_json::to_string(&replacements).unwrap_or_default();
        let updated: Result<Vec<RecordRow>, sqlx::Error> = with_call!(&mut *tx, |conn| {
            // The replacements' columns are named apart from the table's, which RETURNING names;
            // one JSON array of `[id, data as a string, version]`, so that the text is the same for any
            // number of them (as in `insert_many`).
            // Materialized: read once, then each record found by its id. Inlined, SQLite read the
            // whole array again for every record of the collection.
            let mut q = QueryBuilder::new("WITH replacement (rid, rdata, rversion) AS MATERIALIZED (");
            q.push(match engine {
                Engine::Sqlite => {
                    "SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') \
                     FROM json_each("
                }
                Engine::Postgres => {
                    "SELECT CAST(r->>0 AS BIGINT), r->>1, CAST(r->>2 AS BIGINT) FROM json_array_elements(CAST("
                }
            });
            q.push_bind(array.as_str());
            q.push(match engine {
                Engine::Sqlite => ")",
                Engine::Postgres => " AS json)) AS r",
            });
            q.push(") UPDATE plugin_records SET data = ");
            q.push(match engine {
                Engine::Sqlite => "replacement.rdata",
                Engine::Postgres => "CAST(replacement.rdata AS jsonb)",
            });
            q.push(", version = plugin_records.version + 1, updated_at = ").push_bind(now);
            q.push(", updated_by = ").push_bind(scope.user);
            q.push(" FROM replacement");
            push_scope(&mut q, scope);
            q.push(
                " AND plugin_records.id = replacement.rid \
                 AND (replacement.rversion IS NULL OR plugin_records.version = replacement.rversion)",
            );
            q.push(format!(" RETURNING {}", columns(engine)));
            q.build_query_as().fetch_all(&mut *conn).await
        });
        match updated {
            Ok(updated) if updated.len() == batch.len() => rows.extend(updated),
            Ok(_) => {
                failed = Some(None);
                break;
            }
            Err(err) => {
                failed = Some(Some(err));
                break;
            }
        }
    }
    let Some(failed) = failed else {
        tx.execute("RELEASE store_many").await?;
        let order: std::collections::HashMap<i64, usize> = items.iter().enumerate().map(|(i, r)| (r.id, i)).collect();
        rows.sort_by_key(|row| order.get(&row.id).copied());
        return Ok(rows);
    };
    tx.execute("ROLLBACK TO store_many").await?;
    tx.execute("RELEASE store_many").await?;
    if let Some(err) = failed {
        return Err(duplicate(err, scope));
    }
    // Some record was not written: one that is not there names itself, else a version changed.
    for item in items {
        if get(tx, scope, item.id).await?.is_none() {
            return Err(StoreFailure::Invalid(format!("no record {}", item.id)));
        }
    }
    Err(StoreFailure::Conflict)
}

pub async fn delete(tx: &mut CallTx, scope: &Scope<'_>, id: i64) -> Result<bool, StoreFailure> {
    with_call!(tx, |conn| {
        let mut q = QueryBuilder::new("DELETE FROM plugin_records");
        push_scope(&mut q, scope);
        q.push(" AND id = ").push_bind(id);
        Ok(q.build().execute(conn).await?.rows_affected() > 0)
    })
}

/// Deletes what the conditions match, in one statement (contract 0.1.6); never the whole
/// collection by accident: at least one condition.
pub async fn delete_where(tx: &mut CallTx, scope: &Scope<'_>, conditions: &[Condition]) -> Result<u64, StoreFailure> {
    if conditions.is_empty() {
        return Err(StoreFailure::Invalid("delete-where takes at least one filter".into()));
    }
    let engine = tx.engine();
    with_call!(tx, |conn| {
        let mut q = QueryBuilder::new("DELETE FROM plugin_records");
        push_scope(&mut q, scope);
        push_conditions(&mut q, engine, conditions)?;
        Ok(q.build().execute(conn).await?.rows_affected())
    })
}

pub async fn count(tx: &mut CallTx, scope: &Scope<'_>, conditions: &[Condition]) -> Result<u64, StoreFailure> {
    if let Some(total) = count_by_key(tx, scope, conditions).await? {
        return Ok(total);
    }
    let engine = tx.engine();
    let total: i64 = with_call!(tx, |conn| {
        let mut q = QueryBuilder::new("SELECT COUNT(*) FROM plugin_records");
        push_scope(&mut q, scope);
        push_conditions(&mut q, engine, conditions)?;
        q.build_query_scalar().fetch_one(conn).await?
    });
    Ok(u64::try_from(total).unwrap_or(0))
}

/// One equality on a counted field (a list filtered by one choice, the commonest count): read
/// from `plugin_key_counts`, which triggers keep for the fields `plugin_key_fields` names
/// (migrations 0017 on PostgreSQL, 0018 on SQLite). A host whose manifest indexes a field the
/// table does not keep (another host loaded a newer build) counts the records themselves.
async fn count_by_key(
    tx: &mut CallTx,
    scope: &Scope<'_>,
    conditions: &[Condition],
) -> Result<Option<u64>, StoreFailure> {
    let [condition] = conditions else { return Ok(None) };
    let keyed = condition.op == Op::Eq
        && matches!(condition.value, Value::String(_) | Value::Number(_) | Value::Bool(_))
        && scope.collection.counted_fields().contains(&condition.field)
        && matches!(Field::of(&condition.field)?, Field::Json(_));
    if !keyed {
        return Ok(None);
    }
    let total: Option<i64> = match tx {
        CallTx::Postgres(tx) => sqlx::query_scalar(
            "SELECT CASE WHEN EXISTS (SELECT 1 FROM plugin_key_fields WHERE plugin_id = $1 AND collection = $2 AND field = $3)
             THEN (SELECT CAST(COALESCE(SUM(records), 0) AS BIGINT) FROM plugin_key_counts
                   WHERE plugin_id = $1 AND collection = $2 AND field = $3 AND tenant_id = $4 AND value = CAST($5 AS jsonb))
             ELSE (SELECT COUNT(*) FROM plugin_records
                   WHERE plugin_id = $1 AND collection = $2 AND tenant_id = $4 AND (data -> $3) = CAST($5 AS jsonb)) END",
        )
        .bind(scope.plugin)
        .bind(&scope.collection.name)
        .bind(&condition.field)
        .bind(scope.tenant)
        .bind(condition.value.to_string())
        .fetch_one(&mut **tx)
        .await?,
        // NULL when the field is not kept: counted below from the expression index.
        CallTx::Sqlite(tx, _) => {
            let key = |q: &mut QueryBuilder<'_, sqlx::Sqlite>| {
                q.push("plugin_id = ").push_bind(scope.plugin.to_string());
                q.push(" AND collection = ").push_bind(scope.collection.name.clone());
                q.push(" AND field = ").push_bind(condition.field.clone());
            };
            let mut q = QueryBuilder::new("SELECT CASE WHEN EXISTS (SELECT 1 FROM plugin_key_fields WHERE ");
            key(&mut q);
            q.push(") THEN COALESCE((SELECT records FROM plugin_key_counts WHERE ");
            key(&mut q);
            q.push(" AND tenant_id = ").push_bind(scope.tenant).push(" AND value = ");
            // Bound as the filter binds it, so the count agrees with the records it matches.
            push_value(&mut q, Engine::Sqlite, &Field::Json(condition.field.clone()), &condition.value)?;
            q.push("), 0) END");
            let q = q.build_query_scalar();
            q.fetch_one(&mut **tx).await?
        }
    };
    Ok(total.map(|total| u64::try_from(total).unwrap_or(0)))
}

/// How many records hold each value of a counted `field`, most first (contract 0.1.14
/// `store.tally`): read from `plugin_key_counts`, summed over PostgreSQL's unsettled deltas.
/// A field the table does not keep yet (another host loaded a newer build) is counted from the
/// records. Values come back as JSON text.
pub async fn tally(
    tx: &mut CallTx,
    scope: &Scope<'_>,
    field: &str,
    limit: u32,
) -> Result<Vec<(String, u64)>, StoreFailure> {
    if !scope.collection.counted_fields().iter().any(|f| f == field) {
        return Err(StoreFailure::Invalid(format!("`{field}` is not a counted field of `{}`", scope.collection.name)));
    }
    let limit = i64::from(limit.clamp(1, 1000));
    let rows: Vec<(String, i64)> = match tx {
        CallTx::Postgres(tx) => {
            sqlx::query_as(
                "SELECT CAST(value AS text), CAST(SUM(records) AS BIGINT) FROM plugin_key_counts
             WHERE plugin_id = $1 AND collection = $2 AND field = $3 AND tenant_id = $4
             GROUP BY value HAVING SUM(records) > 0
             UNION ALL
             SELECT CAST(data -> $3 AS text), COUNT(*) FROM plugin_records
             WHERE plugin_id = $1 AND collection = $2 AND tenant_id = $4 AND data ? $3
               AND NOT EXISTS (SELECT 1 FROM plugin_key_fields WHERE plugin_id = $1 AND collection = $2 AND field = $3)
             GROUP BY data -> $3
             ORDER BY 2 DESC, 1 LIMIT $5",
            )
            .bind(scope.plugin)
            .bind(&scope.collection.name)
            .bind(field)
            .bind(scope.tenant)
            .bind(limit)
            .fetch_all(&mut **tx)
            .await?
        }
        CallTx::Sqlite(tx, _) => {
            let path = format!("$.{field}");
            sqlx::query_as(
                "SELECT json_quote(value), records FROM plugin_key_counts
                 WHERE plugin_id = $1 AND collection = $2 AND field = $3 AND tenant_id = $4 AND records > 0
                 UNION ALL
                 SELECT json_quote(json_extract(data, $5)), COUNT(*) FROM plugin_records
                 WHERE plugin_id = $1 AND collection = $2 AND tenant_id = $4 AND json_extract(data, $5) IS NOT NULL
                   AND NOT EXISTS (SELECT 1 FROM plugin_key_fields WHERE plugin_id = $1 AND collection = $2 AND field = $3)
                 GROUP BY json_extract(data, $5)
                 ORDER BY 2 DESC, 1 LIMIT $6",
            )
            .bind(scope.plugin)
            .bind(&scope.collection.name)
            .bind(field)
            .bind(scope.tenant)
            .bind(path)
            .bind(limit)
            .fetch_all(&mut **tx)
            .await?
        }
    };
    Ok(rows.into_iter().map(|(value, records)| (value, u64::try_from(records).unwrap_or(0))).collect())
}

/// Whether `conditions` name their records by a field that is a unique key of its own: an
/// equality or a list of values on it matches at most as many records as values.
fn named_by_unique_key(collection: &CollectionSpec, conditions: &[Condition]) -> bool {
    conditions.iter().any(|c| {
        let names = match (c.op, &c.value) {
            (Op::Eq, value) => !value.is_null(),
            (Op::In, value) => value.is_array(),
            _ => false,
        };
        names && collection.unique.iter().any(|key| key.len() == 1 && key[0] == c.field)
    })
}

/// A page of the records `conditions` match, in `order`, with their total. `known_total` is the
/// total as the read cache kept it for the same conditions (paging through one filter).
pub async fn query(
    tx: &mut CallTx,
    scope: &Scope<'_>,
    conditions: &[Condition],
    order: &[Order],
    (offset, limit): (u32, u32),
    known_total: Option<u64>,
) -> Result<(Vec<RecordRow>, u64), StoreFailure> {
    if limit > MAX_PAGE {
        return Err(StoreFailure::Limit(format!("a page holds at most {MAX_PAGE} records")));
    }
    let engine = tx.engine();
    // One record past the page: when the page is not full the total follows from it, and the
    // count (a second statement, a round trip to SQLite's worker thread) is saved. Most lists in
    // a console fit on their first page. Both statements read the call's one snapshot.
    let mut order_by = String::from(" ORDER BY ");
    for o in order {
        let expr = Field::of(&o.field)?.sql(engine);
        // SQLite sorts a missing field (NULL) first going up and last going down.
        let nulls = match (engine, o.descending) {
            (Engine::Sqlite, _) => "",
            (Engine::Postgres, false) => " NULLS FIRST",
            (Engine::Postgres, true) => " NULLS LAST",
        };
        order_by.push_str(&format!("{expr} {}{nulls}, ", if o.descending { "DESC" } else { "ASC" }));
    }
    order_by.push_str("id DESC");
    // Records named by a unique key of their own (an SN, a list of SNs) are found through that
    // key's index and then put in order. Told only "in id order, a page", SQLite walks the
    // collection's scope index in that order and reads every record's document to test the
    // key: a batch of 256 SNs among 18,000 devices took 28 ms that way and 0.7 ms this one, and
    // grew with the fleet. `+id` is no column for an index to give in order.
    let inner_order = match engine {
        Engine::Sqlite if named_by_unique_key(scope.collection, conditions) => {
            order_by.replacen("id DESC", "+id DESC", 1)
        }
        _ => order_by.clone(),
    };
    let mut rows: Vec<RecordRow> = with_call!(tx, |conn| {
        // The page's ids first, then their records (a deferred join): the filter and the order
        // are settled in the indexes alone, and only the page's records are read — a filter
        // matching 30,000 records sorted them whole, documents and all, for a page of 20.
        let mut q = QueryBuilder::new(format!(
            "SELECT {} FROM plugin_records WHERE id IN (SELECT id FROM plugin_records",
            columns(engine)
        ));
        push_scope(&mut q, scope);
        push_conditions(&mut q, engine, conditions)?;
        q.push(&inner_order);
        q.push(" LIMIT ").push_bind(i64::from(limit) + 1).push(" OFFSET ").push_bind(i64::from(offset));
        q.push(")").push(&order_by);
        q.build_query_as().fetch_all(conn).await?
    });
    let total = if rows.len() <= limit as usize && (offset == 0 || !rows.is_empty()) {
        u64::from(offset) + rows.len() as u64
    } else {
        rows.truncate(limit as usize);
        match known_total {
            Some(total) => total,
            None => count(&mut *tx, scope, conditions).await?,
        }
    };
    Ok((rows, total))
}

/// PostgreSQL: makes `plugin_key_fields` name exactly the manifest's counted fields, copying the
/// values of records stored before a field was indexed. Writers wait meanwhile (a lock held once
/// per newly indexed field, at load), so no record is missed.
async fn keep_key_fields(pool: &sqlx::PgPool, plugin: &str, collections: &[CollectionSpec]) -> Result<(), sqlx::Error> {
    let wanted = counted_fields(collections);
    let mut tx = pool.begin().await?;
    let kept: Vec<(String, String)> =
        sqlx::query_as("SELECT collection, field FROM plugin_key_fields WHERE plugin_id = $1")
            .bind(plugin)
            .fetch_all(&mut *tx)
            .await?;
    for (collection, field) in kept.iter().filter(|k| !wanted.contains(k)) {
        // The keys' counts last: deleting the keys adds rows of their own there. Folding
        // deletes rows too: taking its lock keeps the two from waiting for each other.
        sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(SETTLE_LOCK).execute(&mut *tx).await?;
        for table in ["plugin_key_fields", "plugin_record_keys", "plugin_key_counts"] {
            sqlx::query(&format!("DELETE FROM {table} WHERE plugin_id = $1 AND collection = $2 AND field = $3"))
                .bind(plugin)
                .bind(collection)
                .bind(field)
                .execute(&mut *tx)
                .await?;
        }
    }
    let missing: Vec<&(String, String)> = wanted.iter().filter(|w| !kept.contains(w)).collect();
    if !missing.is_empty() {
        sqlx::query("LOCK TABLE plugin_records IN SHARE MODE").execute(&mut *tx).await?;
    }
    for (collection, field) in missing {
        sqlx::query(
            "INSERT INTO plugin_key_fields (plugin_id, collection, field) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
        )
        .bind(plugin)
        .bind(collection)
        .bind(field)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO plugin_record_keys (record_id, field, tenant_id, plugin_id, collection, value)
             SELECT id, $3, tenant_id, plugin_id, collection, data -> $3 FROM plugin_records
             WHERE plugin_id = $1 AND collection = $2 AND data ? $3
             ON CONFLICT DO NOTHING",
        )
        .bind(plugin)
        .bind(collection)
        .bind(field)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await
}

/// SQLite: makes `plugin_key_fields` name exactly the manifest's counted fields and counts the
/// records stored before a field was indexed (migration 0018's triggers count the rest).
async fn keep_key_fields_sqlite(
    pool: &sqlx::SqlitePool,
    plugin: &str,
    collections: &[CollectionSpec],
) -> Result<(), sqlx::Error> {
    let wanted = counted_fields(collections);
    let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
    let kept: Vec<(String, String)> =
        sqlx::query_as("SELECT collection, field FROM plugin_key_fields WHERE plugin_id = $1")
            .bind(plugin)
            .fetch_all(&mut *tx)
            .await?;
    for (collection, field) in kept.iter().filter(|k| !wanted.contains(k)) {
        for table in ["plugin_key_fields", "plugin_key_counts"] {
            sqlx::query(&format!("DELETE FROM {table} WHERE plugin_id = $1 AND collection = $2 AND field = $3"))
                .bind(plugin)
                .bind(collection)
                .bind(field)
                .execute(&mut *tx)
                .await?;
        }
    }
    for (collection, field) in wanted.iter().filter(|w| !kept.contains(w)) {
        sqlx::query("INSERT INTO plugin_key_fields (plugin_id, collection, field) VALUES ($1, $2, $3)")
            .bind(plugin)
            .bind(collection)
            .bind(field)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO plugin_key_counts (plugin_id, collection, field, tenant_id, value, records)
             SELECT plugin_id, collection, $3, tenant_id, json_extract(data, '$.' || $3) AS value, COUNT(*)
             FROM plugin_records WHERE plugin_id = $1 AND collection = $2 AND value IS NOT NULL
             GROUP BY tenant_id, value",
        )
        .bind(plugin)
        .bind(collection)
        .bind(field)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await
}

/// The (collection, field) pairs whose values are counted: each collection's `counted` fields
/// (by default its single-field indexes).
fn counted_fields(collections: &[CollectionSpec]) -> Vec<(String, String)> {
    collections.iter().flat_map(|c| c.counted_fields().into_iter().map(|f| (c.name.clone(), f))).collect()
}

/// Values the background folding takes in one statement.
const KEYS_PER_SETTLE: i64 = 1_000;
/// The advisory lock that lets one host at a time fold counts (any number unlikely to clash).
const SETTLE_LOCK: i64 = 0x6b65_795f_636e_7473;

/// PostgreSQL: folds the rows of `plugin_key_counts` written since the last time into one
/// settled row per value (migration 0017), so that a total sums a row or two. One host at a
/// time (the others wait for it); a row committed while it runs waits for the next round. At most `values` values a
/// statement; returns whether rows written before it began may be left (it folded `values`).
pub async fn settle_key_counts(pool: &sqlx::PgPool, values: i64) -> Result<bool, sqlx::Error> {
    let mut tx = pool.begin().await?;
    sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(SETTLE_LOCK).execute(&mut *tx).await?;
    let chosen: i64 = sqlx::query_scalar(
        "WITH chosen AS (
             SELECT DISTINCT plugin_id, collection, field, tenant_id, value
             FROM plugin_key_counts WHERE NOT settled LIMIT $1),
         gone AS (
             DELETE FROM plugin_key_counts c USING chosen k
             WHERE c.plugin_id = k.plugin_id AND c.collection = k.collection AND c.field = k.field
               AND c.tenant_id = k.tenant_id AND c.value = k.value
             RETURNING c.plugin_id, c.collection, c.field, c.tenant_id, c.value, c.records),
         folded AS (
             INSERT INTO plugin_key_counts (plugin_id, collection, field, tenant_id, value, records, settled)
             SELECT plugin_id, collection, field, tenant_id, value, SUM(records), TRUE FROM gone
             GROUP BY plugin_id, collection, field, tenant_id, value HAVING SUM(records) <> 0)
         SELECT COUNT(*) FROM chosen",
    )
    .bind(values)
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(chosen >= values)
}

/// Folds key counts and plugins' usage every second for as long as the host runs (PostgreSQL).
pub fn spawn_key_count_settler(pool: sqlx::PgPool) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(std::time::Duration::from_secs(1));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            loop {
                match settle_key_counts(&pool, KEYS_PER_SETTLE).await {
                    Ok(true) => continue,
                    Ok(false) => break,
                    Err(err) => {
                        tracing::warn!(%err, "folding key counts");
                        break;
                    }
                }
            }
            loop {
                match super::plugin_usage::settle(&pool).await {
                    Ok(true) => continue,
                    Ok(false) => break,
                    Err(err) => {
                        tracing::warn!(%err, "folding plugins' usage");
                        break;
                    }
                }
            }
        }
    });
}

/// Bytes of files the plugin keeps for the tenant.
impl Db {
    /// Creates the expression and unique indexes a manifest's collections ask for.
    pub async fn ensure_collection_indexes(
        &self,
        plugin: &str,
        collections: &[CollectionSpec],
    ) -> Result<(), sqlx::Error> {
        let engine = self.engine();
        let mut statements = Vec::new();
        for c in collections {
            let scope = format!("plugin_id = {} AND collection = {}", literal(plugin), literal(&c.name));
            let legacy =
                c.indexes.iter().flat_map(|f| legacy_index_names("pi", plugin, &c.name, std::slice::from_ref(f)));
            for name in legacy.chain(c.unique.iter().flat_map(|f| legacy_index_names(UNIQUE, plugin, &c.name, f))) {
                statements.push(format!("DROP INDEX IF EXISTS \"{name}\""));
            }
            for field in &c.indexes {
                let name = index_name("pi", plugin, &c.name, std::slice::from_ref(field));
                let expr = Field::Json(field.clone()).sql(engine);
                statements.push(format!(
                    "CREATE INDEX IF NOT EXISTS \"{name}\" ON plugin_records (tenant_id, {expr}, id) WHERE {scope}"
                ));
            }
            for fields in &c.compound {
                let name = index_name("pc", plugin, &c.name, fields);
                let exprs: Vec<String> = fields.iter().map(|f| Field::Json(f.clone()).sql(engine)).collect();
                statements.push(format!(
                    "CREATE INDEX IF NOT EXISTS \"{name}\" ON plugin_records (tenant_id, {}, id) WHERE {scope}",
                    exprs.join(", ")
                ));
            }
            for fields in &c.unique {
                let exprs: Vec<String> = fields.iter().map(|f| Field::Json(f.clone()).sql(engine)).collect();
                let (name, nulls_apart) = match engine {
                    Engine::Sqlite => (index_name(UNIQUE, plugin, &c.name, fields), String::new()),
                    // A JSON null is a value to PostgreSQL's `->`; SQLite's `json_extract`
                    // gives SQL NULL, which a unique index keeps apart. Records with a null in
                    // the key are left out of the index, as SQLite does (one upgrade per device
                    // keyed by `activeSn`, null when none is under way).
                    Engine::Postgres => {
                        let apart: Vec<String> =
                            exprs.iter().map(|e| format!(" AND jsonb_typeof({e}) <> 'null'")).collect();
                        (index_name(UNIQUE_BUT_NULLS, plugin, &c.name, fields), apart.concat())
                    }
                };
                statements.push(format!(
                    "CREATE UNIQUE INDEX IF NOT EXISTS \"{name}\" ON plugin_records (tenant_id, {}) WHERE {scope}{nulls_apart}",
                    exprs.join(", ")
                ));
                // The first definition, without that, goes once the new one holds the key: the new
                // one admits all the old one did, so it builds while the old one is still there.
                if engine == Engine::Postgres {
                    statements
                        .push(format!("DROP INDEX IF EXISTS \"{}\"", index_name(UNIQUE, plugin, &c.name, fields)));
                }
            }
        }
        super::with_writer!(self, |pool| {
            for statement in &statements {
                sqlx::raw_sql(statement).execute(pool).await?;
            }
            Ok::<(), sqlx::Error>(())
        })?;
        match &self.pool {
            super::Pool::Postgres(pool) => keep_key_fields(pool, plugin, collections).await,
            super::Pool::Sqlite(pool) => {
                // In the writers' turn: a record stored meanwhile would be counted twice or not at all.
                let _turn = self.writers.clone().lock_owned().await;
                keep_key_fields_sqlite(pool, plugin, collections).await
            }
        }
    }

    /// Loads many records into one collection in one transaction (imports, benchmarks): on
    /// PostgreSQL in batches of [`BULK_BATCH`] rows per statement, since a round trip per row
    /// made ten million records an hour's work.
    pub async fn bulk_insert_records(
        &self,
        plugin: &str,
        collection: &str,
        tenant: i64,
        records: impl Iterator<Item = String>,
    ) -> Result<u64, sqlx::Error> {
        const COLUMNS: &str = "plugin_records (tenant_id, plugin_id, collection, data, version, created_at, created_by, updated_at, updated_by)";
        let now = now_ms();
        let mut count = 0;
        match &self.pool {
            super::Pool::Sqlite(pool) => {
                // A statement per batch, the records a JSON array: a statement per record made
                // a round trip to the connection's thread each (1,000,000 records in 350 s).
                let sql = format!(
                    "INSERT INTO {COLUMNS} SELECT $1, $2, $3, value, 1, $5, 0, $5, 0 FROM json_each($4) ORDER BY key"
                );
                // Written outside a plugin call: the read cache keeps nothing meanwhile.
                let _written = self.read_cache().map(|cache| cache.writing_everything());
                let mut tx = pool.begin().await?;
                let mut records = records.peekable();
                while records.peek().is_some() {
                    let batch: Vec<String> = records.by_ref().take(BULK_BATCH).collect();
                    count += batch.len() as u64;
                    sqlx::query(&sql)
                        .bind(tenant)
                        .bind(plugin)
                        .bind(collection)
                        .bind(format!("[{}]", batch.join(",")))
                        .bind(now)
                        .execute(&mut *tx)
                        .await?;
                }
                tx.commit().await?;
            }
            super::Pool::Postgres(pool) => {
                let sql = format!(
                    "INSERT INTO {COLUMNS} SELECT $1, $2, $3, CAST(d AS jsonb), 1, $5, 0, $5, 0 FROM UNNEST(CAST($4 AS text[])) AS d"
                );
                let mut tx = pool.begin().await?;
                let mut records = records.peekable();
                while records.peek().is_some() {
                    let batch: Vec<String> = records.by_ref().take(BULK_BATCH).collect();
                    count += batch.len() as u64;
                    sqlx::query(&sql)
                        .bind(tenant)
                        .bind(plugin)
                        .bind(collection)
                        .bind(batch)
                        .bind(now)
                        .execute(&mut *tx)
                        .await?;
                }
                tx.commit().await?;
                // A row of counts per loaded record, folded in one statement now (a thousand
                // values a round would walk the rows the rounds before deleted).
                settle_key_counts(pool, i64::MAX).await?;
                // Statistics for the planner, and the visibility map an index-only count needs.
                sqlx::raw_sql("VACUUM (ANALYZE) plugin_records, plugin_record_keys, plugin_key_counts")
                    .execute(pool)
                    .await?;
            }
        }
        Ok(count)
    }

    /// A transaction for one plugin call. On SQLite a snapshot for reading (no writer waits
    /// for it), or with `write_lock` the write lock at once, waiting its turn. On PostgreSQL a
    /// serializable transaction: writers lock rows, not the database.
    pub async fn begin_call(&self, write_lock: bool) -> Result<CallTx, sqlx::Error> {
        self.begin_call_of(0, write_lock).await
    }

    /// [`Self::begin_call`] for a call of `tenant`, which queues for the write lock behind its
    /// own enterprise's calls first.
    pub async fn begin_call_of(&self, tenant: i64, write_lock: bool) -> Result<CallTx, sqlx::Error> {
        Ok(match &self.pool {
            super::Pool::Sqlite(pool) if write_lock => {
                // The turn before a connection: calls queued for it hold none.
                let turn = self.plugin_turn(tenant).await;
                CallTx::Sqlite(pool.begin_with("BEGIN IMMEDIATE").await?, Some(turn))
            }
            super::Pool::Sqlite(pool) => CallTx::Sqlite(pool.begin_with("BEGIN").await?, None),
            // Read-then-write rules (count, then add) hold as they do on SQLite: a transaction
            // whose reads another one changed fails to commit and the call runs again. A
            // sequential scan locks the whole table for that check (any write to it conflicts),
            // so the call's reads use the indexes wherever one serves, as PostgreSQL's manual
            // advises for serializable transactions. And a call does not wait long for a row
            // another call changes: if that one commits, this one fails anyway (a serializable
            // transaction cannot write over a change it did not see), so it fails at once and
            // runs again after a pause instead of holding its slot and memory meanwhile.
            super::Pool::Postgres(pool) => {
                let mut tx = pool.begin_with("BEGIN ISOLATION LEVEL SERIALIZABLE").await?;
                sqlx::Executor::execute(&mut *tx, "SET LOCAL enable_seqscan = off").await?;
                sqlx::Executor::execute(&mut *tx, "SET LOCAL lock_timeout = '50ms'").await?;
                CallTx::Postgres(tx)
            }
        })
    }

    /// Takes the snapshot of a transaction that has read nothing yet (SQLite takes it at the
    /// first read, not at `BEGIN`), so that what is checked after this is what it reads.
    pub async fn pin_snapshot(tx: &mut CallTx) -> Result<(), sqlx::Error> {
        match tx {
            CallTx::Sqlite(tx, _) => {
                sqlx::query("SELECT 1 FROM plugin_file_usage LIMIT 1").fetch_optional(&mut **tx).await.map(drop)
            }
            CallTx::Postgres(_) => Ok(()),
        }
    }

    /// Takes the write lock in a transaction that has only read so far. SQLite refuses at once
    /// (`SQLITE_BUSY`, `SQLITE_BUSY_SNAPSHOT`) when another writer holds the lock or has
    /// committed since the snapshot: what the call read may be stale, and it has to start over.
    /// PostgreSQL has no database-wide write lock: nothing to take.
    pub async fn take_write_lock(&self, tx: &mut CallTx, tenant: i64) -> Result<(), sqlx::Error> {
        match tx {
            // A statement that writes nothing but, as a write, takes the lock. A call holding a
            // snapshot never queues for the turn (it would hold its connection while the call
            // with the turn may wait for one): taken, it starts over as SQLite's refusal does.
            CallTx::Sqlite(tx, turn) => {
                if turn.is_none() {
                    let taken = self.plugin_turn_now(tenant);
                    *turn =
                        Some(taken.ok_or_else(|| sqlx::Error::Protocol("another call holds the write lock".into()))?);
                }
                sqlx::query("DELETE FROM plugin_file_usage WHERE 0").execute(&mut **tx).await.map(drop)
            }
            CallTx::Postgres(_) => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn collection(name: &str, unique: &[&str]) -> CollectionSpec {
        CollectionSpec {
            name: name.into(),
            indexes: Vec::new(),
            unique: vec![unique.iter().map(|f| f.to_string()).collect()],
            compound: Vec::new(),
            counted: None,
        }
    }

    #[test]
    fn only_a_unique_key_of_its_own_names_records_for_the_key_s_index() {
        let devices = collection("devices", &["sn"]);
        let on = |field: &str, op: Op, value: Value| vec![Condition { field: field.into(), op, value }];
        assert!(named_by_unique_key(&devices, &on("sn", Op::In, json!(["A", "B"]))));
        assert!(named_by_unique_key(&devices, &on("sn", Op::Eq, json!("A"))));
        assert!(!named_by_unique_key(&devices, &on("sn", Op::Eq, Value::Null)), "a missing key names nothing");
        assert!(!named_by_unique_key(&devices, &on("sn", Op::Ne, json!("A"))));
        assert!(!named_by_unique_key(&devices, &on("productId", Op::In, json!(["p"]))), "many records a value");
        let pairs = collection("bindings", &["account", "sn"]);
        assert!(!named_by_unique_key(&pairs, &on("sn", Op::Eq, json!("A"))), "unique only with another field");
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
        let mut tx = db.begin_call(true).await.expect("tx");
        let scope = Scope { plugin: "ota", collection: &second, tenant: 0, user: 1 };
        insert(&mut tx, &scope, r#"{"sn":"SN1"}"#).await.expect("first device");
        let again = insert(&mut tx, &scope, r#"{"sn":"SN1"}"#).await;
        assert!(matches!(again, Err(StoreFailure::Duplicate(ref key)) if key == &["sn".to_string()]), "{again:?}");
    }

    /// SQLite reads a one-choice total from `plugin_key_counts` (migration 0018): it must agree
    /// with the records the same filter pages through, value type by value type, after inserts,
    /// updates, deletes and a move to another enterprise, and for records stored before the field
    /// was indexed. An indexed field left out of `counted` keeps no counts and is counted.
    #[tokio::test]
    async fn a_total_read_from_the_key_counts_agrees_with_the_records_the_filter_matches() {
        let dir = tempfile::tempdir().expect("dir");
        let db = Db::open(&format!("sqlite://{}", dir.path().join("t.db").display())).await.expect("db");
        let unindexed = CollectionSpec {
            name: "things".into(),
            indexes: Vec::new(),
            unique: Vec::new(),
            compound: Vec::new(),
            counted: None,
        };
        let indexed = CollectionSpec {
            indexes: vec!["code".into(), "name".into()],
            counted: Some(vec!["code".into()]),
            ..unindexed.clone()
        };
        let crate::db::Pool::Sqlite(pool) = &db.pool else { unreachable!("a SQLite database") };
        sqlx::query("INSERT INTO tenants (id, tenant_name, full_name, abbr_en, credit_code, created_at, updated_at) VALUES (7, 'seven', 'Seven', 'S', '-', 0, 0)")
            .execute(pool)
            .await
            .expect("enterprise 7");
        db.ensure_collection_indexes("p", std::slice::from_ref(&unindexed)).await.expect("indexes");
        let stored = |collection: &CollectionSpec, tenant: i64, data: &'static str| {
            let (db, collection) = (&db, collection.clone());
            async move {
                let mut tx = db.begin_call(true).await.expect("tx");
                let row = insert(&mut tx, &Scope { plugin: "p", collection: &collection, tenant, user: 1 }, data)
                    .await
                    .expect("stored");
                tx.commit().await.expect("commit");
                row.id
            }
        };
        // Stored before `code` was indexed: counted when the plugin loads with the index.
        stored(&unindexed, 0, r#"{"code": "1"}"#).await;
        db.ensure_collection_indexes("p", std::slice::from_ref(&indexed)).await.expect("indexes");
        let mut ids = Vec::new();
        for data in [r#"{"code": 1}"#, r#"{"code": 1.0}"#, r#"{"code": true}"#, r#"{"code": "a"}"#, r#"{"code": "a"}"#]
        {
            ids.push(stored(&indexed, 0, data).await);
        }
        for data in [r#"{"code": null}"#, r#"{"other": 1, "name": "x"}"#, r#"{"code": [1], "name": "x"}"#] {
            stored(&indexed, 0, data).await;
        }
        stored(&indexed, 7, r#"{"code": "a"}"#).await;
        let agree = |expected: [(Value, u64); 5]| {
            let (db, indexed) = (&db, indexed.clone());
            async move {
                let mut tx = db.begin_call(false).await.expect("tx");
                let scope = Scope { plugin: "p", collection: &indexed, tenant: 0, user: 1 };
                for (value, records) in expected {
                    let filter = [Condition { field: "code".into(), op: Op::Eq, value: value.clone() }];
                    let read = count_by_key(&mut tx, &scope, &filter).await.expect("count");
                    let (paged, _) = query(&mut tx, &scope, &filter, &[], (0, MAX_PAGE), None).await.expect("page");
                    assert_eq!((read, paged.len() as u64), (Some(records), records), "code = {value}");
                }
            }
        };
        // The store compares as SQLite does: 1 and 1.0 and true are one number, "1" another.
        agree([(json!("1"), 1), (json!(1), 3), (json!(1.0), 3), (json!("a"), 2), (json!("b"), 0)]).await;
        // `name` is indexed, not counted: no counts kept, its totals counted from the records.
        let names: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM plugin_key_counts WHERE field = 'name'")
            .fetch_one(pool)
            .await
            .expect("names");
        assert_eq!(names, 0);
        let mut tx = db.begin_call(false).await.expect("tx");
        let scope = Scope { plugin: "p", collection: &indexed, tenant: 0, user: 1 };
        let by_name = [Condition { field: "name".into(), op: Op::Eq, value: json!("x") }];
        assert_eq!(count_by_key(&mut tx, &scope, &by_name).await.expect("count"), None);
        assert_eq!(count(&mut tx, &scope, &by_name).await.expect("count"), 2);
        drop(tx);

        let mut tx = db.begin_call(true).await.expect("tx");
        let scope = Scope { plugin: "p", collection: &indexed, tenant: 0, user: 1 };
        update(&mut tx, &scope, ids[0], r#"{"code": "b"}"#, None).await.expect("moved");
        update(&mut tx, &scope, ids[3], r#"{"code": "a", "note": "same value"}"#, None).await.expect("kept");
        delete(&mut tx, &scope, ids[4]).await.expect("deleted");
        tx.commit().await.expect("commit");
        sqlx::query("UPDATE plugin_records SET tenant_id = 7 WHERE id = ?")
            .bind(ids[2])
            .execute(pool)
            .await
            .expect("moved to enterprise 7");
        agree([(json!("1"), 1), (json!(true), 1), (json!(1.0), 1), (json!("a"), 1), (json!("b"), 1)]).await;
        let zeros: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM plugin_key_counts WHERE records <= 0")
            .fetch_one(pool)
            .await
            .expect("zeros");
        assert_eq!(zeros, 0, "a value no record holds keeps no row");

        // The index dropped from the manifest: its counts go, and totals are counted again.
        db.ensure_collection_indexes("p", std::slice::from_ref(&unindexed)).await.expect("indexes");
        let left: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM plugin_key_counts").fetch_one(pool).await.expect("counts");
        assert_eq!(left, 0);
    }
}
