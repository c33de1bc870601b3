//! An in-memory stand-in for the host, to unit-test plugin logic natively (no wasm, no host).
//! It keeps the store's semantics that plugin logic relies on: versions, unique keys, filters,
//! sort and paging. Templates substitute `{{ name }}` only.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::Plugin;
use crate::bindings::console::plugin::types;
use crate::host::{
    Account, Counted, Counter, CounterQuery, Enterprise, Filter, Host, Level, Op, OutboundRequest, OutboundResponse,
    OutgoingMail, Page, QuerySpec, Replacement, SmtpServer, StoreError, Stored, Tallied,
};

/// Another plugin in a native test: `(method, path, body)` to `(status, data or {"msg"})`.
pub type FakePlugin = fn(&str, &str, &Value) -> (u16, Value);

/// A search index of the in-memory host, its documents by id.
#[derive(Debug, Default, Clone)]
pub struct MemoryIndex {
    pub created_at: i64,
    pub updated_at: i64,
    pub documents: BTreeMap<String, IndexedDocument>,
}

/// A document as the in-memory host keeps it: its title's and body's terms, and its tags.
#[derive(Debug, Default, Clone)]
pub struct IndexedDocument {
    pub title: Vec<String>,
    pub body: Vec<String>,
    pub tags: Vec<String>,
}

#[derive(Default)]
pub struct MemoryHost {
    pub user_id: i64,
    next_id: u64,
    clock: i64,
    collections: BTreeMap<String, BTreeMap<u64, Stored>>,
    unique_keys: BTreeMap<String, Vec<Vec<String>>>,
    pub audits: Vec<(String, String)>,
    pub logs: Vec<String>,
    pub events: Vec<(String, Value)>,
    pub files: BTreeMap<String, Vec<u8>>,
    pub fetched: Vec<OutboundRequest>,
    /// Answers outbound calls; `None` refuses them like an operator who granted no host.
    pub responder: Option<fn(&OutboundRequest) -> OutboundResponse>,
    /// What `now_ms` answers; tests move it to cross expiries and day boundaries.
    pub now_ms: i64,
    /// The calling user's name; `device:<key>` with `user_id` 0 for device-facing routes.
    pub user_name: String,
    /// Mails sent, with the server they went through.
    pub mails: Vec<(SmtpServer, OutgoingMail)>,
    /// When set, sending mail fails with this error (an unreachable or refusing server).
    pub mail_error: Option<String>,
    /// The call under way has written: like the host, outbound requests are refused from then on
    /// (the write lock is not held over the network). Cleared when a call through
    /// [`MemoryHost::call`] begins and ends.
    pub wrote: bool,
    /// Other plugins, by mount: what each answers `(method, path, body)` with, `(status, data or
    /// {"msg"})`. A mount not here is refused like one the manifest does not use.
    pub plugins: BTreeMap<String, FakePlugin>,
    /// What [`Host::calling_plugin`] answers: the id of the plugin calling, if one is.
    pub calling_plugin: Option<String>,
    /// Approval requests submitted: kind, title, subject id, detail.
    pub approvals: Vec<(String, String, String, Value)>,
    /// Uploads waiting for a claim, by id: purpose, what the host measured, the bytes.
    pub uploads: BTreeMap<String, (String, crate::upload::UploadedFile, Vec<u8>)>,
    /// Uploads made so far: ids are never reused, as on the host.
    uploads_made: usize,
    /// Search indexes by name (contract 0.1.9).
    pub search: BTreeMap<String, MemoryIndex>,
    /// The platform's enterprises the caller may see (contract 0.1.6).
    pub enterprises: Vec<Enterprise>,
    /// The codes of the platform's languages; the console's seven when empty.
    pub languages: Vec<String>,
    /// Device keys issued (contract 0.1.7): SN to key.
    pub device_keys: BTreeMap<String, String>,
    /// What [`Host::client_address`] answers (contract 0.1.8).
    pub client_address: String,
    /// Devices woken (contract 0.1.8), in order.
    pub woken: Vec<String>,
    /// The console accounts of the enterprise (contract 0.1.10).
    pub accounts: Vec<Account>,
    /// Live messages sent to channels (contract 0.1.10), in order: channel, message.
    pub live: Vec<(String, Value)>,
    /// Live messages sent to console users (contract 0.1.10), in order: user, topic, message.
    pub notified: Vec<(i64, String, Value)>,
    /// Certificates issued (contract 0.1.12), in order, and the serials revoked. The memory
    /// host signs nothing: its PEM texts only carry the request, for the plugin's logic.
    pub certificates: Vec<crate::certificates::CertificateRequest>,
    pub revoked: Vec<String>,
    /// The button actions the calling user holds (the host's `context.actions`).
    pub actions: Vec<String>,
    /// What other consoles serve by URL, for [`Host::file_fetch`] (contract 0.1.13).
    pub remote_files: BTreeMap<String, Vec<u8>>,
    /// Calls made to other plugins, in order: mount, method, path, body.
    pub plugin_calls: Vec<(String, String, String, Value)>,
    /// The call's enterprise: 0 is the platform's own call, which may read every enterprise's
    /// counters (contract 0.1.14).
    pub tenant_id: i64,
    /// Counters (contract 0.1.14) by enterprise, name, bucket and key.
    pub counters: BTreeMap<(i64, String, i64, String), i64>,
    /// Failed attempts per subject (contract 0.1.16 `proofs`): counted before the proof is
    /// checked, forgotten when it held; five lock a password's subject, as on the host (a
    /// signature is counted by `address:<client address>`).
    pub failed_proofs: BTreeMap<String, u32>,
    /// Proofs spent (contract 0.1.16).
    pub spent_proofs: std::collections::BTreeSet<String>,
    /// Subjects whose OAuth grants were ended (contract 0.1.16), in order.
    pub revoked_grants: Vec<String>,
    /// Uses taken of each door (contract 0.1.16 `proofs.take`).
    pub door_uses: BTreeMap<String, u32>,
    /// Time series points (contract 0.1.17) by subject, name and time.
    pub series: BTreeMap<(String, String, i64), f64>,
}

