-- Lesson report tasks and wrong questions (03 §7.5).
--
-- A task is questions a teacher sets the students of one of their lessons (kind 1, at most one
-- per lesson), or similar-question practice sent to one student for their wrong questions
-- (kind 2, from a batch send). The students' answers are recorded against it (an answer sheet
-- entered by the teacher, or found by the student's code); objective answers are marked against
-- the stored answer at once, worked answers by the teacher. text_content is the task's message to
-- the students and their families, checked before it is saved.
-- status: 1 open (answers come in), 2 submitted (the teacher closed it).
CREATE TABLE lesson_tasks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind BIGINT NOT NULL,
    lesson_id BIGINT REFERENCES lessons(id) ON DELETE CASCADE,
    class_id BIGINT NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
    teacher_id BIGINT NOT NULL REFERENCES users(id),
    name TEXT NOT NULL,
    text_content TEXT NOT NULL DEFAULT '',
    status BIGINT NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    submitted_at BIGINT
);
CREATE UNIQUE INDEX lesson_tasks_lesson ON lesson_tasks(lesson_id) WHERE kind = 1;
CREATE INDEX lesson_tasks_teacher ON lesson_tasks(teacher_id, id);
CREATE INDEX lesson_tasks_class ON lesson_tasks(class_id, id);

-- The task's questions in order; practice_of: the wrong question a similar one practises.
CREATE TABLE lesson_task_questions (
    task_id BIGINT NOT NULL REFERENCES lesson_tasks(id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    question_id BIGINT NOT NULL REFERENCES questions(id),
    score BIGINT NOT NULL,
    practice_of BIGINT,
    PRIMARY KEY (task_id, position)
);

-- Who the task is for; answered_at: when their first answer was recorded.
CREATE TABLE lesson_task_students (
    task_id BIGINT NOT NULL REFERENCES lesson_tasks(id) ON DELETE CASCADE,
    student_id BIGINT NOT NULL REFERENCES students(id) ON DELETE CASCADE,
    answered_at BIGINT,
    PRIMARY KEY (task_id, student_id)
);
CREATE INDEX lesson_task_students_student ON lesson_task_students(student_id, task_id);

-- A student's answer to a question of a task. correct: NULL not marked yet (a worked answer
-- waits for the teacher), 1 right, 0 wrong; score: the points given.
CREATE TABLE lesson_task_answers (
    task_id BIGINT NOT NULL REFERENCES lesson_tasks(id) ON DELETE CASCADE,
    student_id BIGINT NOT NULL REFERENCES students(id) ON DELETE CASCADE,
    question_id BIGINT NOT NULL,
    answer TEXT NOT NULL,
    correct BIGINT,
    score BIGINT,
    comment TEXT NOT NULL DEFAULT '',
    answered_at BIGINT NOT NULL,
    marked_at BIGINT,
    marked_by BIGINT,
    PRIMARY KEY (task_id, student_id, question_id)
);

-- A student's wrong question, from their marked answers: made by the first wrong answer (of the
-- class whose task it was). status: 1 open, 2 similar practice sent, 3 mastered (answered right
-- since, itself or the practice sent for it).
CREATE TABLE wrong_questions (
    student_id BIGINT NOT NULL REFERENCES students(id) ON DELETE CASCADE,
    question_id BIGINT NOT NULL,
    class_id BIGINT NOT NULL,
    first_task_id BIGINT NOT NULL,
    wrong_count BIGINT NOT NULL,
    status BIGINT NOT NULL,
    last_wrong_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (student_id, question_id)
);
CREATE INDEX wrong_questions_class ON wrong_questions(class_id, status);

-- A batch send of similar practice for a class's open wrong questions (a job). status: 1
-- waiting, 2 running, 3 all sent, 4 some failed (the teacher is told: notice type 4, and may
-- resend the failed ones).
CREATE TABLE similar_batches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users(id),
    class_id BIGINT NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
    status BIGINT NOT NULL,
    total BIGINT NOT NULL,
    sent BIGINT NOT NULL DEFAULT 0,
    failed BIGINT NOT NULL DEFAULT 0,
    error TEXT NOT NULL DEFAULT '',
    notice_id BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX similar_batches_class ON similar_batches(class_id, status);

-- One wrong question of a student in a batch. status: 0 to send, 1 sent (task_id the practice),
-- 2 failed (error says why).
CREATE TABLE similar_batch_items (
    batch_id BIGINT NOT NULL REFERENCES similar_batches(id) ON DELETE CASCADE,
    student_id BIGINT NOT NULL,
    question_id BIGINT NOT NULL,
    status BIGINT NOT NULL DEFAULT 0,
    similar_id BIGINT,
    task_id BIGINT,
    error TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (batch_id, student_id, question_id)
);
