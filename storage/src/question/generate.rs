//! The demo's question bank: questions made from templates per knowledge point of the centre's
//! published trees, with numbers drawn from a seeded generator (same seed, same bank). Each
//! template gives a stem, the right answer, three wrong ones and a worked analysis; a question
//! becomes a single choice, a fill-in or a worked answer (or, where the template has several
//! right answers, a multiple choice), in LaTeX as teachers write it.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::NewQuestion;
use crate::{Db, Result};

/// What one draw of a template makes.
struct Draft {
    stem: String,
    answer: String,
    wrong: [String; 3],
    analysis: String,
    /// 1–5 before the question type adds to it.
    level: i64,
    /// Several right answers (for a multiple choice), when the template has them.
    also_right: Option<String>,
}

fn signed(v: i64) -> String {
    if v < 0 {
        format!("- {}", -v)
    } else {
        format!("+ {v}")
    }
}

const DEGREES: [(i64, &str); 8] = [
    (30, r"\frac{\pi}{6}"),
    (45, r"\frac{\pi}{4}"),
    (60, r"\frac{\pi}{3}"),
    (90, r"\frac{\pi}{2}"),
    (120, r"\frac{2\pi}{3}"),
    (135, r"\frac{3\pi}{4}"),
    (150, r"\frac{5\pi}{6}"),
    (180, r"\pi"),
];

