-- PostgreSQL replaces its punches' covering index here; SQLite never had one by that name.
DROP INDEX IF EXISTS service_punches_facts;
