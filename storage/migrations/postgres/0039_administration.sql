-- Administration (issue 18): the organisation an operator edits (school groups over schools,
-- departments in schools, schools that close but keep their history), account states and the
-- one-time links of invitations, password resets and the first set-up, menu visibility and
-- badges, scheduled banners with images, and the append-only audit log.

CREATE TABLE school_groups (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);
ALTER TABLE schools ADD COLUMN group_id BIGINT;
-- A closed school keeps its records for the reports; nobody new registers or is placed there.
ALTER TABLE schools ADD COLUMN closed_at BIGINT;

CREATE TABLE departments (
    id BIGSERIAL PRIMARY KEY,
    school_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (school_id, name)
);

-- 1 active, 0 registered and waiting for an administrator's approval, 2 disabled.
ALTER TABLE users ADD COLUMN state BIGINT NOT NULL DEFAULT 1;

-- One-time links: kind 'invite' (registration with the grant), 'reset' (a new password for
-- user_id), 'setup' (the first super user and school). Only the token's digest is kept.
CREATE TABLE account_links (
    token_hash TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    email TEXT NOT NULL DEFAULT '',
    user_id BIGINT,
    grant_json TEXT NOT NULL DEFAULT '{}',
    created_by BIGINT,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT,
    revoked_at BIGINT
);
CREATE INDEX account_links_kind_email ON account_links(kind, email);

ALTER TABLE menus ADD COLUMN hidden BIGINT NOT NULL DEFAULT 0;
ALTER TABLE menus ADD COLUMN badge TEXT NOT NULL DEFAULT '';

ALTER TABLE banners ADD COLUMN image_file_id TEXT NOT NULL DEFAULT '';
ALTER TABLE banners ADD COLUMN starts_at BIGINT;
ALTER TABLE banners ADD COLUMN ends_at BIGINT;

-- Who did what and when: every administrative action and the sensitive user actions. Rows are
-- only ever inserted (triggers refuse updates and deletes).
CREATE TABLE audit_log (
    id BIGSERIAL PRIMARY KEY,
    at BIGINT NOT NULL,
    actor_id BIGINT,
    actor_email TEXT NOT NULL DEFAULT '',
    acting_as_id BIGINT,
    action TEXT NOT NULL,
    target TEXT NOT NULL DEFAULT '',
    detail TEXT NOT NULL DEFAULT '',
    ip TEXT NOT NULL DEFAULT '',
    ok BIGINT NOT NULL DEFAULT 1
);
CREATE INDEX audit_log_at ON audit_log(at);
CREATE INDEX audit_log_actor_at ON audit_log(actor_id, at);
CREATE INDEX audit_log_action_at ON audit_log(action, at);
CREATE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'the audit log is append-only';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
