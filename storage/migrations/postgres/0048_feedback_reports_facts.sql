-- no-transaction
-- Each attendance row's feedback report, read from the index alone (the feedback statistics by
-- subject on a school group's year: 1,374 → 238 ms; docs/benchmarks.md). CONCURRENTLY: see 0047.
CREATE INDEX CONCURRENTLY IF NOT EXISTS feedback_reports_facts ON feedback_reports(lesson_id, student_id)
    INCLUDE (id, created_at, exported_at, submitted_at, opened_at);
