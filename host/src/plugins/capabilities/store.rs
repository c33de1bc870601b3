//! `store`: collections of JSON records, scoped to the call's tenant and plugin.

use serde_json::Value;

use crate::db::plugin_store::{self, Condition, Op, Order, RecordRow, Scope, StoreFailure};
use crate::db::read_cache::{Answer, ReadKey};
use crate::plugins::bindings::console::plugin::store::{self as wit, Filter, Page, QuerySpec, StoreError, Stored};
use crate::plugins::manifest::CollectionSpec;
use crate::plugins::runtime::CallState;

fn stored(row: RecordRow) -> Stored {
    Stored {
        id: row.id.to_string(),
        data: row.data,
        version: row.version,
        created_at: row.created_at,
        created_by: row.created_by,
        updated_at: row.updated_at,
        updated_by: row.updated_by,
    }
}

fn store_error(failure: StoreFailure) -> StoreError {
    match failure {
        StoreFailure::Invalid(why) => StoreError::Invalid(why),
        StoreFailure::Limit(why) => StoreError::Limit(why),
        StoreFailure::Duplicate(fields) => StoreError::Duplicate(fields),
        StoreFailure::Conflict => StoreError::Conflict,
        StoreFailure::Db(err) => StoreError::Internal(err.to_string()),
    }
}

impl CallState {
    /// Hands a store result to the guest. An `internal` error dooms the call: the contract says
    /// it is rolled back, whatever the plugin answers afterwards.
    fn settle<T>(&mut self, result: Result<T, StoreFailure>) -> Result<T, StoreError> {
        // Every row references its enterprise: a write refused by that key means the enterprise
        // was deleted while the call ran.
        if let Err(StoreFailure::Db(sqlx::Error::Database(db))) = &result
            && db.is_foreign_key_violation()
        {
            self.tenant_gone = true;
        }
        if let Err(StoreFailure::Db(err)) = &result
            && crate::db::serialization_failure(err)
        {
            // PostgreSQL refused it for a concurrent change: the call runs again from the start.
            self.rerun = true;
        }
        let result = result.map_err(store_error);
        if let Err(StoreError::Internal(why)) = &result {
            tracing::warn!(plugin = %self.plugin.manifest.id, %why, "store error: the call will be rolled back");
            self.doomed = true;
        }
        result
    }
}

impl CallState {
    /// Counts records about to be written (a rewrite counts as new) against the quotas.
    async fn charge_records<'a>(
        &mut self,
        written: impl Iterator<Item = &'a String>,
    ) -> wasmtime::Result<Result<(), StoreError>> {
        let (count, bytes) = written.fold((0u64, 0u64), |(n, b), data| (n + 1, b + data.len() as u64));
        use crate::plugins::quota::Quota;
        Ok(self.charge(&[(Quota::Records, count), (Quota::RecordBytes, bytes)]).await?.map_err(StoreError::Limit))
    }
}

fn conditions(filters: &[Filter]) -> Result<Vec<Condition>, StoreError> {
    filters
        .iter()
        .map(|f| {
            let value: Value = serde_json::from_str(&f.value)
                .map_err(|_| StoreError::Invalid(format!("filter on `{}`: value is not JSON", f.field)))?;
            let op = match f.op {
                wit::Op::Eq => Op::Eq,
                wit::Op::Ne => Op::Ne,
                wit::Op::Gt => Op::Gt,
                wit::Op::Gte => Op::Gte,
                wit::Op::Lt => Op::Lt,
                wit::Op::Lte => Op::Lte,
                wit::Op::InList => Op::In,
                wit::Op::Prefix => Op::Prefix,
                wit::Op::Contains => Op::Contains,
            };
            Ok(Condition { field: f.field.clone(), op, value })
        })
        .collect()
}

macro_rules! scoped {
    ($state:ident, $collection:expr) => {{
        let plugin = $state.plugin.clone();
        let Some(spec) = plugin.manifest.collection(&$collection).cloned() else {
            return Ok(Err(StoreError::UnknownCollection($collection)));
        };
        (plugin, spec)
    }};
}

impl CallState {
    /// Where a statement acts: the collection, for the call's tenant and user, never the guest's choice.
    fn scope<'a>(&self, plugin: &'a str, collection: &'a CollectionSpec) -> Scope<'a> {
        Scope { plugin, collection, tenant: self.call.tenant_id, user: self.call.user_id }
    }

    /// The write connection, for a write to the scope's records: the read cache stops serving
    /// them until the call's transaction is over.
    async fn write_records(&mut self, scope_plugin: &str) -> wasmtime::Result<&mut crate::db::CallTx> {
        self.write_conn().await?;
        self.cached.writes(scope_plugin);
        self.write_conn().await
    }
}

