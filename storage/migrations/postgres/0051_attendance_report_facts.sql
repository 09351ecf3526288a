-- Each attendance row carries the dates of its feedback report (created, exported, sent, opened;
-- NULL: none), so that the feedback statistics and the platform usage count a month of due
-- reports from the attendance index alone. Joining the reports instead cost a probe per row or a
-- hash of every report (on a school group's year, 0.6–1.0 s per call; docs/benchmarks.md).
-- Triggers keep the copy, whichever way a report or an attendance row is written.
ALTER TABLE attendance ADD COLUMN report_created_at BIGINT;
ALTER TABLE attendance ADD COLUMN report_exported_at BIGINT;
ALTER TABLE attendance ADD COLUMN report_submitted_at BIGINT;
ALTER TABLE attendance ADD COLUMN report_opened_at BIGINT;

-- A new attendance row takes the dates of the report already written for it (if any).
CREATE FUNCTION attendance_takes_report_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    SELECT r.created_at, r.exported_at, r.submitted_at, r.opened_at
      INTO NEW.report_created_at, NEW.report_exported_at, NEW.report_submitted_at, NEW.report_opened_at
      FROM feedback_reports r WHERE r.lesson_id = NEW.lesson_id AND r.student_id = NEW.student_id;
    RETURN NEW;
END $$;
CREATE TRIGGER attendance_report_facts BEFORE INSERT ON attendance
    FOR EACH ROW EXECUTE FUNCTION attendance_takes_report_facts();

-- A report written, changed or deleted passes its dates on to its attendance row.
CREATE FUNCTION feedback_report_gives_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        UPDATE attendance SET report_created_at = NULL, report_exported_at = NULL, report_submitted_at = NULL, report_opened_at = NULL
         WHERE lesson_id = OLD.lesson_id AND student_id = OLD.student_id;
        RETURN NULL;
    END IF;
    IF TG_OP = 'UPDATE' THEN
        IF OLD.lesson_id <> NEW.lesson_id OR OLD.student_id <> NEW.student_id THEN
            UPDATE attendance SET report_created_at = NULL, report_exported_at = NULL, report_submitted_at = NULL, report_opened_at = NULL
             WHERE lesson_id = OLD.lesson_id AND student_id = OLD.student_id;
        END IF;
    END IF;
    UPDATE attendance SET report_created_at = NEW.created_at, report_exported_at = NEW.exported_at,
           report_submitted_at = NEW.submitted_at, report_opened_at = NEW.opened_at
     WHERE lesson_id = NEW.lesson_id AND student_id = NEW.student_id;
    RETURN NULL;
END $$;
CREATE TRIGGER feedback_report_facts AFTER INSERT OR DELETE OR UPDATE OF lesson_id, student_id, created_at, exported_at, submitted_at, opened_at
    ON feedback_reports FOR EACH ROW EXECUTE FUNCTION feedback_report_gives_facts();

-- The reports written before this migration.
UPDATE attendance a SET report_created_at = r.created_at, report_exported_at = r.exported_at,
       report_submitted_at = r.submitted_at, report_opened_at = r.opened_at
  FROM feedback_reports r WHERE r.lesson_id = a.lesson_id AND r.student_id = a.student_id;
