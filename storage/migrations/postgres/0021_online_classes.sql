-- Online (live) classes (02 §3.4): a main teacher lectures live to the whole class; its students
-- sit in groups, each led by an auxiliary teacher (online tutor). Ids are assigned by the
-- writer (generator, import), as for the other source records; times epoch ms, money fen.

CREATE TABLE online_classes (
    id BIGINT PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    -- The main teacher.
    teacher_id BIGINT NOT NULL,
    school_id BIGINT NOT NULL,
    area_code TEXT NOT NULL,
    subject BIGINT NOT NULL,
    grade_code BIGINT NOT NULL,
    product_type TEXT NOT NULL,
    product_group BIGINT NOT NULL,
    manage_project BIGINT NOT NULL,
    fiscal_year BIGINT NOT NULL,
    quarter BIGINT NOT NULL,
    begin_at BIGINT NOT NULL,
    end_at BIGINT NOT NULL,
    -- The price of a place.
    fee BIGINT NOT NULL
);
CREATE INDEX online_classes_teacher ON online_classes(teacher_id);
CREATE INDEX online_classes_school ON online_classes(school_id, begin_at);

-- A group of a class and its auxiliary teachers (the second is optional).
CREATE TABLE online_groups (
    id BIGINT PRIMARY KEY,
    class_id BIGINT NOT NULL REFERENCES online_classes(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    assistant_id BIGINT NOT NULL,
    assistant2_id BIGINT
);
CREATE INDEX online_groups_class ON online_groups(class_id);
CREATE INDEX online_groups_assistant ON online_groups(assistant_id);

-- A student's place in a class. left_at is set when the student quit (the refund fields with
-- it; leave_lesson_no = lessons held before leaving). is_friend: the auxiliary teacher added
-- the family as a friend; in_group: the family joined the class's chat group; analysis_report:
-- the term's learning-analysis report was given.
CREATE TABLE online_roster (
    class_id BIGINT NOT NULL REFERENCES online_classes(id) ON DELETE CASCADE,
    student_id BIGINT NOT NULL REFERENCES students(id) ON DELETE CASCADE,
    group_id BIGINT NOT NULL,
    nickname TEXT NOT NULL,
    joined_at BIGINT NOT NULL,
    paid BIGINT NOT NULL,
    is_friend BIGINT NOT NULL,
    in_group BIGINT NOT NULL,
    analysis_report BIGINT NOT NULL,
    left_at BIGINT,
    leave_lesson_no BIGINT NOT NULL DEFAULT 0,
    refund_fee BIGINT NOT NULL DEFAULT 0,
    refund_reason_type BIGINT NOT NULL DEFAULT 0,
    refund_reason TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (class_id, student_id)
);
CREATE INDEX online_roster_student ON online_roster(student_id);
CREATE INDEX online_roster_group ON online_roster(group_id);

