-- The AI assistant (03 §7.9): a user's conversations and their messages. A reply is written as it
-- is generated (status 1), then complete (2), interrupted by the user (3, what was produced kept)
-- or failed (4, error says why, what was produced kept). read_at: when the user saw a finished
-- reply (the badge counts those not seen).
CREATE TABLE ai_conversations (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    model TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    deleted_at BIGINT
);
CREATE INDEX ai_conversations_user ON ai_conversations(user_id, updated_at);

CREATE TABLE ai_messages (
    id BIGSERIAL PRIMARY KEY,
    conversation_id BIGINT NOT NULL REFERENCES ai_conversations(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    role TEXT NOT NULL,
    content TEXT NOT NULL,
    status BIGINT NOT NULL,
    model TEXT NOT NULL DEFAULT '',
    error TEXT NOT NULL DEFAULT '',
    feedback BIGINT NOT NULL DEFAULT 0,
    feedback_tags TEXT NOT NULL DEFAULT '[]',
    feedback_note TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    read_at BIGINT
);
CREATE INDEX ai_messages_conversation ON ai_messages(conversation_id, id);
CREATE INDEX ai_messages_user_status ON ai_messages(user_id, status);

-- Every call made to the provider (the assistant's replies, the report's teacher comments): the
-- usage counts per model come from here. tokens: the provider's count, else an estimate.
CREATE TABLE ai_calls (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL,
    model TEXT NOT NULL,
    purpose TEXT NOT NULL,
    ok BIGINT NOT NULL,
    tokens BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX ai_calls_user_time ON ai_calls(user_id, created_at);
CREATE INDEX ai_calls_time ON ai_calls(created_at);