/// A draft for a knowledge point (by its name; points without a template of their own get the
/// quadratic one, which every stage's mathematics uses).
fn draft(point: &str, rng: &mut ChaCha8Rng) -> Draft {
    let a = rng.random_range(1..=6_i64);
    let b = rng.random_range(-9..=9_i64);
    let c = rng.random_range(-9..=9_i64);
    match point {
        "函数的概念与表示" => {
            let lo = rng.random_range(-5..=3_i64);
            let hi = lo + rng.random_range(1..=6_i64);
            Draft {
                stem: format!(r"函数 $f(x)=\sqrt{{x {}}}+\frac{{1}}{{x {}}}$ 的定义域是", signed(-lo), signed(-hi)),
                answer: format!(r"$[{lo},{hi})\cup({hi},+\infty)$"),
                wrong: [format!(r"$[{lo},+\infty)$"), format!(r"$({lo},{hi})$"), format!(r"$(-\infty,{lo}]$")],
                analysis: format!(
                    r"由 $x {}\ge 0$ 得 $x\ge {lo}$；由 $x {}\ne 0$ 得 $x\ne {hi}$，故定义域为 $[{lo},{hi})\cup({hi},+\infty)$。",
                    signed(-lo),
                    signed(-hi)
                ),
                level: 2,
                also_right: None,
            }
        }
        "函数的单调性与最值" | "二次函数" => {
            let m = c - a * a;
            Draft {
                stem: format!(r"已知二次函数 $y=x^2 {}x {}$，则它的最小值是", signed(-2 * a), signed(c)),
                answer: format!("${m}$"),
                wrong: [format!("${c}$"), format!("${}$", c + a * a), format!("${}$", m - 1)],
                analysis: format!(r"配方得 $y=(x {})^2 {}$，当 $x={a}$ 时取得最小值 ${m}$。", signed(-a), signed(m)),
                level: 2 + (a > 3) as i64,
                also_right: None,
            }
        }
        "指数函数" => {
            let base = rng.random_range(2..=5_i64);
            let (m, n) = (rng.random_range(1..=4_i64), rng.random_range(5..=8_i64));
            Draft {
                stem: format!(r"比较大小：${base}^{{{m}}}$ 与 ${base}^{{{n}}}$，正确的是"),
                answer: format!(r"${base}^{{{m}}}<{base}^{{{n}}}$"),
                wrong: [format!(r"${base}^{{{m}}}>{base}^{{{n}}}$"), format!(r"${base}^{{{m}}}={base}^{{{n}}}$"), "无法比较".to_owned()],
                analysis: format!(r"指数函数 $y={base}^x$ 在 $\mathbb{{R}}$ 上单调递增，${m}<{n}$，故 ${base}^{{{m}}}<{base}^{{{n}}}$。"),
                level: 1,
                also_right: None,
            }
        }
        "对数函数" => {
            let base = rng.random_range(2..=5_i64);
            let k = rng.random_range(2..=5_i64);
            Draft {
                stem: format!(r"计算：$\log_{{{base}}} {}$ 的值为", base.pow(k as u32)),
                answer: format!("${k}$"),
                wrong: [format!("${}$", k + 1), format!("${}$", k - 1), format!("${}$", base * k)],
                analysis: format!(r"因为 ${base}^{{{k}}}={}$，所以 $\log_{{{base}}} {}={k}$。", base.pow(k as u32), base.pow(k as u32)),
                level: 1 + (k > 3) as i64,
                also_right: None,
            }
        }
        "导数的概念" => {
            let x0 = rng.random_range(-3..=3_i64);
            let slope = 2 * x0 + b;
            Draft {
                stem: format!(r"曲线 $y=x^2 {}x$ 在点 $x={x0}$ 处的切线斜率为", signed(b)),
                answer: format!("${slope}$"),
                wrong: [format!("${}$", x0 * x0 + b * x0), format!("${}$", slope + 2), format!("${}$", 2 * x0)],
                analysis: format!(r"$y'=2x {}$，切线斜率 $k=y'|_{{x={x0}}}={slope}$。", signed(b)),
                level: 2,
                also_right: None,
            }
        }
        "导数的运算" => Draft {
            stem: format!(r"函数 $f(x)={a}x^3 {}x^2$ 的导数 $f'(x)$ 为", signed(b)),
            answer: format!("${}x^2 {}x$", 3 * a, signed(2 * b)),
            wrong: [format!("${}x^2 {}x$", a, signed(b)), format!("${}x^3 {}x$", 3 * a, signed(2 * b)), format!("${}x^2 {}$", 3 * a, signed(2 * b))],
            analysis: format!(r"由 $(x^n)'=nx^{{n-1}}$ 得 $f'(x)={}x^2 {}x$。", 3 * a, signed(2 * b)),
            level: 2,
            also_right: None,
        },
        "导数与函数的单调性" => Draft {
            stem: format!(r"函数 $f(x)=x^3-{}x$ 的单调递减区间是", 3 * a * a),
            answer: format!("$(-{a},{a})$"),
            wrong: [format!(r"$(-\infty,-{a})$"), format!(r"$({a},+\infty)$"), format!("$(0,{a})$")],
            analysis: format!(r"$f'(x)=3x^2-{}=3(x+{a})(x-{a})$，当 $-{a}<x<{a}$ 时 $f'(x)<0$，所以递减区间为 $(-{a},{a})$。", 3 * a * a),
            level: 3,
            also_right: None,
        },
        "导数与极值、最值" => {
            let max = 2 * a * a * a;
            Draft {
                stem: format!(r"函数 $f(x)=x^3-{}x$ 的极大值为", 3 * a * a),
                answer: format!("${max}$"),
                wrong: [format!("$-{max}$"), format!("${}$", a * a * a), "$0$".to_owned()],
                analysis: format!(r"$f'(x)=3(x+{a})(x-{a})$，在 $x=-{a}$ 处由正变负，极大值 $f(-{a})={max}$。"),
                level: 4,
                also_right: None,
            }
        }
        "任意角与弧度制" => {
            let (deg, rad) = DEGREES[rng.random_range(0..DEGREES.len())];
            let other = DEGREES[(rng.random_range(1..DEGREES.len()) + DEGREES.iter().position(|d| d.0 == deg).unwrap_or(0)) % DEGREES.len()].1;
            Draft {
                stem: format!(r"${deg}^\circ$ 化为弧度是"),
                answer: format!("${rad}$"),
                wrong: [format!("${other}$"), format!("${deg}\\pi$"), format!(r"$\frac{{{deg}}}{{\pi}}$")],
                analysis: format!(r"$1^\circ=\frac{{\pi}}{{180}}$，所以 ${deg}^\circ={deg}\times\frac{{\pi}}{{180}}={rad}$。"),
                level: 1,
                also_right: None,
            }
        }
        "三角函数的图像与性质" => {
            let w = rng.random_range(1..=6_i64);
            let period = if w == 1 {
                r"2\pi".to_owned()
            } else if w == 2 {
                r"\pi".to_owned()
            } else {
                format!(r"\frac{{2\pi}}{{{w}}}")
            };
            Draft {
                stem: format!(r"函数 $y=\sin({w}x {})$ 的最小正周期是", if c >= 0 { r"+\frac{\pi}{6}" } else { r"-\frac{\pi}{3}" }),
                answer: format!("${period}$"),
                wrong: [format!(r"${w}\pi$"), r"$2\pi$".to_owned(), format!(r"$\frac{{\pi}}{{{}}}$", w + 1)],
                analysis: format!(r"$y=\sin(\omega x+\varphi)$ 的最小正周期 $T=\frac{{2\pi}}{{|\omega|}}$，这里 $\omega={w}$，故 $T={period}$。"),
                level: 2,
                also_right: (w != 1).then(|| r"周期与 $\varphi$ 无关".to_owned()),
            }
        }
        "实数" => {
            let n = rng.random_range(2..=9_i64);
            Draft {
                stem: format!(r"计算：$|-{n}|+\sqrt{{{}}}$ 的结果是", n * n),
                answer: format!("${}$", 2 * n),
                wrong: ["$0$".to_owned(), format!("${}$", n * n + n), format!("$-{}$", 2 * n)],
                analysis: format!(r"$|-{n}|={n}$，$\sqrt{{{}}}={n}$，所以结果为 ${}$。", n * n, 2 * n),
                level: 1,
                also_right: None,
            }
        }
        "整式与因式分解" | "一元二次方程" => {
            let p = rng.random_range(-7..=7_i64);
            let q = rng.random_range(-7..=7_i64);
            let poly = format!("x^2 {}x {}", signed(-(p + q)), signed(p * q));
            if point == "整式与因式分解" {
                Draft {
                    stem: format!("分解因式：${poly}=$"),
                    answer: format!("$(x {})(x {})$", signed(-p), signed(-q)),
                    wrong: [
                        format!("$(x {})(x {})$", signed(p), signed(q)),
                        format!("$(x {})^2$", signed(-p)),
                        format!("$(x {})(x {})$", signed(-p), signed(q)),
                    ],
                    analysis: format!(
                        "十字相乘：${}={}\\times{}$，${}=({})+({})$，所以 ${poly}=(x {})(x {})$。",
                        p * q,
                        p,
                        q,
                        p + q,
                        p,
                        q,
                        signed(-p),
                        signed(-q)
                    ),
                    level: 2,
                    also_right: None,
                }
            } else {
                Draft {
                    stem: format!("一元二次方程 ${poly}=0$ 的一个根是"),
                    answer: format!("$x={p}$"),
                    wrong: [format!("$x={}$", -p), format!("$x={}$", p + q + 1), format!("$x={}$", p * q + 1)],
                    analysis: format!("因式分解得 $(x {})(x {})=0$，所以 $x_1={p}$，$x_2={q}$。", signed(-p), signed(-q)),
                    level: 2 + (p.abs() + q.abs() > 8) as i64,
                    also_right: (p != q && -p != q && p + q + 1 != q && p * q + 1 != q).then(|| format!("$x={q}$")),
                }
            }
        }
        "一元一次不等式组" => {
            let lo = rng.random_range(-6..=2_i64);
            let hi = lo + rng.random_range(1..=6_i64);
            Draft {
                stem: format!(r"不等式组 $\begin{{cases}} x {} > 0 \\ x {} < 0 \end{{cases}}$ 的解集是", signed(-lo), signed(-hi)),
                answer: format!("${lo}<x<{hi}$"),
                wrong: [format!("$x>{lo}$"), format!("$x<{hi}$"), "无解".to_owned()],
                analysis: format!("由第一个不等式得 $x>{lo}$，由第二个得 $x<{hi}$，所以解集为 ${lo}<x<{hi}$。"),
                level: 2,
                also_right: None,
            }
        }
        "牛顿第二定律" => {
            let m = rng.random_range(1..=10_i64);
            let acc = rng.random_range(1..=6_i64);
            Draft {
                stem: format!(r"质量为 ${m}\,\mathrm{{kg}}$ 的物体在光滑水平面上以 ${acc}\,\mathrm{{m/s^2}}$ 的加速度运动，它受到的合外力为"),
                answer: format!(r"${}\,\mathrm{{N}}$", m * acc),
                wrong: [format!(r"${}\,\mathrm{{N}}$", m + acc), format!(r"${m}\,\mathrm{{N}}$"), format!(r"${}\,\mathrm{{N}}$", m * acc * 10)],
                analysis: format!(r"由牛顿第二定律 $F=ma={m}\times{acc}={}\,\mathrm{{N}}$。", m * acc),
                level: 1,
                also_right: None,
            }
        }
        "匀变速直线运动" => {
            let v0 = rng.random_range(0..=10_i64);
            let acc = rng.random_range(1..=5_i64);
            let t = rng.random_range(1..=6_i64);
            Draft {
                stem: format!(r"物体以初速度 ${v0}\,\mathrm{{m/s}}$、加速度 ${acc}\,\mathrm{{m/s^2}}$ 做匀加速直线运动，${t}\,\mathrm{{s}}$ 末的速度为"),
                answer: format!(r"${}\,\mathrm{{m/s}}$", v0 + acc * t),
                wrong: [
                    format!(r"${}\,\mathrm{{m/s}}$", acc * t),
                    format!(r"${}\,\mathrm{{m/s}}$", v0 * t + acc),
                    format!(r"${}\,\mathrm{{m/s}}$", v0 + acc * t * t),
                ],
                analysis: format!(r"由 $v=v_0+at={v0}+{acc}\times{t}={}\,\mathrm{{m/s}}$。", v0 + acc * t),
                level: 2,
                also_right: None,
            }
        }
        "自由落体运动" => {
            let t = rng.random_range(1..=5_i64);
            Draft {
                stem: format!(r"物体从静止开始做自由落体运动（$g=10\,\mathrm{{m/s^2}}$），${t}\,\mathrm{{s}}$ 内下落的高度为"),
                answer: format!(r"${}\,\mathrm{{m}}$", 5 * t * t),
                wrong: [format!(r"${}\,\mathrm{{m}}$", 10 * t), format!(r"${}\,\mathrm{{m}}$", 10 * t * t), format!(r"${}\,\mathrm{{m}}$", 5 * t)],
                analysis: format!(r"由 $h=\frac{{1}}{{2}}gt^2=\frac{{1}}{{2}}\times10\times{t}^2={}\,\mathrm{{m}}$。", 5 * t * t),
                level: 2,
                also_right: None,
            }
        }
        "动能定理" => {
            let m = rng.random_range(1..=6_i64);
            let v = 2 * rng.random_range(1..=5_i64);
            Draft {
                stem: format!(r"质量为 ${m}\,\mathrm{{kg}}$ 的物体由静止被加速到 ${v}\,\mathrm{{m/s}}$，合外力做的功为"),
                answer: format!(r"${}\,\mathrm{{J}}$", m * v * v / 2),
                wrong: [format!(r"${}\,\mathrm{{J}}$", m * v * v), format!(r"${}\,\mathrm{{J}}$", m * v), format!(r"${}\,\mathrm{{J}}$", m * v / 2)],
                analysis: format!(r"由动能定理 $W=\Delta E_k=\frac{{1}}{{2}}mv^2=\frac{{1}}{{2}}\times{m}\times{v}^2={}\,\mathrm{{J}}$。", m * v * v / 2),
                level: 3,
                also_right: None,
            }
        }
        "欧姆定律" => {
            let r = rng.random_range(2..=20_i64);
            let i = rng.random_range(1..=5_i64);
            Draft {
                stem: format!(r"阻值为 ${r}\,\Omega$ 的电阻中通过 ${i}\,\mathrm{{A}}$ 的电流，它两端的电压为"),
                answer: format!(r"${}\,\mathrm{{V}}$", r * i),
                wrong: [format!(r"${}\,\mathrm{{V}}$", r + i), format!(r"${r}\,\mathrm{{V}}$"), format!(r"${}\,\mathrm{{V}}$", r * i * i)],
                analysis: format!(r"由欧姆定律 $U=IR={i}\times{r}={}\,\mathrm{{V}}$。", r * i),
                level: 1,
                also_right: None,
            }
        }
        _ => {
            let q = rng.random_range(1..=9_i64);
            Draft {
                stem: format!(r"（{point}）若 $x={q}$，则代数式 ${a}x^2 {}x {}$ 的值为", signed(b), signed(c)),
                answer: format!("${}$", a * q * q + b * q + c),
                wrong: [format!("${}$", a * q + b * q + c), format!("${}$", a * q * q + c), format!("${}$", a * q * q + b * q)],
                analysis: format!("代入 $x={q}$：${a}\\times{q}^2 {}\\times{q} {}={}$。", signed(b), signed(c), a * q * q + b * q + c),
                level: 2,
                also_right: None,
            }
        }
    }
}