impl MemoryHost {
    pub fn new() -> Self {
        MemoryHost {
            user_id: 1,
            tenant_id: 1,
            now_ms: 1_767_225_600_000,
            user_name: "tester".into(),
            ..Default::default()
        }
    }

    /// A file a user uploaded for `purpose`, as the host would measure it (kind and image facts
    /// left for the test to set on `uploads`); returns its upload id.
    pub fn add_upload(&mut self, purpose: &str, file_name: &str, bytes: Vec<u8>) -> String {
        use sha2::Digest as _;
        self.uploads_made += 1;
        let id = format!("up{}", self.uploads_made);
        let file = crate::upload::UploadedFile {
            name: format!("uploads/{id}"),
            file_name: file_name.into(),
            size: bytes.len() as u64,
            md5: String::new(),
            sha256: hex::encode(sha2::Sha256::digest(&bytes)),
            kind: "unknown".into(),
            content_type: "application/octet-stream".into(),
            image: None,
        };
        self.uploads.insert(id.clone(), (purpose.into(), file, bytes));
        id
    }

    /// Calls from now on come from a device key named `key`, as on `/api/device/...`.
    pub fn as_device(&mut self, key: &str) {
        self.user_id = 0;
        self.user_name = format!("device:{key}");
    }

    /// Calls from now on come from the key bound to the device `sn`, as on `/api/device/...`.
    pub fn as_device_sn(&mut self, sn: &str) {
        self.user_id = 0;
        self.user_name = format!("device-sn:{sn}");
    }

    /// The host's rule: no outbound request after the call's first write.
    fn refuse_after_write(&self) -> Result<(), String> {
        if self.wrote {
            return Err("outbound requests must come before the call's first write".into());
        }
        Ok(())
    }

