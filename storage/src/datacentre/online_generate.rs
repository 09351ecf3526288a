//! The generator's online (live) classes of a school's year: four terms of ten weekly lessons;
//! each main teacher gives one class a term whose students sit in groups of ten led by the
//! school's online tutors. Students stay on into the next term (retention) by how engaging
//! their teacher is, some quit mid-term with a refund; each lesson's live attendance, playback,
//! answers, interaction and anomalies follow the student's diligence, the teacher's pull and a
//! dip around the winter holiday, so the statistics differ by teacher, class and month.

use std::collections::HashMap;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::calendar::{self, day_of_ms, DAY_MS};
use super::online_records::*;
use super::records::NewStudent;

const HOUR_MS: i64 = 3_600_000;
const MINUTE_MS: i64 = 60_000;
const TERMS: i64 = 4;
const LESSONS_PER_TERM: i64 = 10;
/// Days from a term's first Monday to its first week of lessons: late enough that the last
/// term's classes are still going when the records end (their last lessons are scheduled).
const FIRST_LESSON_AFTER_DAYS: i64 = 35;
const LESSON_MINUTES: i64 = 90;
const GROUP_SIZE: usize = 10;
const LEAVE_REASONS: [&str; 4] = ["身体不适", "学校活动冲突", "家中有事", "外出比赛"];
const QUIT_REASONS: [(i64, &str); 4] = [(1, "上课时间冲突"), (2, "对直播效果不满意"), (3, "辅导老师沟通不及时"), (5, "家庭经济原因")];
const DEVICES: [&str; 5] = ["iPad Air", "华为 MatePad", "Windows 笔记本", "MacBook", "小米平板"];
const KNOWLEDGE: [&str; 8] = ["一元二次方程", "函数的单调性", "三角恒等变换", "阅读理解技巧", "完形填空", "牛顿第二定律", "电路分析", "化学平衡"];
const CLASS_SUFFIX: [&str; 4] = ["直播培优班", "直播提高班", "直播尖子班", "直播同步班"];

/// A school's facts the generator needs.
pub struct OnlineSchool<'a> {
    pub school_id: i64,
    pub index: usize,
    /// (user id, subject) of the teachers who lecture online.
    pub main_teachers: &'a [(i64, i64)],
    pub tutors: &'a [i64],
    pub students: &'a [NewStudent],
    /// The year: `[start_ms, until_ms)`.
    pub start_ms: i64,
    pub until_ms: i64,
}

/// Id counters, handed out in order.
pub struct OnlineIds {
    pub class: i64,
    pub group: i64,
    pub lesson: i64,
    pub replay: i64,
}

fn take(counter: &mut i64) -> i64 {
    *counter += 1;
    *counter - 1
}

/// A value in [0, 1) fixed by the seed and a key (a teacher's pull, a student's diligence).
fn trait_of(seed: u64, key: i64, salt: u64) -> f64 {
    ChaCha8Rng::seed_from_u64(seed ^ salt ^ (key as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)).random::<f64>()
}

