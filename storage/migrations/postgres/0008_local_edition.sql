-- A school may run a local edition; the web prefixes its name.
ALTER TABLE schools ADD COLUMN local_edition BIGINT NOT NULL DEFAULT 0;
