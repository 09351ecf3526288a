-- Co-edited documents (feedback reports, lecture handouts): who may open them, and their CRDT
-- state as a compacted snapshot (yrs update, V2 encoding) plus a log of later updates (V1).

CREATE TABLE documents (
    doc_key TEXT PRIMARY KEY,
    doc_type TEXT NOT NULL,
    ref_id BIGINT NOT NULL,
    owner_id BIGINT NOT NULL REFERENCES users(id),
    title TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE document_members (
    doc_key TEXT NOT NULL REFERENCES documents(doc_key) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    can_edit BIGINT NOT NULL,
    PRIMARY KEY (doc_key, user_id)
);

CREATE TABLE doc_snapshots (
    doc_key TEXT PRIMARY KEY,
    state_v2 BLOB NOT NULL,
    upto_id BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE doc_updates (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    doc_key TEXT NOT NULL,
    data BLOB NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX doc_updates_doc ON doc_updates(doc_key, id);
