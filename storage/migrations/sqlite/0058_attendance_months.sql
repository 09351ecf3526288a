-- Attendance per calendar month (China time, `month` = yyyymm) and per (teacher, student, class)
-- with the facts reports filter by, and how many lessons: a period's distinct counts read whole
-- months from here and only the days at its edges from attendance (PostgreSQL's twin has the
-- figures). Row triggers keep it.
CREATE TABLE attendance_months (
    month INTEGER NOT NULL,
    teacher_id INTEGER NOT NULL,
    student_id INTEGER NOT NULL,
    class_id INTEGER NOT NULL,
    class_type INTEGER NOT NULL,
    school_id INTEGER NOT NULL,
    area_code TEXT NOT NULL,
    subject INTEGER NOT NULL,
    grade_code INTEGER NOT NULL,
    product_type TEXT NOT NULL,
    product_group INTEGER NOT NULL,
    manage_project INTEGER NOT NULL,
    lessons INTEGER NOT NULL,
    PRIMARY KEY (month, teacher_id, student_id, class_id, class_type, school_id, area_code, subject, grade_code, product_type, product_group, manage_project)
);

CREATE TRIGGER attendance_months_insert AFTER INSERT ON attendance
BEGIN
    INSERT INTO attendance_months (month, teacher_id, student_id, class_id, class_type, school_id, area_code, subject, grade_code, product_type, product_group, manage_project, lessons)
    VALUES (CAST(strftime('%Y%m', (NEW.start_at + 28800000) / 1000, 'unixepoch') AS INTEGER), NEW.teacher_id, NEW.student_id, NEW.class_id, NEW.class_type, NEW.school_id, NEW.area_code, NEW.subject, NEW.grade_code, NEW.product_type, NEW.product_group, NEW.manage_project, 1)
    ON CONFLICT (month, teacher_id, student_id, class_id, class_type, school_id, area_code, subject, grade_code, product_type, product_group, manage_project) DO UPDATE SET lessons = lessons + 1;
END;

CREATE TRIGGER attendance_months_delete AFTER DELETE ON attendance
BEGIN
    UPDATE attendance_months SET lessons = lessons - 1 WHERE month = CAST(strftime('%Y%m', (OLD.start_at + 28800000) / 1000, 'unixepoch') AS INTEGER) AND teacher_id = OLD.teacher_id AND student_id = OLD.student_id AND class_id = OLD.class_id AND class_type = OLD.class_type AND school_id = OLD.school_id AND area_code = OLD.area_code AND subject = OLD.subject AND grade_code = OLD.grade_code AND product_type = OLD.product_type AND product_group = OLD.product_group AND manage_project = OLD.manage_project;
    DELETE FROM attendance_months WHERE lessons <= 0 AND month = CAST(strftime('%Y%m', (OLD.start_at + 28800000) / 1000, 'unixepoch') AS INTEGER) AND teacher_id = OLD.teacher_id AND student_id = OLD.student_id AND class_id = OLD.class_id AND class_type = OLD.class_type AND school_id = OLD.school_id AND area_code = OLD.area_code AND subject = OLD.subject AND grade_code = OLD.grade_code AND product_type = OLD.product_type AND product_group = OLD.product_group AND manage_project = OLD.manage_project;
END;

-- A row moved to another month, teacher, class or facts; other updates fire nothing.
CREATE TRIGGER attendance_months_update AFTER UPDATE OF start_at, teacher_id, student_id, class_id, class_type, school_id, area_code, subject, grade_code, product_type, product_group, manage_project ON attendance
    WHEN OLD.start_at IS NOT NEW.start_at OR OLD.teacher_id IS NOT NEW.teacher_id OR OLD.student_id IS NOT NEW.student_id OR OLD.class_id IS NOT NEW.class_id OR OLD.class_type IS NOT NEW.class_type OR OLD.school_id IS NOT NEW.school_id OR OLD.area_code IS NOT NEW.area_code OR OLD.subject IS NOT NEW.subject OR OLD.grade_code IS NOT NEW.grade_code OR OLD.product_type IS NOT NEW.product_type OR OLD.product_group IS NOT NEW.product_group OR OLD.manage_project IS NOT NEW.manage_project
BEGIN
    UPDATE attendance_months SET lessons = lessons - 1 WHERE month = CAST(strftime('%Y%m', (OLD.start_at + 28800000) / 1000, 'unixepoch') AS INTEGER) AND teacher_id = OLD.teacher_id AND student_id = OLD.student_id AND class_id = OLD.class_id AND class_type = OLD.class_type AND school_id = OLD.school_id AND area_code = OLD.area_code AND subject = OLD.subject AND grade_code = OLD.grade_code AND product_type = OLD.product_type AND product_group = OLD.product_group AND manage_project = OLD.manage_project;
    DELETE FROM attendance_months WHERE lessons <= 0 AND month = CAST(strftime('%Y%m', (OLD.start_at + 28800000) / 1000, 'unixepoch') AS INTEGER) AND teacher_id = OLD.teacher_id AND student_id = OLD.student_id AND class_id = OLD.class_id AND class_type = OLD.class_type AND school_id = OLD.school_id AND area_code = OLD.area_code AND subject = OLD.subject AND grade_code = OLD.grade_code AND product_type = OLD.product_type AND product_group = OLD.product_group AND manage_project = OLD.manage_project;
    INSERT INTO attendance_months (month, teacher_id, student_id, class_id, class_type, school_id, area_code, subject, grade_code, product_type, product_group, manage_project, lessons)
    VALUES (CAST(strftime('%Y%m', (NEW.start_at + 28800000) / 1000, 'unixepoch') AS INTEGER), NEW.teacher_id, NEW.student_id, NEW.class_id, NEW.class_type, NEW.school_id, NEW.area_code, NEW.subject, NEW.grade_code, NEW.product_type, NEW.product_group, NEW.manage_project, 1)
    ON CONFLICT (month, teacher_id, student_id, class_id, class_type, school_id, area_code, subject, grade_code, product_type, product_group, manage_project) DO UPDATE SET lessons = lessons + 1;
END;

INSERT INTO attendance_months (month, teacher_id, student_id, class_id, class_type, school_id, area_code, subject, grade_code, product_type, product_group, manage_project, lessons)
SELECT CAST(strftime('%Y%m', (attendance.start_at + 28800000) / 1000, 'unixepoch') AS INTEGER), teacher_id, student_id, class_id, class_type, school_id, area_code, subject, grade_code, product_type, product_group, manage_project, COUNT(*)
  FROM attendance GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12;
