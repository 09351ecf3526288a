-- What teachers do around their lessons, for the data centre's lesson-preparation, platform-usage
-- and feedback statistics (02 §3.2, §7.2, §7.5, §7.7).

-- A held lesson's preparation: the resources its teacher bound to it beforehand, published to
-- the students, and collected back ("recycled": answer sheets, homework) with the students'
-- submissions. The lesson's facts are copied in as for attendance.
-- no_recycle_cause: 0 none (collected, or not yet said), otherwise NO_RECYCLE_CAUSES.
CREATE TABLE lesson_preps (
    lesson_id BIGINT PRIMARY KEY REFERENCES lessons(id) ON DELETE CASCADE,
    class_id BIGINT NOT NULL,
    class_type BIGINT NOT NULL,
    teacher_id BIGINT NOT NULL,
    school_id BIGINT NOT NULL,
    area_code TEXT NOT NULL,
    subject BIGINT NOT NULL,
    grade_code BIGINT NOT NULL,
    product_type TEXT NOT NULL,
    product_group BIGINT NOT NULL,
    manage_project BIGINT NOT NULL,
    start_at BIGINT NOT NULL,
    minutes BIGINT NOT NULL,
    bound_resources BIGINT NOT NULL,
    published_resources BIGINT NOT NULL,
    recycled_resources BIGINT NOT NULL,
    recycle_collections BIGINT NOT NULL,
    no_recycle_cause BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX lesson_preps_time ON lesson_preps(class_type, start_at);
CREATE INDEX lesson_preps_school_time ON lesson_preps(school_id, class_type, start_at);
CREATE INDEX lesson_preps_teacher_time ON lesson_preps(teacher_id, start_at);

-- A staff member's use of the platform on one day (China time, `day` = the day's first ms):
-- whether they signed in (a sign-in marks the day), resources they collected into their
-- library, AR courseware they opened.
CREATE TABLE teacher_days (
    teacher_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    day BIGINT NOT NULL,
    school_id BIGINT NOT NULL,
    area_code TEXT NOT NULL DEFAULT '',
    logged_in BIGINT NOT NULL DEFAULT 0,
    collections BIGINT NOT NULL DEFAULT 0,
    ar_uses BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (teacher_id, day)
);
CREATE INDEX teacher_days_school_day ON teacher_days(school_id, day);

-- A feedback report's life after it is written: first exported (its preview link and QR code
-- made to share) and first opened by the family through that link. Sent = submitted_at.
ALTER TABLE feedback_reports ADD COLUMN exported_at BIGINT;
ALTER TABLE feedback_reports ADD COLUMN opened_at BIGINT;
