-- Service QC (02 §3.2, §7.6): the services staff owe their students, the punch records that say a
-- service was done (with the facts of the student's school, area, subject and teacher copied in,
-- like attendance, so the statistics filter one table), the checks QC inspectors make of them,
-- QC teams, quick comments, submission tags and settings (rules, course range).

CREATE TABLE qc_services (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    icon TEXT NOT NULL,
    side BIGINT NOT NULL,
    role_codes TEXT NOT NULL,
    period_type TEXT NOT NULL,
    required_times BIGINT NOT NULL,
    form_fields TEXT NOT NULL,
    enabled BIGINT NOT NULL,
    sort_no BIGINT NOT NULL,
    deleted BIGINT NOT NULL DEFAULT 0,
    updated_by BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE qc_tags (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);

-- check_status 0 waiting, 1 checked; result_status 0 none, 1 qualified, 2 unqualified;
-- channel 1 web, 2 app, 3 enterprise messenger; tag_id 0 = none; class_id 0 = none.
CREATE TABLE service_punches (
    id BIGSERIAL PRIMARY KEY,
    service_id BIGINT NOT NULL,
    student_id BIGINT NOT NULL,
    class_id BIGINT NOT NULL,
    teacher_id BIGINT NOT NULL,
    role_code TEXT NOT NULL,
    school_id BIGINT NOT NULL,
    area_code TEXT NOT NULL,
    subject BIGINT NOT NULL,
    grade_code BIGINT NOT NULL,
    class_type BIGINT NOT NULL,
    punched_at BIGINT NOT NULL,
    channel BIGINT NOT NULL,
    content TEXT NOT NULL,
    form_values TEXT NOT NULL,
    tag_id BIGINT NOT NULL,
    check_status BIGINT NOT NULL,
    result_status BIGINT NOT NULL,
    classic_case BIGINT NOT NULL,
    last_qc_at BIGINT NOT NULL,
    last_qc_by BIGINT NOT NULL
);
CREATE INDEX service_punches_time ON service_punches(punched_at);
CREATE INDEX service_punches_school_time ON service_punches(school_id, punched_at);
CREATE INDEX service_punches_teacher_student ON service_punches(teacher_id, student_id, punched_at);
CREATE INDEX service_punches_student ON service_punches(student_id, punched_at);
CREATE INDEX service_punches_service ON service_punches(service_id);
-- The statistics read a period's punches by their facts only: an index holding them serves those
-- reads without visiting the wide rows (content, form values).
CREATE INDEX service_punches_facts ON service_punches(punched_at) INCLUDE (class_type, teacher_id, student_id, class_id, service_id, school_id, area_code, subject, grade_code, check_status, result_status, classic_case, channel, tag_id, last_qc_at);

-- result 1 qualified, 2 unqualified; source 'single' or 'batch'.
CREATE TABLE qc_reviews (
    id BIGSERIAL PRIMARY KEY,
    punch_id BIGINT NOT NULL REFERENCES service_punches(id) ON DELETE CASCADE,
    inspector_id BIGINT NOT NULL,
    result_status BIGINT NOT NULL,
    classic_case BIGINT NOT NULL,
    comment TEXT NOT NULL,
    source TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX qc_reviews_punch ON qc_reviews(punch_id, created_at);

CREATE TABLE qc_fast_comments (
    id BIGSERIAL PRIMARY KEY,
    owner_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    content TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX qc_fast_comments_owner ON qc_fast_comments(owner_id);

CREATE TABLE qc_groups (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    school_id BIGINT NOT NULL,
    remark TEXT NOT NULL,
    updated_by BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- A staff member is checked by one QC team.
CREATE TABLE qc_group_members (
    user_id BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    group_id BIGINT NOT NULL REFERENCES qc_groups(id) ON DELETE CASCADE
);
CREATE INDEX qc_group_members_group ON qc_group_members(group_id);

CREATE TABLE qc_group_inspectors (
    group_id BIGINT NOT NULL REFERENCES qc_groups(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    PRIMARY KEY (group_id, user_id)
);

-- Settings as JSON by key: `rule:{school}` (-1 the group's), `courseRange`.
CREATE TABLE qc_settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    updated_by BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- Project teams belong to a school and carry a remark.
ALTER TABLE project_groups ADD COLUMN school_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE project_groups ADD COLUMN remark TEXT NOT NULL DEFAULT '';
CREATE INDEX staff_project_group ON staff(project_group);

-- The home page's QC figures count service punch records; the lesson checks they counted before
-- go.
DROP TABLE qc_checks;
