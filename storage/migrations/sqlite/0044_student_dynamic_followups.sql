-- Follow-ups of student dynamics (学员动态跟进): a dynamic is read from its records and named by
-- its kind and source key (`a:lesson:student`, `o:lesson:student`, `r:refund`, `e:exam:subject`);
-- its follow-up (method: dictionary::FOLLOW_METHODS) is kept here, a later one replacing it.
CREATE TABLE student_dynamic_followups (
    kind BIGINT NOT NULL,
    source_key TEXT NOT NULL,
    method BIGINT NOT NULL,
    note TEXT NOT NULL,
    followed_by BIGINT NOT NULL,
    followed_at BIGINT NOT NULL,
    PRIMARY KEY (kind, source_key)
);
