-- Learning-camp phase tasks made from uploads (01 §7 "addPhaseTask", "updateTaskBizId").
CREATE TABLE camp_phase_tasks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users(id),
    camp_id BIGINT NOT NULL,
    phase_id BIGINT NOT NULL,
    biz_id TEXT NOT NULL,
    task_name TEXT NOT NULL,
    ext TEXT NOT NULL,
    task_type BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX camp_phase_tasks_phase ON camp_phase_tasks(camp_id, phase_id, id);
