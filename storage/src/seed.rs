//! Reference data every deployment needs (the menu tree and which role sees what) and the demo
//! data of `eduhub seed-demo` / `serve --demo`.

use protocol::constants::role;

use crate::accounts::{self, NewUser};
use crate::datacentre::generate::{Options, Scale, Summary};
use crate::menus::{self, MenuRow};
use crate::{documents, home, orgs, password, whitelist, Db, Result};

/// The demo accounts' password.
pub const DEMO_PASSWORD: &str = "eduhub-demo";
/// The whitelist function behind the teacher-group display flag (`showFlag`).
pub const TEACHER_GROUP_FUNCTION: &str = "TEACHER_GROUP";

/// (code, parent, name, url) of the menu tree; `url` with its first letter capitalised is the
/// web app's route name (01 §2).
const MENU: &[(&str, Option<&str>, &str, &str)] = &[
    ("KNOWLEDGEREPOSITORY", None, "知识库", "knowledgeRepository"),
    ("KR_MAINSPACE", Some("KNOWLEDGEREPOSITORY"), "我的空间", "mainSpace"),
    ("KR_STATISTICS", Some("KNOWLEDGEREPOSITORY"), "使用统计", "statistics"),
    ("KR_TRAINING", Some("KNOWLEDGEREPOSITORY"), "学习营", "trainingCamps"),
    ("KR_TRAINING_STATS", Some("KNOWLEDGEREPOSITORY"), "学习营统计", "trainingStatistics"),
    ("KNOWLEDGESELECTION", None, "选题组卷", "knowledgeSelection"),
    ("KS_TEXTBOOK", Some("KNOWLEDGESELECTION"), "教材章节", "textBookChapters"),
    ("KS_KNOWLEDGE_PAPER", Some("KNOWLEDGESELECTION"), "知识点组卷", "knowledgePaper"),
    ("KS_PAPER_LIBRARY", Some("KNOWLEDGESELECTION"), "试卷库", "paperLibrary"),
    ("KS_PERSONAL_BANK", Some("KNOWLEDGESELECTION"), "我的题库", "personalQuestionBank"),
    ("EASYCORRECT", None, "易批改", "easyCorrect"),
    ("EC_PAPER_ANALYSIS", Some("EASYCORRECT"), "试卷分析", "paperAnalysis"),
    ("EC_TEACHER_CORRECT", Some("EASYCORRECT"), "老师批改", "teacherCorrect"),
    ("EASYSERVER", None, "易服务", "easyServer"),
    ("ES_STUDENTS", Some("EASYSERVER"), "我的学生", "studentList"),
    ("ES_CLASSES", Some("EASYSERVER"), "我的班级", "myClassesList"),
    ("ES_SCHEDULE", Some("EASYSERVER"), "我的课表", "myScheduleList"),
    ("ES_FEEDBACK", Some("EASYSERVER"), "我的反馈", "myFeedback"),
    ("ES_TASKS", Some("EASYSERVER"), "我的任务", "myTask"),
    ("ES_ANALYSIS", Some("EASYSERVER"), "学情分析", "analysisModule"),
    ("ES_CLASS_PLAN", Some("EASYSERVER"), "一对一课程计划", "OneOnOneClassPlan"),
    ("EASYEXAMINATION", None, "易考试", "easyexamination"),
    ("EX_EXAMS", Some("EASYEXAMINATION"), "考试列表", "examList"),
    ("EX_GROUPS", Some("EASYEXAMINATION"), "考试分组", "examGroups"),
    ("DATACENTER", None, "数据中心", "dataCenter"),
    ("DC_BOARD", Some("DATACENTER"), "数据看板", "dataBoard"),
    ("DC_ATTEND", Some("DATACENTER"), "出勤明细", "attendDetails"),
    ("DC_REFUND", Some("DATACENTER"), "退费明细", "refundDetails"),
    ("DC_FEEDBACK", Some("DATACENTER"), "反馈统计", "feedbackStatistics"),
    ("DC_SERVE", Some("DATACENTER"), "服务明细", "serveDetails"),
    ("DC_PREP_ONE", Some("DATACENTER"), "一对一备课统计", "oneLessonPrepStatustics"),
    ("DC_PREP_CLASS", Some("DATACENTER"), "班课备课统计", "classLessonPrepStatistics"),
    ("DC_USAGE_ONE", Some("DATACENTER"), "一对一使用统计", "oneUsageStatistics"),
    ("DC_USAGE_CLASS", Some("DATACENTER"), "班课使用统计", "classUsageStatistics"),
    ("DC_USAGE_GROUP", Some("DATACENTER"), "小组课使用统计", "groupUsageStatistics"),
    ("DC_USAGE_FULL_DAY", Some("DATACENTER"), "全日制使用统计", "fullDayUsageStatistics"),
    ("DC_USAGE_SYSTEM", Some("DATACENTER"), "系统使用统计", "systemUsageStatistics"),
    ("DC_FIRST_WHOLE", Some("DATACENTER"), "首课整体统计", "firstWholeStatistics"),
    ("DC_FIRST_TEACHER", Some("DATACENTER"), "教师首课统计", "teacherFirstStatistics"),
    ("DC_FIRST_CONSULTANT", Some("DATACENTER"), "顾问首课统计", "consultantFirstStatistics"),
    ("DC_FIRST_LEARN_MANAGE", Some("DATACENTER"), "学管首课统计", "learnManageFirstStatistics"),
    ("DC_TRAINING", Some("DATACENTER"), "基础训练考试", "basicTrainingExamination"),
    ("DC_ONLINE_MAIN", Some("DATACENTER"), "主讲老师直播课统计", "onlineMainTeacherStat"),
    ("DC_ONLINE_AUXILIARY", Some("DATACENTER"), "辅导老师直播课统计", "onlineAuxiliaryStat"),
    ("APPLICATIONCENTER", None, "应用中心", "applicationCenter"),
    ("QUALITYCHECKMANAGEMENT", None, "质检管理", "qualityCheckManagement"),
    ("QC_TASKS", Some("QUALITYCHECKMANAGEMENT"), "任务管理", "taskManage"),
    ("QC_SERVE", Some("QUALITYCHECKMANAGEMENT"), "服务质检", "serveQC"),
    ("QC_COUNT", Some("QUALITYCHECKMANAGEMENT"), "质检统计", "qcCount"),
    ("QC_EXAM_GRADES", Some("QUALITYCHECKMANAGEMENT"), "考试成绩", "examGrades"),
    ("QC_SERVE_CONFIG", Some("QUALITYCHECKMANAGEMENT"), "服务配置", "serveConfig"),
    ("QC_CONFIG", Some("QUALITYCHECKMANAGEMENT"), "质检配置", "qcConfig"),
    ("QC_PROJECT_TEAM", Some("QUALITYCHECKMANAGEMENT"), "项目组管理", "projectTeamManage"),
    ("QC_WORK_TASKS", Some("QUALITYCHECKMANAGEMENT"), "工作任务质检", "workTaskQcManage"),
    ("QC_WORK_TASK_STATS", Some("QUALITYCHECKMANAGEMENT"), "工作任务统计", "workTaskStatistics"),
    ("QC_ONLINE_SETUP", Some("QUALITYCHECKMANAGEMENT"), "线上课设置", "onlineLessonSetup"),
    ("QC_LESSON_VISITS", Some("QUALITYCHECKMANAGEMENT"), "听课管理", "recordVisitManage"),
    ("EASYDEVELOP", None, "易研发", "easyDevelop"),
    ("ED_SLICING", Some("EASYDEVELOP"), "知识切片", "knowledgeSlicing"),
    ("ED_TEXTBOOKS", Some("EASYDEVELOP"), "教材库", "textbookLibrary"),
    ("ED_AIDS", Some("EASYDEVELOP"), "教辅库", "teachingAidlibrary"),
    ("EASYLESSONPREPARATION", None, "易备课", "easyLessonPreparation"),
    ("EL_LECTURES", Some("EASYLESSONPREPARATION"), "讲义库", "lectureLibrary"),
    ("EL_MATERIALS", Some("EASYLESSONPREPARATION"), "教辅资料", "teachingMaterial"),
    ("EL_FLASHCARDS", Some("EASYLESSONPREPARATION"), "闪卡库", "flashcardLibrary"),
    ("AIASSISTANT", None, "AI助手", "aiAssistant"),
    ("AI_WELCOME", Some("AIASSISTANT"), "AI助手", "welcomePage"),
    ("ADMINISTRATION", None, "系统管理", "administration"),
    ("AD_ORG", Some("ADMINISTRATION"), "组织架构", "adminOrg"),
    ("AD_ACCOUNTS", Some("ADMINISTRATION"), "账号管理", "adminAccounts"),
    ("AD_MENUS", Some("ADMINISTRATION"), "菜单与白名单", "adminMenus"),
    ("AD_NOTICES", Some("ADMINISTRATION"), "通知公告", "adminNotices"),
    ("AD_BANNERS", Some("ADMINISTRATION"), "首页轮播", "adminBanners"),
    ("AD_AUDIT", Some("ADMINISTRATION"), "审计日志", "adminAuditLog"),
];

