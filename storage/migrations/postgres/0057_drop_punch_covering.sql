-- no-transaction
-- Replaced by `service_punches_facts_with_role` (0056).
DROP INDEX CONCURRENTLY IF EXISTS service_punches_covering;
