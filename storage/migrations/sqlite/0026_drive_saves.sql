-- Camp files saved into their owner's drive (03 §7.6 /category/resource/save/knowledge/base,
-- /collection/save/knowledge/base and its status); resource_ids is a JSON list.
CREATE TABLE drive_saves (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users(id),
    source TEXT NOT NULL,
    status BIGINT NOT NULL,
    saved BIGINT NOT NULL,
    skipped BIGINT NOT NULL,
    resource_ids TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX drive_saves_user ON drive_saves(user_id);
