-- The reports read a date range of attendance with the standard filter columns: an index that
-- holds every column those reads use (SQLite has no INCLUDE; it reads an index covering when
-- it holds every column a query needs). PostgreSQL's twin has the figures.
CREATE INDEX attendance_facts ON attendance(start_at, class_type, status, teacher_id, student_id, class_id, lesson_id,
    school_id, area_code, subject, grade_code, product_type, product_group, manage_project, minutes, package_id);
