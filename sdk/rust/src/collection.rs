//! Typed collections over the host's store, a query builder, and the list-page helper.

use std::marker::PhantomData;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::{PluginError, PluginResult};
use crate::host::{Filter, Host, Op, QuerySpec as WitQuery, Replacement, Sort, Stored};
use crate::router::Call;

/// A stored record: its data plus the fields the host keeps.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Doc<T> {
    pub id: String,
    pub version: i64,
    pub created_at: i64,
    pub created_by: i64,
    pub updated_at: i64,
    pub updated_by: i64,
    #[serde(flatten)]
    pub data: T,
}

impl<T: DeserializeOwned> Doc<T> {
    fn from_stored(stored: Stored) -> PluginResult<Self> {
        Ok(Doc {
            data: serde_json::from_str(&stored.data)?,
            id: stored.id,
            version: stored.version,
            created_at: stored.created_at,
            created_by: stored.created_by,
            updated_at: stored.updated_at,
            updated_by: stored.updated_by,
        })
    }
}

/// A page of a list: `{list, total, page, pageSize}` like the core's lists.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PageOf<T> {
    pub list: Vec<T>,
    pub total: u64,
    pub page: u32,
    pub page_size: u32,
}

/// How often [`Collection::modify`] reads a record that others keep writing before it gives up
/// with a 409.
pub const MODIFY_ATTEMPTS: usize = 4;
/// Records one [`Collection::modify_many`] statement writes: a page of a batch's devices.
pub const MAX_UPDATE_MANY: usize = 1000;

/// A collection declared in the plugin's manifest, holding records of type `T`.
pub struct Collection<T> {
    pub name: &'static str,
    _records: PhantomData<fn() -> T>,
}

impl<T: Serialize + DeserializeOwned> Collection<T> {
    pub const fn new(name: &'static str) -> Self {
        Collection { name, _records: PhantomData }
    }

    pub fn get(&self, host: &mut dyn Host, id: &str) -> PluginResult<Option<Doc<T>>> {
        host.store_get(self.name, id)?.map(Doc::from_stored).transpose()
    }

    /// The record, or a 404.
    pub fn find(&self, host: &mut dyn Host, id: &str) -> PluginResult<Doc<T>> {
        self.get(host, id)?.ok_or_else(PluginError::not_found)
    }

    pub fn insert(&self, host: &mut dyn Host, data: &T) -> PluginResult<Doc<T>> {
        Doc::from_stored(host.store_insert(self.name, &serde_json::to_string(data)?)?)
    }

    /// Inserts every record or none (contract 0.1.5): a duplicate among them, or with what is
    /// stored, keeps none. At most 10,000 records per call.
    pub fn insert_many(&self, host: &mut dyn Host, data: &[T]) -> PluginResult<Vec<Doc<T>>> {
        let texts = data.iter().map(serde_json::to_string).collect::<Result<Vec<String>, _>>()?;
        host.store_insert_many(self.name, &texts)?.into_iter().map(Doc::from_stored).collect()
    }

    /// The one record of a collection that holds a single one (a plugin's settings), if saved.
    pub fn single(&self, host: &mut dyn Host) -> PluginResult<Option<Doc<T>>> {
        Ok(self.query(host, &Query::new().page(1, 1))?.list.into_iter().next())
    }

    /// Saves the one record of a collection that holds a single one: it replaces the record kept,
    /// or is the first.
    pub fn save_single(&self, host: &mut dyn Host, data: &T) -> PluginResult<Doc<T>> {
        match self.single(host)? {
            Some(doc) => self.update(host, &doc.id, data, None),
            None => self.insert(host, data),
        }
    }

    /// Replaces the data; with `version`, refuses (409) if someone changed it meanwhile.
    pub fn update(&self, host: &mut dyn Host, id: &str, data: &T, version: Option<i64>) -> PluginResult<Doc<T>> {
        Doc::from_stored(host.store_update(self.name, id, &serde_json::to_string(data)?, version)?)
    }

    /// Replaces many records' data in one statement (contract 0.1.20), every one or none: `(id,
    /// data, version)`, a version as in [`Collection::update`]. A missing record refuses them
    /// all (400); a changed version, 409. At most 10,000 records per call.
    pub fn update_many(&self, host: &mut dyn Host, records: &[(&str, &T, Option<i64>)]) -> PluginResult<Vec<Doc<T>>> {
        let replacements = records
            .iter()
            .map(|(id, data, version)| {
                Ok(Replacement { id: id.to_string(), data: serde_json::to_string(data)?, expected_version: *version })
            })
            .collect::<Result<Vec<Replacement>, serde_json::Error>>()?;
        host.store_update_many(self.name, &replacements)?.into_iter().map(Doc::from_stored).collect()
    }

