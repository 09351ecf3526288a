-- Uploads into the server's own file store: one row per upload (signed PUT or sliced), its
-- slices while it is assembled, and the resources (drive files) made from finished uploads.
-- status: 0 open, 1 complete.

CREATE TABLE uploads (
    id TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    file_name TEXT NOT NULL,
    ext TEXT NOT NULL,
    class TEXT NOT NULL,
    status BIGINT NOT NULL,
    size BIGINT NOT NULL DEFAULT 0,
    sha256 TEXT NOT NULL DEFAULT '',
    object_key TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX uploads_user ON uploads(user_id);

CREATE TABLE upload_slices (
    upload_id TEXT NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
    idx BIGINT NOT NULL,
    size BIGINT NOT NULL,
    sha256 TEXT NOT NULL,
    PRIMARY KEY (upload_id, idx)
);

CREATE TABLE resources (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    ext TEXT NOT NULL,
    class TEXT NOT NULL,
    size BIGINT NOT NULL,
    object_key TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX resources_user ON resources(user_id, id);