-- A lesson of a class. status: 0 scheduled, 1 held, 2 cancelled; video_type: ONLINE_VIDEO_TYPES.
-- The main teacher's presence: seconds in the live room and when they entered and left
-- (first entry, entry at the start of class, last exit during class, last exit after class).
CREATE TABLE online_lessons (
    id BIGINT PRIMARY KEY,
    class_id BIGINT NOT NULL REFERENCES online_classes(id) ON DELETE CASCADE,
    lesson_no BIGINT NOT NULL,
    name TEXT NOT NULL,
    start_at BIGINT NOT NULL,
    minutes BIGINT NOT NULL,
    status BIGINT NOT NULL,
    video_type BIGINT NOT NULL,
    teacher_seconds BIGINT NOT NULL DEFAULT 0,
    teacher_first_entry_at BIGINT,
    teacher_class_entry_at BIGINT,
    teacher_class_exit_at BIGINT,
    teacher_after_exit_at BIGINT,
    question_cnt BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX online_lessons_class ON online_lessons(class_id, start_at);

-- One student on the roster at one held lesson, with the lesson's and the class's facts copied
-- in (as attendance rows) so that the statistics filter and group this one table. teacher_id is
-- the main teacher, assistant_id the student's group's auxiliary teacher.
-- lesson_type: ONLINE_STUDENT_LESSON_TYPES; on_leave: a leave was asked (online_leaves).
-- Answers: asked in class, submitted, correct; after class, submitted and correct.
-- Anomalies: left the room during class, longest run and total of questions not answered,
-- stars given outside the rules.
CREATE TABLE online_attendance (
    lesson_id BIGINT NOT NULL REFERENCES online_lessons(id) ON DELETE CASCADE,
    student_id BIGINT NOT NULL REFERENCES students(id) ON DELETE CASCADE,
    class_id BIGINT NOT NULL,
    group_id BIGINT NOT NULL,
    teacher_id BIGINT NOT NULL,
    assistant_id BIGINT NOT NULL,
    school_id BIGINT NOT NULL,
    area_code TEXT NOT NULL,
    subject BIGINT NOT NULL,
    grade_code BIGINT NOT NULL,
    product_type TEXT NOT NULL,
    product_group BIGINT NOT NULL,
    manage_project BIGINT NOT NULL,
    start_at BIGINT NOT NULL,
    minutes BIGINT NOT NULL,
    lesson_type BIGINT NOT NULL,
    on_leave BIGINT NOT NULL,
    first_entry_at BIGINT,
    class_entry_at BIGINT,
    class_exit_at BIGINT,
    live_seconds BIGINT NOT NULL,
    playback_seconds BIGINT NOT NULL,
    asked BIGINT NOT NULL,
    submitted BIGINT NOT NULL,
    correct BIGINT NOT NULL,
    after_submitted BIGINT NOT NULL,
    after_correct BIGINT NOT NULL,
    chat_num BIGINT NOT NULL,
    on_wall_num BIGINT NOT NULL,
    hand_up_num BIGINT NOT NULL,
    star_num BIGINT NOT NULL,
    leave_room_count BIGINT NOT NULL,
    max_unanswered_run BIGINT NOT NULL,
    star_anomaly_count BIGINT NOT NULL,
    report_sent BIGINT NOT NULL,
    PRIMARY KEY (lesson_id, student_id)
);
CREATE INDEX online_attendance_time ON online_attendance(start_at);
CREATE INDEX online_attendance_school_time ON online_attendance(school_id, start_at);
CREATE INDEX online_attendance_teacher_time ON online_attendance(teacher_id, start_at);
CREATE INDEX online_attendance_assistant_time ON online_attendance(assistant_id, start_at);
CREATE INDEX online_attendance_class ON online_attendance(class_id);

-- A leave asked for a lesson, and who recorded it.
CREATE TABLE online_leaves (
    lesson_id BIGINT NOT NULL REFERENCES online_lessons(id) ON DELETE CASCADE,
    student_id BIGINT NOT NULL REFERENCES students(id) ON DELETE CASCADE,
    reason TEXT NOT NULL,
    updated_by BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (lesson_id, student_id)
);

-- A student's last device check before class. States: DEVICE_INSTALL_STATES, DEVICE_STATES.
CREATE TABLE online_devices (
    student_id BIGINT PRIMARY KEY REFERENCES students(id) ON DELETE CASCADE,
    device_name TEXT NOT NULL,
    client_version TEXT NOT NULL,
    install_state BIGINT NOT NULL,
    blacklisted BIGINT NOT NULL,
    checked_at BIGINT NOT NULL,
    camera_state BIGINT NOT NULL,
    microphone_state BIGINT NOT NULL,
    speaker_state BIGINT NOT NULL
);

-- A knowledge point of a lesson's replay a student watched, kept or marked (ONLINE_REPLAY_OPERATIONS);
-- start_second: where it starts in the replay.
CREATE TABLE online_replay_points (
    id BIGINT PRIMARY KEY,
    lesson_id BIGINT NOT NULL REFERENCES online_lessons(id) ON DELETE CASCADE,
    student_id BIGINT NOT NULL REFERENCES students(id) ON DELETE CASCADE,
    knowledge_name TEXT NOT NULL,
    start_second BIGINT NOT NULL,
    operated_at BIGINT NOT NULL,
    operate BIGINT NOT NULL
);
CREATE INDEX online_replay_points_lesson ON online_replay_points(lesson_id);