    /// Applies `change` to the record as stored now and writes it. When another call wrote the
    /// record between the read and the write (a schedule, a parallel request: on PostgreSQL each
    /// statement sees what was committed last), it is read again and `change` applied to that,
    /// up to [`MODIFY_ATTEMPTS`] times. For changes that merge into a record rather than replace
    /// what a user saw: what a device says of itself, counters, flags.
    pub fn modify(&self, host: &mut dyn Host, doc: Doc<T>, mut change: impl FnMut(&mut T)) -> PluginResult<Doc<T>> {
        let mut doc = doc;
        for _ in 1..MODIFY_ATTEMPTS {
            let mut data = doc.data;
            change(&mut data);
            match self.update(host, &doc.id, &data, Some(doc.version)) {
                Err(err) if err.is_conflict() => doc = self.find(host, &doc.id)?,
                written => return written,
            }
        }
        let mut data = doc.data;
        change(&mut data);
        self.update(host, &doc.id, &data, Some(doc.version))
    }

    /// [`Collection::modify`] for many records in one statement: `change` applied to each as
    /// read, all written together with their versions (pages of [`MAX_UPDATE_MANY`]). When
    /// another call wrote one of a page's records meanwhile, that page is written record by record
    /// with [`Collection::modify`], so every change lands on the record as stored now.
    pub fn modify_many(
        &self,
        host: &mut dyn Host,
        docs: Vec<Doc<T>>,
        mut change: impl FnMut(&mut T),
    ) -> PluginResult<Vec<Doc<T>>>
    where
        T: Clone,
    {
        let mut written = Vec::with_capacity(docs.len());
        for page in docs.chunks(MAX_UPDATE_MANY) {
            let changed: Vec<T> = page
                .iter()
                .map(|doc| {
                    let mut data = doc.data.clone();
                    change(&mut data);
                    data
                })
                .collect();
            let records: Vec<(&str, &T, Option<i64>)> =
                page.iter().zip(&changed).map(|(doc, data)| (doc.id.as_str(), data, Some(doc.version))).collect();
            match self.update_many(host, &records) {
                Ok(docs) => written.extend(docs),
                Err(err) if err.is_conflict() => {
                    for doc in page {
                        written.push(self.modify(host, doc.clone(), &mut change)?);
                    }
                }
                Err(err) => return Err(err),
            }
        }
        Ok(written)
    }

    pub fn delete(&self, host: &mut dyn Host, id: &str) -> PluginResult<bool> {
        Ok(host.store_delete(self.name, id)?)
    }

    pub fn query(&self, host: &mut dyn Host, query: &Query) -> PluginResult<PageOf<Doc<T>>> {
        let page = host.store_query(self.name, &query.inner)?;
        let list = page.records.into_iter().map(Doc::from_stored).collect::<PluginResult<Vec<_>>>()?;
        Ok(PageOf { list, total: page.total, page: query.page, page_size: query.inner.limit })
    }

    /// Deletes every record the query's filters match (at least one), in one host call
    /// (contract 0.1.6); its sort and page are ignored.
    pub fn delete_where(&self, host: &mut dyn Host, query: &Query) -> PluginResult<u64> {
        Ok(host.store_delete_where(self.name, &query.inner.filters)?)
    }

    pub fn count(&self, host: &mut dyn Host, query: &Query) -> PluginResult<u64> {
        Ok(host.store_count(self.name, &query.inner.filters)?)
    }

    /// How many records hold each value of a field the manifest counts, most first, at most
    /// `limit` values: devices by firmware version, at the same cost for ten or ten million
    /// (contract 0.1.14). Values as JSON.
    pub fn tally(&self, host: &mut dyn Host, field: &str, limit: u32) -> PluginResult<Vec<(Value, u64)>> {
        Ok(host
            .store_tally(self.name, field, limit)?
            .into_iter()
            .map(|t| (serde_json::from_str(&t.value).unwrap_or(Value::Null), t.records))
            .collect())
    }

    /// As [`Collection::tally`], each value as text (a number as its digits), for a chart's
    /// labels or a counter's key.
    pub fn tally_named(&self, host: &mut dyn Host, field: &str, limit: u32) -> PluginResult<Vec<(String, u64)>> {
        Ok(self
            .tally(host, field, limit)?
            .into_iter()
            .map(|(value, n)| (value.as_str().map_or_else(|| value.to_string(), str::to_string), n))
            .collect())
    }
}

/// Search modes: fuzzy or precise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchMode {
    Fuzzy,
    Precise,
}

/// Filters, sort and page of a store query.
#[derive(Debug, Clone)]
pub struct Query {
    inner: WitQuery,
    page: u32,
}

impl Default for Query {
    fn default() -> Self {
        Query::new()
    }
}

impl Query {
    pub fn new() -> Self {
        Query { inner: WitQuery { filters: Vec::new(), sort: Vec::new(), offset: 0, limit: 20 }, page: 1 }
    }

    fn filter(mut self, field: &str, op: Op, value: Value) -> Self {
        self.inner.filters.push(Filter { field: field.to_string(), op, value: value.to_string() });
        self
    }

