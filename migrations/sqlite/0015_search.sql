-- Full-text search (contract 0.1.9 `search`): each plugin's indexes per enterprise, their
-- documents, and the documents' terms in an FTS5 table. The host cuts text into terms itself
-- (crates/search-terms: stemmed words, CJK characters and pairs), so FTS5 only splits on the
-- spaces between them. `scope` holds one term naming the index (`i<id>`), `tags` one term per
-- tag: a search asks for both, so it reads its own index's entries alone.
CREATE TABLE search_indexes (
    id          INTEGER PRIMARY KEY,
    tenant_id   INTEGER NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    plugin_id   TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    documents   INTEGER NOT NULL DEFAULT 0,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    UNIQUE (tenant_id, plugin_id, name)
);

CREATE TABLE search_documents (
    id          INTEGER PRIMARY KEY,
    index_id    INTEGER NOT NULL REFERENCES search_indexes (id) ON DELETE CASCADE,
    doc_id      TEXT    NOT NULL,
    UNIQUE (index_id, doc_id)
);

CREATE VIRTUAL TABLE search_terms USING fts5(scope, title, body, tags, tokenize = 'unicode61 remove_diacritics 0');

-- A document's terms go with it, also when its index or enterprise is deleted (the cascades).
CREATE TRIGGER search_documents_gone AFTER DELETE ON search_documents BEGIN
    DELETE FROM search_terms WHERE rowid = old.id;
END;
