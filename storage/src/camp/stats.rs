//! A camp's statistics (03 §7.6), computed from its members' records against the published
//! version: only the tasks students can see count, and a member's record of a task that a later
//! publish removed is ignored.

use std::collections::{HashMap, HashSet};

use protocol::dictionary as dict;
use protocol::dto::camp::{CampDay, CampOverview, ClassStatRow, MemberHead, MemberTaskRow, PhaseStatRow, QuestionStat, TaskMemberRow, TaskSummary};

use super::members::{MemberRow, RecordRow, DONE, GENERAL_DP_NAME, OPENED};
use super::structure::{TaskContent, TaskRow};
use super::{CampRow, Rule, Snapshot, DAY_MS};

/// Everything the statistics read, loaded once.
pub struct CampFacts {
    pub camp: CampRow,
    pub snapshot: Snapshot,
    pub members: Vec<MemberRow>,
    /// The records of published tasks, by member and task.
    pub records: HashMap<(i64, i64), RecordRow>,
    /// Each member's finished tasks, scores and last finish, summed once from `records`.
    sums: HashMap<i64, MemberSums>,
    pub now: i64,
}

#[derive(Debug, Default)]
struct MemberSums {
    done: i64,
    scores: Vec<i64>,
    last_done: Option<i64>,
}

/// The facts of one member only (their own figures need no one else's records).
pub async fn member_facts(db: &crate::Db, camp: CampRow, member: &MemberRow, now: i64) -> crate::Result<CampFacts> {
    let records = super::members::records_of(db, member.id).await?;
    Ok(CampFacts::new(camp, vec![member.clone()], records, now))
}

/// China Standard Time offset: days are counted as the school sees them.
const CST_MS: i64 = 8 * 3600 * 1000;

pub fn day_of(ms: i64) -> i64 {
    (ms + CST_MS).div_euclid(DAY_MS)
}

pub fn day_text(day: i64) -> String {
    let date = time::Date::from_julian_day((day + 2_440_588) as i32).expect("day in range");
    format!("{:04}-{:02}-{:02}", date.year(), u8::from(date.month()), date.day())
}

fn rate(done: i64, total: i64) -> f64 {
    if total == 0 {
        0.0
    } else {
        done as f64 / total as f64
    }
}

fn mean(values: &[i64]) -> Option<f64> {
    if values.is_empty() {
        None
    } else {
        Some(((values.iter().sum::<i64>() as f64 / values.len() as f64) * 10.0).round() / 10.0)
    }
}

/// A member's progress from how many tasks they finished.
pub fn progress_of(done: i64, total: i64) -> i64 {
    if done == 0 {
        dict::CAMP_NOT_STARTED
    } else if done >= total {
        dict::CAMP_COMPLETED
    } else {
        dict::CAMP_IN_PROGRESS
    }
}

/// A record's status as `CAMP_PROGRESS`.
pub fn task_status(record: Option<&RecordRow>) -> i64 {
    match record.map(|r| r.status) {
        Some(DONE) => dict::CAMP_COMPLETED,
        Some(OPENED) => dict::CAMP_IN_PROGRESS,
        _ => dict::CAMP_NOT_STARTED,
    }
}

impl CampFacts {
    pub fn new(camp: CampRow, members: Vec<MemberRow>, records: Vec<RecordRow>, now: i64) -> CampFacts {
        let snapshot = camp.snapshot();
        let published: HashSet<i64> = snapshot.tasks().map(|(_, t)| t.id).collect();
        let records: HashMap<(i64, i64), RecordRow> =
            records.into_iter().filter(|r| published.contains(&r.task_id)).map(|r| ((r.member_id, r.task_id), r)).collect();
        let mut sums: HashMap<i64, MemberSums> = HashMap::new();
        for r in records.values().filter(|r| r.status == DONE) {
            let s = sums.entry(r.member_id).or_default();
            s.done += 1;
            s.scores.extend(r.score);
            s.last_done = s.last_done.max(r.done_at);
        }
        CampFacts { camp, snapshot, members, records, sums, now }
    }

    fn task_count(&self) -> i64 {
        self.snapshot.task_count()
    }

    fn done(&self, member: i64, task: i64) -> bool {
        self.records.get(&(member, task)).is_some_and(|r| r.status == DONE)
    }

    fn done_count_of(&self, member: i64) -> i64 {
        self.sums.get(&member).map_or(0, |s| s.done)
    }

    fn scores_of(&self, member: Option<i64>) -> Vec<i64> {
        match member {
            Some(m) => self.sums.get(&m).map(|s| s.scores.clone()).unwrap_or_default(),
            None => self.sums.values().flat_map(|s| s.scores.iter().copied()).collect(),
        }
    }

