-- Teaching outlines (03 §7.1 "Teaching outline", "Library"): a course's units and lessons for a
-- subject, stage and class type, each lesson bound to knowledge points and a handout; valid
-- outlines are published into the lecture library of the schools they are given to.
CREATE TABLE teaching_outlines (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    subject BIGINT NOT NULL,
    stage BIGINT NOT NULL,
    class_type BIGINT NOT NULL DEFAULT 1,
    -- 1 valid (in use), 0 being edited.
    valid BIGINT NOT NULL DEFAULT 0,
    -- 1 published to the lecture library.
    status BIGINT NOT NULL DEFAULT 0,
    school_ids TEXT NOT NULL DEFAULT '[]',
    config TEXT NOT NULL DEFAULT '{}',
    copied_from BIGINT,
    created_by BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX teaching_outlines_scope ON teaching_outlines(subject, stage, class_type, id);

-- parent_id 0: a unit; else the unit a lesson belongs to.
CREATE TABLE outline_lessons (
    id BIGSERIAL PRIMARY KEY,
    outline_id BIGINT NOT NULL REFERENCES teaching_outlines(id) ON DELETE CASCADE,
    parent_id BIGINT NOT NULL DEFAULT 0,
    sort BIGINT NOT NULL DEFAULT 0,
    title TEXT NOT NULL,
    knowledge_ids TEXT NOT NULL DEFAULT '[]',
    paper_id BIGINT,
    hours BIGINT NOT NULL DEFAULT 1
);
CREATE INDEX outline_lessons_outline ON outline_lessons(outline_id, parent_id, sort);
