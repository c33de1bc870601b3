//! Declarative resources: the list / get / create / update / delete routes every
//! plugin wrote by hand, from one definition. A plugin describes its collection, the input with
//! its validation, the searched and filtered fields and the name typed again to delete; the SDK
//! gives the handlers, with the console's paging, search modes (fuzzy or precise), optimistic
//! versions and delete-by-name, and hooks where a domain does more.
//!
//! ```ignore
//! struct Breeds;
//! impl Resource for Breeds {
//!     type Data = Breed;
//!     type Input = BreedInput;
//!     const COLLECTION: Collection<Breed> = BREEDS;
//!     const SEARCH: &'static [&'static str] = &["breedName"];
//!     const FILTERS: &'static [&'static str] = &["initial", "hot"];
//!     fn name(breed: &Breed) -> &str { &breed.breed_name }
//!     fn validate(_: &mut Call<'_>, input: BreedInput, _: Option<&Doc<Breed>>) -> PluginResult<Breed> { input.validate() }
//! }
//! Router::new().resource::<Breeds>("/breeds", "/breeds/{id}")
//! ```

use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::{Call, Collection, Doc, PluginResult, Query, Router, Value, json};

pub trait Resource: 'static {
    /// What the collection stores (its schema types the OpenAPI document's answers).
    type Data: Serialize + DeserializeOwned + JsonSchema;
    /// What create and update take; [`Resource::validate`] makes the data of it.
    type Input: DeserializeOwned + JsonSchema;
    const COLLECTION: Collection<Self::Data>;
    /// Text fields searched by `?<field>=` in the request's search mode.
    const SEARCH: &'static [&'static str] = &[];
    /// Fields filtered by equality, `?<field>=` (`true` and `false` are booleans).
    const FILTERS: &'static [&'static str] = &[];
    /// The list's order: (field, descending). Sorting many matches of a filter costs a sort of all
    /// of them (an index serves the filter, not the order): a large collection lists in stored
    /// order (`&[]`) or sorts by its filter's indexed field.
    const SORT: &'static [(&'static str, bool)] = &[("createdAt", true)];
    /// The operation record of a creation (`Add a breed`, with the name as detail); none: only the
    /// host's record of the request.
    const AUDIT_CREATE: Option<&'static str> = None;

    /// The name a user types again to delete.
    fn name(data: &Self::Data) -> &str;
    /// Checks the input against the domain's rules and the store (`current` when updating).
    fn validate(call: &mut Call<'_>, input: Self::Input, current: Option<&Doc<Self::Data>>)
    -> PluginResult<Self::Data>;
    /// The list's own conditions besides the searched and filtered fields (records of the path's
    /// platform, of a required parent); refuse a query that lacks them.
    fn scope(_call: &mut Call<'_>, query: Query) -> PluginResult<Query> {
        Ok(query)
    }
    /// Whether the caller may see `doc` through this path (it is of the path's platform), for
    /// get, update and delete; an error hides it.
    fn visible(_call: &mut Call<'_>, _doc: &Doc<Self::Data>) -> PluginResult<()> {
        Ok(())
    }
    /// After a creation, in the same call (publish an event).
    fn after_create(_call: &mut Call<'_>, _created: &Doc<Self::Data>) -> PluginResult<()> {
        Ok(())
    }
    /// After an update, in the same call.
    fn after_update(_call: &mut Call<'_>, _updated: &Doc<Self::Data>) -> PluginResult<()> {
        Ok(())
    }
    /// Before a deletion: refuse (in use) or take dependants with it.
    fn before_delete(_call: &mut Call<'_>, _doc: &Doc<Self::Data>) -> PluginResult<()> {
        Ok(())
    }
    /// A record as the pages get it (add what is computed, such as an age).
    fn shown(_call: &mut Call<'_>, doc: &Doc<Self::Data>) -> Value {
        json!(doc)
    }
}

fn filter_value(text: &str) -> Value {
    match text {
        "true" => Value::Bool(true),
        "false" => Value::Bool(false),
        _ => Value::String(text.to_string()),
    }
}