/// Which top-level groups each role sees.
const ROLE_MENUS: &[(&str, &[&str])] = &[
    (
        role::TEACHER,
        &[
            "KNOWLEDGEREPOSITORY",
            "KNOWLEDGESELECTION",
            "EASYCORRECT",
            "EASYSERVER",
            "EASYLESSONPREPARATION",
            "EASYEXAMINATION",
            "APPLICATIONCENTER",
            "AIASSISTANT",
        ],
    ),
    (role::TUTOR_ONLINE, &["KNOWLEDGEREPOSITORY", "EASYCORRECT", "EASYSERVER", "EASYLESSONPREPARATION", "AIASSISTANT"]),
    (role::LEARNING_MANAGER, &["EASYSERVER", "DATACENTER", "QUALITYCHECKMANAGEMENT"]),
    (role::CONSULTANT, &["EASYSERVER", "DATACENTER"]),
    (role::ADMIN, &protocol::constants::MENU_GROUPS),
    // The administration section (issue 18); super users without the admin role reach its
    // pages by address.
    (role::ADMIN, &["ADMINISTRATION"]),
    (role::OPERATOR, &["QUALITYCHECKMANAGEMENT", "EASYDEVELOP", "EASYEXAMINATION", "DATACENTER"]),
    (role::SCHOOL_MANAGER, &["DATACENTER", "QUALITYCHECKMANAGEMENT"]),
    (role::AREA_MANAGER, &["DATACENTER", "QUALITYCHECKMANAGEMENT"]),
];

