//! `console-host migrate-to-postgres`: copies an installation's SQLite database into an empty
//! PostgreSQL database, so that an installation started on the embedded default can move.
//!
//! Both ends are opened through [`Db::open`], so each is migrated to the same schema version
//! first. Tables are copied in an order that satisfies their foreign keys, column by column as
//! PostgreSQL types them, in one transaction: a failed copy leaves the target as it was. Identity
//! sequences continue after the highest id ever given (SQLite's AUTOINCREMENT counters included),
//! so an id is never given twice. The object folder and master key stay where they are.

use sqlx::postgres::PgRow;
use sqlx::sqlite::SqliteRow;
use sqlx::{Postgres, QueryBuilder, Row};

use super::{Db, Pool};

/// Every table, parents before children. A table the schema has and this list lacks fails the
/// copy (see [`copy_sqlite_to_postgres`]): nothing is left behind silently.
const TABLES: [&str; 33] = [
    "tenants",
    "departments",
    "menus",
    "buttons",
    "roles",
    "role_menus",
    "role_buttons",
    "accounts",
    "account_roles",
    "sessions",
    "login_failures",
    "login_logs",
    "regions",
    "languages",
    "service_areas",
    "plugin_records",
    "plugin_counters",
    "plugin_tenants",
    "plugin_schedule_runs",
    "plugin_file_usage",
    "plugin_files",
    "device_keys",
    "operation_records",
    "uploads",
    "approvals",
    "search_indexes",
    "certificate_authorities",
    "issued_certificates",
    "oauth_clients",
    "oauth_scopes",
    "oauth_tokens",
    "spent_proofs",
    "tasks",
];

/// Tables not copied: messages between running hosts (nothing in them outlives a minute), which
/// running host holds which device's session and the hosts' leases, the
/// nonces of signed requests (ten minutes), OAuth codes (two minutes), and
/// the indexed values PostgreSQL counts from, which the first start rebuilds from the records,
/// and plugins' usage, which the target's triggers count as the rows are copied.
const TRANSIENT: [&str; 9] = [
    "cluster_events",
    "host_leases",
    "device_sessions",
    "plugin_key_fields",
    "plugin_record_keys",
    "plugin_key_counts",
    "request_nonces",
    "oauth_codes",
    "plugin_usage",
];

/// Tables copied by a function of their own: search documents, whose terms are an FTS5 table on
/// SQLite and a `tsvector` column on PostgreSQL ([`copy_search_documents`]).
const REBUILT: [&str; 1] = ["search_documents"];

/// Rows per INSERT: well under PostgreSQL's 65,535 bound parameters for the widest table.
const BATCH: usize = 500;

#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    #[error("--from must name a SQLite database (sqlite://...) and --to a PostgreSQL one (postgres://...)")]
    Engines,
    #[error("the target already holds an installation ({0} accounts): copy into a new, empty database")]
    NotEmpty(i64),
    #[error("the schema has tables this command does not know: {0:?}")]
    UnknownTables(Vec<String>),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Rows copied per table.
