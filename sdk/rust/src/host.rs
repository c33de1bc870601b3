//! What a plugin can ask of the host, as a trait: [`WasmHost`] calls the real imports, and
//! [`crate::testing::MemoryHost`] stands in for them in native unit tests.

use crate::bindings::console::plugin::{
    approvals, audit, caller, certificates, counters, device_keys, events, files, http, live, log, mail, platform,
    proofs, search, secrets, series, services, store, template,
};

pub use crate::bindings::console::plugin::counters::{Counted, Counter, CounterQuery};
pub use crate::bindings::console::plugin::device_keys::{FleetKey, IssuedFleetKey};
pub use crate::bindings::console::plugin::files::{ImageFacts, RemoteFile};
pub use crate::bindings::console::plugin::http::{OutboundRequest, OutboundResponse};
pub use crate::bindings::console::plugin::log::Level;
pub use crate::bindings::console::plugin::mail::{OutgoingMail, Security, SmtpServer};
pub use crate::bindings::console::plugin::platform::{Account, Enterprise};
pub use crate::bindings::console::plugin::proofs::ProofKind;
pub use crate::bindings::console::plugin::series::{Bucket, Point};
pub use crate::bindings::console::plugin::store::Replacement;
pub use crate::bindings::console::plugin::store::{Filter, Op, Page, QuerySpec, Sort, StoreError, Stored, Tallied};
/// Another plugin's answer: status 200 with the envelope's `data` as JSON text, or the status
/// and `{"msg", "field"}` of its refusal.
pub use crate::bindings::console::plugin::types::Response as PluginAnswer;