/// Inserts the reference data that is missing; safe to run at every start.
pub async fn reference(db: &Db) -> Result<()> {
    let mut sort_by_parent: std::collections::HashMap<Option<&str>, i64> = Default::default();
    let mut added = Vec::new();
    for (code, parent, name, url) in MENU {
        let sort = sort_by_parent.entry(*parent).or_default();
        *sort += 1;
        let row = MenuRow {
            code: (*code).into(),
            parent_code: parent.map(Into::into),
            name: (*name).into(),
            url: (*url).into(),
            level: if parent.is_some() { 2 } else { 1 },
            sort: *sort,
            hidden: 0,
            badge: String::new(),
        };
        if menus::insert(db, &row).await? {
            added.push(*code);
        }
    }
    // A node's default grants come with the node: once there, its grants are the
    // administrators' to change, and a restart does not give back what they took away.
    for (role, codes) in ROLE_MENUS {
        for code in codes.iter().filter(|c| added.contains(c)) {
            menus::grant(db, role, code).await?;
        }
    }
    for (code, name, area) in [
        ("110000", "北京", "华北"),
        ("120000", "天津", "华北"),
        ("310000", "上海", "华东"),
        ("320000", "江苏", "华东"),
        ("330000", "浙江", "华东"),
        ("440000", "广东", "华南"),
        ("510000", "四川", "西南"),
    ] {
        orgs::insert_province(db, code, name, area).await?;
    }
    crate::admin::org::adopt_departments(db).await?;
    Ok(())
}

/// One demo account.
pub struct DemoAccount {
    pub email: &'static str,
    pub name: &'static str,
    pub roles: &'static [&'static str],
    pub superuser: bool,
    pub schools: &'static [i64],
    pub subjects: &'static [(i64, i64)],
}

