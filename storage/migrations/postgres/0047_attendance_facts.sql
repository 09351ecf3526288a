-- no-transaction
-- The reports read a date range of attendance with the standard filter columns: a covering
-- index makes that an index-only scan instead of reading the whole table (on a school group's
-- year, the class attendance list 605 → 142 ms; docs/benchmarks.md). The index-only path needs
-- the visibility map: the generator ends with VACUUM ANALYZE, and autovacuum keeps it after
-- imports and edits. Built CONCURRENTLY (one statement per migration, outside a transaction) so
-- that a node migrating during a rolling deploy does not block the others' writes for minutes.
CREATE INDEX CONCURRENTLY IF NOT EXISTS attendance_facts ON attendance(start_at) INCLUDE (class_type, status, teacher_id, student_id,
    class_id, lesson_id, school_id, area_code, subject, grade_code, product_type, product_group, manage_project, minutes, package_id);