pub trait Host {
    fn store_get(&mut self, collection: &str, id: &str) -> Result<Option<Stored>, StoreError>;
    fn store_insert(&mut self, collection: &str, data: &str) -> Result<Stored, StoreError>;
    /// Inserts every record or none (contract 0.1.5). Use [`crate::Collection::insert_many`].
    fn store_insert_many(&mut self, _collection: &str, _data: &[String]) -> Result<Vec<Stored>, StoreError> {
        Err(StoreError::Internal("insert-many is not available here".into()))
    }
    fn store_update(
        &mut self,
        collection: &str,
        id: &str,
        data: &str,
        expected_version: Option<i64>,
    ) -> Result<Stored, StoreError>;
    /// Replaces many records' data in one host call, every one or none (contract 0.1.20). Use
    /// [`crate::Collection::update_many`].
    fn store_update_many(&mut self, _collection: &str, _records: &[Replacement]) -> Result<Vec<Stored>, StoreError> {
        Err(StoreError::Internal("update-many is not available here".into()))
    }
    fn store_delete(&mut self, collection: &str, id: &str) -> Result<bool, StoreError>;
    /// Deletes what the filters (at least one) match, in one host call (contract 0.1.6). Use
    /// [`crate::Collection::delete_where`].
    fn store_delete_where(&mut self, collection: &str, filters: &[Filter]) -> Result<u64, StoreError>;
    fn store_query(&mut self, collection: &str, query: &QuerySpec) -> Result<Page, StoreError>;
    fn store_count(&mut self, collection: &str, filters: &[Filter]) -> Result<u64, StoreError>;
    /// How many records hold each value of a counted field, most first (contract 0.1.14).
    fn store_tally(&mut self, _collection: &str, _field: &str, _limit: u32) -> Result<Vec<Tallied>, StoreError> {
        Err(StoreError::Internal("tallies are not available here".into()))
    }
    /// Adds to counters of the call's enterprise (contract 0.1.14). Use [`crate::counters`].
    fn counters_add(&mut self, _counters: &[Counter]) -> Result<(), String> {
        Err("counters are not available here".into())
    }
    /// Sets counters of the call's enterprise: gauges (contract 0.1.14).
    fn counters_set(&mut self, _counters: &[Counter]) -> Result<(), String> {
        Err("counters are not available here".into())
    }
    /// Sums of counters (contract 0.1.14).
    fn counters_read(&mut self, _query: &CounterQuery) -> Result<Vec<Counted>, String> {
        Err("counters are not available here".into())
    }
    /// Forgets counters of the call's enterprise (contract 0.1.14).
    fn counters_clear(&mut self, _names: &[String], _from: i64, _to: i64) -> Result<u64, String> {
        Err("counters are not available here".into())
    }
    fn render(&mut self, template: &str, context: &str) -> Result<String, String>;
    fn audit(&mut self, operation: &str, detail: &str);
    fn log(&mut self, level: Level, message: &str);
    fn publish(&mut self, topic: &str, payload: &str) -> Result<(), String>;
    fn file_put(&mut self, name: &str, content: &[u8]) -> Result<(), String>;
    fn file_get(&mut self, name: &str) -> Result<Option<Vec<u8>>, String>;
    fn file_delete(&mut self, name: &str) -> Result<bool, String>;
    /// Sends a request to an operator-granted host. Refused once the call has written (a write,
    /// audit record or file): send first, then record what came of it.
    fn fetch(&mut self, request: &OutboundRequest) -> Result<OutboundResponse, String>;
    /// Seals a credential for storage (contract 0.1.1; the manifest asks for `secrets`).
    fn seal(&mut self, plain: &str) -> Result<String, String>;
    fn open(&mut self, sealed: &str) -> Result<String, String>;
    /// Wall-clock time in milliseconds since the Unix epoch.
    fn now_ms(&mut self) -> i64;
    /// Sends a mail through a granted SMTP server (contract 0.1.2; the manifest asks for `mail`).
    /// Like [`Host::fetch`], refused once the call has written.
    fn send_mail(&mut self, server: &SmtpServer, message: &OutgoingMail) -> Result<(), String>;
    /// Calls another plugin's `caller = "plugin"` route (contract 0.1.3; the manifest lists its
    /// mount in `uses`). Use the typed [`crate::services`] functions rather than this.
    fn call_plugin(
        &mut self,
        _mount: &str,
        _method: &str,
        _path: &str,
        _query: &[(String, String)],
        _body: &str,
    ) -> Result<PluginAnswer, String> {
        Err("plugin calls are not available here".into())
    }
    /// The plugin that called this one (its id), when a plugin did.
    fn calling_plugin(&mut self) -> Option<String> {
        None
    }
    /// Takes a file a user uploaded for `purpose` (contract 0.1.4; the manifest declares the
    /// purpose). Use [`crate::upload::claim`], which words the refusal for the user.
    fn file_claim(&mut self, _upload_id: &str, _purpose: &str) -> Result<files::UploadedFile, String> {
        Err("uploads are not available here".into())
    }
    /// A short-lived URL that downloads the object without a session, with HTTP Range
    /// (contract 0.1.4); `ttl_seconds` from 1 to 86400.
    fn file_access_url(&mut self, _name: &str, _file_name: &str, _ttl_seconds: u32) -> Result<String, String> {
        Err("download URLs are not available here".into())
    }
    /// Fetches files another console serves into objects of this plugin, streamed and checked
    /// against their size and SHA-256 (contract 0.1.13; `files` and `http` capabilities). Before
    /// the call's first write, like every network request.
    fn file_fetch(&mut self, _wanted: &[files::RemoteFile]) -> Result<(), String> {
        Err("fetching files is not available here".into())
    }
    /// A thumbnail of an image object, kept as `target` (contract 0.1.15). Use
    /// [`crate::upload::thumbnail`].
    fn file_thumbnail(&mut self, _source: &str, _target: &str, _max_side: u32) -> Result<files::ImageFacts, String> {
        Err("thumbnails are not available here".into())
    }
    /// A URL that downloads the zip of a listing's objects, streamed by the host (contract
    /// 0.1.15). Use [`crate::upload::archive_url`].
    fn file_archive_url(&mut self, _listing: &str, _file_name: &str, _ttl_seconds: u32) -> Result<String, String> {
        Err("archives are not available here".into())
    }
    /// Submits a request for another user's decision (contract 0.1.4; the manifest declares the
    /// kind). Use [`crate::approvals::submit`].
    fn approval_submit(
        &mut self,
        _kind: &str,
        _title: &str,
        _subject_id: &str,
        _detail: &str,
    ) -> Result<String, String> {
        Err("approvals are not available here".into())
    }
    /// Those of `ids` that are enterprises the caller may see (contract 0.1.6). Use
    /// [`crate::platform::enterprises`].
    fn enterprises(&mut self, _ids: &[i64]) -> Result<Vec<Enterprise>, String> {
        Err("the platform's enterprises are not available here".into())
    }
    /// The codes of the platform's languages (contract 0.1.6).
    fn languages(&mut self) -> Result<Vec<String>, String> {
        Err("the platform's languages are not available here".into())
    }
    /// Accounts of the call's enterprise whose user name or name contains `text` (contract
    /// 0.1.10). Use [`crate::platform::accounts`].
    fn accounts(&mut self, _text: &str, _limit: u32) -> Result<Vec<Account>, String> {
        Err("the platform's accounts are not available here".into())
    }
    /// A live message to the sockets listening to `channel` (contract 0.1.10). Use
    /// [`crate::live::send`].
    fn live_send(&mut self, _channel: &str, _message: &str) -> Result<(), String> {
        Err("live messages are not available here".into())
    }
    /// A live message to one console user's pages (contract 0.1.10). Use [`crate::live::notify`].
    fn live_notify(&mut self, _user_id: i64, _topic: &str, _message: &str) -> Result<(), String> {
        Err("live messages are not available here".into())
    }
    /// A new key for the device `sn`, replacing its old one (contract 0.1.7). Use
    /// [`crate::devices::issue_key`].
    fn issue_device_key(&mut self, _sn: &str) -> Result<String, String> {
        Err("device keys are not available here".into())
    }
    /// Revokes the key of the device `sn`; whether it had one (contract 0.1.7).
    fn revoke_device_key(&mut self, _sn: &str) -> Result<bool, String> {
        Err("device keys are not available here".into())
    }
    /// The fleet keys of the call's enterprise (contract 0.1.19). Use [`crate::devices::fleet_keys`].
    fn fleet_keys(&mut self) -> Result<Vec<FleetKey>, String> {
        Err("fleet keys are not available here".into())
    }
    /// Issues a fleet key; `None` when the name is taken (contract 0.1.19).
    fn issue_fleet_key(&mut self, _name: &str, _require_signature: bool) -> Result<Option<IssuedFleetKey>, String> {
        Err("fleet keys are not available here".into())
    }
    /// Revokes a fleet key; whether there was one (contract 0.1.19).
    fn revoke_fleet_key(&mut self, _id: i64) -> Result<bool, String> {
        Err("fleet keys are not available here".into())
    }
    /// The network address the request came from (contract 0.1.8); empty for schedules and events.
    fn client_address(&mut self) -> String {
        String::new()
    }
    /// Wakes the device `sn`'s long poll once the call commits (contract 0.1.8). Use
    /// [`crate::devices::wake`].
    fn wake_device(&mut self, _sn: &str) -> Result<(), String> {
        Err("device wakes are not available here".into())
    }
    /// Full-text search (contract 0.1.9; the manifest asks for `search`). Use [`crate::search`].
    fn search_create(&mut self, _index: &str) -> Result<bool, String> {
        Err("search is not available here".into())
    }
    fn search_drop(&mut self, _index: &str) -> Result<bool, String> {
        Err("search is not available here".into())
    }
    fn search_indexes(&mut self) -> Result<Vec<search::IndexInfo>, String> {
        Err("search is not available here".into())
    }
    fn search_put(&mut self, _index: &str, _documents: &[search::Document]) -> Result<(), String> {
        Err("search is not available here".into())
    }
    fn search_remove(&mut self, _index: &str, _ids: &[String]) -> Result<u64, String> {
        Err("search is not available here".into())
    }
    fn search_clear(&mut self, _index: &str) -> Result<u64, String> {
        Err("search is not available here".into())
    }
    fn search_query(
        &mut self,
        _index: &str,
        _text: &str,
        _language: &str,
        _tags: &[String],
        _limit: u32,
    ) -> Result<Vec<search::Hit>, String> {
        Err("search is not available here".into())
    }
    /// The enterprise's CA certificate, PEM (contract 0.1.12; the manifest asks for
    /// `certificates` and the operator grants it). Use [`crate::certificates`].
    /// Counts an attempt to prove `subject` before the proof is checked (contract 0.1.16):
    /// `Err(minutes)` while the subject or the caller's address is locked. Use
    /// [`crate::proofs::attempt`].
    fn proof_attempt(&mut self, _kind: ProofKind, _subject: &str) -> Result<(), u32> {
        Ok(())
    }
    /// The proof of `subject` held: its failures are forgotten once the call commits.
    fn proof_succeeded(&mut self, _kind: ProofKind, _subject: &str) {}
    /// Spends a proof that serves once: whether it was not spent before (contract 0.1.16).
    fn proof_spend(&mut self, _proof: &str, _keep_seconds: u32) -> Result<bool, String> {
        Err("proofs.spend needs contract 0.1.16".into())
    }
    /// Takes one of `allowance` uses an hour of `door` by the caller's address (contract 0.1.16).
    fn proof_take(&mut self, _door: &str, _allowance: u32) -> Result<bool, String> {
        Err("proofs.take needs contract 0.1.16".into())
    }
    /// Ends the OAuth grants of `subject` in the call's enterprise (contract 0.1.16).
    fn revoke_grants(&mut self, _subject: &str) -> Result<u32, String> {
        Err("proofs.revoke-grants needs contract 0.1.16".into())
    }
    /// Appends points to the time series (contract 0.1.17). Use [`crate::series`].
    fn series_append(&mut self, _points: &[Point]) -> Result<(), String> {
        Err("series needs contract 0.1.17".into())
    }
    /// One subject's measure over a range, in buckets (contract 0.1.17).
    fn series_read(
        &mut self,
        _subject: &str,
        _name: &str,
        _from: i64,
        _to: i64,
        _buckets: u32,
    ) -> Result<Vec<Bucket>, String> {
        Err("series needs contract 0.1.17".into())
    }
    /// One subject's points over a range, newest first (contract 0.1.17).
    fn series_points(&mut self, _subject: &str, _from: i64, _to: i64, _limit: u32) -> Result<Vec<Point>, String> {
        Err("series needs contract 0.1.17".into())
    }
    fn certificate_authority(&mut self) -> Result<String, String> {
        Err("certificates are not available here".into())
    }
    fn certificate_issue(
        &mut self,
        _request: &certificates::CertificateRequest,
    ) -> Result<certificates::Issued, String> {
        Err("certificates are not available here".into())
    }
    /// A device's MQTT client certificate (contract 0.1.16): by default as any other, for a host
    /// that does not tell them apart (the memory host).
    fn certificate_issue_for_mqtt(
        &mut self,
        request: &certificates::CertificateRequest,
    ) -> Result<certificates::Issued, String> {
        self.certificate_issue(request)
    }
    fn certificate_revoke(&mut self, _serial: &str) -> Result<bool, String> {
        Err("certificates are not available here".into())
    }
    fn certificate_pkcs12(
        &mut self,
        _certificate_pem: &str,
        _encrypted_key_pem: &str,
        _password: &str,
    ) -> Result<Vec<u8>, String> {
        Err("certificates are not available here".into())
    }
    fn certificate_inspect(
        &mut self,
        _chain_pem: &str,
        _key_pem: Option<&str>,
    ) -> Result<certificates::Inspection, String> {
        Err("certificates are not available here".into())
    }
}