/// The school's online year.
pub fn of_school(seed: u64, s: &OnlineSchool<'_>, ids: &mut OnlineIds) -> OnlineBatch {
    let mut batch = OnlineBatch::default();
    if s.main_teachers.is_empty() || s.tutors.is_empty() || s.students.is_empty() {
        return batch;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x0417_11E0 ^ (s.school_id as u64).wrapping_mul(0xD1B5_4A32_D192_ED03));
    // About four in ten of the school's students take online classes, each with one main teacher.
    let pool: Vec<&NewStudent> = s.students.iter().filter(|_| rng.random::<f64>() < 0.4).collect();
    let mut by_teacher: HashMap<i64, Vec<&NewStudent>> = HashMap::new();
    for (n, student) in pool.iter().enumerate() {
        by_teacher.entry(s.main_teachers[n % s.main_teachers.len()].0).or_default().push(student);
    }
    let term_days = (s.until_ms - s.start_ms) / DAY_MS / TERMS;
    // Who was on the previous term's roster (and did not quit), per teacher.
    let mut previous: HashMap<i64, Vec<i64>> = HashMap::new();
    for term in 0..TERMS {
        // Terms start on a Monday; lessons on the class's weekday evening at 19:00 (China time).
        let term_start = s.start_ms + term * term_days * DAY_MS;
        let first_day = calendar::week_start(day_of_ms(term_start)) + time::Duration::days(FIRST_LESSON_AFTER_DAYS);
        for (t, (teacher_id, subject)) in s.main_teachers.iter().enumerate() {
            let students = by_teacher.get(teacher_id).map(Vec::as_slice).unwrap_or_default();
            if students.is_empty() {
                continue;
            }
            let pull = trait_of(seed, *teacher_id, 0x5EED);
            let weekday = (t % 5) as i64;
            let begin_at = calendar::day_start_ms(first_day) + weekday * DAY_MS + 19 * HOUR_MS;
            let end_at = begin_at + (LESSONS_PER_TERM - 1) * 7 * DAY_MS + LESSON_MINUTES * MINUTE_MS;
            let begin_day = day_of_ms(begin_at);
            let fiscal_year = calendar::fiscal_year_of(begin_day) as i64;
            let quarter = calendar::quarter_of_month(u8::from(begin_day.month())) as i64;
            // The roster: last term's students stay by the teacher's pull, others join.
            let stayed = previous.remove(teacher_id).unwrap_or_default();
            let mut roster: Vec<&NewStudent> = Vec::new();
            for student in students {
                let was_there = stayed.contains(&student.id);
                let joins = if was_there { rng.random::<f64>() < 0.45 + 0.45 * pull } else { rng.random::<f64>() < 0.35 };
                if joins {
                    roster.push(student);
                }
            }
            if roster.is_empty() {
                continue;
            }
            let class_id = take(&mut ids.class);
            let grade_code = roster[0].grade_code;
            let class = NewOnlineClass {
                id: class_id,
                code: format!("OL{}{:02}{class_id:05}", s.school_id, term + 1),
                name: format!(
                    "{}{}{}",
                    protocol::dictionary::grade_name(grade_code),
                    super::subject_name(*subject),
                    CLASS_SUFFIX[(t + term as usize) % CLASS_SUFFIX.len()]
                ),
                teacher_id: *teacher_id,
                school_id: s.school_id,
                area_code: roster[0].area_code.clone(),
                subject: *subject,
                grade_code,
                product_type: "ZJK",
                product_group: 1 + (t as i64 % 3),
                manage_project: 1 + (s.index as i64 % 2),
                fiscal_year,
                quarter,
                begin_at,
                end_at,
                // Fen: ¥1,980 to ¥2,380 a place.
                fee: 198_000 + 20_000 * (t as i64 % 3),
            };
            // Groups of ten, each with a tutor (a second one for some).
            let group_count = roster.len().div_ceil(GROUP_SIZE);
            let groups: Vec<NewOnlineGroup> = (0..group_count)
                .map(|g| {
                    let assistant_id = s.tutors[(t + g + term as usize) % s.tutors.len()];
                    let second = s.tutors[(t + g + term as usize + 1) % s.tutors.len()];
                    NewOnlineGroup {
                        id: take(&mut ids.group),
                        class_id,
                        name: format!("第{}组", g + 1),
                        assistant_id,
                        assistant2_id: (second != assistant_id && rng.random::<f64>() < 0.3).then_some(second),
                    }
                })
                .collect();
            // Lessons: held before the end of the year, a few cancelled.
            let lessons: Vec<NewOnlineLesson> = (0..LESSONS_PER_TERM)
                .map(|n| {
                    let start_at = begin_at + n * 7 * DAY_MS;
                    let status = if start_at + LESSON_MINUTES * MINUTE_MS > s.until_ms {
                        0
                    } else if rng.random::<f64>() < 0.03 {
                        2
                    } else {
                        1
                    };
                    let present = status == 1 && rng.random::<f64>() > 0.02;
                    let length = LESSON_MINUTES * 60;
                    let teacher_seconds = if present { length - rng.random_range(0..(length / 8)) } else { 0 };
                    NewOnlineLesson {
                        id: take(&mut ids.lesson),
                        class_id,
                        lesson_no: n + 1,
                        name: format!("第{}讲", n + 1),
                        start_at,
                        minutes: LESSON_MINUTES,
                        status,
                        video_type: if rng.random::<f64>() < 0.1 { 2 } else { 1 },
                        teacher_seconds,
                        teacher_times: present.then(|| {
                            let first = start_at - rng.random_range(5..30) * MINUTE_MS;
                            let entry = start_at + rng.random_range(0..3) * MINUTE_MS;
                            let exit = start_at + LESSON_MINUTES * MINUTE_MS - rng.random_range(0..5) * MINUTE_MS;
                            [first, entry, exit, exit + rng.random_range(5..40) * MINUTE_MS]
                        }),
                        question_cnt: if status == 1 { rng.random_range(4..=12) } else { 0 },
                    }
                })
                .collect();
            for (n, student) in roster.iter().enumerate() {
                let group = &groups[n / GROUP_SIZE];
                let diligence = trait_of(seed, student.id, 0xD111);
                let late_join = rng.random::<f64>() < 0.1;
                let joined_at = if late_join { begin_at + rng.random_range(1..4) * 7 * DAY_MS - DAY_MS } else { begin_at - rng.random_range(3..30) * DAY_MS };
                let quits = rng.random::<f64>() < 0.04 + 0.08 * (1.0 - pull) * (1.0 - diligence);
                let quit_after = quits.then(|| rng.random_range(1..LESSONS_PER_TERM - 1));
                let quit = quit_after.and_then(|held| {
                    let at = begin_at + held * 7 * DAY_MS - DAY_MS;
                    (at < s.until_ms).then(|| {
                        let (kind, reason) = QUIT_REASONS[rng.random_range(0..QUIT_REASONS.len())];
                        (at, held, class.fee * (LESSONS_PER_TERM - held) / LESSONS_PER_TERM, kind, reason.to_owned())
                    })
                });
                let left_at = quit.as_ref().map(|q| q.0);
                batch.roster.push(NewRosterEntry {
                    class_id,
                    student_id: student.id,
                    group_id: group.id,
                    nickname: format!("{}同学", student.name),
                    joined_at,
                    paid: class.fee,
                    is_friend: rng.random::<f64>() < 0.75 + 0.2 * pull,
                    in_group: rng.random::<f64>() < 0.7 + 0.25 * diligence,
                    analysis_report: end_at < s.until_ms && rng.random::<f64>() < 0.5 + 0.45 * pull,
                    quit,
                });
                if left_at.is_none() && end_at < s.until_ms {
                    previous.entry(*teacher_id).or_default().push(student.id);
                }
                for lesson in lessons.iter().filter(|l| l.status == 1 && l.start_at >= joined_at && left_at.is_none_or(|at| at > l.start_at)) {
                    let row = attendance(&mut rng, lesson, student.id, group, diligence, pull, late_join && lesson.start_at < joined_at + 7 * DAY_MS);
                    if row.on_leave {
                        batch.leaves.push(NewOnlineLeave {
                            lesson_id: lesson.id,
                            student_id: student.id,
                            reason: LEAVE_REASONS[rng.random_range(0..LEAVE_REASONS.len())].to_owned(),
                            updated_by: group.assistant_id,
                            updated_at: lesson.start_at - rng.random_range(2..48) * HOUR_MS,
                        });
                    }
                    if row.playback_seconds > 0 && rng.random::<f64>() < 0.5 {
                        for _ in 0..rng.random_range(1..=3) {
                            batch.replay_points.push(NewReplayPoint {
                                id: take(&mut ids.replay),
                                lesson_id: lesson.id,
                                student_id: student.id,
                                knowledge_name: KNOWLEDGE[rng.random_range(0..KNOWLEDGE.len())].to_owned(),
                                start_second: rng.random_range(0..LESSON_MINUTES * 60),
                                operated_at: lesson.start_at + rng.random_range(1..72) * HOUR_MS,
                                operate: rng.random_range(1..=3),
                            });
                        }
                    }
                    batch.attendance.push(row);
                }
            }
            batch.classes.push(class);
            batch.groups.extend(groups);
            batch.lessons.extend(lessons);
        }
    }
    // One device check per online student, before their classes.
    let mut checked: Vec<i64> = batch.roster.iter().map(|r| r.student_id).collect();
    checked.sort_unstable();
    checked.dedup();
    for student_id in checked {
        let bad = |rng: &mut ChaCha8Rng| if rng.random::<f64>() < 0.06 { 2 } else { 1 };
        batch.devices.push(NewDeviceCheck {
            student_id,
            device_name: DEVICES[rng.random_range(0..DEVICES.len())].to_owned(),
            client_version: format!("3.{}.{}", rng.random_range(2..6), rng.random_range(0..10)),
            install_state: if rng.random::<f64>() < 0.08 { 2 } else { 1 },
            blacklisted: rng.random::<f64>() < 0.02,
            checked_at: s.until_ms - rng.random_range(1..120) * DAY_MS,
            states: [bad(&mut rng), bad(&mut rng), bad(&mut rng)],
        });
    }
    batch
}