/// What identifies a read in the read cache: its scope and the statement's text.
fn read_key(scope: &Scope<'_>, read: String) -> ReadKey {
    ReadKey { tenant: scope.tenant, plugin: scope.plugin.to_string(), collection: scope.collection.name.clone(), read }
}

/// The conditions as JSON: field names and values escaped, so that no two reads share a text.
fn conditions_text(conditions: &[Condition]) -> String {
    let conditions: Vec<(&str, String, &serde_json::Value)> =
        conditions.iter().map(|c| (c.field.as_str(), format!("{:?}", c.op), &c.value)).collect();
    serde_json::to_string(&conditions).unwrap_or_default()
}

impl wit::Host for CallState {
    async fn get(&mut self, collection: String, id: String) -> wasmtime::Result<Result<Option<Stored>, StoreError>> {
        let (plugin, spec) = scoped!(self, collection);
        let Ok(id) = id.parse::<i64>() else { return Ok(Ok(None)) };
        let scope = self.scope(&plugin.manifest.id, &spec);
        let key = read_key(&scope, format!("get {id}"));
        if let Some(Answer::Row(row)) = self.cached_answer(&key) {
            return Ok(Ok(row.map(stored)));
        }
        let conn = self.read_conn().await?;
        let found = plugin_store::get(conn, &scope, id).await;
        if let Ok(row) = &found {
            self.cached.keep(key, || Answer::Row(row.clone()));
        }
        Ok(self.settle(found.map(|row| row.map(stored))))
    }

    async fn insert(&mut self, collection: String, data: String) -> wasmtime::Result<Result<Stored, StoreError>> {
        let (plugin, spec) = scoped!(self, collection);
        if let Err(refused) = self.charge_records(std::iter::once(&data)).await? {
            return Ok(Err(refused));
        }
        let scope = self.scope(&plugin.manifest.id, &spec);
        let conn = self.write_records(&plugin.manifest.id).await?;
        let inserted = plugin_store::insert(conn, &scope, &data).await.map(stored);
        Ok(self.settle(inserted))
    }

    async fn insert_many(
        &mut self,
        collection: String,
        data: Vec<String>,
    ) -> wasmtime::Result<Result<Vec<Stored>, StoreError>> {
        let (plugin, spec) = scoped!(self, collection);
        if let Err(refused) = self.charge_records(data.iter()).await? {
            return Ok(Err(refused));
        }
        let scope = self.scope(&plugin.manifest.id, &spec);
        let conn = self.write_records(&plugin.manifest.id).await?;
        let inserted =
            plugin_store::insert_many(conn, &scope, &data).await.map(|rows| rows.into_iter().map(stored).collect());
        Ok(self.settle(inserted))
    }

    async fn update(
        &mut self,
        collection: String,
        id: String,
        data: String,
        expected_version: Option<i64>,
    ) -> wasmtime::Result<Result<Stored, StoreError>> {
        let (plugin, spec) = scoped!(self, collection);
        let Ok(id) = id.parse::<i64>() else { return Ok(Err(StoreError::Invalid(format!("no record {id}")))) };
        // Only its bytes: the record is there already.
        use crate::plugins::quota::Quota;
        if let Err(refused) = self.charge(&[(Quota::RecordBytes, data.len() as u64)]).await? {
            return Ok(Err(StoreError::Limit(refused)));
        }
        let scope = self.scope(&plugin.manifest.id, &spec);
        let conn = self.write_records(&plugin.manifest.id).await?;
        let updated = plugin_store::update(conn, &scope, id, &data, expected_version).await.map(stored);
        Ok(self.settle(updated))
    }

    async fn update_many(
        &mut self,
        collection: String,
        records: Vec<wit::Replacement>,
    ) -> wasmtime::Result<Result<Vec<Stored>, StoreError>> {
        let (plugin, spec) = scoped!(self, collection);
        let mut replacements = Vec::with_capacity(records.len());
        for record in records {
            let Ok(id) = record.id.parse::<i64>() else {
                return Ok(Err(StoreError::Invalid(format!("no record {}", record.id))));
            };
            replacements.push(plugin_store::Replacement {
                id,
                data: record.data,
                expected_version: record.expected_version,
            });
        }
        // Only their bytes: the records are there already.
        use crate::plugins::quota::Quota;
        let bytes = replacements.iter().map(|r| r.data.len() as u64).sum();
        if let Err(refused) = self.charge(&[(Quota::RecordBytes, bytes)]).await? {
            return Ok(Err(StoreError::Limit(refused)));
        }
        let scope = self.scope(&plugin.manifest.id, &spec);
        let conn = self.write_records(&plugin.manifest.id).await?;
        let updated = plugin_store::update_many(conn, &scope, &replacements)
            .await
            .map(|rows| rows.into_iter().map(stored).collect());
        Ok(self.settle(updated))
    }

