-- Feedback on content (03 §7.1 "Feedback (content)"): a teacher reports an error in a question,
-- a paper or a drive file (target_type 1, 2, 3), with tags; a library editor accepts or refuses a
-- report on a question or paper (the reporter is told: notice type 6), the owner of a file is
-- told of a report on it (notice type 3). Comments on a paper's blocks.
CREATE TABLE content_feedback (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users(id),
    target_type BIGINT NOT NULL,
    target_id BIGINT NOT NULL,
    target_title TEXT NOT NULL DEFAULT '',
    tags TEXT NOT NULL DEFAULT '[]',
    content TEXT NOT NULL,
    -- 0 open, 1 accepted, 2 refused.
    status BIGINT NOT NULL DEFAULT 0,
    reply TEXT NOT NULL DEFAULT '',
    handled_by BIGINT,
    handled_at BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX content_feedback_target ON content_feedback(target_type, target_id, id);
CREATE INDEX content_feedback_user ON content_feedback(user_id, id);

CREATE TABLE block_comments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    paper_id BIGINT NOT NULL REFERENCES papers(id) ON DELETE CASCADE,
    block_key TEXT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users(id),
    content TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX block_comments_paper ON block_comments(paper_id, block_key, id);
