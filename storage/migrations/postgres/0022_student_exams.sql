-- Students' school exams (02 §3.2 "Exam", the QC screen examGrades and the student detail's
-- exams tab): an exam a student sat at their public school, as the family or staff entered
-- it, and per subject the score (NULL while not entered: an unfinished subject). The student's
-- school, area and grade are copied in, and per subject the student's teacher here, so that
-- the data-centre scope and filter apply to the scores. Ids are assigned by the writer.
-- exam_type, term_type, school_type, source: dictionary EXAM_TYPES, EXAM_TERMS,
-- EXAM_SCHOOL_TYPES, EXAM_SOURCES.
CREATE TABLE student_exams (
    id BIGINT PRIMARY KEY,
    student_id BIGINT NOT NULL REFERENCES students(id) ON DELETE CASCADE,
    school_id BIGINT NOT NULL,
    area_code TEXT NOT NULL,
    grade_code BIGINT NOT NULL,
    name TEXT NOT NULL,
    exam_at BIGINT NOT NULL,
    exam_type BIGINT NOT NULL,
    term_type BIGINT NOT NULL,
    school_type BIGINT NOT NULL,
    image_uploaded BIGINT NOT NULL,
    source BIGINT NOT NULL
);
CREATE INDEX student_exams_student ON student_exams(student_id, exam_at);

-- assign_score: the converted score of subjects graded by rank (NULL where not converted);
-- class_rank, grade_rank: the student's place in their class and grade at the public school.
CREATE TABLE student_exam_scores (
    exam_id BIGINT NOT NULL REFERENCES student_exams(id) ON DELETE CASCADE,
    student_id BIGINT NOT NULL,
    subject BIGINT NOT NULL,
    teacher_id BIGINT NOT NULL,
    school_id BIGINT NOT NULL,
    area_code TEXT NOT NULL,
    grade_code BIGINT NOT NULL,
    exam_at BIGINT NOT NULL,
    score BIGINT,
    full_marks BIGINT NOT NULL,
    assign_score BIGINT,
    class_rank BIGINT,
    grade_rank BIGINT,
    PRIMARY KEY (exam_id, subject)
);
CREATE INDEX student_exam_scores_time ON student_exam_scores(exam_at);
CREATE INDEX student_exam_scores_school_time ON student_exam_scores(school_id, exam_at);
CREATE INDEX student_exam_scores_teacher_time ON student_exam_scores(teacher_id, exam_at);
CREATE INDEX student_exam_scores_student ON student_exam_scores(student_id, subject, exam_at);
