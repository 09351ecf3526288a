-- Lesson feedback reports: one per lesson and student. The content lives in the co-edited
-- document `feedback/{id}`; this row holds the lifecycle.
-- status: 0 draft, 1 confirmed, 2 submitted.

CREATE TABLE feedback_reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    lesson_id BIGINT NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
    student_id BIGINT NOT NULL REFERENCES students(id) ON DELETE CASCADE,
    teacher_id BIGINT NOT NULL REFERENCES users(id),
    status BIGINT NOT NULL DEFAULT 0,
    expire_at BIGINT NOT NULL,
    sync_count BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    confirmed_at BIGINT,
    submitted_at BIGINT,
    UNIQUE (lesson_id, student_id)
);
CREATE INDEX feedback_reports_teacher ON feedback_reports(teacher_id, lesson_id);
