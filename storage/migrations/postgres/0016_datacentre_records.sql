-- The data centre's source records (02 §3): the organisation below the school (areas, project
-- groups, staff tenure), students' and classes' reporting attributes, one-on-one lesson
-- packages, attendance and refunds. Money is in fen (BIGINT), times epoch ms.

-- Teaching sites of a school (02 §7.1 `/school/areaListBySchoolId`).
CREATE TABLE areas (
    code TEXT PRIMARY KEY,
    school_id BIGINT NOT NULL,
    name TEXT NOT NULL
);
CREATE INDEX areas_school ON areas(school_id);

-- The areas an area manager answers for.
CREATE TABLE user_areas (
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    area_code TEXT NOT NULL,
    PRIMARY KEY (user_id, area_code)
);

-- Project teams of teachers (the `projectGroup` filter).
CREATE TABLE project_groups (
    id BIGINT PRIMARY KEY,
    name TEXT NOT NULL
);

-- The staff the records name (teachers, consultants, learning managers): where they work and
-- since when they teach (teaching age) and work here (company age).
CREATE TABLE staff (
    user_id BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    school_id BIGINT NOT NULL,
    area_code TEXT NOT NULL DEFAULT '',
    dept_name TEXT NOT NULL DEFAULT '',
    project_group BIGINT NOT NULL DEFAULT 0,
    teaching_since BIGINT NOT NULL,
    hired_at BIGINT NOT NULL,
    active BIGINT NOT NULL DEFAULT 1
);
CREATE INDEX staff_school ON staff(school_id);

ALTER TABLE students ADD COLUMN area_code TEXT NOT NULL DEFAULT '';
ALTER TABLE students ADD COLUMN grade_code BIGINT NOT NULL DEFAULT 0;
ALTER TABLE students ADD COLUMN mobile TEXT NOT NULL DEFAULT '';
ALTER TABLE students ADD COLUMN consultant_id BIGINT;
ALTER TABLE students ADD COLUMN learning_manager_id BIGINT;
CREATE INDEX students_consultant ON students(consultant_id);
CREATE INDEX students_learning_manager ON students(learning_manager_id);

-- class_type 1 (one-on-one) classes belong to one student; the others are the data centre's
-- "class" (班课) side.
ALTER TABLE classes ADD COLUMN code TEXT NOT NULL DEFAULT '';
ALTER TABLE classes ADD COLUMN area_code TEXT NOT NULL DEFAULT '';
ALTER TABLE classes ADD COLUMN grade_code BIGINT NOT NULL DEFAULT 0;
ALTER TABLE classes ADD COLUMN product_type TEXT NOT NULL DEFAULT 'ZJK';
ALTER TABLE classes ADD COLUMN product_group BIGINT NOT NULL DEFAULT 0;
ALTER TABLE classes ADD COLUMN manage_project BIGINT NOT NULL DEFAULT 0;
CREATE INDEX classes_code ON classes(code);

-- When a student joined and left a class.
ALTER TABLE class_students ADD COLUMN joined_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE class_students ADD COLUMN left_at BIGINT;

-- status: 0 scheduled, 1 held, 2 cancelled; lesson_no counts the class's lessons from 1.
ALTER TABLE lessons ADD COLUMN status BIGINT NOT NULL DEFAULT 0;
ALTER TABLE lessons ADD COLUMN lesson_no BIGINT NOT NULL DEFAULT 1;

-- One-on-one lesson packages a student buys; lessons consume them.
CREATE TABLE lesson_packages (
    id BIGSERIAL PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    student_id BIGINT NOT NULL REFERENCES students(id) ON DELETE CASCADE,
    school_id BIGINT NOT NULL,
    area_code TEXT NOT NULL,
    subject BIGINT NOT NULL,
    -- The one-on-one teacher, and the reporting facts as on attendance rows.
    teacher_id BIGINT NOT NULL,
    grade_code BIGINT NOT NULL,
    product_type TEXT NOT NULL,
    product_group BIGINT NOT NULL,
    manage_project BIGINT NOT NULL,
    buy_count BIGINT NOT NULL,
    gift_lesson_num BIGINT NOT NULL,
    price BIGINT NOT NULL,
    bought_at BIGINT NOT NULL
);
CREATE INDEX lesson_packages_student ON lesson_packages(student_id);
CREATE INDEX lesson_packages_bought ON lesson_packages(school_id, bought_at);

-- One student at one held lesson. The lesson's facts (class, teacher, school, area, subject,
-- grade, product, time, length) are copied in when the record is written, so that every
-- report filters and groups this one table; a lesson's facts do not change once it is held.
-- status: 1 present, 2 late, 3 absent, 4 on leave; leave_status: 0 none, 1 asked, 2 approved;
-- lesson_type: 1 regular, 2 make-up, 3 trial.
CREATE TABLE attendance (
    lesson_id BIGINT NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
    student_id BIGINT NOT NULL REFERENCES students(id) ON DELETE CASCADE,
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
    package_id BIGINT,
    start_at BIGINT NOT NULL,
    minutes BIGINT NOT NULL,
    status BIGINT NOT NULL,
    clock_in_at BIGINT,
    leave_status BIGINT NOT NULL DEFAULT 0,
    lesson_type BIGINT NOT NULL DEFAULT 1,
    PRIMARY KEY (lesson_id, student_id)
);
CREATE INDEX attendance_time ON attendance(class_type, start_at);
CREATE INDEX attendance_school_time ON attendance(school_id, class_type, start_at);
CREATE INDEX attendance_teacher_time ON attendance(teacher_id, start_at);
CREATE INDEX attendance_student_time ON attendance(student_id, start_at);
CREATE INDEX attendance_package ON attendance(package_id);

-- A refund of a class place (class_type 2/3, class_id) or of one-on-one lessons (class_type 1,
-- package_id), with the facts of what was refunded copied in as for attendance.
-- reason_type: 1 schedule, 2 teaching, 3 service, 4 moving, 5 finances, 6 other.
CREATE TABLE refunds (
    id BIGSERIAL PRIMARY KEY,
    student_id BIGINT NOT NULL REFERENCES students(id) ON DELETE CASCADE,
    class_type BIGINT NOT NULL,
    class_id BIGINT,
    package_id BIGINT,
    teacher_id BIGINT NOT NULL,
    school_id BIGINT NOT NULL,
    area_code TEXT NOT NULL,
    subject BIGINT NOT NULL,
    grade_code BIGINT NOT NULL,
    product_type TEXT NOT NULL,
    product_group BIGINT NOT NULL,
    manage_project BIGINT NOT NULL,
    refunded_at BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    lesson_total BIGINT NOT NULL,
    reason_type BIGINT NOT NULL,
    reason TEXT NOT NULL,
    reason_detail TEXT NOT NULL,
    class_start_at BIGINT NOT NULL,
    leave_lesson_no BIGINT NOT NULL
);
CREATE INDEX refunds_time ON refunds(class_type, refunded_at);
CREATE INDEX refunds_school_time ON refunds(school_id, class_type, refunded_at);
CREATE INDEX refunds_teacher_time ON refunds(teacher_id, refunded_at);
CREATE INDEX refunds_student ON refunds(student_id);
CREATE INDEX refunds_package ON refunds(package_id);
