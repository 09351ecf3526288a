-- What an executor wrote when finishing a work task (a service step of a first or trial lesson),
-- and the index of "my tasks".
ALTER TABLE first_lesson_steps ADD COLUMN note TEXT NOT NULL DEFAULT '';
CREATE INDEX first_lesson_steps_executor ON first_lesson_steps(executor_id, status, end_at);
