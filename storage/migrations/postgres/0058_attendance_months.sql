-- Attendance per calendar month (China time, `month` = yyyymm) and per (teacher, student, class)
-- with the facts reports filter by, and how many lessons. A period's distinct counts (the
-- service statistics' taken students) read whole months from here and only the days at its
-- edges from attendance: a month of a school group's attendance is 290,000 rows and 68,000
-- here (docs/benchmarks.md). Triggers keep it: per statement for rows added and removed, per row for a row moved.
CREATE TABLE attendance_months (
    month BIGINT NOT NULL,
    teacher_id BIGINT NOT NULL,
    student_id BIGINT NOT NULL,
    class_id BIGINT NOT NULL,
    class_type BIGINT NOT NULL,
    school_id BIGINT NOT NULL,
    area_code TEXT NOT NULL,
    subject BIGINT NOT NULL,
    grade_code BIGINT NOT NULL,
    product_type TEXT NOT NULL,
    product_group BIGINT NOT NULL,
    manage_project BIGINT NOT NULL,
    lessons BIGINT NOT NULL,
    PRIMARY KEY (month, teacher_id, student_id, class_id, class_type, school_id, area_code, subject, grade_code, product_type, product_group, manage_project)
);

-- The China-time month of a moment, as yyyymm.
CREATE FUNCTION attendance_month_of(at BIGINT) RETURNS BIGINT LANGUAGE sql IMMUTABLE AS $$
    SELECT CAST(to_char(to_timestamp((at + 28800000) / 1000) AT TIME ZONE 'UTC', 'YYYYMM') AS BIGINT)
$$;

CREATE FUNCTION attendance_months_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO attendance_months (month, teacher_id, student_id, class_id, class_type, school_id, area_code, subject, grade_code,
                                   product_type, product_group, manage_project, lessons)
    SELECT attendance_month_of(start_at), teacher_id, student_id, class_id, class_type, school_id, area_code, subject, grade_code,
           product_type, product_group, manage_project, COUNT(*)
      FROM added GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
    ON CONFLICT (month, teacher_id, student_id, class_id, class_type, school_id, area_code, subject, grade_code, product_type, product_group, manage_project)
    DO UPDATE SET lessons = attendance_months.lessons + excluded.lessons;
    RETURN NULL;
END $$;

CREATE FUNCTION attendance_months_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE attendance_months m SET lessons = m.lessons - r.n
      FROM (SELECT attendance_month_of(start_at) AS month, teacher_id, student_id, class_id, class_type, school_id, area_code, subject,
                   grade_code, product_type, product_group, manage_project, COUNT(*) AS n
              FROM removed GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12) r
     WHERE m.month = r.month AND m.teacher_id = r.teacher_id AND m.student_id = r.student_id AND m.class_id = r.class_id
       AND m.class_type = r.class_type AND m.school_id = r.school_id AND m.area_code = r.area_code AND m.subject = r.subject
       AND m.grade_code = r.grade_code AND m.product_type = r.product_type AND m.product_group = r.product_group
       AND m.manage_project = r.manage_project;
    DELETE FROM attendance_months m
     USING (SELECT DISTINCT attendance_month_of(start_at) AS month, teacher_id, student_id, class_id, class_type, school_id, area_code, subject,
                   grade_code, product_type, product_group, manage_project FROM removed) r
     WHERE m.lessons <= 0 AND m.month = r.month AND m.teacher_id = r.teacher_id AND m.student_id = r.student_id AND m.class_id = r.class_id
       AND m.class_type = r.class_type AND m.school_id = r.school_id AND m.area_code = r.area_code AND m.subject = r.subject
       AND m.grade_code = r.grade_code AND m.product_type = r.product_type AND m.product_group = r.product_group
       AND m.manage_project = r.manage_project;
    RETURN NULL;
END $$;

-- A row moved to another month, teacher, class or facts (a lesson rescheduled, a class moved):
-- rare, and row by row. Other updates (attendance taken, a report's dates copied) change nothing
-- here and fire nothing.
CREATE FUNCTION attendance_months_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE attendance_months SET lessons = lessons - 1
     WHERE month = attendance_month_of(OLD.start_at) AND teacher_id = OLD.teacher_id AND student_id = OLD.student_id AND class_id = OLD.class_id
       AND class_type = OLD.class_type AND school_id = OLD.school_id AND area_code = OLD.area_code AND subject = OLD.subject
       AND grade_code = OLD.grade_code AND product_type = OLD.product_type AND product_group = OLD.product_group AND manage_project = OLD.manage_project;
    DELETE FROM attendance_months
     WHERE lessons <= 0 AND month = attendance_month_of(OLD.start_at) AND teacher_id = OLD.teacher_id AND student_id = OLD.student_id
       AND class_id = OLD.class_id AND class_type = OLD.class_type AND school_id = OLD.school_id AND area_code = OLD.area_code
       AND subject = OLD.subject AND grade_code = OLD.grade_code AND product_type = OLD.product_type AND product_group = OLD.product_group
       AND manage_project = OLD.manage_project;
    INSERT INTO attendance_months (month, teacher_id, student_id, class_id, class_type, school_id, area_code, subject, grade_code,
                                   product_type, product_group, manage_project, lessons)
    VALUES (attendance_month_of(NEW.start_at), NEW.teacher_id, NEW.student_id, NEW.class_id, NEW.class_type, NEW.school_id, NEW.area_code,
            NEW.subject, NEW.grade_code, NEW.product_type, NEW.product_group, NEW.manage_project, 1)
    ON CONFLICT (month, teacher_id, student_id, class_id, class_type, school_id, area_code, subject, grade_code, product_type, product_group, manage_project)
    DO UPDATE SET lessons = attendance_months.lessons + 1;
    RETURN NULL;
END $$;

-- Writers take the lock first, so that no row is written between the copy below and the triggers.
LOCK TABLE attendance IN SHARE ROW EXCLUSIVE MODE;

CREATE TRIGGER attendance_months_insert AFTER INSERT ON attendance REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION attendance_months_add();
CREATE TRIGGER attendance_months_delete AFTER DELETE ON attendance REFERENCING OLD TABLE AS removed
    FOR EACH STATEMENT EXECUTE FUNCTION attendance_months_remove();
CREATE TRIGGER attendance_months_update AFTER UPDATE OF start_at, teacher_id, student_id, class_id, class_type, school_id, area_code, subject,
    grade_code, product_type, product_group, manage_project ON attendance FOR EACH ROW
    WHEN ((OLD.start_at, OLD.teacher_id, OLD.student_id, OLD.class_id, OLD.class_type, OLD.school_id, OLD.area_code, OLD.subject, OLD.grade_code,
           OLD.product_type, OLD.product_group, OLD.manage_project)
          IS DISTINCT FROM (NEW.start_at, NEW.teacher_id, NEW.student_id, NEW.class_id, NEW.class_type, NEW.school_id, NEW.area_code, NEW.subject,
           NEW.grade_code, NEW.product_type, NEW.product_group, NEW.manage_project))
    EXECUTE FUNCTION attendance_months_move();

INSERT INTO attendance_months (month, teacher_id, student_id, class_id, class_type, school_id, area_code, subject, grade_code,
                               product_type, product_group, manage_project, lessons)
SELECT attendance_month_of(start_at), teacher_id, student_id, class_id, class_type, school_id, area_code, subject, grade_code,
       product_type, product_group, manage_project, COUNT(*)
  FROM attendance GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12;