pub const DEMO_ACCOUNTS: &[DemoAccount] = &[
    DemoAccount { email: "teacher@demo.eduhub", name: "张老师", roles: &[role::TEACHER], superuser: false, schools: &[1001], subjects: &[(4, 54), (3, 54)] },
    DemoAccount { email: "teacher2@demo.eduhub", name: "李老师", roles: &[role::TEACHER], superuser: false, schools: &[1001], subjects: &[(4, 54)] },
    DemoAccount {
        email: "admin@demo.eduhub",
        name: "王管理",
        roles: &[role::ADMIN, role::TEACHER, role::CONSULTANT, role::LEARNING_MANAGER],
        superuser: true,
        schools: &[1001, 1002, 2001],
        subjects: &[(4, 54), (4, 56), (4, 62)],
    },
    DemoAccount { email: "consultant@demo.eduhub", name: "赵顾问", roles: &[role::CONSULTANT], superuser: false, schools: &[1001], subjects: &[(4, 54)] },
    DemoAccount {
        email: "manager@demo.eduhub",
        name: "钱学管",
        roles: &[role::LEARNING_MANAGER],
        superuser: false,
        schools: &[1001, 1002],
        subjects: &[(4, 54)],
    },
    DemoAccount { email: "inspector@demo.eduhub", name: "孙质检", roles: &[role::OPERATOR], superuser: false, schools: &[1001], subjects: &[(4, 54)] },
    DemoAccount { email: "principal@demo.eduhub", name: "周校长", roles: &[role::SCHOOL_MANAGER], superuser: false, schools: &[1001], subjects: &[(4, 54)] },
    DemoAccount { email: "area@demo.eduhub", name: "吴经理", roles: &[role::AREA_MANAGER], superuser: false, schools: &[1001], subjects: &[(4, 54)] },
    DemoAccount { email: "tutor@demo.eduhub", name: "郑辅导", roles: &[role::TUTOR_ONLINE], superuser: false, schools: &[1001], subjects: &[(4, 54)] },
];

/// The area the demo area manager answers for.
pub const DEMO_MANAGED_AREA: &str = "A100101";
/// The seed of the demo's generated records.
pub const DEMO_SEED: u64 = 20_260_601;

/// The first demo account that still has the published demo password: a deployment that is not
/// a demo must not start with one (anyone could sign in as its super user).
pub async fn demo_account_with_demo_password(db: &Db) -> Result<Option<&'static str>> {
    for account in DEMO_ACCOUNTS {
        if let Some(user) = accounts::by_email(db, account.email).await? {
            if crate::password::verify(DEMO_PASSWORD, &user.password_hash) {
                return Ok(Some(account.email));
            }
        }
    }
    Ok(None)
}

/// Generates the data-centre records of the demo (when there are none yet); `None` when some
/// exist already.
pub async fn demo_records(db: &Db, scale: Scale, seed: u64, until: time::Date) -> Result<Option<Summary>> {
    let existing: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM attendance").fetch_one(db.pool()).await?;
    if existing > 0 {
        return Ok(None);
    }
    Ok(Some(crate::datacentre::generate::generate(db, &Options { scale, seed, until }).await?))
}

