//! The operation guide's documents (`crate::guide`), in the caller's language: every signed-in
//! user reads the guide.

use axum::http::Method;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::api::{ApiError, ApiQuery, ApiResult, ApiRouter, Caller, Envelope, Perm, RouteSpec};
use crate::guide::{self, Document};
use crate::validate;

pub fn routes(api: ApiRouter) -> ApiRouter {
    api.route(
        RouteSpec::read(
            Method::GET,
            "/authority-service/guide/list",
            Perm::SignedIn,
            "The operation guide's documents, searched",
        )
        .query::<GuideSearch>()
        .data_list::<GuideEntry>(),
        list,
    )
    .route(
        RouteSpec::read(
            Method::GET,
            "/authority-service/guide/document",
            Perm::SignedIn,
            "One document of the operation guide",
        )
        .query::<GuideDocumentRef>()
        .data::<GuideDocument>(),
        document,
    )
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
pub struct GuideSearch {
    /// Words to find (stemmed; Chinese by character pairs); empty for every document.
    q: String,
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
pub struct GuideDocumentRef {
    slug: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GuideEntry {
    slug: String,
    title: String,
    excerpt: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GuideDocument {
    slug: String,
    title: String,
    /// Rendered from Markdown; raw HTML in a document is text.
    html: String,
}

impl From<&Document> for GuideEntry {
    fn from(d: &Document) -> Self {
        GuideEntry { slug: d.slug.into(), title: d.title.clone(), excerpt: d.excerpt.clone() }
    }
}

async fn list(caller: Caller, ApiQuery(query): ApiQuery<GuideSearch>) -> ApiResult<Envelope<Vec<GuideEntry>>> {
    let question = validate::search("q", &query.q)?;
    Ok(Envelope(guide::search(caller.lang.code(), &question).into_iter().map(GuideEntry::from).collect()))
}

async fn document(caller: Caller, ApiQuery(query): ApiQuery<GuideDocumentRef>) -> ApiResult<Envelope<GuideDocument>> {
    let found = guide::document(caller.lang.code(), query.slug.trim()).ok_or(ApiError::NotFound)?;
    Ok(Envelope(GuideDocument { slug: found.slug.into(), title: found.title.clone(), html: found.html.clone() }))
}
