-- Online-lesson reminders (线上课设置, 白名单配置): each kind on or off with its minutes (kinds
-- in dictionary::ONLINE_REMINDER_TYPES), per kind the staff who are not reminded, and the
-- reminders sent — one row per kind, lesson and person, so that every process may scan and
-- only the one whose insert lands sends.
CREATE TABLE online_reminder_settings (
    reminder_type BIGINT PRIMARY KEY,
    enabled BIGINT NOT NULL,
    minutes BIGINT NOT NULL,
    updated_by BIGINT,
    updated_at BIGINT NOT NULL DEFAULT 0
);
INSERT INTO online_reminder_settings (reminder_type, enabled, minutes) VALUES (1, 1, 15), (2, 1, 5), (3, 1, 10);

CREATE TABLE online_reminder_whitelist (
    reminder_type BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    added_by BIGINT NOT NULL,
    added_at BIGINT NOT NULL,
    PRIMARY KEY (reminder_type, user_id)
);

CREATE TABLE online_reminders_sent (
    reminder_type BIGINT NOT NULL,
    lesson_id BIGINT NOT NULL REFERENCES online_lessons(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    sent_at BIGINT NOT NULL,
    PRIMARY KEY (reminder_type, lesson_id, user_id)
);
