-- Save-to-knowledge records: a paper copied into its user's knowledge base (drive) by a job.
CREATE TABLE knowledge_saves (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id),
    paper_id BIGINT NOT NULL,
    paper_title TEXT NOT NULL,
    copy_status BIGINT NOT NULL,
    user_view BIGINT NOT NULL DEFAULT 0,
    error_msg TEXT NOT NULL DEFAULT '',
    resource_id BIGINT,
    attempts BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX knowledge_saves_user ON knowledge_saves(user_id, id);
