-- Stage reports (阶段报告) of the learning-analysis pages, and one-on-one course plans
-- (一对一课程计划). Neither stores a figure: a report keeps its student, period, template, texts
-- and chosen questions, and its analysis is computed from the marked task answers when read; a
-- plan keeps its goal and items, and its progress is read from the package's attendance.

-- template: 1 knowledge points, 2 wrong questions, 3 one task (task_id); status 1 draft, 2 published.
CREATE TABLE stage_reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    student_id BIGINT NOT NULL REFERENCES students(id) ON DELETE CASCADE,
    teacher_id BIGINT NOT NULL REFERENCES users(id),
    template BIGINT NOT NULL,
    subject BIGINT NOT NULL,
    period_from BIGINT NOT NULL,
    period_to BIGINT NOT NULL,
    task_id BIGINT REFERENCES lesson_tasks(id) ON DELETE SET NULL,
    title TEXT NOT NULL,
    summary TEXT NOT NULL DEFAULT '',
    comment TEXT NOT NULL DEFAULT '',
    next_plan TEXT NOT NULL DEFAULT '',
    status BIGINT NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    published_at BIGINT
);
CREATE INDEX stage_reports_student ON stage_reports(student_id, id);
CREATE INDEX stage_reports_teacher ON stage_reports(teacher_id, id);

CREATE TABLE stage_report_questions (
    report_id BIGINT NOT NULL REFERENCES stage_reports(id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    question_id BIGINT NOT NULL REFERENCES questions(id),
    note TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (report_id, question_id)
);

-- status: 1 draft, 2 confirmed.
CREATE TABLE class_plans (
    package_id BIGINT PRIMARY KEY REFERENCES lesson_packages(id) ON DELETE CASCADE,
    teacher_id BIGINT NOT NULL,
    goal TEXT NOT NULL,
    status BIGINT NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    confirmed_at BIGINT
);

-- point_ids: JSON array of knowledge-point (atlas node) ids.
CREATE TABLE class_plan_items (
    package_id BIGINT NOT NULL REFERENCES class_plans(package_id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    title TEXT NOT NULL,
    point_ids TEXT NOT NULL DEFAULT '[]',
    note TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (package_id, position)
);