const LETTERS: [char; 5] = ['A', 'B', 'C', 'D', 'E'];

/// Turns a draft into a question of the type drawn.
fn question(point: &Point, d: Draft, rng: &mut ChaCha8Rng) -> NewQuestion {
    let roll = rng.random_range(0..10);
    let (question_type, stem, options, answer) = match (roll, &d.also_right) {
        (0..=1, Some(second)) => {
            let mut options = vec![d.answer.clone(), second.clone(), d.wrong[0].clone(), d.wrong[1].clone()];
            shuffle(&mut options, rng);
            let mut letters: Vec<char> = options.iter().enumerate().filter(|(_, o)| **o == d.answer || *o == second).map(|(i, _)| LETTERS[i]).collect();
            letters.sort_unstable();
            (2, format!("{}（多选）", d.stem), options, letters.into_iter().collect())
        }
        (0..=5, _) => {
            let mut options = vec![d.answer.clone(), d.wrong[0].clone(), d.wrong[1].clone(), d.wrong[2].clone()];
            shuffle(&mut options, rng);
            let at = options.iter().position(|o| *o == d.answer).unwrap_or(0);
            (1, format!("{}（　）", d.stem), options, LETTERS[at].to_string())
        }
        (6..=7, _) => (3, format!("{}______。", d.stem), Vec::new(), d.answer.clone()),
        _ => (4, format!("{}？请写出解答过程。", d.stem), Vec::new(), d.answer.clone()),
    };
    let difficulty = (d.level + (question_type == 4) as i64 + (question_type == 2) as i64).clamp(1, 5);
    NewQuestion {
        subject: point.subject,
        stage: point.stage,
        question_type,
        stem,
        options,
        answer,
        analysis: d.analysis,
        difficulty,
        composite_score: (rng.random_range(30..=50) as f64) / 10.0,
        owner_id: 0,
        origin_id: None,
        audit_status: 0,
        points: vec![point.node_id],
    }
}