    /// Every record's data in a collection as stored, to assert what is (not) kept in clear.
    pub fn stored_text(&self, collection: &str) -> String {
        self.collections
            .get(collection)
            .into_iter()
            .flat_map(|c| c.values())
            .map(|s| s.data.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Calls from now on come from a console user.
    pub fn as_user(&mut self) {
        self.user_id = 1;
        self.user_name = "tester".into();
    }

    /// Declares a unique key of a collection, as the manifest does.
    pub fn unique(mut self, collection: &str, fields: &[&str]) -> Self {
        self.unique_keys.entry(collection.into()).or_default().push(fields.iter().map(|f| f.to_string()).collect());
        self
    }

    /// The store's time of a write: the host's clock (`now_ms`), strictly increasing.
    fn tick(&mut self) -> i64 {
        self.clock = (self.clock + 1).max(self.now_ms);
        self.clock
    }

    /// The host's rule: a record's data may not name the store's own fields, which `Doc`
    /// flattens beside it.
    fn check_fields(data: &Value) -> Result<(), StoreError> {
        const RESERVED: [&str; 6] = ["id", "version", "createdAt", "createdBy", "updatedAt", "updatedBy"];
        match RESERVED.iter().find(|name| data.get(**name).is_some()) {
            Some(name) => Err(StoreError::Invalid(format!("`{name}` is the store's own field"))),
            None => Ok(()),
        }
    }

    fn check_unique(&self, collection: &str, data: &Value, except: Option<u64>) -> Result<(), StoreError> {
        Self::check_fields(data)?;
        let Some(keys) = self.unique_keys.get(collection) else { return Ok(()) };
        let records = self.collections.get(collection);
        for key in keys {
            let taken = records.into_iter().flat_map(|r| r.iter()).any(|(id, stored)| {
                Some(*id) != except
                    && serde_json::from_str::<Value>(&stored.data)
                        // As in the databases, a null value is unique to itself.
                        .map(|other| {
                            key.iter().all(|f| other.get(f) == data.get(f) && data.get(f).is_some_and(|v| !v.is_null()))
                        })
                        .unwrap_or(false)
            });
            if taken {
                return Err(StoreError::Duplicate(key.clone()));
            }
        }
        Ok(())
    }

    /// Sends one request through the plugin as the host would, and returns (status, body).
    pub fn call<P: Plugin>(&mut self, method: &str, path: &str, body: Value) -> (u16, Value) {
        self.call_with::<P>(method, path, &[], body, "en")
    }

    pub fn call_with<P: Plugin>(
        &mut self,
        method: &str,
        path: &str,
        query: &[(&str, &str)],
        body: Value,
        lang: &str,
    ) -> (u16, Value) {
        let request = types::Request {
            method: method.into(),
            path: path.into(),
            query: query.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            body: body.to_string(),
            context: types::Context {
                tenant_id: self.tenant_id,
                user_id: self.user_id,
                user_name: self.user_name.clone(),
                lang: lang.into(),
                actions: self.actions.clone(),
                request_id: "test".into(),
            },
        };
        self.wrote = false;
        let response = crate::handle::<P>(self, request);
        self.wrote = false;
        (response.status, serde_json::from_str(&response.body).unwrap_or(Value::Null))
    }
}

fn field_value(stored: &Stored, data: &Value, field: &str) -> Value {
    match field {
        "id" => Value::from(stored.id.clone()),
        "createdAt" | "created-at" => Value::from(stored.created_at),
        "updatedAt" | "updated-at" => Value::from(stored.updated_at),
        _ => data.get(field).cloned().unwrap_or(Value::Null),
    }
}

fn compare(a: &Value, b: &Value) -> Option<std::cmp::Ordering> {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64()?.partial_cmp(&y.as_f64()?),
        (Value::String(x), Value::String(y)) => Some(x.cmp(y)),
        (Value::Bool(x), Value::Bool(y)) => Some(x.cmp(y)),
        (Value::Null, Value::Null) => Some(std::cmp::Ordering::Equal),
        (Value::Null, _) => Some(std::cmp::Ordering::Less),
        (_, Value::Null) => Some(std::cmp::Ordering::Greater),
        _ => None,
    }
}

fn matches(stored: &Stored, filters: &[Filter]) -> Result<bool, StoreError> {
    let data: Value = serde_json::from_str(&stored.data).map_err(|e| StoreError::Internal(e.to_string()))?;
    for filter in filters {
        let wanted: Value = serde_json::from_str(&filter.value).map_err(|e| StoreError::Invalid(e.to_string()))?;
        let actual = field_value(stored, &data, &filter.field);
        let text = |v: &Value| v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string());
        let ok = match filter.op {
            Op::Eq => actual == wanted,
            Op::Ne => actual != wanted,
            Op::Gt => compare(&actual, &wanted) == Some(std::cmp::Ordering::Greater),
            Op::Gte => {
                matches!(compare(&actual, &wanted), Some(std::cmp::Ordering::Greater | std::cmp::Ordering::Equal))
            }
            Op::Lt => compare(&actual, &wanted) == Some(std::cmp::Ordering::Less),
            Op::Lte => matches!(compare(&actual, &wanted), Some(std::cmp::Ordering::Less | std::cmp::Ordering::Equal)),
            Op::InList => wanted.as_array().is_some_and(|list| list.contains(&actual)),
            Op::Prefix => !actual.is_null() && text(&actual).starts_with(&text(&wanted)),
            Op::Contains => !actual.is_null() && text(&actual).to_lowercase().contains(&text(&wanted).to_lowercase()),
        };
        if !ok {
            return Ok(false);
        }
    }
    Ok(true)
}

impl Host for MemoryHost {
    fn store_get(&mut self, collection: &str, id: &str) -> Result<Option<Stored>, StoreError> {
        let Ok(key) = id.parse::<u64>() else { return Ok(None) };
        Ok(self.collections.get(collection).and_then(|c| c.get(&key)).cloned())
    }

    fn store_insert(&mut self, collection: &str, data: &str) -> Result<Stored, StoreError> {
        self.wrote = true;
        let value: Value = serde_json::from_str(data).map_err(|e| StoreError::Invalid(e.to_string()))?;
        if !value.is_object() {
            return Err(StoreError::Invalid("data must be a JSON object".into()));
        }
        self.check_unique(collection, &value, None)?;
        self.next_id += 1;
        let now = self.tick();
        let stored = Stored {
            id: self.next_id.to_string(),
            data: data.to_string(),
            version: 1,
            created_at: now,
            created_by: self.user_id,
            updated_at: now,
            updated_by: self.user_id,
        };
        self.collections.entry(collection.into()).or_default().insert(self.next_id, stored.clone());
        Ok(stored)
    }

    /// All or none, as the host: on a refusal the records inserted so far are taken out again.
    fn store_insert_many(&mut self, collection: &str, data: &[String]) -> Result<Vec<Stored>, StoreError> {
        let mut inserted = Vec::with_capacity(data.len());
        for item in data {
            match self.store_insert(collection, item) {
                Ok(stored) => inserted.push(stored),
                Err(err) => {
                    for stored in &inserted {
                        let id: u64 = stored.id.parse().unwrap_or_default();
                        self.collections.entry(collection.into()).or_default().remove(&id);
                    }
                    return Err(err);
                }
            }
        }
        Ok(inserted)
    }