    async fn delete(&mut self, collection: String, id: String) -> wasmtime::Result<Result<bool, StoreError>> {
        let (plugin, spec) = scoped!(self, collection);
        let Ok(id) = id.parse::<i64>() else { return Ok(Ok(false)) };
        let scope = self.scope(&plugin.manifest.id, &spec);
        let conn = self.write_records(&plugin.manifest.id).await?;
        let deleted = plugin_store::delete(conn, &scope, id).await;
        Ok(self.settle(deleted))
    }

    async fn delete_where(
        &mut self,
        collection: String,
        filters: Vec<Filter>,
    ) -> wasmtime::Result<Result<u64, StoreError>> {
        let (plugin, spec) = scoped!(self, collection);
        let conditions = match conditions(&filters) {
            Ok(c) => c,
            Err(e) => return Ok(Err(e)),
        };
        let scope = self.scope(&plugin.manifest.id, &spec);
        let conn = self.write_records(&plugin.manifest.id).await?;
        let deleted = plugin_store::delete_where(conn, &scope, &conditions).await;
        Ok(self.settle(deleted))
    }

    async fn query(&mut self, collection: String, spec_query: QuerySpec) -> wasmtime::Result<Result<Page, StoreError>> {
        let (plugin, spec) = scoped!(self, collection);
        let conditions = match conditions(&spec_query.filters) {
            Ok(c) => c,
            Err(e) => return Ok(Err(e)),
        };
        let order: Vec<Order> =
            spec_query.sort.iter().map(|s| Order { field: s.field.clone(), descending: s.descending }).collect();
        let scope = self.scope(&plugin.manifest.id, &spec);
        let conditions_text = conditions_text(&conditions);
        let sort: Vec<(&str, bool)> = order.iter().map(|o| (o.field.as_str(), o.descending)).collect();
        let sort = serde_json::to_string(&sort).unwrap_or_default();
        let read = format!("query {} {} {sort} {conditions_text}", spec_query.offset, spec_query.limit);
        let key = read_key(&scope, read);
        if let Some(Answer::Page(rows, total)) = self.cached_answer(&key) {
            return Ok(Ok(Page { records: rows.into_iter().map(stored).collect(), total }));
        }
        // Another page of the same filter: its total is known (counting is most of a deep list).
        let count_key = read_key(&scope, format!("count {conditions_text}"));
        let known_total = match self.cached_answer(&count_key) {
            Some(Answer::Count(total)) => Some(total),
            _ => None,
        };
        let conn = self.read_conn().await?;
        let paging = (spec_query.offset, spec_query.limit);
        let page = plugin_store::query(conn, &scope, &conditions, &order, paging, known_total).await;
        if let Ok((rows, total)) = &page {
            self.cached.keep(key, || Answer::Page(rows.clone(), *total));
            self.cached.keep(count_key, || Answer::Count(*total));
        }
        let page = page.map(|(rows, total)| Page { records: rows.into_iter().map(stored).collect(), total });
        Ok(self.settle(page))
    }

    async fn count(&mut self, collection: String, filters: Vec<Filter>) -> wasmtime::Result<Result<u64, StoreError>> {
        let (plugin, spec) = scoped!(self, collection);
        let conditions = match conditions(&filters) {
            Ok(c) => c,
            Err(e) => return Ok(Err(e)),
        };
        let scope = self.scope(&plugin.manifest.id, &spec);
        let key = read_key(&scope, format!("count {}", conditions_text(&conditions)));
        if let Some(Answer::Count(total)) = self.cached_answer(&key) {
            return Ok(Ok(total));
        }
        let conn = self.read_conn().await?;
        let counted = plugin_store::count(conn, &scope, &conditions).await;
        if let Ok(total) = &counted {
            self.cached.keep(key, || Answer::Count(*total));
        }
        Ok(self.settle(counted))
    }

    async fn tally(
        &mut self,
        collection: String,
        field: String,
        limit: u32,
    ) -> wasmtime::Result<Result<Vec<wit::Tallied>, StoreError>> {
        let (plugin, spec) = scoped!(self, collection);
        let scope = self.scope(&plugin.manifest.id, &spec);
        let conn = self.read_conn().await?;
        let tallied = plugin_store::tally(conn, &scope, &field, limit).await;
        Ok(self
            .settle(tallied)
            .map(|rows| rows.into_iter().map(|(value, records)| wit::Tallied { value, records }).collect()))
    }
}
