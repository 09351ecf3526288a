-- A captcha belongs to the client that asked for it (a cookie's digest) as well as to the
-- e-mail: asking for one for someone else's e-mail no longer replaces theirs.
DROP TABLE captchas;
CREATE TABLE captchas (
    client_hash TEXT NOT NULL,
    email TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (client_hash, email)
);
CREATE INDEX captchas_expiry ON captchas(expires_at);
