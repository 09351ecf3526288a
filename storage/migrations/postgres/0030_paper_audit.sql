-- Paper audit (03 §7.1 "Paper": audit post, judge, hiding the result) and the papers' change log
-- (docPaperOperateLogList). audit_status: 0 none, 1 pending, 2 approved (in the library, read by
-- everyone), 3 refused.
ALTER TABLE papers ADD COLUMN audit_status BIGINT NOT NULL DEFAULT 0;
ALTER TABLE papers ADD COLUMN audit_note TEXT NOT NULL DEFAULT '';
ALTER TABLE papers ADD COLUMN audited_by BIGINT;
ALTER TABLE papers ADD COLUMN audited_at BIGINT;
ALTER TABLE papers ADD COLUMN audit_info_visible BIGINT NOT NULL DEFAULT 0;
CREATE INDEX papers_audit ON papers(audit_status, id);

CREATE TABLE paper_logs (
    id BIGSERIAL PRIMARY KEY,
    paper_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    action TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '',
    at BIGINT NOT NULL
);
CREATE INDEX paper_logs_paper ON paper_logs(paper_id, id);
