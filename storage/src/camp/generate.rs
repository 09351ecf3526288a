//! The demo's camps: a published camp of the first demo teacher with the demo students enrolled
//! three weeks ago and their records since (question sets answered, flash cards and readings
//! done, some falling behind), and a draft still being built.

use protocol::dictionary as dict;
use protocol::dto::camp::{CampQuestion, FlashCard};

use super::structure::{self, NewTask, TaskContent};
use super::{create, members, publish, NewCamp, DAY_MS};
use crate::{Db, Result};

fn question(stem: &str, options: [&str; 4], answer: i64) -> CampQuestion {
    CampQuestion { stem: stem.into(), options: options.iter().map(|o| o.to_string()).collect(), answer }
}

fn cards(pairs: &[(&str, &str)]) -> String {
    TaskContent { cards: Some(pairs.iter().map(|(f, b)| FlashCard { front: f.to_string(), back: b.to_string() }).collect()), questions: None }.to_text()
}

fn questions(list: Vec<CampQuestion>) -> String {
    TaskContent { questions: Some(list), cards: None }.to_text()
}

fn content_task<'a>(name: &'a str, task_type: i64, content: String) -> NewTask<'a> {
    NewTask { biz_id: "", task_name: name, ext: "", task_type, content, file_key: "", file_name: "", file_size: 0 }
}

/// `students`: (student id, the class they joined through, 0 for the general code).
pub async fn demo(db: &Db, owner_id: i64, students: &[(i64, i64)], now: i64) -> Result<()> {
    let collection = super::create_collection(db, owner_id, "高二数学专题营").await?;
    let camp = create(
        db,
        &NewCamp {
            owner_id, name: "导数专题21天训练营", description: "三周吃透导数：概念、运算与应用，每周一个阶段。", collection_id: Some(collection.id)
        },
    )
    .await?;
    let phases = [
        (
            "第一周：导数的概念",
            vec![
                content_task(
                    "核心概念闪卡",
                    dict::CAMP_TASK_FLASH_CARDS,
                    cards(&[("导数的定义", "函数增量与自变量增量之比的极限"), ("几何意义", "曲线在该点处切线的斜率")]),
                ),
                content_task(
                    "概念小测",
                    dict::CAMP_TASK_QUESTIONS,
                    questions(vec![
                        question("f(x)=x² 在 x=1 处的导数是", ["1", "2", "3", "4"], 1),
                        question("导数的几何意义是", ["面积", "切线斜率", "截距", "弧长"], 1),
                        question("常数函数的导数是", ["0", "1", "该常数", "不存在"], 0),
                    ]),
                ),
            ],
        ),
        (
            "第二周：导数的运算",
            vec![
                content_task("求导公式闪卡", dict::CAMP_TASK_FLASH_CARDS, cards(&[("(sin x)′", "cos x"), ("(eˣ)′", "eˣ"), ("(ln x)′", "1/x")])),
                content_task(
                    "运算练习",
                    dict::CAMP_TASK_QUESTIONS,
                    questions(vec![
                        question("(x³)′ =", ["x²", "3x²", "3x", "x³"], 1),
                        question("(sin x)′ =", ["cos x", "-cos x", "sin x", "-sin x"], 0),
                        question("(2eˣ)′ =", ["eˣ", "2eˣ", "2x", "2"], 1),
                        question("(ln x)′ =", ["x", "ln x", "1/x", "eˣ"], 2),
                    ]),
                ),
            ],
        ),
        (
            "第三周：导数的应用",
            vec![
                content_task(
                    "单调性与极值",
                    dict::CAMP_TASK_QUESTIONS,
                    questions(vec![
                        question("f′(x)>0 的区间上 f(x)", ["递增", "递减", "不变", "无法判断"], 0),
                        question("f(x)=x³-3x 的极大值点是", ["x=1", "x=-1", "x=0", "x=3"], 1),
                    ]),
                ),
                content_task(
                    "错题复盘卡",
                    dict::CAMP_TASK_FLASH_CARDS,
                    cards(&[("极值点的必要条件", "f′(x₀)=0（可导时）"), ("最值在哪里取", "极值点或区间端点")]),
                ),
            ],
        ),
    ];
    for (name, tasks) in &phases {
        let phase = structure::add_phase(db, camp.id, name, dict::CAMP_MAX_PHASES).await?;
        structure::add_tasks(db, owner_id, camp.id, phase.id, tasks, dict::CAMP_MAX_TASKS_PER_PHASE).await?;
    }
    // The third week's phase opened two days ago: the keen members are at it now.
    let start = now - 16 * DAY_MS;
    super::set_rule(db, camp.id, dict::CAMP_RULE_BY_DATE, Some(start), 7).await?;
    let camp = publish(db, camp.id).await?;
    sqlx::query("UPDATE camps SET published_at = $1 WHERE id = $2").bind(start - DAY_MS).bind(camp.id).execute(db.pool()).await?;
    let snapshot = camp.snapshot();
    for (i, (student, class_id)) in students.iter().enumerate() {
        let member = members::join(db, camp.id, *student, *class_id).await?;
        let joined = start + (i as i64 % 3) * 3600 * 1000;
        sqlx::query("UPDATE camp_members SET joined_at = $1 WHERE id = $2").bind(joined).bind(member.id).execute(db.pool()).await?;
        // Some keep up, some fall behind: member i finishes its first (6 - i % 4 * 2) tasks, phase
        // by phase in the weeks they opened.
        let keep = (6 - (i % 4) * 2).max(1);
        for (n, (phase_index, _, task)) in snapshot.phases.iter().enumerate().flat_map(|(pi, p)| p.tasks.iter().map(move |t| (pi, p, t))).enumerate() {
            if n >= keep {
                break;
            }
            let at = (start + phase_index as i64 * 7 * DAY_MS + (n as i64 % 2 + 1) * DAY_MS + i as i64 * 3600 * 1000).min(now - 3600 * 1000);
            let content = TaskContent::parse(&task.content);
            let answers: Option<Vec<i64>> = content
                .questions
                .as_ref()
                .map(|qs| qs.iter().enumerate().map(|(q, question)| if (q + i) % 3 == 2 { (question.answer + 1) % 4 } else { question.answer }).collect());
            let score = answers.as_deref().and_then(|a| members::score(&content, a));
            members::mark_done(db, camp.id, member.id, task.id, score, answers.as_deref(), at).await?;
        }
    }
    let draft = create(db, &NewCamp { owner_id, name: "期末冲刺营（筹备中）", description: "", collection_id: Some(collection.id) }).await?;
    structure::add_phase(db, draft.id, "第一阶段：知识梳理", dict::CAMP_MAX_PHASES).await?;
    Ok(())
}