/// Seeds the demo schools, accounts and whitelist when the database has no user yet; returns
/// whether it did.
pub async fn demo(db: &Db) -> Result<bool> {
    reference(db).await?;
    if accounts::count(db).await? > 0 {
        return Ok(false);
    }
    for (id, name, province, area) in [
        (1001, "北京海淀校区", "110000", "HD"),
        (1002, "北京朝阳校区", "110000", "CY"),
        (2001, "上海浦东校区", "310000", "PD"),
        (3001, "广州天河校区", "440000", "TH"),
    ] {
        orgs::insert_school(db, id, name, province, area).await?;
    }
    orgs::set_local_edition(db, 2001, true).await?;
    for (code, school, name) in [
        (DEMO_MANAGED_AREA, 1001, "中关村教学点"),
        ("A100102", 1001, "五道口教学点"),
        ("A100201", 1002, "望京教学点"),
        ("A100202", 1002, "国贸教学点"),
        ("A200101", 2001, "陆家嘴教学点"),
        ("A200102", 2001, "张江教学点"),
        ("A300101", 3001, "珠江新城教学点"),
        ("A300102", 3001, "天河北教学点"),
    ] {
        crate::datacentre::dict::insert_area(db, code, school, name).await?;
    }
    let hash = password::hash(DEMO_PASSWORD)?;
    for (i, account) in DEMO_ACCOUNTS.iter().enumerate() {
        let teaches = account.roles.iter().any(|r| role::has_teacher_profile(r));
        accounts::create(
            db,
            &NewUser {
                email: account.email.into(),
                password_hash: hash.clone(),
                name: account.name.into(),
                mobile: format!("1380000{:04}", i + 1),
                avatar: String::new(),
                teacher_code: if teaches { format!("T{:05}", 10001 + i) } else { String::new() },
                join_date: if teaches { "2021-09-01".into() } else { String::new() },
                teacher_level: if teaches { "高级教师".into() } else { String::new() },
                division_age_desc: if teaches { "5年".into() } else { String::new() },
                school_age_desc: if teaches { "8年".into() } else { String::new() },
                superuser: account.superuser,
                roles: account.roles.iter().map(|r| r.to_string()).collect(),
                school_ids: account.schools.to_vec(),
                subjects: account.subjects.to_vec(),
                province: "110000".into(),
                pending: false,
            },
        )
        .await?;
    }
    for (sort, (title, color, link)) in [
        ("新学期备课季：讲义库全新上线", "#1c7ed6", "/easyLessonPreparation/lectureLibrary"),
        ("我的专属云盘：题集、讲义、文件都在这里", "#0ca678", "/knowledgeRepository/mainSpace"),
    ]
    .into_iter()
    .enumerate()
    {
        home::add_banner(db, title, color, link, sort as i64 + 1).await?;
    }
    home::set_setting(db, home::SETTING_BANNER_ROTATION_MS, "5000").await?;
    // Demo join links, so the feedback popover shows real QR codes.
    home::set_setting(
        db,
        home::SETTING_SHELL,
        r#"{"feedbackGroups":[{"label":"企业微信","joinUrl":"https://work.weixin.qq.com/gm/eduhub-demo-senior"},{"label":"钉钉","joinUrl":"https://qr.dingtalk.com/action/joingroup?code=eduhub-demo-senior"}],"helpLinks":{"demoVideo":"","featureIntro":"","updateLog":""}}"#,
    )
    .await?;
    teaching_demo(db).await?;
    camp_demo(db).await?;
    // Co-edited demo documents: the first teacher's feedback report of today's first lesson
    // (`feedback/1`, shared with the second teacher as editor and the learning manager as reader)
    // and a handout (`handout/1`).
    if let (Some(teacher), Some(teacher2), Some(manager)) = (
        accounts::by_email(db, "teacher@demo.eduhub").await?,
        accounts::by_email(db, "teacher2@demo.eduhub").await?,
        accounts::by_email(db, "manager@demo.eduhub").await?,
    ) {
        let lessons = crate::teaching::lessons_of(db, teacher.id, crate::now_ms() - 12 * 3600 * 1000, i64::MAX).await?;
        let first = lessons.iter().find(|l| l.class_type == crate::teaching::CLASS_ONE_TO_ONE);
        if let Some(lesson) = first {
            let student: i64 = sqlx::query_scalar("SELECT student_id FROM class_students WHERE class_id = $1 ORDER BY student_id LIMIT 1")
                .bind(lesson.class_id)
                .fetch_one(db.pool())
                .await?;
            if let Some(report) = crate::feedback::init(db, teacher.id, lesson.id, student).await? {
                let key = documents::doc_key("feedback", report.id);
                documents::set_member(db, &key, teacher2.id, true).await?;
                documents::set_member(db, &key, manager.id, false).await?;
            }
        }
        crate::papers::create(
            db,
            &crate::papers::NewPaper {
                owner_id: teacher.id,
                paper_type: crate::papers::HANDOUT,
                title: "函数与导数讲义（演示）",
                subject: 54,
                stage: 4,
                school_id: 1001,
                tree_id: 1,
                parent_atlas_id: 120,
                header_info: "{}",
                global_settings: "{}",
                copied_from: None,
            },
        )
        .await?;
    }
    atlas_demo(db).await?;
    if let Some(area_manager) = accounts::by_email(db, "area@demo.eduhub").await? {
        crate::datacentre::dict::set_user_areas(db, area_manager.id, &[DEMO_MANAGED_AREA]).await?;
    }
    whitelist::add_function(db, TEACHER_GROUP_FUNCTION).await?;
    for email in ["teacher@demo.eduhub", "admin@demo.eduhub"] {
        whitelist::grant(db, TEACHER_GROUP_FUNCTION, email).await?;
    }
    Ok(true)
}

/// The first demo teacher's camps: every demo student enrolled, the teacher's own students
/// through their class's code, the others through the general one.
async fn camp_demo(db: &Db) -> Result<()> {
    let Some(teacher) = accounts::by_email(db, "teacher@demo.eduhub").await? else { return Ok(()) };
    let students: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT s.id, COALESCE((SELECT MAX(c.id) FROM class_students cs JOIN classes c ON c.id = cs.class_id \
           WHERE cs.student_id = s.id AND c.teacher_id = $1 AND c.class_type = $2), 0) FROM students s ORDER BY s.id LIMIT 12",
    )
    .bind(teacher.id)
    .bind(crate::teaching::CLASS_CLASS)
    .fetch_all(db.pool())
    .await?;
    crate::camp::generate::demo(db, teacher.id, &students, crate::now_ms()).await?;
    exam_demo(db, teacher.id).await
}