    fn store_update(
        &mut self,
        collection: &str,
        id: &str,
        data: &str,
        expected_version: Option<i64>,
    ) -> Result<Stored, StoreError> {
        self.wrote = true;
        let value: Value = serde_json::from_str(data).map_err(|e| StoreError::Invalid(e.to_string()))?;
        let key = id.parse::<u64>().map_err(|_| StoreError::Invalid("id".into()))?;
        self.check_unique(collection, &value, Some(key))?;
        let now = self.tick();
        let user = self.user_id;
        let stored = self
            .collections
            .get_mut(collection)
            .and_then(|c| c.get_mut(&key))
            .ok_or_else(|| StoreError::Invalid(format!("no record {id}")))?;
        if expected_version.is_some_and(|v| v != stored.version) {
            return Err(StoreError::Conflict);
        }
        stored.data = data.to_string();
        stored.version += 1;
        stored.updated_at = now;
        stored.updated_by = user;
        Ok(stored.clone())
    }

    /// All or none, as the host: on a refusal the collection is put back as it was.
    fn store_update_many(&mut self, collection: &str, records: &[Replacement]) -> Result<Vec<Stored>, StoreError> {
        let before = self.collections.get(collection).cloned();
        let mut updated = Vec::with_capacity(records.len());
        for record in records {
            match self.store_update(collection, &record.id, &record.data, record.expected_version) {
                Ok(stored) => updated.push(stored),
                Err(err) => {
                    match before {
                        Some(before) => self.collections.insert(collection.into(), before),
                        None => self.collections.remove(collection),
                    };
                    return Err(err);
                }
            }
        }
        Ok(updated)
    }

    fn store_delete(&mut self, collection: &str, id: &str) -> Result<bool, StoreError> {
        self.wrote = true;
        let Ok(key) = id.parse::<u64>() else { return Ok(false) };
        Ok(self.collections.get_mut(collection).and_then(|c| c.remove(&key)).is_some())
    }

    fn store_delete_where(&mut self, collection: &str, filters: &[Filter]) -> Result<u64, StoreError> {
        if filters.is_empty() {
            return Err(StoreError::Invalid("delete-where takes at least one filter".into()));
        }
        self.wrote = true;
        let Some(records) = self.collections.get_mut(collection) else { return Ok(0) };
        let mut doomed = Vec::new();
        for (key, stored) in records.iter() {
            if matches(stored, filters)? {
                doomed.push(*key);
            }
        }
        for key in &doomed {
            records.remove(key);
        }
        Ok(doomed.len() as u64)
    }

    fn store_query(&mut self, collection: &str, query: &QuerySpec) -> Result<Page, StoreError> {
        let mut found = Vec::new();
        for stored in self.collections.get(collection).into_iter().flat_map(|c| c.values()) {
            if matches(stored, &query.filters)? {
                found.push(stored.clone());
            }
        }
        for sort in query.sort.iter().rev() {
            found.sort_by(|a, b| {
                let a_data: Value = serde_json::from_str(&a.data).unwrap_or(Value::Null);
                let b_data: Value = serde_json::from_str(&b.data).unwrap_or(Value::Null);
                let order = compare(&field_value(a, &a_data, &sort.field), &field_value(b, &b_data, &sort.field))
                    .unwrap_or(std::cmp::Ordering::Equal);
                if sort.descending { order.reverse() } else { order }
            });
        }
        let total = found.len() as u64;
        let records = found.into_iter().skip(query.offset as usize).take(query.limit as usize).collect();
        Ok(Page { records, total })
    }

    fn store_count(&mut self, collection: &str, filters: &[Filter]) -> Result<u64, StoreError> {
        let query = QuerySpec { filters: filters.to_vec(), sort: Vec::new(), offset: 0, limit: u32::MAX };
        Ok(self.store_query(collection, &query)?.total)
    }

    fn store_tally(&mut self, collection: &str, field: &str, limit: u32) -> Result<Vec<Tallied>, StoreError> {
        let mut values = BTreeMap::<String, u64>::new();
        for record in self.collections.get(collection).into_iter().flat_map(|c| c.values()) {
            let data: Value = serde_json::from_str(&record.data).unwrap_or(Value::Null);
            if let Some(value) = data.get(field).filter(|v| !v.is_null()) {
                *values.entry(value.to_string()).or_default() += 1;
            }
        }
        let mut tallied: Vec<Tallied> = values.into_iter().map(|(value, records)| Tallied { value, records }).collect();
        tallied.sort_by(|a, b| b.records.cmp(&a.records).then_with(|| a.value.cmp(&b.value)));
        tallied.truncate(limit.clamp(1, 1000) as usize);
        Ok(tallied)
    }

    fn counters_add(&mut self, wanted: &[Counter]) -> Result<(), String> {
        for c in wanted {
            *self.counters.entry((self.tenant_id, c.name.clone(), c.bucket, c.key.clone())).or_default() += c.value;
        }
        self.wrote = true;
        Ok(())
    }

    fn counters_set(&mut self, wanted: &[Counter]) -> Result<(), String> {
        for c in wanted {
            self.counters.insert((self.tenant_id, c.name.clone(), c.bucket, c.key.clone()), c.value);
        }
        self.wrote = true;
        Ok(())
    }

