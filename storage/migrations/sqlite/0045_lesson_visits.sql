-- Lesson visits (听课记录, the record tools under /recordTool): a manager or inspector visits an
-- offline lesson and scores it on the record sheet. `scores` keeps the sheet the visit started
-- with, as JSON [{key, name, description, maxScore, score}], so a later change of the sheet
-- leaves it as it was; `notes` is the timeline, JSON [{minute, text}]. Status 0 recording,
-- 1 finished (dictionary::VISIT_STATUSES).
CREATE TABLE lesson_visits (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    lesson_id BIGINT NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
    visitor_id BIGINT NOT NULL,
    status BIGINT NOT NULL DEFAULT 0,
    started_at BIGINT NOT NULL,
    finished_at BIGINT NOT NULL DEFAULT 0,
    updated_at BIGINT NOT NULL,
    scores TEXT NOT NULL,
    notes TEXT NOT NULL DEFAULT '[]',
    summary TEXT NOT NULL DEFAULT ''
);
CREATE INDEX lesson_visits_lesson ON lesson_visits(lesson_id);
CREATE INDEX lesson_visits_visitor ON lesson_visits(visitor_id, status);
-- One visit being recorded per lesson and visitor (a second start reopens it).
CREATE UNIQUE INDEX lesson_visits_open ON lesson_visits(lesson_id, visitor_id) WHERE status = 0;

-- The visitor's rating of each student's attention (dictionary::VISIT_ATTENTION) and a note.
CREATE TABLE lesson_visit_students (
    visit_id BIGINT NOT NULL REFERENCES lesson_visits(id) ON DELETE CASCADE,
    student_id BIGINT NOT NULL,
    attention BIGINT NOT NULL,
    note TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (visit_id, student_id)
);

-- The record sheet, in order: what a new visit scores.
CREATE TABLE lesson_visit_layout (
    position BIGINT PRIMARY KEY,
    dimension_key TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    max_score BIGINT NOT NULL
);
INSERT INTO lesson_visit_layout (position, dimension_key, name, description, max_score) VALUES
    (1, 'goals', '教学目标', '目标明确，符合学生学情与课程要求', 20),
    (2, 'content', '教学内容', '内容准确，重点突出，难点有突破', 20),
    (3, 'method', '教学方法', '讲练结合，方法得当，板书与课件清晰', 20),
    (4, 'interaction', '课堂互动', '提问有效，学生参与度高，反馈及时', 20),
    (5, 'management', '课堂管理', '节奏合理，纪律良好，按时上下课', 20);
