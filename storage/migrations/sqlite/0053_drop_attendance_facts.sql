-- Replaced by `attendance_report_facts` (0052).
DROP INDEX IF EXISTS attendance_facts;