    pub fn eq(self, field: &str, value: impl Into<Value>) -> Self {
        self.filter(field, Op::Eq, value.into())
    }
    pub fn ne(self, field: &str, value: impl Into<Value>) -> Self {
        self.filter(field, Op::Ne, value.into())
    }
    pub fn gte(self, field: &str, value: impl Into<Value>) -> Self {
        self.filter(field, Op::Gte, value.into())
    }
    pub fn lte(self, field: &str, value: impl Into<Value>) -> Self {
        self.filter(field, Op::Lte, value.into())
    }
    pub fn gt(self, field: &str, value: impl Into<Value>) -> Self {
        self.filter(field, Op::Gt, value.into())
    }
    pub fn lt(self, field: &str, value: impl Into<Value>) -> Self {
        self.filter(field, Op::Lt, value.into())
    }
    pub fn one_of(self, field: &str, values: Vec<Value>) -> Self {
        self.filter(field, Op::InList, Value::Array(values))
    }
    pub fn prefix(self, field: &str, text: &str) -> Self {
        self.filter(field, Op::Prefix, Value::from(text))
    }
    pub fn contains(self, field: &str, text: &str) -> Self {
        self.filter(field, Op::Contains, Value::from(text))
    }

    /// Text search in either mode; an empty text adds nothing.
    pub fn search(self, field: &str, text: Option<&str>, mode: SearchMode) -> Self {
        match (text.map(str::trim).filter(|t| !t.is_empty()), mode) {
            (None, _) => self,
            (Some(text), SearchMode::Fuzzy) => self.contains(field, text),
            (Some(text), SearchMode::Precise) => self.eq(field, text),
        }
    }

    /// Adds an equality filter when the value is present.
    pub fn eq_opt(self, field: &str, value: Option<&str>) -> Self {
        match value.map(str::trim).filter(|v| !v.is_empty()) {
            Some(value) => self.eq(field, value),
            None => self,
        }
    }

    pub fn sort(mut self, field: &str, descending: bool) -> Self {
        self.inner.sort.push(Sort { field: field.to_string(), descending });
        self
    }

    /// Page from 1, size 1-1000.
    pub fn page(mut self, page: u32, page_size: u32) -> Self {
        let page = page.max(1);
        let size = page_size.clamp(1, 1000);
        self.page = page;
        self.inner.limit = size;
        self.inner.offset = (page - 1).saturating_mul(size);
        self
    }

    /// Page and size from the request's `page` and `pageSize` (default 1 and 20); bad values are a 400.
    pub fn paged_by(self, call: &Call<'_>) -> PluginResult<Self> {
        let number = |name: &str, default: u32, max: u32| -> PluginResult<u32> {
            match call.query(name) {
                None => Ok(default),
                Some(text) => text
                    .parse::<u32>()
                    .ok()
                    .filter(|n| (1..=max).contains(n))
                    .ok_or_else(|| PluginError::format(name, crate::error::integer_range(1, max))),
            }
        };
        Ok(self.page(number("page", 1, u32::MAX)?, number("pageSize", 20, 1000)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::MemoryHost;

    #[derive(Debug, Default, Clone, Serialize, Deserialize)]
    struct Device {
        online: bool,
        beats: u32,
    }

    const DEVICES: Collection<Device> = Collection::new("devices");

    #[test]
    fn modify_applies_its_change_to_what_another_call_wrote_meanwhile() {
        let mut host = MemoryHost::new();
        let read = DEVICES.insert(&mut host, &Device { online: true, beats: 0 }).expect("insert");
        // A schedule marks the device offline after this call read it.
        let mut offline = read.data.clone();
        offline.online = false;
        DEVICES.update(&mut host, &read.id, &offline, Some(read.version)).expect("the schedule's write");

        let written = DEVICES.modify(&mut host, read, |device| device.beats += 1).expect("modified");
        assert_eq!(written.data.beats, 1);
        assert!(!written.data.online, "the schedule's change is kept, not overwritten by the stale copy");
        assert_eq!(written.version, 3);
    }

    #[test]
    fn a_plain_update_stays_a_409_and_modify_of_a_deleted_record_is_not_retried() {
        let mut host = MemoryHost::new();
        let read = DEVICES.insert(&mut host, &Device::default()).expect("insert");
        DEVICES.update(&mut host, &read.id, &Device { online: true, beats: 5 }, None).expect("changed");
        let stale = DEVICES.update(&mut host, &read.id, &read.data, Some(read.version)).expect_err("stale");
        assert!(stale.is_conflict() && stale.status == 409);
        DEVICES.delete(&mut host, &read.id).expect("deleted");
        let gone = DEVICES.modify(&mut host, read, |device| device.beats += 1).expect_err("gone");
        assert!(!gone.is_conflict(), "the store's own refusal (no such record), not a conflict: {gone:?}");
    }
}
