-- Exam groups (03 §7.7): a teacher's groups of students, the selection the next offline exam is
-- published to, the exams with their members and results, and the colleagues an exam is shared with.
CREATE TABLE exam_groups (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id BIGINT NOT NULL REFERENCES users(id),
    name TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (owner_id, name)
);

CREATE TABLE exam_group_members (
    group_id BIGINT NOT NULL REFERENCES exam_groups(id) ON DELETE CASCADE,
    student_id BIGINT NOT NULL REFERENCES students(id),
    added_at BIGINT NOT NULL,
    PRIMARY KEY (group_id, student_id)
);

-- group_id: the group a student was picked from (0 picked alone).
CREATE TABLE exam_selections (
    owner_id BIGINT NOT NULL REFERENCES users(id),
    student_id BIGINT NOT NULL REFERENCES students(id),
    group_id BIGINT NOT NULL DEFAULT 0,
    selected_at BIGINT NOT NULL,
    PRIMARY KEY (owner_id, student_id)
);

-- status: 1 published, 2 revoked.
CREATE TABLE exams (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id BIGINT NOT NULL REFERENCES users(id),
    name TEXT NOT NULL,
    paper_id BIGINT,
    start_at BIGINT NOT NULL,
    end_at BIGINT NOT NULL,
    full_score REAL NOT NULL,
    status BIGINT NOT NULL,
    published_at BIGINT NOT NULL,
    revoked_at BIGINT
);
CREATE INDEX exams_owner ON exams(owner_id, id);

CREATE TABLE exam_members (
    exam_id BIGINT NOT NULL REFERENCES exams(id) ON DELETE CASCADE,
    student_id BIGINT NOT NULL REFERENCES students(id),
    group_id BIGINT NOT NULL DEFAULT 0,
    added_at BIGINT NOT NULL,
    score REAL,
    submitted_at BIGINT,
    PRIMARY KEY (exam_id, student_id)
);

CREATE TABLE exam_shares (
    exam_id BIGINT NOT NULL REFERENCES exams(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users(id),
    shared_at BIGINT NOT NULL,
    PRIMARY KEY (exam_id, user_id)
);
CREATE INDEX exam_shares_user ON exam_shares(user_id);
