-- One batch send of similar practice under way per class, and one AI reply generating per user:
-- two requests at once (two tabs, a double click, two processes) cannot both start one.
CREATE UNIQUE INDEX similar_batches_one_sending ON similar_batches(class_id) WHERE status IN (1, 2);
CREATE UNIQUE INDEX ai_messages_one_generating ON ai_messages(user_id) WHERE status = 1;
-- The sweep of replies a dead process left generating reads them by state and age.
CREATE INDEX ai_messages_status_time ON ai_messages(status, updated_at);
