//! Black-box tests: each spawns the real server on a free port with a fresh database (SQLite
//! file, or a new PostgreSQL database) and talks to it over HTTP and WebSocket as a client would.

mod helpers;

mod account;
mod activity;
mod administration;
mod ai_assistant;
mod ai_papers;
mod camp;
mod collab;
mod collections;
mod content_feedback;
mod crash;
mod datacentre;
mod desktop;
mod downloads;
mod drive;
mod exam_grades;
mod exam_group;
mod feedback;
mod feedback_items;
mod first_lesson;
mod guard;
mod home;
mod jobs;
mod lesson_tasks;
mod libraries;
mod library;
mod live_lesson;
mod notices;
mod online;
mod online_reminder;
mod papers;
mod push;
mod qc;
mod question_bank;
mod record_tool;
mod scale_out;
mod student_dynamic;
mod teaching;
mod tracking;
mod training;
mod uploads;
mod user;
mod web_app;
mod work_task;