/// The first demo teacher's exam group of their students and a mid-term mock exam published to
/// it last week, half of it marked.
async fn exam_demo(db: &Db, teacher_id: i64) -> Result<()> {
    use crate::exam_group;
    let students: Vec<i64> = sqlx::query_scalar(
        "SELECT DISTINCT cs.student_id FROM class_students cs JOIN classes c ON c.id = cs.class_id WHERE c.teacher_id = $1 ORDER BY cs.student_id",
    )
    .bind(teacher_id)
    .fetch_all(db.pool())
    .await?;
    let group = exam_group::create_group_with(db, teacher_id, "高二数学提高组", &students, 200, 2000).await?;
    exam_group::select(db, teacher_id, &students.iter().map(|s| (*s, group.id)).collect::<Vec<_>>()).await?;
    let start = crate::now_ms() - 7 * 24 * 3600 * 1000;
    let exam = exam_group::publish(
        db,
        &exam_group::NewExam {
            owner_id: teacher_id,
            name: "期中模拟考试（数学）",
            paper_id: None,
            start_at: start,
            end_at: start + 2 * 3600 * 1000,
            full_score: 150.0,
        },
    )
    .await?;
    let marked: Vec<(i64, Option<f64>)> = students.iter().take(students.len() / 2).zip([128.0, 117.5, 96.0, 135.0]).map(|(s, v)| (*s, Some(v))).collect();
    exam_group::record_scores(db, exam, &marked).await
}

/// Students, classes and lessons of the demo teachers: for each, two one-to-one students, a
/// small group and a class, with lessons today and in the coming days, some of them checked.
async fn teaching_demo(db: &Db) -> Result<()> {
    use crate::teaching::{self, NewClass, CLASS_CLASS, CLASS_ONE_TO_ONE, CLASS_SMALL_GROUP};
    const HOUR: i64 = 3600 * 1000;
    const DAY: i64 = 24 * HOUR;
    // Midnight, China Standard Time, of today.
    let now = crate::now_ms();
    let today = (now + 8 * HOUR) / DAY * DAY - 8 * HOUR;
    let names = ["王小明", "李华", "张伟", "刘洋", "陈静", "杨帆", "赵磊", "黄敏", "周杰", "吴昊", "徐婷", "孙悦"];
    let mut next = 0usize;
    for (t, email) in ["teacher@demo.eduhub", "teacher2@demo.eduhub", "admin@demo.eduhub"].into_iter().enumerate() {
        let Some(teacher) = accounts::by_email(db, email).await? else { continue };
        let mut students = Vec::new();
        for _ in 0..4 {
            let name = names[next % names.len()];
            next += 1;
            students.push(teaching::add_student(db, &format!("S{:05}", 20000 + next), name, "高二", 1001).await?);
        }
        let classes = [
            (format!("{}（一对一）", names[(next - 4) % names.len()]), CLASS_ONE_TO_ONE, vec![students[0]]),
            (format!("{}（一对一）", names[(next - 3) % names.len()]), CLASS_ONE_TO_ONE, vec![students[1]]),
            ("高二数学提高小组".to_owned(), CLASS_SMALL_GROUP, vec![students[2], students[3]]),
            ("高二（3）班数学".to_owned(), CLASS_CLASS, students.clone()),
        ];
        for (i, (name, class_type, members)) in classes.iter().enumerate() {
            let class_id = teaching::add_class(
                db,
                &NewClass { name, teacher_id: teacher.id, school_id: 1001, stage: 4, subject: 54, class_type: *class_type, students: members },
            )
            .await?;
            for day in [-1i64, 0, 1, 2] {
                let start = today + day * DAY + (9 + 2 * i as i64 + t as i64) * HOUR;
                teaching::add_lesson(db, class_id, teacher.id, "导数的应用", start, start + 2 * HOUR).await?;
            }
        }
    }
    // The lessons already over were held.
    sqlx::query("UPDATE lessons SET status = 1 WHERE status = 0 AND end_at <= $1").bind(now).execute(db.pool()).await?;
    Ok(())
}

