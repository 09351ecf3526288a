-- Textbooks with their chapters and sections (each bound to knowledge points), and teaching-aid
-- series with their aids (each a teaching-aid library paper) (03 §7.1 "Library").
CREATE TABLE textbooks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    subject BIGINT NOT NULL,
    stage BIGINT NOT NULL,
    edition TEXT NOT NULL DEFAULT '',
    grade TEXT NOT NULL DEFAULT '',
    class_types TEXT NOT NULL DEFAULT '[]',
    description TEXT NOT NULL DEFAULT '',
    status BIGINT NOT NULL DEFAULT 0,
    created_by BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX textbooks_scope ON textbooks(subject, stage, status, id);

-- parent_id 0: a chapter; else the chapter a section belongs to (two levels).
CREATE TABLE textbook_chapters (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    textbook_id BIGINT NOT NULL REFERENCES textbooks(id) ON DELETE CASCADE,
    parent_id BIGINT NOT NULL DEFAULT 0,
    name TEXT NOT NULL,
    sort BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);
CREATE INDEX textbook_chapters_book ON textbook_chapters(textbook_id, parent_id, sort);

-- The knowledge points (bank nodes: the centre nodes questions hang on) of a chapter.
CREATE TABLE textbook_chapter_points (
    chapter_id BIGINT NOT NULL REFERENCES textbook_chapters(id) ON DELETE CASCADE,
    node_id BIGINT NOT NULL,
    sort BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (chapter_id, node_id)
);

CREATE TABLE aid_series (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    subject BIGINT NOT NULL,
    stage BIGINT NOT NULL,
    sort BIGINT NOT NULL DEFAULT 0,
    created_by BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX aid_series_scope ON aid_series(subject, stage, sort);

CREATE TABLE teaching_aids (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    series_id BIGINT NOT NULL REFERENCES aid_series(id),
    title TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    status BIGINT NOT NULL DEFAULT 0,
    paper_id BIGINT NOT NULL,
    created_by BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX teaching_aids_series ON teaching_aids(series_id, id);