pub type Copied = Vec<(&'static str, u64)>;

pub async fn copy_sqlite_to_postgres(from: &str, to: &str) -> Result<Copied, CopyError> {
    let (source_db, target_db) = (Db::open(from).await?, Db::open(to).await?);
    let (Pool::Sqlite(source), Pool::Postgres(target)) = (&source_db.pool, &target_db.pool) else {
        return Err(CopyError::Engines);
    };
    let accounts: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM accounts").fetch_one(target).await?;
    if accounts > 0 {
        return Err(CopyError::NotEmpty(accounts));
    }
    let known: Vec<String> = sqlx::query_scalar(
        "SELECT CAST(table_name AS text) FROM information_schema.tables
         WHERE table_schema = current_schema() AND table_name <> '_sqlx_migrations' ORDER BY 1",
    )
    .fetch_all(target)
    .await?;
    // The time series, its rollups and their days' partitions are copied day by day
    // ([`copy_series`]).
    let unknown: Vec<String> = known
        .into_iter()
        .filter(|t| !t.starts_with("series") && !t.starts_with("rollups_"))
        .filter(|t| ![&TABLES[..], &TRANSIENT, &REBUILT].concat().contains(&t.as_str()))
        .collect();
    if !unknown.is_empty() {
        return Err(CopyError::UnknownTables(unknown));
    }

    let mut tx = target.begin().await?;
    // The target's seed rows (the platform enterprise, reference data) are replaced by the source's.
    for table in TABLES.iter().rev() {
        sqlx::query(&format!("DELETE FROM {table}")).execute(&mut *tx).await?;
    }
    let mut copied = Vec::new();
    for table in TABLES {
        let columns: Vec<(String, String)> = sqlx::query_as(
            "SELECT CAST(column_name AS text), CAST(data_type AS text) FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
        )
        .bind(table)
        .fetch_all(&mut *tx)
        .await?;
        let names: Vec<&str> = columns.iter().map(|(name, _)| name.as_str()).collect();
        let rows: Vec<SqliteRow> =
            sqlx::query(&format!("SELECT {} FROM {table}", names.join(", "))).fetch_all(source).await?;
        for batch in rows.chunks(BATCH) {
            let mut insert = QueryBuilder::<Postgres>::new(format!("INSERT INTO {table} ({}) ", names.join(", ")));
            insert.push_values(batch, |mut values, row| {
                for (i, (_, kind)) in columns.iter().enumerate() {
                    match kind.as_str() {
                        "bigint" => values.push_bind(row.try_get::<Option<i64>, _>(i).ok().flatten()),
                        "boolean" => values.push_bind(row.try_get::<Option<bool>, _>(i).ok().flatten()),
                        "jsonb" => values
                            .push("CAST(")
                            .push_bind_unseparated(row.try_get::<Option<String>, _>(i).ok().flatten())
                            .push_unseparated(" AS jsonb)"),
                        _ => values.push_bind(row.try_get::<Option<String>, _>(i).ok().flatten()),
                    };
                }
            });
            insert.build().execute(&mut *tx).await?;
        }
        let count = rows.len() as u64;
        copied.push((table, count));
        if names.contains(&"id") {
            continue_identity(&mut tx, source, table).await?;
        }
    }
    copied.push(("search_documents", copy_search_documents(&mut tx, source).await?));
    tx.commit().await?;
    copied.push(("series", copy_series(&source_db, &target_db, source, target).await?));
    Ok(copied)
}

/// The time series, day by day: the target's partitions of each day the source kept, then its
/// points in pages and their rollups (a day of a large fleet is not read into memory whole).
async fn copy_series(
    source_db: &Db,
    target_db: &Db,
    source: &sqlx::SqlitePool,
    target: &sqlx::PgPool,
) -> Result<u64, sqlx::Error> {
    let mut copied = 0u64;
    for day in source_db.series_days().await? {
        target_db.make_series_day(day).await?;
        let table = super::series::table_of(day);
        let mut after: (i64, String, String, String, i64) = (i64::MIN, String::new(), String::new(), String::new(), 0);
        loop {
            let rows: Vec<(i64, String, String, String, i64, f64)> = sqlx::query_as(&format!(
                "SELECT tenant_id, plugin_id, subject, name, at, value FROM {table}
                 WHERE (tenant_id, plugin_id, subject, name, at) > ($1, $2, $3, $4, $5)
                 ORDER BY tenant_id, plugin_id, subject, name, at LIMIT $6"
            ))
            .bind(after.0)
            .bind(&after.1)
            .bind(&after.2)
            .bind(&after.3)
            .bind(after.4)
            .bind(BATCH as i64 * 10)
            .fetch_all(source)
            .await?;
            let Some(last) = rows.last() else { break };
            after = (last.0, last.1.clone(), last.2.clone(), last.3.clone(), last.4);
            for chunk in rows.chunks(BATCH) {
                let mut insert = QueryBuilder::<Postgres>::new(
                    "INSERT INTO series (tenant_id, plugin_id, subject, name, at, value) ",
                );
                insert.push_values(chunk, |mut values, (tenant, plugin, subject, name, at, value)| {
                    values
                        .push_bind(*tenant)
                        .push_bind(plugin.as_str())
                        .push_bind(subject.as_str())
                        .push_bind(name.as_str())
                        .push_bind(*at)
                        .push_bind(*value);
                });
                insert.build().execute(target).await?;
            }
            copied += rows.len() as u64;
        }
        // The day's rollups, summed from its points as copied.
        target_db.roll_up_day(day).await?;
    }
    Ok(copied)
}

/// Search documents with their terms: SQLite's FTS5 rows become PostgreSQL's weighted
/// `tsvector`s of the same terms (title A, body B), their tag terms an array.
async fn copy_search_documents(
    tx: &mut sqlx::Transaction<'_, Postgres>,
    source: &sqlx::SqlitePool,
) -> Result<u64, sqlx::Error> {
    // In pages by id: a large index is not read into memory whole.
    let (mut after, mut copied) = (0i64, 0u64);
    loop {
        let batch: Vec<(i64, i64, String, i64, String, String, String)> = sqlx::query_as(
            "SELECT d.id, d.index_id, d.doc_id, d.bytes, t.title, t.body, t.tags
             FROM search_documents d JOIN search_terms t ON t.rowid = d.id WHERE d.id > $1 ORDER BY d.id LIMIT $2",
        )
        .bind(after)
        .bind(BATCH as i64)
        .fetch_all(source)
        .await?;
        let Some(last) = batch.last() else { break };
        after = last.0;
        copied += batch.len() as u64;
        let mut insert =
            QueryBuilder::<Postgres>::new("INSERT INTO search_documents (id, index_id, doc_id, bytes, tags, terms) ");
        insert.push_values(&batch, |mut values, (id, index, doc_id, bytes, title, body, tags)| {
            let tags: Vec<&str> = tags.split_whitespace().collect();
            values
                .push_bind(*id)
                .push_bind(*index)
                .push_bind(doc_id.as_str())
                .push_bind(*bytes)
                .push_bind(tags)
                .push("setweight(to_tsvector('simple', ")
                .push_bind_unseparated(title.as_str())
                .push_unseparated("), 'A') || setweight(to_tsvector('simple', ")
                .push_bind_unseparated(body.as_str())
                .push_unseparated("), 'B')");
        });
        insert.build().execute(&mut **tx).await?;
    }
    continue_identity(tx, source, "search_documents").await?;
    Ok(copied)
}

/// Moves the table's identity sequence past every id SQLite ever gave.
async fn continue_identity(
    tx: &mut sqlx::Transaction<'_, Postgres>,
    source: &sqlx::SqlitePool,
    table: &str,
) -> Result<(), sqlx::Error> {
    let sequence: Option<String> =
        sqlx::query_scalar("SELECT pg_get_serial_sequence($1, 'id')").bind(table).fetch_one(&mut **tx).await?;
    let Some(sequence) = sequence else { return Ok(()) };
    let given: Option<i64> = sqlx::query_scalar("SELECT seq FROM sqlite_sequence WHERE name = $1")
        .bind(table)
        .fetch_optional(source)
        .await
        .unwrap_or(None);
    let highest: Option<i64> = sqlx::query_scalar(&format!("SELECT MAX(id) FROM {table}")).fetch_one(&mut **tx).await?;
    let next = highest.unwrap_or(0).max(given.unwrap_or(0)) + 1;
    let _: PgRow = sqlx::query("SELECT setval($1, $2, false)").bind(sequence).bind(next).fetch_one(&mut **tx).await?;
    Ok(())
}