    fn counters_read(&mut self, query: &CounterQuery) -> Result<Vec<Counted>, String> {
        if query.all_enterprises && self.tenant_id != 0 {
            return Err("only the platform reads every enterprise's counters".into());
        }
        let mut sums = BTreeMap::<(i64, String, i64, String), i64>::new();
        for ((enterprise, name, bucket, key), value) in &self.counters {
            let wanted = (query.all_enterprises || *enterprise == self.tenant_id)
                && query.names.contains(name)
                && (query.from..=query.to).contains(bucket)
                && (query.keys.is_empty() || query.keys.contains(key));
            if wanted {
                let group = (
                    if query.by_enterprise { *enterprise } else { 0 },
                    name.clone(),
                    if query.by_bucket { *bucket } else { 0 },
                    if query.by_key { key.clone() } else { String::new() },
                );
                *sums.entry(group).or_default() += value;
            }
        }
        Ok(sums
            .into_iter()
            .take(query.limit.clamp(1, 100_000) as usize)
            .map(|((enterprise, name, bucket, key), value)| Counted { enterprise, name, bucket, key, value })
            .collect())
    }

    fn counters_clear(&mut self, names: &[String], from: i64, to: i64) -> Result<u64, String> {
        let before = self.counters.len();
        let tenant = self.tenant_id;
        self.counters.retain(|(enterprise, name, bucket, _), _| {
            !(*enterprise == tenant && (names.is_empty() || names.contains(name)) && (from..=to).contains(bucket))
        });
        self.wrote = true;
        Ok((before - self.counters.len()) as u64)
    }

    fn render(&mut self, template: &str, context: &str) -> Result<String, String> {
        let context: Value = serde_json::from_str(context).map_err(|e| e.to_string())?;
        let mut out = String::new();
        let mut rest = template;
        while let Some(start) = rest.find("{{") {
            out.push_str(&rest[..start]);
            let end = rest[start..].find("}}").ok_or("unclosed {{")? + start;
            let name = rest[start + 2..end].trim();
            let value = context.get(name).ok_or_else(|| format!("undefined value: {name}"))?;
            out.push_str(&value.as_str().map(str::to_string).unwrap_or_else(|| value.to_string()));
            rest = &rest[end + 2..];
        }
        out.push_str(rest);
        Ok(out)
    }

    fn audit(&mut self, operation: &str, detail: &str) {
        self.wrote = true;
        self.audits.push((operation.into(), detail.into()));
    }

    fn log(&mut self, _level: Level, message: &str) {
        self.logs.push(message.into());
    }

    fn publish(&mut self, topic: &str, payload: &str) -> Result<(), String> {
        self.events.push((topic.into(), serde_json::from_str(payload).map_err(|e| e.to_string())?));
        Ok(())
    }

    fn file_put(&mut self, name: &str, content: &[u8]) -> Result<(), String> {
        self.wrote = true;
        self.files.insert(name.into(), content.to_vec());
        Ok(())
    }

    fn file_get(&mut self, name: &str) -> Result<Option<Vec<u8>>, String> {
        Ok(self.files.get(name).cloned())
    }

    fn file_delete(&mut self, name: &str) -> Result<bool, String> {
        self.wrote = true;
        Ok(self.files.remove(name).is_some())
    }

    fn fetch(&mut self, request: &OutboundRequest) -> Result<OutboundResponse, String> {
        self.refuse_after_write()?;
        self.fetched.push(request.clone());
        match self.responder {
            Some(answer) => Ok(answer(request)),
            None => Err(format!("outbound host not granted: {}", request.url)),
        }
    }

    /// Not encryption: the host's AES-GCM sealing is tested in the host. This keeps the shape
    /// (a prefix, no plain text) so plugin tests can assert that nothing is stored in clear.
    fn seal(&mut self, plain: &str) -> Result<String, String> {
        Ok(format!("sealed:mem:{}", plain.bytes().map(|b| format!("{:02x}", b ^ 0x5a)).collect::<String>()))
    }

    fn open(&mut self, sealed: &str) -> Result<String, String> {
        let hex = sealed.strip_prefix("sealed:mem:").ok_or("not a sealed value")?;
        let bytes: Result<Vec<u8>, _> =
            (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(&hex[i..i + 2], 16).map(|b| b ^ 0x5a)).collect();
        String::from_utf8(bytes.map_err(|e| e.to_string())?).map_err(|e| e.to_string())
    }

    fn now_ms(&mut self) -> i64 {
        self.now_ms
    }

    fn send_mail(&mut self, server: &SmtpServer, message: &OutgoingMail) -> Result<(), String> {
        self.refuse_after_write()?;
        match &self.mail_error {
            Some(error) => Err(error.clone()),
            None => {
                self.mails.push((server.clone(), message.clone()));
                Ok(())
            }
        }
    }

    fn call_plugin(
        &mut self,
        mount: &str,
        method: &str,
        path: &str,
        _query: &[(String, String)],
        body: &str,
    ) -> Result<crate::host::PluginAnswer, String> {
        let answer =
            self.plugins.get(mount).ok_or_else(|| format!("`{mount}` is not in the plugin manifest's `uses`"))?;
        let body: Value = serde_json::from_str(body).unwrap_or(Value::Null);
        self.plugin_calls.push((mount.into(), method.into(), path.into(), body.clone()));
        let (status, value) = answer(method, path, &body);
        Ok(crate::host::PluginAnswer { status, body: value.to_string() })
    }

