-- no-transaction
-- Replaced by `attendance_report_facts` (0052).
DROP INDEX CONCURRENTLY IF EXISTS attendance_facts;