    /// The last time the member finished a task, if ever.
    pub fn last_active(&self, member: i64) -> Option<i64> {
        self.sums.get(&member).and_then(|s| s.last_done)
    }

    /// Nothing finished in the last `CAMP_INACTIVE_DAYS` days (counted from joining when nothing was).
    pub fn inactive(&self, member: &MemberRow) -> bool {
        self.last_active(member.id).unwrap_or(member.joined_at) < self.now - dict::CAMP_INACTIVE_DAYS * DAY_MS
    }

    pub fn overview(&self) -> CampOverview {
        let tasks = self.task_count();
        let members = self.members.len() as i64;
        let done_counts: Vec<i64> = self.members.iter().map(|m| self.done_count_of(m.id)).collect();
        let done_count: i64 = done_counts.iter().sum();
        let mut days = Vec::new();
        if let Some(first) = self.members.iter().map(|m| m.joined_at).min() {
            let today = day_of(self.now);
            let from = day_of(first).max(today - 59);
            let mut per_day: HashMap<i64, (i64, HashSet<i64>)> = HashMap::new();
            for r in self.records.values().filter(|r| r.status == DONE) {
                if let Some(at) = r.done_at {
                    let e = per_day.entry(day_of(at)).or_default();
                    e.0 += 1;
                    e.1.insert(r.member_id);
                }
            }
            for day in from..=today {
                let (done, active) = per_day.get(&day).map(|(d, a)| (*d, a.len() as i64)).unwrap_or((0, 0));
                days.push(CampDay { day: day_text(day), done_count: done, active_members: active });
            }
        }
        CampOverview {
            camp_id: self.camp.id,
            camp_name: self.camp.name.clone(),
            status: self.camp.status,
            phase_count: self.snapshot.phases.len() as i64,
            task_count: tasks,
            member_count: members,
            started_members: done_counts.iter().filter(|d| **d > 0).count() as i64,
            completed_members: done_counts.iter().filter(|d| tasks > 0 && **d >= tasks).count() as i64,
            inactive_members: self.members.iter().filter(|m| self.inactive(m)).count() as i64,
            done_count,
            completion_rate: rate(done_count, members * tasks),
            average_score: mean(&self.scores_of(None)),
            days,
        }
    }

    pub fn phases(&self) -> Vec<PhaseStatRow> {
        let members = self.members.len() as i64;
        self.snapshot
            .phases
            .iter()
            .map(|p| {
                let tasks = p.tasks.len() as i64;
                let per_member: Vec<i64> = self.members.iter().map(|m| p.tasks.iter().filter(|t| self.done(m.id, t.id)).count() as i64).collect();
                let done: i64 = per_member.iter().sum();
                PhaseStatRow {
                    phase_id: p.id,
                    phase_name: p.name.clone(),
                    seq_no: p.seq_no,
                    task_count: tasks,
                    done_count: done,
                    completed_members: per_member.iter().filter(|d| tasks > 0 && **d >= tasks).count() as i64,
                    completion_rate: rate(done, members * tasks),
                }
            })
            .collect()
    }

    /// One row per distribution point members joined through, the general code (0) last.
    pub fn classes(&self) -> Vec<ClassStatRow> {
        let tasks = self.task_count();
        let mut ids: Vec<i64> = self.members.iter().map(|m| m.class_id).collect();
        ids.sort_unstable_by_key(|id| (*id == 0, *id));
        ids.dedup();
        ids.into_iter()
            .map(|class_id| {
                let members: Vec<&MemberRow> = self.members.iter().filter(|m| m.class_id == class_id).collect();
                let done_counts: Vec<i64> = members.iter().map(|m| self.done_count_of(m.id)).collect();
                let done: i64 = done_counts.iter().sum();
                let scores: Vec<i64> = members.iter().flat_map(|m| self.scores_of(Some(m.id))).collect();
                ClassStatRow {
                    class_id,
                    class_name: members.first().map_or_else(|| GENERAL_DP_NAME.into(), |m| m.class_label()),
                    member_count: members.len() as i64,
                    completed_members: done_counts.iter().filter(|d| tasks > 0 && **d >= tasks).count() as i64,
                    done_count: done,
                    completion_rate: rate(done, members.len() as i64 * tasks),
                    average_score: mean(&scores),
                }
            })
            .collect()
    }

    pub fn head(&self, member: &MemberRow) -> MemberHead {
        let tasks = self.task_count();
        let done = self.done_count_of(member.id);
        let progress = progress_of(done, tasks);
        MemberHead {
            member_id: member.id,
            student_name: member.student_name.clone(),
            student_code: member.student_code.clone(),
            class_id: member.class_id,
            class_name: member.class_label(),
            joined_at: member.joined_at,
            last_active_at: self.last_active(member.id),
            task_count: tasks,
            done_count: done,
            completion_rate: rate(done, tasks),
            average_score: mean(&self.scores_of(Some(member.id))),
            progress,
            progress_name: dict::name_of(&dict::CAMP_PROGRESS, progress).to_owned(),
        }
    }

