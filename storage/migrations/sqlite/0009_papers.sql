-- Knowledge atlas (the demo tree handouts are assembled from), papers and their versions.
CREATE TABLE atlas_nodes (
    id BIGINT PRIMARY KEY,
    tree_id BIGINT NOT NULL,
    parent_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    summary TEXT NOT NULL DEFAULT '',
    subject BIGINT NOT NULL,
    stage BIGINT NOT NULL,
    sort BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX atlas_nodes_tree ON atlas_nodes(tree_id, parent_id, sort);

CREATE TABLE papers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id BIGINT NOT NULL REFERENCES users(id),
    paper_type BIGINT NOT NULL,
    title TEXT NOT NULL,
    subject BIGINT NOT NULL,
    stage BIGINT NOT NULL,
    school_id BIGINT NOT NULL,
    tree_id BIGINT NOT NULL DEFAULT 0,
    parent_atlas_id BIGINT NOT NULL DEFAULT 0,
    header_info TEXT NOT NULL DEFAULT '{}',
    global_settings TEXT NOT NULL DEFAULT '{}',
    copied_from BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX papers_owner ON papers(owner_id, id);

CREATE TABLE paper_versions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    paper_id BIGINT NOT NULL REFERENCES papers(id) ON DELETE CASCADE,
    version_no BIGINT NOT NULL,
    state_v2 BLOB NOT NULL,
    created_by BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (paper_id, version_no)
);
