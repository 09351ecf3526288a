-- PostgreSQL carries the postings' weight and filter columns in their key's index (0036 there);
-- SQLite's postings table is clustered by its key already (WITHOUT ROWID): nothing to do.
SELECT 1;
