-- Where each user stopped in each media resource (03 §7.6 /media/play-record).
CREATE TABLE media_play_records (
    user_id BIGINT NOT NULL REFERENCES users(id),
    resource_id BIGINT NOT NULL,
    position REAL NOT NULL,
    duration REAL,
    play_count BIGINT NOT NULL DEFAULT 1,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, resource_id)
);
