-- Learning camps (03 §3, §4, §7.6, §7.8): camps in collections, phases of tasks, the published
-- version students follow, the students who joined and their records of each task.
CREATE TABLE camp_collections (
    id BIGSERIAL PRIMARY KEY,
    owner_id BIGINT NOT NULL REFERENCES users(id),
    name TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX camp_collections_owner ON camp_collections(owner_id);

-- status: 0 draft, 1 published, 2 editing, 3 paused, 4 shut down; resume_status is what a
-- paused camp returns to. published_snapshot is the structure students follow (JSON).
CREATE TABLE camps (
    id BIGSERIAL PRIMARY KEY,
    owner_id BIGINT NOT NULL REFERENCES users(id),
    collection_id BIGINT REFERENCES camp_collections(id),
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    status BIGINT NOT NULL DEFAULT 0,
    resume_status BIGINT NOT NULL DEFAULT 1,
    state_reason TEXT NOT NULL DEFAULT '',
    publish_rule BIGINT NOT NULL DEFAULT 1,
    start_at BIGINT,
    interval_days BIGINT NOT NULL DEFAULT 7,
    published_version BIGINT NOT NULL DEFAULT 0,
    published_snapshot TEXT,
    published_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX camps_owner ON camps(owner_id, id);

CREATE TABLE camp_phases (
    id BIGSERIAL PRIMARY KEY,
    camp_id BIGINT NOT NULL REFERENCES camps(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    seq_no BIGINT NOT NULL,
    deleted_at BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX camp_phases_camp ON camp_phases(camp_id, seq_no);

-- Tasks stored before camps existed named camps nothing checked.
DELETE FROM camp_phase_tasks;
ALTER TABLE camp_phase_tasks ADD COLUMN seq_no BIGINT NOT NULL DEFAULT 0;
-- A question set's questions or the flash cards (JSON); a file's store key, name and size.
ALTER TABLE camp_phase_tasks ADD COLUMN content TEXT NOT NULL DEFAULT '';
ALTER TABLE camp_phase_tasks ADD COLUMN file_key TEXT NOT NULL DEFAULT '';
ALTER TABLE camp_phase_tasks ADD COLUMN file_name TEXT NOT NULL DEFAULT '';
ALTER TABLE camp_phase_tasks ADD COLUMN file_size BIGINT NOT NULL DEFAULT 0;
ALTER TABLE camp_phase_tasks ADD COLUMN deleted_at BIGINT;

-- class_id: the distribution point (one of the owner's classes) joined through; 0 the general code.
CREATE TABLE camp_members (
    id BIGSERIAL PRIMARY KEY,
    camp_id BIGINT NOT NULL REFERENCES camps(id) ON DELETE CASCADE,
    student_id BIGINT NOT NULL REFERENCES students(id),
    class_id BIGINT NOT NULL DEFAULT 0,
    joined_at BIGINT NOT NULL,
    UNIQUE (camp_id, student_id)
);

-- status: 1 opened, 2 done; score: a question set's percent right; answers: the chosen options.
CREATE TABLE camp_task_records (
    camp_id BIGINT NOT NULL REFERENCES camps(id) ON DELETE CASCADE,
    task_id BIGINT NOT NULL,
    member_id BIGINT NOT NULL REFERENCES camp_members(id) ON DELETE CASCADE,
    status BIGINT NOT NULL,
    score BIGINT,
    answers TEXT NOT NULL DEFAULT '',
    opened_at BIGINT NOT NULL,
    done_at BIGINT,
    PRIMARY KEY (member_id, task_id)
);
CREATE INDEX camp_task_records_camp ON camp_task_records(camp_id, task_id);
