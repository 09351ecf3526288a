-- Usage tracking (01 §7): page views and actions as the web client reports them, with who and
-- where. day: the event's calendar day (ms of its start), what the usage reports count by.
CREATE TABLE usage_events (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL,
    day BIGINT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    page_url TEXT NOT NULL,
    school_names TEXT NOT NULL DEFAULT '',
    school_ids TEXT NOT NULL DEFAULT '',
    role TEXT NOT NULL DEFAULT '',
    province TEXT NOT NULL DEFAULT '',
    login_time BIGINT,
    external_user_id TEXT NOT NULL DEFAULT '',
    channel TEXT NOT NULL DEFAULT '',
    client_time BIGINT NOT NULL,
    received_at BIGINT NOT NULL
);
CREATE INDEX usage_events_day_name ON usage_events(day, name);
CREATE INDEX usage_events_user_day ON usage_events(user_id, day);

-- AI paper tasks (03 §7.9): a photo or PDF of a paper recognised into questions by the
-- provider's vision model (a job), edited by the teacher, then saved into their own questions.
-- status: 0 draft, 1 waiting, 2 recognising, 3 recognised, 4 failed, 5 saved.
CREATE TABLE ai_paper_tasks (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    subject BIGINT NOT NULL,
    stage BIGINT NOT NULL,
    file_id TEXT NOT NULL DEFAULT '',
    knowledge_ids TEXT NOT NULL DEFAULT '[]',
    status BIGINT NOT NULL DEFAULT 0,
    progress BIGINT NOT NULL DEFAULT 0,
    error TEXT NOT NULL DEFAULT '',
    model TEXT NOT NULL DEFAULT '',
    attempts BIGINT NOT NULL DEFAULT 0,
    feedback BIGINT NOT NULL DEFAULT 0,
    feedback_tags TEXT NOT NULL DEFAULT '[]',
    feedback_note TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX ai_paper_tasks_user ON ai_paper_tasks(user_id, id);

-- A task's questions in order; saved_question_id: the bank question it became.
CREATE TABLE ai_paper_items (
    id BIGSERIAL PRIMARY KEY,
    task_id BIGINT NOT NULL REFERENCES ai_paper_tasks(id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    question_type BIGINT NOT NULL,
    stem TEXT NOT NULL,
    options TEXT NOT NULL DEFAULT '[]',
    answer TEXT NOT NULL DEFAULT '',
    analysis TEXT NOT NULL DEFAULT '',
    difficulty BIGINT NOT NULL DEFAULT 3,
    knowledge_ids TEXT NOT NULL DEFAULT '[]',
    saved_question_id BIGINT
);
CREATE INDEX ai_paper_items_task ON ai_paper_items(task_id, position);