pub fn list<R: Resource>(call: &mut Call<'_>) -> PluginResult<Value> {
    let mode = call.search_mode();
    let mut query = R::scope(call, Query::new())?;
    for field in R::SEARCH {
        query = query.search(field, call.query(field), mode);
    }
    for field in R::FILTERS {
        if let Some(value) = call.query(field).filter(|v| !v.is_empty()) {
            query = query.eq(field, filter_value(value));
        }
    }
    for (field, descending) in R::SORT {
        query = query.sort(field, *descending);
    }
    let query = query.paged_by(call)?;
    let page = R::COLLECTION.query(call.host, &query)?;
    let list: Vec<Value> = page.list.iter().map(|doc| R::shown(call, doc)).collect();
    Ok(json!({ "list": list, "total": page.total, "page": page.page, "pageSize": page.page_size }))
}

/// The record the path's `{id}` names, if the caller may see it here.
fn found<R: Resource>(call: &mut Call<'_>) -> PluginResult<Doc<R::Data>> {
    let id = call.param("id")?.to_string();
    let doc = R::COLLECTION.find(call.host, &id)?;
    R::visible(call, &doc)?;
    Ok(doc)
}

pub fn get<R: Resource>(call: &mut Call<'_>) -> PluginResult<Value> {
    let doc = found::<R>(call)?;
    Ok(R::shown(call, &doc))
}

pub fn create<R: Resource>(call: &mut Call<'_>) -> PluginResult<Value> {
    let input = call.body::<R::Input>()?;
    let data = R::validate(call, input, None)?;
    let created = R::COLLECTION.insert(call.host, &data)?;
    if let Some(operation) = R::AUDIT_CREATE {
        call.host.audit(operation, R::name(&created.data));
    }
    R::after_create(call, &created)?;
    Ok(R::shown(call, &created))
}

/// Replaces the record; with `version` in the body, only if nobody changed it meanwhile.
pub fn update<R: Resource>(call: &mut Call<'_>) -> PluginResult<Value> {
    let version = call.version();
    let current = found::<R>(call)?;
    let id = current.id.clone();
    let input = call.body::<R::Input>()?;
    let data = R::validate(call, input, Some(&current))?;
    let updated = R::COLLECTION.update(call.host, &id, &data, version)?;
    R::after_update(call, &updated)?;
    Ok(R::shown(call, &updated))
}

/// Deletes the record whose name the user typed again (`confirmName`).
pub fn delete<R: Resource>(call: &mut Call<'_>) -> PluginResult<Value> {
    let doc = found::<R>(call)?;
    call.confirm_name(R::name(&doc.data))?;
    R::before_delete(call, &doc)?;
    R::COLLECTION.delete(call.host, &doc.id)?;
    Ok(Value::Null)
}

impl Router {
    /// The five routes of a resource: `GET` and `POST` on `list_path`, `GET`, `PUT` and `DELETE`
    /// on `item_path` (`/breeds`, `/breeds/{id}`). The manifest still names each route it
    /// serves and the action it needs.
    pub fn resource<R: Resource>(self, list_path: &'static str, item_path: &'static str) -> Self {
        use crate::describe::{MODE, PAGING, QueryParam};
        let searched = R::SEARCH.iter().map(|field| QueryParam::text(field, "Searched in the search mode."));
        let filtered =
            R::FILTERS.iter().map(|field| QueryParam::text(field, "Equal to (true and false are booleans)."));
        let query: Vec<QueryParam> = searched.chain(filtered).chain(PAGING).chain([MODE]).collect();
        // One query parameter per name: OpenAPI refuses a document that has one twice.
        debug_assert!(
            query.iter().enumerate().all(|(i, p)| query[..i].iter().all(|q| q.name != p.name)),
            "{list_path}: a field is both searched and filtered"
        );
        self.get(list_path, list::<R>)
            .with_query(&query)
            .with_data_page::<Doc<R::Data>>()
            .post(list_path, create::<R>)
            .with_body::<R::Input>()
            .with_data::<Doc<R::Data>>()
            .get(item_path, get::<R>)
            .with_data::<Doc<R::Data>>()
            .put(item_path, update::<R>)
            .with_body::<R::Input>()
            .with_data::<Doc<R::Data>>()
            .delete(item_path, delete::<R>)
            .with_no_data()
    }
}