/// The demo knowledge atlas handouts are assembled from and the bank's questions hang on:
/// senior-high and junior-high mathematics, senior-high physics.
async fn atlas_demo(db: &Db) -> Result<()> {
    use crate::atlas::{seed_tree, NewTree};
    /// Chapters, each with its points (name, description).
    type Chapters<'a> = &'a [(&'a str, &'a [(&'a str, &'a str)])];
    let trees: [(i64, &str, i64, i64, Chapters); 3] = [
        (
            1,
            "高中数学知识图谱",
            54,
            4,
            &[
                (
                    "函数",
                    &[
                        ("函数的概念与表示", "理解函数的定义域、值域与对应关系，会用解析法、列表法、图像法表示函数。"),
                        ("函数的单调性与最值", "掌握单调性的定义与判断方法，会利用单调性求函数的最值。"),
                        ("指数函数", "掌握指数函数的图像与性质，能比较指数式的大小。"),
                        ("对数函数", "理解对数的运算性质，掌握对数函数的图像与性质。"),
                    ],
                ),
                (
                    "导数及其应用",
                    &[
                        ("导数的概念", "理解导数的几何意义：曲线在某点处切线的斜率。"),
                        ("导数的运算", "掌握基本初等函数的导数公式与四则运算法则、复合函数求导。"),
                        ("导数与函数的单调性", "会用导数的符号判断函数的单调区间。"),
                        ("导数与极值、最值", "会用导数求函数的极值与闭区间上的最值。"),
                    ],
                ),
                (
                    "三角函数",
                    &[
                        ("任意角与弧度制", "理解任意角、弧度制的概念，能进行角度与弧度的互化。"),
                        ("三角函数的图像与性质", "掌握正弦、余弦、正切函数的图像、周期性、单调性与最值。"),
                    ],
                ),
            ],
        ),
        (
            2,
            "初中数学知识图谱",
            54,
            3,
            &[
                ("数与式", &[("实数", "理解有理数、无理数的概念，会进行实数的运算。"), ("整式与因式分解", "掌握整式的运算，会用提公因式法、公式法分解因式。")]),
                (
                    "方程与不等式",
                    &[
                        ("一元二次方程", "会用配方法、公式法、因式分解法解一元二次方程，理解根的判别式。"),
                        ("一元一次不等式组", "会解一元一次不等式组，并在数轴上表示解集。"),
                    ],
                ),
            ],
        ),
        (
            3,
            "高中物理知识图谱",
            56,
            4,
            &[
                (
                    "运动的描述",
                    &[
                        ("匀变速直线运动", "掌握匀变速直线运动的速度、位移公式及其推论。"),
                        ("自由落体运动", "理解自由落体运动是初速度为零的匀加速直线运动，会用公式计算下落高度与时间。"),
                    ],
                ),
                ("相互作用与运动定律", &[("牛顿第二定律", "理解加速度与力、质量的关系，会用 F=ma 分析动力学问题。")]),
                ("机械能", &[("动能定理", "理解合外力做功与动能变化的关系，会用动能定理解题。")]),
                ("电路", &[("欧姆定律", "掌握部分电路欧姆定律，会计算电压、电流与电阻。")]),
            ],
        ),
    ];
    for (tree_id, name, subject, stage, chapters) in trees {
        let mut nodes: Vec<(i64, i64, &str, &str)> = Vec::new();
        for (c, (chapter, points)) in chapters.iter().enumerate() {
            let chapter_id = tree_id * 100 + c as i64 * 10 + 10;
            nodes.push((chapter_id, 0, chapter, ""));
            for (p, (point, summary)) in points.iter().enumerate() {
                nodes.push((chapter_id + p as i64 + 1, chapter_id, point, summary));
            }
        }
        let tree = NewTree { name, subject, stage, atlas_type: 1, owner_id: 0, school_id: 0, created_by: 0 };
        seed_tree(db, tree_id, &tree, &nodes).await?;
    }
    Ok(())
}

/// Questions of the demo's bank for each scale.
pub fn demo_question_count(scale: Scale) -> usize {
    match scale {
        Scale::Small => 3_000,
        Scale::Large => 100_000,
    }
}

/// Fills the demo's question bank (when it is empty), then sets the first demo teacher's demo
/// tasks from it; how many questions it stored.
pub async fn demo_questions(db: &Db, scale: Scale) -> Result<usize> {
    let stored = crate::question::generate::generate(db, DEMO_SEED, demo_question_count(scale)).await?;
    if stored > 0 {
        demo_tasks(db).await?;
    }
    Ok(stored)
}

