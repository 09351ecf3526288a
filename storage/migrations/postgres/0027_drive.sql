-- The cloud drive (03 §2, §3, §7.8): resources become the items of a tree of folders in personal
-- and team spaces, with a recycle bin, shares, share links and teams.
--
-- An item is in its owner's personal space (team_id 0) or a team's space; parent_id 0 is the
-- root of the space. `path` lists the ids from the root to the item (`/12/45/`), so a subtree is
-- one range of paths (`path >= '/12/' AND path < '/120'`: '0' follows '/') and a move rewrites
-- it in one statement. A deleted item and its subtree carry `trashed_at` and `trash_root` (the
-- item whose deletion put them in the bin), and come back together. Names are unique among the
-- live items of a folder.
ALTER TABLE resources ADD COLUMN parent_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE resources ADD COLUMN team_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE resources ADD COLUMN type_code BIGINT NOT NULL DEFAULT 1;
ALTER TABLE resources ADD COLUMN path TEXT COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE resources ADD COLUMN depth BIGINT NOT NULL DEFAULT 1;
ALTER TABLE resources ADD COLUMN subject_id BIGINT;
ALTER TABLE resources ADD COLUMN link_url TEXT;
ALTER TABLE resources ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE resources ADD COLUMN trashed_at BIGINT;
ALTER TABLE resources ADD COLUMN trash_root BIGINT;
-- A copy in progress: the operation that made the row and the row it copies.
ALTER TABLE resources ADD COLUMN copy_batch TEXT;
ALTER TABLE resources ADD COLUMN copy_source BIGINT;

UPDATE resources SET path = '/' || id || '/', updated_at = created_at,
    type_code = CASE class WHEN 'image' THEN 7 WHEN 'video' THEN 2 WHEN 'audio' THEN 2 ELSE 1 END;
UPDATE resources SET name = name || ' (' || id || ')'
    WHERE EXISTS (SELECT 1 FROM resources o WHERE o.user_id = resources.user_id AND o.name = resources.name AND o.id < resources.id);

CREATE UNIQUE INDEX drive_names_personal ON resources(user_id, parent_id, name) WHERE team_id = 0 AND trashed_at IS NULL;
CREATE UNIQUE INDEX drive_names_team ON resources(team_id, parent_id, name) WHERE team_id <> 0 AND trashed_at IS NULL;
CREATE INDEX drive_children ON resources(parent_id, trashed_at);
-- A folder's page in its two common orders (folders first, then newest or by name) straight
-- from an index: the listing's ORDER BY repeats these expressions.
CREATE INDEX drive_folder_by_time ON resources(parent_id, (CASE WHEN type_code = 0 THEN 0 ELSE 1 END), created_at DESC, id DESC) WHERE trashed_at IS NULL;
CREATE INDEX drive_folder_by_name ON resources(parent_id, (CASE WHEN type_code = 0 THEN 0 ELSE 1 END), name, id) WHERE trashed_at IS NULL;
CREATE INDEX drive_space ON resources(team_id, user_id, parent_id);
CREATE INDEX drive_path ON resources(path);
CREATE INDEX drive_trash ON resources(trash_root) WHERE trash_root IS NOT NULL;
CREATE INDEX drive_copy_batch ON resources(copy_batch) WHERE copy_batch IS NOT NULL;

-- Teams: role 1 owner, 2 editor, 3 viewer.
CREATE TABLE teams (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    owner_id BIGINT NOT NULL REFERENCES users(id),
    created_at BIGINT NOT NULL
);
CREATE TABLE team_members (
    team_id BIGINT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role BIGINT NOT NULL,
    joined_at BIGINT NOT NULL,
    PRIMARY KEY (team_id, user_id)
);
CREATE INDEX team_members_user ON team_members(user_id);

-- An item shared with a person (receiver_id) or a team (receiver_team_id); revoking deletes it.
CREATE TABLE drive_shares (
    id BIGSERIAL PRIMARY KEY,
    item_id BIGINT NOT NULL REFERENCES resources(id) ON DELETE CASCADE,
    sender_id BIGINT NOT NULL REFERENCES users(id),
    receiver_id BIGINT NOT NULL DEFAULT 0,
    receiver_team_id BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX drive_shares_once ON drive_shares(item_id, receiver_id, receiver_team_id);
CREATE INDEX drive_shares_receiver ON drive_shares(receiver_id);
CREATE INDEX drive_shares_team ON drive_shares(receiver_team_id);
CREATE INDEX drive_shares_sender ON drive_shares(sender_id);

-- Share links (plan share): item_ids is a JSON list.
CREATE TABLE drive_share_links (
    code TEXT PRIMARY KEY,
    sender_id BIGINT NOT NULL REFERENCES users(id),
    item_ids TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    revoked BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);

-- The drive's jobs (the job engine's records): kind 'copy' (a large copy, request JSON) or
-- 'purge' (the sweep of bin items past their 30 days and of abandoned uploads; user 0).
-- status 1 waiting, 2 running, 3 done, 4 failed.
CREATE TABLE drive_jobs (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    request TEXT NOT NULL,
    status BIGINT NOT NULL,
    percent BIGINT NOT NULL DEFAULT 0,
    total BIGINT NOT NULL DEFAULT 0,
    error TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX drive_jobs_user ON drive_jobs(user_id, id);
