-- no-transaction
-- The QC checks join reviews to a month of punches by the punch's id. Without the id in the
-- punches' covering index PostgreSQL read the punches' wide rows (a bitmap heap scan of 9,300
-- pages for a month on a school group's year): with it the join reads the index only
-- (689 → 93 ms; docs/benchmarks.md). It replaces `service_punches_facts` (0050). CONCURRENTLY:
-- see 0047.
CREATE INDEX CONCURRENTLY IF NOT EXISTS service_punches_covering ON service_punches(punched_at) INCLUDE (id, class_type, teacher_id,
    student_id, class_id, service_id, school_id, area_code, subject, grade_code, check_status, result_status, classic_case, channel,
    tag_id, last_qc_at);
