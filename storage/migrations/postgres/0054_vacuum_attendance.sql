-- no-transaction
-- The copy of 0051 rewrote the attendance rows that have a report: index-only scans need the
-- visibility map back (plain VACUUM blocks neither reads nor writes).
VACUUM (ANALYZE) attendance;