    pub fn member_tasks(&self, member: i64) -> Vec<MemberTaskRow> {
        self.snapshot
            .tasks()
            .map(|(p, t)| {
                let record = self.records.get(&(member, t.id));
                let status = task_status(record);
                MemberTaskRow {
                    phase_id: p.id,
                    phase_name: p.name.clone(),
                    task_id: t.id,
                    task_name: t.task_name.clone(),
                    task_type: t.task_type,
                    task_type_name: dict::name_of(&dict::CAMP_TASK_TYPES, t.task_type).to_owned(),
                    status,
                    status_name: dict::name_of(&dict::CAMP_PROGRESS, status).to_owned(),
                    score: record.and_then(|r| r.score),
                    done_at: record.and_then(|r| r.done_at),
                }
            })
            .collect()
    }

    /// The members' records of one task, optionally of one status.
    pub fn task_members(&self, task: i64, status: Option<i64>) -> Vec<TaskMemberRow> {
        self.members
            .iter()
            .filter_map(|m| {
                let record = self.records.get(&(m.id, task));
                let s = task_status(record);
                if status.is_some_and(|want| want != s) {
                    return None;
                }
                Some(TaskMemberRow {
                    member_id: m.id,
                    student_name: m.student_name.clone(),
                    class_name: m.class_label(),
                    status: s,
                    status_name: dict::name_of(&dict::CAMP_PROGRESS, s).to_owned(),
                    score: record.and_then(|r| r.score),
                    done_at: record.and_then(|r| r.done_at),
                })
            })
            .collect()
    }

    pub fn task_summary(&self, task: &TaskRow) -> TaskSummary {
        let members = self.members.len() as i64;
        let done: Vec<&RecordRow> = self.records.values().filter(|r| r.task_id == task.id && r.status == DONE).collect();
        let scores: Vec<i64> = done.iter().filter_map(|r| r.score).collect();
        let content = TaskContent::parse(&task.content);
        let questions = content
            .questions
            .unwrap_or_default()
            .iter()
            .enumerate()
            .map(|(i, q)| {
                let chosen: Vec<i64> = done.iter().filter_map(|r| r.chosen().get(i).copied()).collect();
                let correct = chosen.iter().filter(|c| **c == q.answer).count() as i64;
                QuestionStat {
                    index: i as i64 + 1,
                    stem: q.stem.clone(),
                    answered: chosen.len() as i64,
                    correct,
                    correct_rate: rate(correct, chosen.len() as i64),
                }
            })
            .collect();
        TaskSummary {
            task_id: task.id,
            task_name: task.task_name.clone(),
            task_type: task.task_type,
            member_count: members,
            done_count: done.len() as i64,
            not_done_count: members - done.len() as i64,
            completion_rate: rate(done.len() as i64, members),
            average_score: mean(&scores),
            questions,
        }
    }

    /// Whether phase `index` of the published version is open to the member (under the published
    /// rule), and why not.
    pub fn phase_open(&self, member: i64, index: usize) -> (bool, String) {
        phase_open(&self.snapshot.rule, &self.snapshot, index, self.now, |t| self.done(member, t))
    }
}

/// Whether phase `index` is open under `rule`: all at once, in order (every task of the phases
/// before it done), or by date (the opening day plus `index` intervals).
pub fn phase_open(rule: &Rule, snapshot: &Snapshot, index: usize, now: i64, done: impl Fn(i64) -> bool) -> (bool, String) {
    match rule.publish_rule {
        dict::CAMP_RULE_IN_ORDER => {
            let before_done = snapshot.phases[..index].iter().all(|p| p.tasks.iter().all(|t| done(t.id)));
            if before_done {
                (true, String::new())
            } else {
                (false, "完成上一阶段的全部任务后开放".into())
            }
        }
        dict::CAMP_RULE_BY_DATE => {
            let opens = phase_opens_at(rule, index).unwrap_or(i64::MAX);
            if now >= opens {
                (true, String::new())
            } else {
                (false, format!("{} 开放", day_text(day_of(opens))))
            }
        }
        _ => (true, String::new()),
    }
}

/// When phase `index` opens under the by-date rule.
pub fn phase_opens_at(rule: &Rule, index: usize) -> Option<i64> {
    if rule.publish_rule != dict::CAMP_RULE_BY_DATE {
        return None;
    }
    rule.start_at?.checked_add(index as i64 * rule.interval_days * DAY_MS)
}
