-- First lessons and trial lessons with their service steps, for the data centre's first-lesson
-- statistics (02 §3.3).

-- The first lesson (首课) of a student's first full-price package in a subject, derived from
-- lesson_packages, attendance and refunds by `first_lesson::refresh` whenever those change, so
-- that the statistics read one row per first lesson. day_at = the package's purchase, the
-- date the reports filter by; f1_at…f4_at = the first four lessons the student attended.
-- f1_status: 0 not held yet, 1 success (a second lesson held), 2 failed (the package refunded
-- before a second lesson), 3 held and undecided. f3_status: 0 undecided, 1 success (a third
-- lesson held), 2 failed (refunded after the first lesson, before the third).
-- canceled: the package was refunded before any lesson.
CREATE TABLE first_lessons (
    package_id BIGINT PRIMARY KEY REFERENCES lesson_packages(id) ON DELETE CASCADE,
    student_id BIGINT NOT NULL REFERENCES students(id) ON DELETE CASCADE,
    teacher_id BIGINT NOT NULL,
    consultant_id BIGINT NOT NULL DEFAULT 0,
    learning_manager_id BIGINT NOT NULL DEFAULT 0,
    school_id BIGINT NOT NULL,
    area_code TEXT NOT NULL,
    subject BIGINT NOT NULL,
    grade_code BIGINT NOT NULL,
    product_type TEXT NOT NULL,
    product_group BIGINT NOT NULL,
    manage_project BIGINT NOT NULL,
    day_at BIGINT NOT NULL,
    f1_at BIGINT,
    f2_at BIGINT,
    f3_at BIGINT,
    f4_at BIGINT,
    f1_area_code TEXT NOT NULL DEFAULT '',
    f1_status BIGINT NOT NULL,
    f3_status BIGINT NOT NULL,
    canceled BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX first_lessons_time ON first_lessons(day_at);
CREATE INDEX first_lessons_school_time ON first_lessons(school_id, day_at);
CREATE INDEX first_lessons_teacher_time ON first_lessons(teacher_id, day_at);
CREATE INDEX first_lessons_student ON first_lessons(student_id);

-- A trial lesson (试听课) a student took under a trial order, with the lesson's facts, and what
-- followed (derived by `first_lesson::refresh_trials` when packages change): the first
-- full-price package the student bought after it in any subject (zj_*) and in the trial's
-- subject (subject_*, with that package's first lesson).
CREATE TABLE trial_lessons (
    id BIGSERIAL PRIMARY KEY,
    order_code TEXT NOT NULL,
    student_id BIGINT NOT NULL REFERENCES students(id) ON DELETE CASCADE,
    teacher_id BIGINT NOT NULL,
    consultant_id BIGINT NOT NULL DEFAULT 0,
    learning_manager_id BIGINT NOT NULL DEFAULT 0,
    school_id BIGINT NOT NULL,
    area_code TEXT NOT NULL,
    subject BIGINT NOT NULL,
    grade_code BIGINT NOT NULL,
    product_type TEXT NOT NULL,
    product_group BIGINT NOT NULL,
    manage_project BIGINT NOT NULL,
    day_at BIGINT NOT NULL,
    minutes BIGINT NOT NULL,
    zj_package_id BIGINT,
    zj_at BIGINT,
    zj_teacher_id BIGINT,
    subject_package_id BIGINT,
    subject_at BIGINT,
    subject_teacher_id BIGINT,
    subject_f1_at BIGINT
);
CREATE INDEX trial_lessons_time ON trial_lessons(day_at);
CREATE INDEX trial_lessons_school_time ON trial_lessons(school_id, day_at);
CREATE INDEX trial_lessons_teacher_time ON trial_lessons(teacher_id, day_at);
CREATE INDEX trial_lessons_student ON trial_lessons(student_id);

-- A service step of a first lesson (course_type 1, ref_id = the package) or of a trial lesson
-- (course_type 2, ref_id = the trial): who had to do it (executor, in role executor_role) by
-- when, whether and when it was done, its quality check and the AI's reading of it. The
-- lesson's facts are copied in, as for attendance.
-- step_code: dictionary FIRST_STEPS. status: 0 to do, 1 done. qc_status: 0 not checked,
-- 1 qualified, 2 unqualified. ai_status: 0 not analysed, 1 passed, 2 flagged (first_tag says why).
CREATE TABLE first_lesson_steps (
    id BIGSERIAL PRIMARY KEY,
    course_type BIGINT NOT NULL,
    ref_id BIGINT NOT NULL,
    student_id BIGINT NOT NULL REFERENCES students(id) ON DELETE CASCADE,
    teacher_id BIGINT NOT NULL,
    consultant_id BIGINT NOT NULL DEFAULT 0,
    learning_manager_id BIGINT NOT NULL DEFAULT 0,
    school_id BIGINT NOT NULL,
    area_code TEXT NOT NULL,
    subject BIGINT NOT NULL,
    grade_code BIGINT NOT NULL,
    product_type TEXT NOT NULL,
    product_group BIGINT NOT NULL,
    manage_project BIGINT NOT NULL,
    day_at BIGINT NOT NULL,
    step_code TEXT NOT NULL,
    executor_id BIGINT NOT NULL,
    executor_role TEXT NOT NULL,
    start_at BIGINT NOT NULL,
    end_at BIGINT NOT NULL,
    status BIGINT NOT NULL DEFAULT 0,
    finished_at BIGINT,
    qc_status BIGINT NOT NULL DEFAULT 0,
    qc_at BIGINT,
    qc_operator_id BIGINT,
    qc_remark TEXT NOT NULL DEFAULT '',
    ai_status BIGINT NOT NULL DEFAULT 0,
    first_tag TEXT NOT NULL DEFAULT ''
);
CREATE INDEX first_lesson_steps_time ON first_lesson_steps(course_type, day_at);
CREATE INDEX first_lesson_steps_school_time ON first_lesson_steps(school_id, course_type, day_at);
CREATE INDEX first_lesson_steps_ref ON first_lesson_steps(course_type, ref_id);