    fn calling_plugin(&mut self) -> Option<String> {
        self.calling_plugin.clone()
    }

    fn file_claim(&mut self, upload_id: &str, purpose: &str) -> Result<crate::upload::UploadedFile, String> {
        match self.uploads.get(upload_id) {
            Some((for_purpose, _, _)) if for_purpose == purpose => {}
            _ => return Err(format!("upload `{upload_id}` is not waiting for `{purpose}`")),
        }
        let (_, file, bytes) = self.uploads.remove(upload_id).expect("checked above");
        self.wrote = true;
        self.files.insert(file.name.clone(), bytes);
        Ok(file)
    }

    fn enterprises(&mut self, ids: &[i64]) -> Result<Vec<Enterprise>, String> {
        let mut found: Vec<Enterprise> = Vec::new();
        for id in ids {
            if let Some(e) =
                self.enterprises.iter().find(|e| e.id == *id).filter(|_| !found.iter().any(|f| f.id == *id))
            {
                found.push(e.clone());
            }
        }
        Ok(found)
    }
    fn languages(&mut self) -> Result<Vec<String>, String> {
        if self.languages.is_empty() {
            return Ok(crate::error::LANGS.iter().map(|l| l.to_string()).collect());
        }
        Ok(self.languages.clone())
    }
    fn issue_device_key(&mut self, sn: &str) -> Result<String, String> {
        self.wrote = true;
        let key = format!("dk_{sn}_{}", self.device_keys.len() + 1);
        self.device_keys.insert(sn.to_string(), key.clone());
        Ok(key)
    }
    fn revoke_device_key(&mut self, sn: &str) -> Result<bool, String> {
        self.wrote = true;
        Ok(self.device_keys.remove(sn).is_some())
    }
    fn client_address(&mut self) -> String {
        self.client_address.clone()
    }
    fn certificate_authority(&mut self) -> Result<String, String> {
        Ok("-----BEGIN CERTIFICATE-----\nmemory-authority\n-----END CERTIFICATE-----\n".into())
    }
    fn certificate_issue(
        &mut self,
        request: &crate::certificates::CertificateRequest,
    ) -> Result<crate::certificates::Issued, String> {
        self.wrote = true;
        self.certificates.push(request.clone());
        let serial = format!("{:032X}", self.certificates.len());
        let not_after = self.now_ms + i64::from(request.valid_days) * 86_400_000;
        Ok(crate::certificates::Issued {
            certificate_pem: format!(
                "-----BEGIN CERTIFICATE-----\n{}\n-----END CERTIFICATE-----\n",
                request.common_name
            ),
            encrypted_key_pem: format!(
                "-----BEGIN ENCRYPTED PRIVATE KEY-----\n{}\n-----END ENCRYPTED PRIVATE KEY-----\n",
                request.key_password
            ),
            fingerprint: format!("{:064X}", self.certificates.len()),
            serial,
            not_before: self.now_ms,
            not_after,
        })
    }
    fn certificate_revoke(&mut self, serial: &str) -> Result<bool, String> {
        self.wrote = true;
        let issued = (1..=self.certificates.len()).any(|n| format!("{n:032X}") == serial);
        let fresh = issued && !self.revoked.iter().any(|s| s == serial);
        if fresh {
            self.revoked.push(serial.to_string());
        }
        Ok(fresh)
    }
    fn certificate_pkcs12(
        &mut self,
        _certificate_pem: &str,
        encrypted_key_pem: &str,
        password: &str,
    ) -> Result<Vec<u8>, String> {
        // The memory host's "encrypted" key is its password.
        if !encrypted_key_pem.contains(&format!("\n{password}\n")) {
            return Err("the password does not open the key".into());
        }
        Ok(b"memory pkcs12".to_vec())
    }
    fn proof_attempt(&mut self, kind: crate::host::ProofKind, subject: &str) -> Result<(), u32> {
        // As the host: a guessable password's subject locks; a signature counts its address.
        let counted = match kind {
            crate::host::ProofKind::Password => subject.to_string(),
            crate::host::ProofKind::Signature => format!("address:{}", self.client_address),
        };
        let allowed = if kind == crate::host::ProofKind::Password { 5 } else { 100 };
        let failures = self.failed_proofs.entry(counted).or_default();
        if *failures >= allowed {
            return Err(15);
        }
        *failures += 1;
        Ok(())
    }
    fn proof_succeeded(&mut self, kind: crate::host::ProofKind, subject: &str) {
        match kind {
            crate::host::ProofKind::Password => self.failed_proofs.remove(subject),
            crate::host::ProofKind::Signature => self.failed_proofs.remove(&format!("address:{}", self.client_address)),
        };
    }
    fn proof_spend(&mut self, proof: &str, _keep_seconds: u32) -> Result<bool, String> {
        Ok(self.spent_proofs.insert(proof.to_string()))
    }
    fn proof_take(&mut self, door: &str, allowance: u32) -> Result<bool, String> {
        let uses = self.door_uses.entry(door.to_string()).or_default();
        *uses += 1;
        Ok(*uses <= allowance)
    }
    fn revoke_grants(&mut self, subject: &str) -> Result<u32, String> {
        self.revoked_grants.push(subject.to_string());
        Ok(1)
    }
    fn series_append(&mut self, points: &[crate::host::Point]) -> Result<(), String> {
        for p in points {
            if !p.value.is_finite() {
                return Err(format!("`{}`: a point's value is a finite number", p.name));
            }
            self.series.insert((p.subject.clone(), p.name.clone(), p.at), p.value);
        }
        Ok(())
    }
    fn series_read(
        &mut self,
        subject: &str,
        name: &str,
        from: i64,
        to: i64,
        buckets: u32,
    ) -> Result<Vec<crate::host::Bucket>, String> {
        if buckets == 0 || to <= from {
            return Err("1 or more buckets over a range that ends after it begins".into());
        }
        let width = ((to - from) + i64::from(buckets) - 1) / i64::from(buckets);
        let mut out: BTreeMap<i64, crate::host::Bucket> = BTreeMap::new();
        for ((s, n, at), value) in &self.series {
            if s != subject || n != name || *at < from || *at >= to {
                continue;
            }
            let start = from + (at - from) / width * width;
            let b = out.entry(start).or_insert(crate::host::Bucket {
                at: start,
                count: 0,
                min: *value,
                max: *value,
                avg: 0.0,
            });
            b.avg = (b.avg * b.count as f64 + value) / (b.count + 1) as f64;
            b.count += 1;
            b.min = b.min.min(*value);
            b.max = b.max.max(*value);
        }
        Ok(out.into_values().collect())
    }
    fn series_points(
        &mut self,
        subject: &str,
        from: i64,
        to: i64,
        limit: u32,
    ) -> Result<Vec<crate::host::Point>, String> {
        let mut found: Vec<crate::host::Point> = self
            .series
            .iter()
            .filter(|((s, _, at), _)| s == subject && *at >= from && *at < to)
            .map(|((s, n, at), v)| crate::host::Point { subject: s.clone(), name: n.clone(), at: *at, value: *v })
            .collect();
        found.sort_by(|a, b| b.at.cmp(&a.at).then(a.name.cmp(&b.name)));
        found.truncate(limit as usize);
        Ok(found)
    }
    fn wake_device(&mut self, sn: &str) -> Result<(), String> {
        self.woken.push(sn.to_string());
        Ok(())
    }
    fn accounts(&mut self, text: &str, limit: u32) -> Result<Vec<Account>, String> {
        let text = text.to_lowercase();
        let mut found: Vec<Account> = self
            .accounts
            .iter()
            .filter(|a| a.user_name.to_lowercase().contains(&text) || a.name.to_lowercase().contains(&text))
            .cloned()
            .collect();
        found.sort_by(|a, b| a.user_name.cmp(&b.user_name));
        found.truncate(limit as usize);
        Ok(found)
    }
    fn live_send(&mut self, channel: &str, message: &str) -> Result<(), String> {
        self.live.push((channel.into(), serde_json::from_str(message).map_err(|e| e.to_string())?));
        Ok(())
    }
    fn live_notify(&mut self, user_id: i64, topic: &str, message: &str) -> Result<(), String> {
        self.notified.push((user_id, topic.into(), serde_json::from_str(message).map_err(|e| e.to_string())?));
        Ok(())
    }
    fn search_create(&mut self, index: &str) -> Result<bool, String> {
        self.wrote = true;
        let now = self.now_ms;
        let made = !self.search.contains_key(index);
        self.search.entry(index.into()).or_insert_with(|| MemoryIndex { created_at: now, ..MemoryIndex::default() });
        Ok(made)
    }
    fn search_drop(&mut self, index: &str) -> Result<bool, String> {
        self.wrote = true;
        Ok(self.search.remove(index).is_some())
    }
    fn search_indexes(&mut self) -> Result<Vec<crate::search::IndexInfo>, String> {
        Ok(self
            .search
            .iter()
            .map(|(name, index)| crate::search::IndexInfo {
                name: name.clone(),
                documents: index.documents.len() as u64,
                created_at: index.created_at,
                updated_at: index.updated_at,
            })
            .collect())
    }
    fn search_put(&mut self, index: &str, documents: &[crate::search::Document]) -> Result<(), String> {
        use search_terms::{Side, terms};
        self.wrote = true;
        let now = self.now_ms;
        let found = self.search.get_mut(index).ok_or_else(|| format!("there is no index `{index}`"))?;
        for d in documents {
            let kept = IndexedDocument {
                title: terms(&d.title, &d.language, Side::Document),
                body: terms(&d.body, &d.language, Side::Document),
                tags: d.tags.clone(),
            };
            found.documents.insert(d.id.clone(), kept);
        }
        found.updated_at = now;
        Ok(())
    }
    fn search_remove(&mut self, index: &str, ids: &[String]) -> Result<u64, String> {
        self.wrote = true;
        let found = self.search.get_mut(index).ok_or_else(|| format!("there is no index `{index}`"))?;
        Ok(ids.iter().filter(|id| found.documents.remove(*id).is_some()).count() as u64)
    }
    fn search_clear(&mut self, index: &str) -> Result<u64, String> {
        self.wrote = true;
        let found = self.search.get_mut(index).ok_or_else(|| format!("there is no index `{index}`"))?;
        let held = found.documents.len() as u64;
        found.documents.clear();
        Ok(held)
    }
    /// Those with every term of the question first, then those with any, each ranked by how
    /// often the question's terms occur, a title's four times a body's: not the engines' bm25 or
    /// `ts_rank`, but the same documents in a plainly better-first order.
    fn search_query(
        &mut self,
        index: &str,
        text: &str,
        language: &str,
        tags: &[String],
        limit: u32,
    ) -> Result<Vec<crate::search::Hit>, String> {
        let found = self.search.get(index).ok_or_else(|| format!("there is no index `{index}`"))?;
        let asked = search_terms::terms(text, language, search_terms::Side::Query);
        let count = |list: &[String], term: &String| list.iter().filter(|t| *t == term).count() as f64;
        let mut hits: Vec<(bool, crate::search::Hit)> = found
            .documents
            .iter()
            .filter(|(_, d)| tags.iter().all(|t| d.tags.contains(t)))
            .map(|(id, d)| {
                let all = asked.iter().all(|t| d.title.contains(t) || d.body.contains(t));
                let score = asked.iter().map(|t| 4.0 * count(&d.title, t) + count(&d.body, t)).sum();
                (all, crate::search::Hit { id: id.clone(), score })
            })
            .filter(|(_, hit)| hit.score > 0.0)
            .collect();
        hits.sort_by(|(a_all, a), (b_all, b)| {
            b_all.cmp(a_all).then_with(|| b.score.total_cmp(&a.score)).then_with(|| a.id.cmp(&b.id))
        });
        let mut hits: Vec<crate::search::Hit> = hits.into_iter().map(|(_, hit)| hit).collect();
        hits.truncate(limit as usize);
        Ok(hits)
    }
    fn approval_submit(&mut self, kind: &str, title: &str, subject_id: &str, detail: &str) -> Result<String, String> {
        self.wrote = true;
        let detail: Value = serde_json::from_str(detail).map_err(|e| e.to_string())?;
        self.approvals.push((kind.into(), title.into(), subject_id.into(), detail));
        Ok(self.approvals.len().to_string())
    }

