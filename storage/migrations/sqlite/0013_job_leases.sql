-- Jobs are leased: the process working on one renews `lease_until` (epoch ms) while it works, and
-- any process takes over a job whose lease ran out (its process died). Until now a starting
-- process took over every running job, including those of processes still alive.
ALTER TABLE download_tasks ADD COLUMN lease_until BIGINT NOT NULL DEFAULT 0;
ALTER TABLE knowledge_saves ADD COLUMN lease_until BIGINT NOT NULL DEFAULT 0;
CREATE INDEX knowledge_saves_status ON knowledge_saves(copy_status, id);