/// The first demo teacher's tasks, answered, so that the learning analysis has something to show:
/// one on each of their one-on-one and class lessons of the generated records held in the last
/// eight weeks, for the students present, dated at the lesson. Answers follow a fixed pattern per
/// student and task, so that students and tasks differ; worked answers are marked as well. The
/// demo's own teaching classes (without attendance records) are left without tasks.
async fn demo_tasks(db: &Db) -> Result<()> {
    use crate::lesson_task::{self, MarkedAnswer, NewTask, NewTaskQuestion};
    use crate::teaching::{CLASS_CLASS, CLASS_ONE_TO_ONE};
    const WEEKS: i64 = 8;
    let Some(teacher) = accounts::by_email(db, "teacher@demo.eduhub").await? else { return Ok(()) };
    let now = crate::now_ms();
    let lessons: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT l.id, l.class_id, l.start_at FROM lessons l JOIN classes c ON c.id = l.class_id \
         WHERE l.teacher_id = $1 AND c.class_type IN ($2, $3) AND l.status = 1 AND l.start_at >= $4 AND l.start_at < $5 \
         AND EXISTS (SELECT 1 FROM attendance a WHERE a.lesson_id = l.id AND a.status IN (1, 2)) ORDER BY l.start_at, l.id",
    )
    .bind(teacher.id)
    .bind(CLASS_CLASS)
    .bind(CLASS_ONE_TO_ONE)
    .bind(now - WEEKS * 7 * 24 * 3600 * 1000)
    .bind(now)
    .fetch_all(db.pool())
    .await?;
    for (n, (lesson_id, class_id, start_at)) in lessons.into_iter().enumerate() {
        // Eight questions of senior-high mathematics, two of each type, in turn through the bank.
        let mut questions = Vec::new();
        for t in 1..=4i64 {
            let ids: Vec<i64> = sqlx::query_scalar(
                "SELECT q.id FROM questions q WHERE q.subject = 54 AND q.stage = 4 AND q.owner_id = 0 AND q.question_type = $1 \
                 AND EXISTS (SELECT 1 FROM question_points p WHERE p.question_id = q.id) ORDER BY q.id LIMIT 2 OFFSET $2",
            )
            .bind(t)
            .bind(2 * (n as i64 % 20))
            .fetch_all(db.pool())
            .await?;
            questions.extend(ids.into_iter().map(|id| NewTaskQuestion { question_id: id, score: if t == 4 { 10 } else { 5 }, practice_of: None }));
        }
        let students: Vec<i64> = sqlx::query_scalar("SELECT student_id FROM attendance WHERE lesson_id = $1 AND status IN (1, 2) ORDER BY student_id")
            .bind(lesson_id)
            .fetch_all(db.pool())
            .await?;
        if questions.is_empty() || students.is_empty() {
            continue;
        }
        let name = format!("第{}次课后练习", n + 1);
        let task = NewTask {
            kind: 1,
            lesson_id: Some(lesson_id),
            class_id,
            teacher_id: teacher.id,
            name: &name,
            text_content: "",
            questions: &questions,
            students: &students,
        };
        let task_id = lesson_task::set_for_lesson(db, &task).await?;
        sqlx::query("UPDATE lesson_tasks SET created_at = $2, updated_at = $2 WHERE id = $1").bind(task_id).bind(start_at).execute(db.pool()).await?;
        let Some(row) = lesson_task::by_id(db, task_id).await? else { continue };
        let answers: Vec<(i64, String)> = sqlx::query_as(&format!(
            "SELECT id, answer FROM questions WHERE id IN ({})",
            crate::id_list(&questions.iter().map(|q| q.question_id).collect::<Vec<_>>())
        ))
        .fetch_all(db.pool())
        .await?;
        let right_answer: std::collections::HashMap<i64, String> = answers.into_iter().collect();
        for (k, student) in students.iter().enumerate() {
            let sheet: Vec<MarkedAnswer> = questions
                .iter()
                .enumerate()
                .map(|(j, q)| {
                    let right = (j + k + n) % (k % 3 + 2) != 1;
                    let answer = right_answer.get(&q.question_id).map_or("", String::as_str);
                    // A wrong choice is a letter the answer does not hold; a wrong written answer a slip.
                    let given = match (right, ["A", "B", "C", "D"].into_iter().find(|l| !answer.contains(l))) {
                        (true, _) => answer,
                        (false, Some(letter)) if answer.len() <= 4 && answer.chars().all(|c| c.is_ascii_uppercase()) => letter,
                        (false, _) => "计算出错",
                    };
                    MarkedAnswer {
                        question_id: q.question_id,
                        answer: given,
                        correct: Some(right),
                        score: Some(if right { q.score } else { 0 }),
                        practice_of: None,
                    }
                })
                .collect();
            lesson_task::record_answers(db, &row, *student, &sheet, Some(teacher.id)).await?;
        }
    }
    Ok(())
}
