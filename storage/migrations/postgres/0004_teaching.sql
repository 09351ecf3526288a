-- Teaching: students, classes (one-to-one, small group, class), their lessons, and the quality
-- checks of lessons.

CREATE TABLE students (
    id BIGSERIAL PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    grade TEXT NOT NULL,
    school_id BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);

-- class_type: 1 one-to-one, 2 small group, 3 class.
CREATE TABLE classes (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    teacher_id BIGINT NOT NULL REFERENCES users(id),
    school_id BIGINT NOT NULL,
    stage BIGINT NOT NULL,
    subject BIGINT NOT NULL,
    class_type BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX classes_teacher ON classes(teacher_id);

CREATE TABLE class_students (
    class_id BIGINT NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
    student_id BIGINT NOT NULL REFERENCES students(id) ON DELETE CASCADE,
    PRIMARY KEY (class_id, student_id)
);

CREATE TABLE lessons (
    id BIGSERIAL PRIMARY KEY,
    class_id BIGINT NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
    teacher_id BIGINT NOT NULL REFERENCES users(id),
    title TEXT NOT NULL,
    start_at BIGINT NOT NULL,
    end_at BIGINT NOT NULL
);
CREATE INDEX lessons_teacher ON lessons(teacher_id, start_at);

-- status: 0 waiting for a check, 1 checked.
CREATE TABLE qc_checks (
    id BIGSERIAL PRIMARY KEY,
    lesson_id BIGINT NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
    school_id BIGINT NOT NULL,
    status BIGINT NOT NULL,
    score BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX qc_checks_school ON qc_checks(school_id, status);