fn shuffle(items: &mut [String], rng: &mut ChaCha8Rng) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.random_range(0..=i));
    }
}

/// A knowledge point questions are made for.
#[derive(Debug, Clone)]
pub struct Point {
    pub node_id: i64,
    pub subject: i64,
    pub stage: i64,
    pub name: String,
}

/// The leaves of the centre's published trees.
pub async fn points(db: &Db) -> Result<Vec<Point>> {
    let rows: Vec<(i64, i64, i64, String)> = sqlx::query_as(
        "SELECT n.id, n.subject, n.stage, n.name FROM atlas_nodes n JOIN atlas_trees t ON t.id = n.tree_id \
         WHERE t.owner_id = 0 AND t.published_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM atlas_nodes c WHERE c.parent_id = n.id) ORDER BY n.id",
    )
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().map(|(node_id, subject, stage, name)| Point { node_id, subject, stage, name }).collect())
}

/// `count` questions spread over the points, deterministic for a seed.
pub fn make(points: &[Point], seed: u64, count: usize) -> Vec<NewQuestion> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .filter_map(|i| {
            let point = points.get(i % points.len().max(1))?;
            let d = draft(&point.name, &mut rng);
            Some(question(point, d, &mut rng))
        })
        .collect()
}

/// Fills the bank with `count` questions when it has none; how many it stored.
pub async fn generate(db: &Db, seed: u64, count: usize) -> Result<usize> {
    let existing: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM questions WHERE owner_id = 0").fetch_one(db.pool()).await?;
    if existing > 0 {
        return Ok(0);
    }
    let points = points(db).await?;
    let questions = make(&points, seed, count);
    for chunk in questions.chunks(2000) {
        super::insert_many(db, chunk).await?;
    }
    Ok(questions.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points() -> Vec<Point> {
        ["二次函数", "一元二次方程", "三角函数的图像与性质", "牛顿第二定律", "任意角与弧度制"]
            .iter()
            .enumerate()
            .map(|(i, name)| Point { node_id: i as i64 + 1, subject: 54, stage: 4, name: (*name).to_owned() })
            .collect()
    }

    #[test]
    fn same_seed_same_bank_and_answers_are_among_the_options() {
        let a = make(&points(), 7, 400);
        let b = make(&points(), 7, 400);
        assert_eq!(a.len(), 400);
        assert!(a.iter().zip(&b).all(|(x, y)| x.stem == y.stem && x.answer == y.answer));
        for q in &a {
            assert!((1..=5).contains(&q.difficulty));
            match q.question_type {
                1 => {
                    assert_eq!(q.options.len(), 4);
                    assert_eq!(q.answer.len(), 1, "{}", q.stem);
                }
                2 => assert!(q.answer.len() >= 2, "{} {}", q.stem, q.answer),
                _ => assert!(q.options.is_empty() && !q.answer.is_empty()),
            }
        }
        for t in 1..=4 {
            assert!(a.iter().any(|q| q.question_type == t), "type {t} drawn");
        }
    }
}
