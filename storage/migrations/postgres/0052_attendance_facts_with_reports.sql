-- no-transaction
-- The covering index of 0047 with the report dates of 0051: the feedback statistics read a month
-- of due reports from the index alone. It replaces `attendance_facts` (0053). CONCURRENTLY: see 0047.
CREATE INDEX CONCURRENTLY IF NOT EXISTS attendance_report_facts ON attendance(start_at) INCLUDE (class_type, status, teacher_id, student_id,
    class_id, lesson_id, school_id, area_code, subject, grade_code, product_type, product_group, manage_project, minutes, package_id,
    report_created_at, report_exported_at, report_submitted_at, report_opened_at);
