-- The question bank and the editable knowledge atlas (03 §3, §6, §7.1, §7.2).
--
-- Atlas trees: a subject and stage's knowledge map. The centre's trees have owner 0 and are
-- edited by admins and the editors granted on them; a teacher's own trees (made or copied from
-- the centre) by their owner and granted editors. A node's `path` lists the ids from the tree's
-- root to it (`/12/45/`), so a subtree is one range of paths and a move rewrites it in one
-- statement; `source_id` is the centre node a copied node came from, so the bank's questions,
-- attached to centre nodes, are found from the copy too.
CREATE TABLE atlas_trees (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    subject BIGINT NOT NULL,
    stage BIGINT NOT NULL,
    atlas_type BIGINT NOT NULL DEFAULT 1,
    owner_id BIGINT NOT NULL DEFAULT 0,
    school_id BIGINT NOT NULL DEFAULT 0,
    published_at BIGINT,
    copied_from BIGINT,
    created_by BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX atlas_trees_scope ON atlas_trees(subject, stage, owner_id);

ALTER TABLE atlas_nodes ADD COLUMN path TEXT COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE atlas_nodes ADD COLUMN depth BIGINT NOT NULL DEFAULT 1;
ALTER TABLE atlas_nodes ADD COLUMN source_id BIGINT;
UPDATE atlas_nodes SET path = CASE WHEN parent_id = 0 THEN '/' || id || '/' ELSE '/' || parent_id || '/' || id || '/' END,
    depth = CASE WHEN parent_id = 0 THEN 1 ELSE 2 END;
CREATE SEQUENCE atlas_nodes_id_seq START 100000 OWNED BY atlas_nodes.id;
ALTER TABLE atlas_nodes ALTER COLUMN id SET DEFAULT nextval('atlas_nodes_id_seq');
CREATE INDEX atlas_nodes_path ON atlas_nodes(path);
CREATE INDEX atlas_nodes_source ON atlas_nodes(source_id) WHERE source_id IS NOT NULL;
INSERT INTO atlas_trees (id, name, subject, stage, atlas_type, owner_id, published_at, created_at, updated_at)
    SELECT DISTINCT tree_id, CASE stage WHEN 4 THEN '高中数学知识图谱' ELSE '初中数学知识图谱' END, subject, stage, 1, 0, 0, 0, 0 FROM atlas_nodes;

-- Who may edit a tree besides its owner (and admins for the centre's trees).
CREATE TABLE atlas_tree_editors (
    tree_id BIGINT NOT NULL REFERENCES atlas_trees(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    granted_by BIGINT NOT NULL,
    granted_at BIGINT NOT NULL,
    PRIMARY KEY (tree_id, user_id)
);
CREATE INDEX atlas_tree_editors_user ON atlas_tree_editors(user_id);

-- A knowledge point's map: what the develop and lesson-preparation pages show beside it.
CREATE TABLE atlas_knowledge_maps (
    node_id BIGINT PRIMARY KEY,
    content TEXT NOT NULL,
    updated_by BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- Every change to a tree or its nodes (nodeOperateLogList).
CREATE TABLE atlas_logs (
    id BIGSERIAL PRIMARY KEY,
    tree_id BIGINT NOT NULL,
    node_id BIGINT NOT NULL DEFAULT 0,
    user_id BIGINT NOT NULL,
    action TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '',
    at BIGINT NOT NULL
);
CREATE INDEX atlas_logs_tree ON atlas_logs(tree_id, id);
CREATE INDEX atlas_logs_node ON atlas_logs(node_id, id);

-- Questions: the bank's (owner 0) and teachers' own (owner the teacher). Types: 1 single
-- choice, 2 multiple choice, 3 fill-in, 4 worked answer. `options` is a JSON array of texts;
-- `answer` the option letters ("AC") or the answer text. A re-edit of a bank question is a
-- teacher's question with `origin_id` the bank question and audit_status 1 pending, 2
-- approved (its content replaced the original's), 3 refused.
CREATE TABLE questions (
    id BIGSERIAL PRIMARY KEY,
    subject BIGINT NOT NULL,
    stage BIGINT NOT NULL,
    question_type BIGINT NOT NULL,
    stem TEXT NOT NULL,
    options TEXT NOT NULL DEFAULT '[]',
    answer TEXT NOT NULL DEFAULT '',
    analysis TEXT NOT NULL DEFAULT '',
    difficulty BIGINT NOT NULL,
    composite_score DOUBLE PRECISION NOT NULL DEFAULT 0,
    owner_id BIGINT NOT NULL DEFAULT 0,
    origin_id BIGINT,
    audit_status BIGINT NOT NULL DEFAULT 0,
    audit_note TEXT NOT NULL DEFAULT '',
    audited_by BIGINT,
    term_count BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    deleted_at BIGINT
);
CREATE INDEX questions_browse ON questions(subject, stage, owner_id, id) WHERE deleted_at IS NULL;
CREATE INDEX questions_owner ON questions(owner_id, id);
CREATE INDEX questions_reedit ON questions(audit_status, id) WHERE audit_status = 1;

CREATE TABLE question_points (
    question_id BIGINT NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
    node_id BIGINT NOT NULL,
    PRIMARY KEY (question_id, node_id)
);
CREATE INDEX question_points_node ON question_points(node_id, question_id);

-- The search index: each live question's words (jieba, search mode) with the word's BM25
-- weight in the question (its count, normalised by the question's length against a fixed pivot)
-- and the columns searches filter and order by, so a search reads the postings of its words and
-- nothing else until the page is chosen. Written with the question, in the same transaction.
CREATE TABLE question_terms (
    term TEXT NOT NULL,
    subject BIGINT NOT NULL,
    stage BIGINT NOT NULL,
    question_id BIGINT NOT NULL,
    weight DOUBLE PRECISION NOT NULL,
    owner_id BIGINT NOT NULL,
    question_type BIGINT NOT NULL,
    difficulty BIGINT NOT NULL,
    composite_score DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (term, subject, stage, question_id)
);
CREATE INDEX question_terms_question ON question_terms(question_id);

-- A teacher's own tags on questions (customBlockData.customTags).
CREATE TABLE question_tags (
    user_id BIGINT NOT NULL,
    question_id BIGINT NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
    tag TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, question_id, tag)
);
CREATE INDEX question_tags_tag ON question_tags(user_id, tag);

-- The question basket a paper is assembled from.
CREATE TABLE question_basket (
    user_id BIGINT NOT NULL,
    question_id BIGINT NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
    added_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, question_id)
);
SELECT setval(pg_get_serial_sequence('atlas_trees', 'id'), 1000);
