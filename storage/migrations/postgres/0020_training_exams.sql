-- The basic training examination (02 §2 basicTrainingExamination): the exams new staff sit in
-- their first year (onboarding, subject knowledge, teaching skills) and each trainee's result.

-- category: dictionary TRAINING_CATEGORIES; subject 0 = every subject.
CREATE TABLE training_exams (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    category BIGINT NOT NULL,
    subject BIGINT NOT NULL DEFAULT 0,
    total_score BIGINT NOT NULL,
    pass_score BIGINT NOT NULL,
    held_at BIGINT NOT NULL,
    minutes BIGINT NOT NULL
);
CREATE INDEX training_exams_held ON training_exams(held_at);

-- A trainee enrolled in an exam, with the trainee's school, area and subject copied in (the
-- reports filter this one table). score and submitted_at are NULL when the trainee did not sit it.
CREATE TABLE training_results (
    exam_id BIGINT NOT NULL REFERENCES training_exams(id) ON DELETE CASCADE,
    teacher_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    school_id BIGINT NOT NULL,
    area_code TEXT NOT NULL,
    subject BIGINT NOT NULL,
    held_at BIGINT NOT NULL,
    score BIGINT,
    submitted_at BIGINT,
    used_minutes BIGINT,
    PRIMARY KEY (exam_id, teacher_id)
);
CREATE INDEX training_results_held ON training_results(held_at);
CREATE INDEX training_results_school_held ON training_results(school_id, held_at);
CREATE INDEX training_results_teacher ON training_results(teacher_id, held_at);
