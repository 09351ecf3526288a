-- no-transaction
-- The QC list reads the roles its members punched under; without the role in the punches'
-- covering index that read fetched a month of wide rows, up to 2 s under load (docs/benchmarks.md).
-- It replaces `service_punches_covering` (0057). CONCURRENTLY: see 0047.
CREATE INDEX CONCURRENTLY IF NOT EXISTS service_punches_facts_with_role ON service_punches(punched_at) INCLUDE (id, class_type, teacher_id,
    student_id, class_id, service_id, school_id, area_code, subject, grade_code, check_status, result_status, classic_case, channel,
    tag_id, last_qc_at, role_code);