/// The host seen through the component's imports.
pub struct WasmHost;

impl Host for WasmHost {
    fn store_get(&mut self, collection: &str, id: &str) -> Result<Option<Stored>, StoreError> {
        store::get(collection, id)
    }
    fn store_insert(&mut self, collection: &str, data: &str) -> Result<Stored, StoreError> {
        store::insert(collection, data)
    }
    fn store_insert_many(&mut self, collection: &str, data: &[String]) -> Result<Vec<Stored>, StoreError> {
        store::insert_many(collection, data)
    }
    fn store_update(
        &mut self,
        collection: &str,
        id: &str,
        data: &str,
        expected_version: Option<i64>,
    ) -> Result<Stored, StoreError> {
        store::update(collection, id, data, expected_version)
    }
    fn store_update_many(&mut self, collection: &str, records: &[Replacement]) -> Result<Vec<Stored>, StoreError> {
        store::update_many(collection, records)
    }
    fn store_delete(&mut self, collection: &str, id: &str) -> Result<bool, StoreError> {
        store::delete(collection, id)
    }
    fn store_delete_where(&mut self, collection: &str, filters: &[Filter]) -> Result<u64, StoreError> {
        store::delete_where(collection, filters)
    }
    fn store_query(&mut self, collection: &str, query: &QuerySpec) -> Result<Page, StoreError> {
        store::query(collection, query)
    }
    fn store_count(&mut self, collection: &str, filters: &[Filter]) -> Result<u64, StoreError> {
        store::count(collection, filters)
    }
    fn render(&mut self, template_text: &str, context: &str) -> Result<String, String> {
        template::render(template_text, context)
    }
    fn audit(&mut self, operation: &str, detail: &str) {
        audit::add(operation, detail)
    }
    fn log(&mut self, level: Level, message: &str) {
        log::write(level, message)
    }
    fn publish(&mut self, topic: &str, payload: &str) -> Result<(), String> {
        events::publish(topic, payload)
    }
    fn file_put(&mut self, name: &str, content: &[u8]) -> Result<(), String> {
        files::put(name, content)
    }
    fn file_get(&mut self, name: &str) -> Result<Option<Vec<u8>>, String> {
        files::get(name)
    }
    fn file_delete(&mut self, name: &str) -> Result<bool, String> {
        files::delete(name)
    }
    fn fetch(&mut self, request: &OutboundRequest) -> Result<OutboundResponse, String> {
        http::fetch(request)
    }
    fn seal(&mut self, plain: &str) -> Result<String, String> {
        secrets::seal(plain)
    }
    fn open(&mut self, sealed: &str) -> Result<String, String> {
        secrets::open(sealed)
    }
    fn send_mail(&mut self, server: &SmtpServer, message: &OutgoingMail) -> Result<(), String> {
        mail::send(server, message)
    }
    fn file_claim(&mut self, upload_id: &str, purpose: &str) -> Result<files::UploadedFile, String> {
        files::claim(upload_id, purpose)
    }
    fn file_access_url(&mut self, name: &str, file_name: &str, ttl_seconds: u32) -> Result<String, String> {
        files::access_url(name, file_name, ttl_seconds)
    }
    fn file_fetch(&mut self, wanted: &[files::RemoteFile]) -> Result<(), String> {
        files::fetch(wanted)
    }
    fn file_thumbnail(&mut self, source: &str, target: &str, max_side: u32) -> Result<files::ImageFacts, String> {
        files::thumbnail(source, target, max_side)
    }
    fn file_archive_url(&mut self, listing: &str, file_name: &str, ttl_seconds: u32) -> Result<String, String> {
        files::archive_url(listing, file_name, ttl_seconds)
    }
    fn approval_submit(&mut self, kind: &str, title: &str, subject_id: &str, detail: &str) -> Result<String, String> {
        approvals::submit(kind, title, subject_id, detail)
    }
    fn enterprises(&mut self, ids: &[i64]) -> Result<Vec<Enterprise>, String> {
        platform::enterprises(ids)
    }
    fn languages(&mut self) -> Result<Vec<String>, String> {
        platform::languages()
    }
    fn accounts(&mut self, text: &str, limit: u32) -> Result<Vec<Account>, String> {
        platform::accounts(text, limit)
    }
    fn live_send(&mut self, channel: &str, message: &str) -> Result<(), String> {
        live::send(channel, message)
    }
    fn live_notify(&mut self, user_id: i64, topic: &str, message: &str) -> Result<(), String> {
        live::notify(user_id, topic, message)
    }
    fn issue_device_key(&mut self, sn: &str) -> Result<String, String> {
        device_keys::issue(sn)
    }
    fn revoke_device_key(&mut self, sn: &str) -> Result<bool, String> {
        device_keys::revoke(sn)
    }
    fn fleet_keys(&mut self) -> Result<Vec<FleetKey>, String> {
        device_keys::fleet_keys()
    }
    fn issue_fleet_key(&mut self, name: &str, require_signature: bool) -> Result<Option<IssuedFleetKey>, String> {
        device_keys::issue_fleet_key(name, require_signature)
    }
    fn revoke_fleet_key(&mut self, id: i64) -> Result<bool, String> {
        device_keys::revoke_fleet_key(id)
    }
    fn client_address(&mut self) -> String {
        caller::address()
    }
    fn store_tally(&mut self, collection: &str, field: &str, limit: u32) -> Result<Vec<Tallied>, StoreError> {
        store::tally(collection, field, limit)
    }
    fn counters_add(&mut self, wanted: &[Counter]) -> Result<(), String> {
        counters::add(wanted)
    }
    fn counters_set(&mut self, wanted: &[Counter]) -> Result<(), String> {
        counters::set(wanted)
    }
    fn counters_read(&mut self, query: &CounterQuery) -> Result<Vec<Counted>, String> {
        counters::read(query)
    }
    fn counters_clear(&mut self, names: &[String], from: i64, to: i64) -> Result<u64, String> {
        counters::clear(names, from, to)
    }
    fn wake_device(&mut self, sn: &str) -> Result<(), String> {
        device_keys::wake(sn)
    }
    fn search_create(&mut self, index: &str) -> Result<bool, String> {
        search::create(index)
    }
    fn search_drop(&mut self, index: &str) -> Result<bool, String> {
        search::drop(index)
    }
    fn search_indexes(&mut self) -> Result<Vec<search::IndexInfo>, String> {
        search::indexes()
    }
    fn search_put(&mut self, index: &str, documents: &[search::Document]) -> Result<(), String> {
        search::put(index, documents)
    }
    fn search_remove(&mut self, index: &str, ids: &[String]) -> Result<u64, String> {
        search::remove(index, ids)
    }
    fn search_clear(&mut self, index: &str) -> Result<u64, String> {
        search::clear(index)
    }
    fn search_query(
        &mut self,
        index: &str,
        text: &str,
        language: &str,
        tags: &[String],
        limit: u32,
    ) -> Result<Vec<search::Hit>, String> {
        search::query(index, text, language, tags, limit)
    }
    fn call_plugin(
        &mut self,
        mount: &str,
        method: &str,
        path: &str,
        query: &[(String, String)],
        body: &str,
    ) -> Result<PluginAnswer, String> {
        services::call(mount, method, path, query, body)
    }
    fn calling_plugin(&mut self) -> Option<String> {
        services::caller()
    }
    fn proof_attempt(&mut self, kind: ProofKind, subject: &str) -> Result<(), u32> {
        proofs::attempt(kind, subject)
    }
    fn proof_succeeded(&mut self, kind: ProofKind, subject: &str) {
        proofs::succeeded(kind, subject)
    }
    fn proof_spend(&mut self, proof: &str, keep_seconds: u32) -> Result<bool, String> {
        proofs::spend(proof, keep_seconds)
    }
    fn proof_take(&mut self, door: &str, allowance: u32) -> Result<bool, String> {
        proofs::take(door, allowance)
    }
    fn revoke_grants(&mut self, subject: &str) -> Result<u32, String> {
        proofs::revoke_grants(subject)
    }
    fn series_append(&mut self, points: &[Point]) -> Result<(), String> {
        series::append(points)
    }
    fn series_read(
        &mut self,
        subject: &str,
        name: &str,
        from: i64,
        to: i64,
        buckets: u32,
    ) -> Result<Vec<Bucket>, String> {
        series::read(subject, name, from, to, buckets)
    }
    fn series_points(&mut self, subject: &str, from: i64, to: i64, limit: u32) -> Result<Vec<Point>, String> {
        series::points(subject, from, to, limit)
    }
    fn certificate_authority(&mut self) -> Result<String, String> {
        certificates::authority()
    }
    fn certificate_issue(
        &mut self,
        request: &certificates::CertificateRequest,
    ) -> Result<certificates::Issued, String> {
        certificates::issue(request)
    }
    fn certificate_issue_for_mqtt(
        &mut self,
        request: &certificates::CertificateRequest,
    ) -> Result<certificates::Issued, String> {
        certificates::issue_for_mqtt(request)
    }
    fn certificate_revoke(&mut self, serial: &str) -> Result<bool, String> {
        certificates::revoke(serial)
    }
    fn certificate_pkcs12(
        &mut self,
        certificate_pem: &str,
        encrypted_key_pem: &str,
        password: &str,
    ) -> Result<Vec<u8>, String> {
        certificates::pkcs12(certificate_pem, encrypted_key_pem, password)
    }
    fn certificate_inspect(
        &mut self,
        chain_pem: &str,
        key_pem: Option<&str>,
    ) -> Result<certificates::Inspection, String> {
        certificates::inspect(chain_pem, key_pem)
    }
    fn now_ms(&mut self) -> i64 {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        i64::try_from(now.as_millis()).unwrap_or(i64::MAX)
    }
}