/// One student at one held lesson. The winter holiday (January, February) pulls live
/// attendance down; a student's first lessons after joining mid-term are 插班 lessons.
fn attendance(
    rng: &mut ChaCha8Rng,
    lesson: &NewOnlineLesson,
    student_id: i64,
    group: &NewOnlineGroup,
    diligence: f64,
    pull: f64,
    joined_late: bool,
) -> NewOnlineAttendance {
    let length = lesson.minutes * 60;
    let month = u8::from(day_of_ms(lesson.start_at).month());
    let season = if matches!(month, 1 | 2) { 0.8 } else { 1.0 };
    let mut row = NewOnlineAttendance {
        lesson_id: lesson.id,
        student_id,
        group_id: group.id,
        assistant_id: group.assistant_id,
        lesson_type: if joined_late {
            2
        } else if rng.random::<f64>() < 0.03 {
            3
        } else {
            1
        },
        asked: lesson.question_cnt,
        ..Default::default()
    };
    row.on_leave = rng.random::<f64>() < 0.04;
    let live = !row.on_leave && rng.random::<f64>() < (0.55 + 0.25 * diligence + 0.15 * pull) * season;
    if live {
        let share = if rng.random::<f64>() < 0.6 + 0.3 * diligence { 0.85 + 0.15 * rng.random::<f64>() } else { 0.2 + 0.5 * rng.random::<f64>() };
        row.live_seconds = (length as f64 * share) as i64;
        let entry = lesson.start_at + rng.random_range(0..10) * MINUTE_MS;
        row.first_entry_at = Some(entry - rng.random_range(0..10) * MINUTE_MS);
        row.class_entry_at = Some(entry);
        row.class_exit_at = Some(entry + row.live_seconds * 1000);
        row.submitted = (row.asked as f64 * share * (0.6 + 0.4 * diligence)).round() as i64;
        row.correct = (row.submitted as f64 * (0.4 + 0.55 * diligence * rng.random::<f64>().max(0.5))).round() as i64;
        row.chat_num = rng.random_range(0..=(4 + (10.0 * pull) as i64));
        row.on_wall_num = rng.random_range(0..=2);
        row.hand_up_num = rng.random_range(0..=3);
        row.star_num = rng.random_range(0..=5);
        row.leave_room_count = if share < 0.75 { rng.random_range(1..=3) } else { i64::from(rng.random::<f64>() < 0.05) };
        row.star_anomaly_count = i64::from(rng.random::<f64>() < 0.02);
        row.report_sent = rng.random::<f64>() < 0.7 + 0.25 * pull;
    }
    let completed_live = row.live_seconds * 100 >= length * protocol::dictionary::ONLINE_COMPLETION_PERCENT;
    if !completed_live && rng.random::<f64>() < 0.35 + 0.4 * diligence {
        let missing = length - row.live_seconds;
        row.playback_seconds = (missing as f64 * (0.3 + 0.7 * rng.random::<f64>())) as i64;
        row.after_submitted = (row.asked - row.submitted).max(0) * rng.random_range(0..=1);
        row.after_correct = (row.after_submitted as f64 * (0.5 + 0.4 * diligence)).round() as i64;
        if !live {
            row.report_sent = rng.random::<f64>() < 0.5;
        }
    }
    // Unanswered runs count while the student is in the live room.
    let unanswered = row.asked - row.submitted;
    row.max_unanswered_run = if !live || unanswered == 0 { 0 } else { rng.random_range(1..=unanswered) };
    row
}
