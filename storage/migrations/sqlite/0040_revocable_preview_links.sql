-- A report's shared preview link carries the report's link generation: revoking the links bumps
-- it, and every link given out before stops working (issue 19 item 9).
ALTER TABLE feedback_reports ADD COLUMN preview_epoch BIGINT NOT NULL DEFAULT 0;
