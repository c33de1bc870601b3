//! Full-text search in the call's transaction (contract 0.1.9 `search`, migration 0015): SQLite
//! keeps a document's terms in the FTS5 table `search_terms` and ranks with bm25; PostgreSQL
//! keeps them as a `tsvector` under a GIN index and ranks with `ts_rank`. Both get the same terms
//! from `search_terms::terms`, joined by spaces, so both find the same documents.

use sqlx::QueryBuilder;

use super::CallTx;

/// One index of a plugin for one enterprise.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct IndexRow {
    pub id: i64,
    pub name: String,
    pub documents: i64,
    /// The bytes of its documents' terms, for the plugin's quota.
    pub bytes: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A document as stored: its terms already cut (see `search_terms`).
pub struct Terms<'a> {
    pub doc_id: &'a str,
    pub title: String,
    pub body: String,
    /// One term per tag ([`tag_term`]).
    pub tags: Vec<String>,
}

impl Terms<'_> {
    /// What the document takes of the search quota: its terms' bytes.
    pub fn bytes(&self) -> i64 {
        (self.title.len() + self.body.len() + self.tags.iter().map(|t| t.len() + 1).sum::<usize>()) as i64
    }
}

/// A tag as one term of letters and digits, whatever characters the tag has.
pub fn tag_term(tag: &str) -> String {
    use sha2::Digest as _;
    format!("g{}", hex::encode(&sha2::Sha256::digest(tag.as_bytes())[..10]))
}

pub async fn index(tx: &mut CallTx, tenant: i64, plugin: &str, name: &str) -> Result<Option<IndexRow>, sqlx::Error> {
    super::with_call!(tx, |conn| {
        sqlx::query_as(
            "SELECT id, name, documents, bytes, created_at, updated_at FROM search_indexes
             WHERE tenant_id = $1 AND plugin_id = $2 AND name = $3",
        )
        .bind(tenant)
        .bind(plugin)
        .bind(name)
        .fetch_optional(conn)
        .await
    })
}

pub async fn indexes(tx: &mut CallTx, tenant: i64, plugin: &str) -> Result<Vec<IndexRow>, sqlx::Error> {
    super::with_call!(tx, |conn| {
        sqlx::query_as(
            "SELECT id, name, documents, bytes, created_at, updated_at FROM search_indexes
             WHERE tenant_id = $1 AND plugin_id = $2 ORDER BY name",
        )
        .bind(tenant)
        .bind(plugin)
        .fetch_all(conn)
        .await
    })
}

/// Makes the index; whether it is new.
pub async fn create(tx: &mut CallTx, tenant: i64, plugin: &str, name: &str, now: i64) -> Result<bool, sqlx::Error> {
    super::with_call!(tx, |conn| {
        let made = sqlx::query(
            "INSERT INTO search_indexes (tenant_id, plugin_id, name, documents, created_at, updated_at)
             VALUES ($1, $2, $3, 0, $4, $4) ON CONFLICT (tenant_id, plugin_id, name) DO NOTHING",
        )
        .bind(tenant)
        .bind(plugin)
        .bind(name)
        .bind(now)
        .execute(conn)
        .await?;
        Ok(made.rows_affected() == 1)
    })
}

/// Drops the index; its documents (and on SQLite their terms, by trigger) go with it.
pub async fn drop(tx: &mut CallTx, index: i64) -> Result<(), sqlx::Error> {
    super::with_call!(tx, |conn| {
        sqlx::query("DELETE FROM search_documents WHERE index_id = $1").bind(index).execute(&mut *conn).await?;
        sqlx::query("DELETE FROM search_indexes WHERE id = $1").bind(index).execute(conn).await.map(|_| ())
    })
}

/// Removes every document of the index; how many there were.
pub async fn clear(tx: &mut CallTx, index: i64, now: i64) -> Result<u64, sqlx::Error> {
    super::with_call!(tx, |conn| {
        let removed =
            sqlx::query("DELETE FROM search_documents WHERE index_id = $1").bind(index).execute(&mut *conn).await?;
        sqlx::query("UPDATE search_indexes SET documents = 0, bytes = 0, updated_at = $2 WHERE id = $1")
            .bind(index)
            .bind(now)
            .execute(conn)
            .await?;
        Ok(removed.rows_affected())
    })
}

/// Removes the documents of these ids; how many were there.
pub async fn remove(tx: &mut CallTx, index: i64, ids: &[String], now: i64) -> Result<u64, sqlx::Error> {
    if ids.is_empty() {
        return Ok(0);
    }
    super::with_call!(tx, |conn| {
        let mut q = QueryBuilder::new("DELETE FROM search_documents WHERE index_id = ");
        q.push_bind(index).push(" AND doc_id IN (");
        let mut list = q.separated(", ");
        for id in ids {
            list.push_bind(id.as_str());
        }
        q.push(") RETURNING bytes");
        let removed: Vec<i64> = q.build_query_scalar().fetch_all(&mut *conn).await?;
        sqlx::query(
            "UPDATE search_indexes SET documents = documents - $2, bytes = bytes - $3, updated_at = $4 WHERE id = $1",
        )
        .bind(index)
        .bind(removed.len() as i64)
        .bind(removed.iter().sum::<i64>())
        .bind(now)
        .execute(conn)
        .await?;
        Ok(removed.len() as u64)
    })
}

