-- Live lessons (巡课, 看课, 回放): stays in an online lesson's room as the classroom reports
-- entries and exits (person_id 0 is the main teacher, else a student; left_at NULL while in
-- the room), who watches a lesson until when (to be told of its changes), inspectors' patrol
-- records (with the lesson's state and the students in the room when written), and the
-- lesson's recording, one of its teacher's media resources.
CREATE TABLE online_presence (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    lesson_id BIGINT NOT NULL REFERENCES online_lessons(id) ON DELETE CASCADE,
    person_id BIGINT NOT NULL,
    entered_at BIGINT NOT NULL,
    left_at BIGINT
);
CREATE INDEX online_presence_lesson ON online_presence(lesson_id, person_id);

CREATE TABLE online_lesson_watchers (
    lesson_id BIGINT NOT NULL REFERENCES online_lessons(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    until BIGINT NOT NULL,
    PRIMARY KEY (lesson_id, user_id)
);

CREATE TABLE online_patrols (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    lesson_id BIGINT NOT NULL REFERENCES online_lessons(id) ON DELETE CASCADE,
    inspector_id BIGINT NOT NULL,
    result BIGINT NOT NULL,
    remark TEXT NOT NULL,
    lesson_state BIGINT NOT NULL,
    present BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX online_patrols_lesson ON online_patrols(lesson_id, created_at);

ALTER TABLE online_lessons ADD COLUMN recording_resource_id BIGINT;
