-- A search reads postings by their key (word, subject, stage) and needs their weight and filter
-- columns: carried in the key's index, the postings of a word are read from the index alone
-- (after VACUUM has marked the pages all-visible) instead of from heap pages scattered over the
-- whole table. SQLite's postings table is clustered by its key already (WITHOUT ROWID).
ALTER TABLE question_terms DROP CONSTRAINT question_terms_pkey;
ALTER TABLE question_terms ADD PRIMARY KEY (term, subject, stage, question_id) INCLUDE (weight, owner_id, question_type, difficulty, composite_score);