/// Adds the documents, replacing those of the same ids; the index's document count afterwards.
pub async fn put(tx: &mut CallTx, index: i64, documents: &[Terms<'_>], now: i64) -> Result<i64, sqlx::Error> {
    let ids: Vec<String> = documents.iter().map(|d| d.doc_id.to_string()).collect();
    remove(tx, index, &ids, now).await?;
    match tx {
        CallTx::Sqlite(conn, _) => {
            // Two statements for the whole batch: the documents (their ids back), then their terms.
            let mut q = QueryBuilder::new("INSERT INTO search_documents (index_id, doc_id, bytes) ");
            q.push_values(documents, |mut row, document| {
                row.push_bind(index).push_bind(document.doc_id).push_bind(document.bytes());
            });
            q.push(" RETURNING id, doc_id");
            let ids: Vec<(i64, String)> = q.build_query_as().fetch_all(&mut **conn).await?;
            let ids: std::collections::HashMap<&str, i64> = ids.iter().map(|(id, doc)| (doc.as_str(), *id)).collect();
            let scope = format!("i{index}");
            let mut q = QueryBuilder::new("INSERT INTO search_terms (rowid, scope, title, body, tags) ");
            q.push_values(documents, |mut row, document| {
                row.push_bind(ids.get(document.doc_id).copied())
                    .push_bind(scope.as_str())
                    .push_bind(document.title.as_str())
                    .push_bind(document.body.as_str())
                    .push_bind(document.tags.join(" "));
            });
            q.build().execute(&mut **conn).await?;
        }
        CallTx::Postgres(conn) => {
            let mut q = QueryBuilder::new("INSERT INTO search_documents (index_id, doc_id, bytes, tags, terms) ");
            q.push_values(documents, |mut row, document| {
                row.push_bind(index)
                    .push_bind(document.doc_id)
                    .push_bind(document.bytes())
                    .push_bind(&document.tags)
                    .push("setweight(to_tsvector('simple', ")
                    .push_bind_unseparated(&document.title)
                    .push_unseparated("), 'A') || setweight(to_tsvector('simple', ")
                    .push_bind_unseparated(&document.body)
                    .push_unseparated("), 'B')");
            });
            q.build().execute(&mut **conn).await?;
        }
    }
    super::with_call!(tx, |conn| {
        sqlx::query_scalar(
            "UPDATE search_indexes SET documents = documents + $2, bytes = bytes + $3, updated_at = $4
             WHERE id = $1 RETURNING documents",
        )
        .bind(index)
        .bind(documents.len() as i64)
        .bind(documents.iter().map(Terms::bytes).sum::<i64>())
        .bind(now)
        .fetch_one(conn)
        .await
    })
}

/// Whether a document must have every term of the question or any one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Match {
    All,
    Any,
}

/// The best `limit` documents with all or any of `terms` and every one of `tags` (tag terms):
/// their ids and scores, best first.
pub async fn query(
    tx: &mut CallTx,
    index: i64,
    terms: &[String],
    matching: Match,
    tags: &[String],
    limit: u32,
) -> Result<Vec<(String, f64)>, sqlx::Error> {
    if terms.is_empty() {
        return Ok(Vec::new());
    }
    match tx {
        CallTx::Sqlite(conn, _) => {
            // Terms are letters and digits (`search_terms`), quoted as FTS5 strings. The title
            // weighs four times the body.
            let quoted =
                |list: &[String], join: &str| list.iter().map(|t| format!("\"{t}\"")).collect::<Vec<_>>().join(join);
            let joiner = if matching == Match::All { " AND " } else { " OR " };
            let mut expression = format!("scope : \"i{index}\" AND {{title body}} : ({})", quoted(terms, joiner));
            if !tags.is_empty() {
                expression.push_str(&format!(" AND tags : ({})", quoted(tags, " AND ")));
            }
            // The best rows are chosen in the FTS table alone; only they are joined to their ids.
            sqlx::query_as(
                "SELECT d.doc_id, -best.rank FROM
                   (SELECT rowid AS id, bm25(search_terms, 0.0, 4.0, 1.0, 0.0) AS rank FROM search_terms
                    WHERE search_terms MATCH $1 ORDER BY rank LIMIT $2) AS best
                 JOIN search_documents d ON d.id = best.id ORDER BY best.rank, d.doc_id",
            )
            .bind(expression)
            .bind(i64::from(limit))
            .fetch_all(&mut **conn)
            .await
        }
        CallTx::Postgres(conn) => {
            let joiner = if matching == Match::All { " & " } else { " | " };
            let question = terms.iter().map(|t| format!("'{t}'")).collect::<Vec<_>>().join(joiner);
            sqlx::query_as(
                "SELECT doc_id, CAST(ts_rank(terms, question, 1) AS DOUBLE PRECISION) AS score
                 FROM search_documents, to_tsquery('simple', $2) AS question
                 WHERE index_id = $1 AND terms @@ question AND tags @> $3
                 ORDER BY score DESC, doc_id LIMIT $4",
            )
            .bind(index)
            .bind(question)
            .bind(tags)
            .bind(i64::from(limit))
            .fetch_all(&mut **conn)
            .await
        }
    }
}