    fn file_access_url(&mut self, name: &str, file_name: &str, ttl_seconds: u32) -> Result<String, String> {
        // As the host: a URL lives a second to a day.
        if !(1..=86_400).contains(&ttl_seconds) {
            return Err("a URL lives from 1 to 86400 seconds".into());
        }
        if !self.files.contains_key(name) {
            return Err(format!("there is no object `{name}`"));
        }
        Ok(format!("/memory/{name}?fileName={file_name}&ttl={ttl_seconds}"))
    }

    fn file_thumbnail(&mut self, source: &str, target: &str, max_side: u32) -> Result<crate::host::ImageFacts, String> {
        // As the host, but without decoding: the thumbnail is the source's bytes, its facts the
        // bound asked for (the real host's thumbnails are tested against it).
        if !(16..=1024).contains(&max_side) {
            return Err("a thumbnail is 16 to 1024 pixels on its longer side".into());
        }
        let bytes = self.files.get(source).cloned().ok_or_else(|| format!("there is no object `{source}`"))?;
        self.file_put(target, &bytes)?;
        Ok(crate::host::ImageFacts { format: "jpeg".into(), width: max_side, height: max_side, alpha: false })
    }

    fn file_archive_url(&mut self, listing: &str, file_name: &str, ttl_seconds: u32) -> Result<String, String> {
        if !(1..=86_400).contains(&ttl_seconds) {
            return Err("a URL lives from 1 to 86400 seconds".into());
        }
        if !self.files.contains_key(listing) {
            return Err(format!("there is no object `{listing}`"));
        }
        Ok(format!("/memory/archive/{listing}?fileName={file_name}&ttl={ttl_seconds}"))
    }

