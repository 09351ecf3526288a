-- no-transaction
-- `service_punches_covering` (0049) holds everything this index held, and the id.
DROP INDEX CONCURRENTLY IF EXISTS service_punches_facts;
