-- The download queue: every generated file is a task here. The table is the durable job queue:
-- workers claim waiting tasks (1) by moving them to generating (2); a restart puts generating
-- tasks back to waiting, so none stays generating forever.
-- status: 1 waiting, 2 generating, 3 ready, 4 downloaded, 5 retry (failed; error says why).

CREATE TABLE download_tasks (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    file_name TEXT NOT NULL,
    file_type BIGINT NOT NULL,
    ext TEXT NOT NULL,
    resource_type BIGINT NOT NULL DEFAULT 0,
    business_type TEXT NOT NULL,
    business_id TEXT NOT NULL DEFAULT '',
    business_name TEXT NOT NULL,
    params TEXT NOT NULL,
    status BIGINT NOT NULL,
    file_path TEXT NOT NULL DEFAULT '',
    file_size BIGINT NOT NULL DEFAULT 0,
    error TEXT NOT NULL DEFAULT '',
    attempts BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX download_tasks_user ON download_tasks(user_id, id);
CREATE INDEX download_tasks_status ON download_tasks(status, id);
