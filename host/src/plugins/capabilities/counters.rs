//! `counters` (contract 0.1.14): a plugin's counters of the call's enterprise, written in the
//! call's transaction; the platform's own calls may read every enterprise's.

use crate::db::plugin_counters::{self, Counter, CounterFailure, CounterQuery, Owner, Write};
use crate::plugins::bindings::console::plugin::counters::{self as wit, Counted};
use crate::plugins::runtime::CallState;

impl CallState {
    fn owner(&self) -> (String, i64) {
        (self.plugin.manifest.id.clone(), self.call.tenant_id)
    }

    /// Hands a counters result to the guest; a database failure dooms the call, as a store one.
    fn settle_counters<T>(&mut self, result: Result<T, CounterFailure>) -> Result<T, String> {
        match result {
            Ok(value) => Ok(value),
            Err(CounterFailure::Invalid(why)) => Err(why),
            Err(CounterFailure::Overflow) => Err(CounterFailure::Overflow.to_string()),
            Err(CounterFailure::Db(error)) => {
                if crate::db::serialization_failure(&error) {
                    self.rerun = true;
                }
                if let sqlx::Error::Database(db) = &error
                    && db.is_foreign_key_violation()
                {
                    self.tenant_gone = true;
                }
                tracing::warn!(plugin = %self.plugin.manifest.id, %error, "counters error: the call will be rolled back");
                self.doomed = true;
                Err(error.to_string())
            }
        }
    }

    async fn write_counters(
        &mut self,
        counters: Vec<wit::Counter>,
        how: Write,
    ) -> wasmtime::Result<Result<(), String>> {
        let counters: Vec<Counter> = counters
            .into_iter()
            .map(|c| Counter { name: c.name, bucket: c.bucket, key: c.key, value: c.value })
            .collect();
        // Each counter may be new: the quota counts them all.
        let counted = [(crate::plugins::quota::Quota::Counters, counters.len() as u64)];
        if let Err(refused) = self.charge(&counted).await? {
            return Ok(Err(refused));
        }
        let (plugin, tenant) = self.owner();
        let conn = self.write_conn().await?;
        let written = plugin_counters::write(conn, Owner { plugin: &plugin, tenant }, &counters, how).await;
        Ok(self.settle_counters(written))
    }
}

impl wit::Host for CallState {
    async fn add(&mut self, counters: Vec<wit::Counter>) -> wasmtime::Result<Result<(), String>> {
        self.write_counters(counters, Write::Add).await
    }

    async fn set(&mut self, counters: Vec<wit::Counter>) -> wasmtime::Result<Result<(), String>> {
        self.write_counters(counters, Write::Set).await
    }

    async fn read(&mut self, query: wit::CounterQuery) -> wasmtime::Result<Result<Vec<Counted>, String>> {
        let query = CounterQuery {
            names: query.names,
            from: query.from,
            to: query.to,
            keys: query.keys,
            all_enterprises: query.all_enterprises,
            by_enterprise: query.by_enterprise,
            by_bucket: query.by_bucket,
            by_key: query.by_key,
            limit: query.limit,
        };
        let (plugin, tenant) = self.owner();
        let conn = self.read_conn().await?;
        let read = plugin_counters::read(conn, Owner { plugin: &plugin, tenant }, &query).await;
        Ok(self.settle_counters(read).map(|rows| {
            rows.into_iter()
                .map(|(enterprise, name, bucket, key, value)| Counted { enterprise, name, bucket, key, value })
                .collect()
        }))
    }

    async fn clear(&mut self, names: Vec<String>, from: i64, to: i64) -> wasmtime::Result<Result<u64, String>> {
        let (plugin, tenant) = self.owner();
        let conn = self.write_conn().await?;
        let cleared = plugin_counters::clear(conn, Owner { plugin: &plugin, tenant }, &names, (from, to)).await;
        Ok(self.settle_counters(cleared))
    }
}
