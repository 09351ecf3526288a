-- Home page: banners, organisation-wide settings and the users' to-do tasks.

CREATE TABLE banners (
    id BIGSERIAL PRIMARY KEY,
    title TEXT NOT NULL,
    background_color TEXT NOT NULL,
    redirect_url TEXT NOT NULL,
    sort BIGINT NOT NULL,
    active BIGINT NOT NULL DEFAULT 1
);

CREATE TABLE app_settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE todo_tasks (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    due_at BIGINT,
    done_at BIGINT
);
CREATE INDEX todo_tasks_user ON todo_tasks(user_id, done_at);
