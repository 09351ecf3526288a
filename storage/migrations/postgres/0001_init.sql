-- Foundation schema: people, organisation, sessions, menus, notices and the push log.
-- Times are milliseconds since the Unix epoch (BIGINT) so that SQLite and PostgreSQL agree.

CREATE TABLE provinces (
    code TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    area_name TEXT NOT NULL
);

CREATE TABLE schools (
    id BIGINT PRIMARY KEY,
    name TEXT NOT NULL,
    province_code TEXT NOT NULL REFERENCES provinces(code),
    area_code TEXT NOT NULL DEFAULT ''
);

CREATE TABLE users (
    id BIGSERIAL PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    name TEXT NOT NULL,
    mobile TEXT NOT NULL DEFAULT '',
    avatar TEXT NOT NULL DEFAULT '',
    teacher_code TEXT NOT NULL DEFAULT '',
    join_date TEXT NOT NULL DEFAULT '',
    teacher_level TEXT NOT NULL DEFAULT '',
    division_age_desc TEXT NOT NULL DEFAULT '',
    school_age_desc TEXT NOT NULL DEFAULT '',
    superuser BIGINT NOT NULL DEFAULT 0,
    active_role TEXT NOT NULL,
    selected_stage BIGINT NOT NULL DEFAULT 4,
    selected_subject BIGINT NOT NULL DEFAULT 54,
    selected_school_id BIGINT NOT NULL DEFAULT -1,
    selected_province TEXT NOT NULL DEFAULT '',
    logins BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);

CREATE TABLE user_roles (
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role TEXT NOT NULL,
    sort BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, role)
);

CREATE TABLE user_schools (
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    school_id BIGINT NOT NULL,
    PRIMARY KEY (user_id, school_id)
);

CREATE TABLE user_subjects (
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    stage BIGINT NOT NULL,
    subject BIGINT NOT NULL,
    PRIMARY KEY (user_id, stage, subject)
);

-- Small per-user flags and values (dismissed introductions, closed banners, …).
CREATE TABLE user_settings (
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (user_id, key)
);

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    -- Set while a super user acts as another account.
    acting_user_id BIGINT REFERENCES users(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE login_attempts (
    id BIGSERIAL PRIMARY KEY,
    email TEXT NOT NULL,
    ip TEXT NOT NULL,
    at BIGINT NOT NULL,
    success BIGINT NOT NULL
);
CREATE INDEX login_attempts_email ON login_attempts(email, at);
CREATE INDEX login_attempts_ip ON login_attempts(ip, at);

CREATE TABLE captchas (
    email TEXT PRIMARY KEY,
    code_hash TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);

CREATE TABLE menus (
    code TEXT PRIMARY KEY,
    parent_code TEXT,
    name TEXT NOT NULL,
    url TEXT NOT NULL,
    level BIGINT NOT NULL,
    sort BIGINT NOT NULL
);

-- A role sees a menu node when the node or one of its ancestors is listed for it.
CREATE TABLE role_menus (
    role TEXT NOT NULL,
    menu_code TEXT NOT NULL REFERENCES menus(code) ON DELETE CASCADE,
    PRIMARY KEY (role, menu_code)
);

CREATE TABLE whitelist_functions (
    code TEXT PRIMARY KEY
);

CREATE TABLE whitelist_grants (
    code TEXT NOT NULL,
    email TEXT NOT NULL,
    PRIMARY KEY (code, email)
);

CREATE TABLE notices (
    id BIGSERIAL PRIMARY KEY,
    title TEXT NOT NULL,
    content TEXT NOT NULL,
    type BIGINT NOT NULL,
    created_by BIGINT NOT NULL REFERENCES users(id),
    created_at BIGINT NOT NULL,
    withdrawn_at BIGINT
);

CREATE TABLE notice_recipients (
    notice_id BIGINT NOT NULL REFERENCES notices(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role TEXT NOT NULL,
    read_at BIGINT,
    popup_closed BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (notice_id, user_id)
);
CREATE INDEX notice_recipients_user ON notice_recipients(user_id, read_at);

-- The per-user push log: every push is stored here, with its per-user sequence, before it is sent.
CREATE TABLE push_cursors (
    user_id BIGINT PRIMARY KEY,
    last_seq BIGINT NOT NULL
);

CREATE TABLE push_log (
    user_id BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    type_code TEXT NOT NULL,
    content TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    delivered_at BIGINT,
    PRIMARY KEY (user_id, seq)
);
CREATE INDEX push_log_created ON push_log(created_at);
