-- Each attendance row's feedback report, read from the index alone (PostgreSQL's twin has the figures).
CREATE INDEX feedback_reports_facts ON feedback_reports(lesson_id, student_id, id, created_at, exported_at, submitted_at, opened_at);
