-- Each attendance row carries the dates of its feedback report (created, exported, sent, opened;
-- NULL: none), so that the feedback statistics and the platform usage count due reports from the
-- attendance index alone. Triggers keep the copy (PostgreSQL's twin has the figures).
ALTER TABLE attendance ADD COLUMN report_created_at INTEGER;
ALTER TABLE attendance ADD COLUMN report_exported_at INTEGER;
ALTER TABLE attendance ADD COLUMN report_submitted_at INTEGER;
ALTER TABLE attendance ADD COLUMN report_opened_at INTEGER;

-- A new attendance row takes the dates of the report already written for it (if any).
CREATE TRIGGER attendance_report_facts AFTER INSERT ON attendance
    WHEN EXISTS (SELECT 1 FROM feedback_reports r WHERE r.lesson_id = NEW.lesson_id AND r.student_id = NEW.student_id)
BEGIN
    UPDATE attendance SET (report_created_at, report_exported_at, report_submitted_at, report_opened_at) =
        (SELECT r.created_at, r.exported_at, r.submitted_at, r.opened_at FROM feedback_reports r
          WHERE r.lesson_id = NEW.lesson_id AND r.student_id = NEW.student_id)
     WHERE lesson_id = NEW.lesson_id AND student_id = NEW.student_id;
END;

-- A report written, changed or deleted passes its dates on to its attendance row.
CREATE TRIGGER feedback_report_facts_insert AFTER INSERT ON feedback_reports
BEGIN
    UPDATE attendance SET report_created_at = NEW.created_at, report_exported_at = NEW.exported_at,
           report_submitted_at = NEW.submitted_at, report_opened_at = NEW.opened_at
     WHERE lesson_id = NEW.lesson_id AND student_id = NEW.student_id;
END;
CREATE TRIGGER feedback_report_facts_update AFTER UPDATE OF lesson_id, student_id, created_at, exported_at, submitted_at, opened_at ON feedback_reports
BEGIN
    UPDATE attendance SET report_created_at = NULL, report_exported_at = NULL, report_submitted_at = NULL, report_opened_at = NULL
     WHERE lesson_id = OLD.lesson_id AND student_id = OLD.student_id AND (OLD.lesson_id <> NEW.lesson_id OR OLD.student_id <> NEW.student_id);
    UPDATE attendance SET report_created_at = NEW.created_at, report_exported_at = NEW.exported_at,
           report_submitted_at = NEW.submitted_at, report_opened_at = NEW.opened_at
     WHERE lesson_id = NEW.lesson_id AND student_id = NEW.student_id;
END;
CREATE TRIGGER feedback_report_facts_delete AFTER DELETE ON feedback_reports
BEGIN
    UPDATE attendance SET report_created_at = NULL, report_exported_at = NULL, report_submitted_at = NULL, report_opened_at = NULL
     WHERE lesson_id = OLD.lesson_id AND student_id = OLD.student_id;
END;

-- The reports written before this migration.
UPDATE attendance SET (report_created_at, report_exported_at, report_submitted_at, report_opened_at) =
    (SELECT r.created_at, r.exported_at, r.submitted_at, r.opened_at FROM feedback_reports r
      WHERE r.lesson_id = attendance.lesson_id AND r.student_id = attendance.student_id)
 WHERE EXISTS (SELECT 1 FROM feedback_reports r WHERE r.lesson_id = attendance.lesson_id AND r.student_id = attendance.student_id);