    fn file_fetch(&mut self, wanted: &[crate::host::RemoteFile]) -> Result<(), String> {
        use sha2::Digest as _;
        // As the host: before any write, all or nothing, each checked against what the sender
        // measured.
        self.refuse_after_write()?;
        let mut fetched = Vec::with_capacity(wanted.len());
        for file in wanted {
            let bytes = self.remote_files.get(&file.url).ok_or_else(|| format!("fetching `{}`: 404", file.name))?;
            let sha256 = hex::encode(sha2::Sha256::digest(bytes));
            if bytes.len() as u64 != file.size || !sha256.eq_ignore_ascii_case(&file.sha256) {
                return Err(format!("`{}` arrived changed: {} bytes, SHA-256 {sha256}", file.name, bytes.len()));
            }
            fetched.push((file.name.clone(), bytes.clone()));
        }
        for (name, bytes) in fetched {
            self.file_put(&name, &bytes)?;
        }
        Ok(())
    }
}

/// A workbook of `rows` (every cell a string), as a user would upload it for an import.
#[cfg(feature = "test-workbooks")]
pub fn workbook(rows: &[&[&str]]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (r, row) in rows.iter().enumerate() {
        for (c, text) in row.iter().enumerate() {
            sheet.write_string(r as u32, c as u16, *text).expect("cell");
        }
    }
    book.save_to_buffer().expect("workbook")
}
