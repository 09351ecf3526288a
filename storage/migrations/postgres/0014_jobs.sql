-- One durable, leased job engine for every background job (downloads, save-to-knowledge, and the
-- exports, imports and copies to come). A job is the schedule of one record of its kind
-- (`subject_id` in the kind's table, which keeps the user-facing status):
-- state 1 waiting, 2 running, 3 succeeded, 4 failed. A running job's worker renews
-- `lease_until` (epoch ms); any process takes over a job whose lease ran out. `attempts` counts
-- claims: renewals and results name the attempt, so a worker whose claim was taken over changes
-- nothing. `claimed_at` is when the job was last claimed: waiting jobs go to the user served
-- least recently, so one user's backlog does not starve everyone else.
CREATE TABLE jobs (
    id BIGSERIAL PRIMARY KEY,
    kind TEXT NOT NULL,
    subject_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    state BIGINT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    lease_until BIGINT NOT NULL DEFAULT 0,
    claimed_at BIGINT NOT NULL DEFAULT 0,
    error TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX jobs_subject ON jobs(kind, subject_id);
CREATE INDEX jobs_state ON jobs(state, id);
CREATE INDEX jobs_user ON jobs(user_id, state);

-- The queues as they stand move onto the engine; the leases, attempts and recovery of the two
-- tables are the engine's from now on.
INSERT INTO jobs (kind, subject_id, user_id, state, attempts, lease_until, created_at, updated_at)
    SELECT 'download', id, user_id, status, attempts, lease_until, created_at, updated_at FROM download_tasks WHERE status IN (1, 2);
INSERT INTO jobs (kind, subject_id, user_id, state, attempts, lease_until, created_at, updated_at)
    SELECT 'save_to_knowledge', id, user_id, CASE WHEN attempts > 0 THEN 2 ELSE 1 END, attempts, lease_until, created_at, updated_at
    FROM knowledge_saves WHERE copy_status = 1;
