-- A collection (a published version of a paper) keeps where each question's answer area sits on
-- its printed pages: a JSON array of {questionIndex, page, x, y, width, height}.
ALTER TABLE paper_versions ADD COLUMN coordinates TEXT NOT NULL DEFAULT '[]';

-- A teaching resource offered to the school library: audit_status 0 not offered, 1 pending,
-- 2 approved (readable by every staff member), 3 refused (audit_note says why).
ALTER TABLE resources ADD COLUMN audit_status BIGINT NOT NULL DEFAULT 0;
ALTER TABLE resources ADD COLUMN audit_note TEXT NOT NULL DEFAULT '';
ALTER TABLE resources ADD COLUMN audited_by BIGINT;
ALTER TABLE resources ADD COLUMN audited_at BIGINT;
