//! Chinese word segmentation for the question search: jieba with the subjects' terms added, so
//! 二次函数 is one word as a teacher types it. Questions are indexed in search mode (a long word
//! and the shorter words in it: 二次函数, 二次, 函数); a keyword is split the plain way and each
//! of its words must be among the question's.

use std::collections::HashMap;
use std::sync::OnceLock;

use jieba_rs::Jieba;

/// Terms of the subjects the general dictionary splits or misses.
const SUBJECT_WORDS: [&str; 40] = [
    "二次函数",
    "一次函数",
    "反比例函数",
    "指数函数",
    "对数函数",
    "三角函数",
    "幂函数",
    "定义域",
    "值域",
    "单调性",
    "单调区间",
    "最值",
    "极值",
    "导数",
    "切线",
    "斜率",
    "弧度制",
    "任意角",
    "周期性",
    "一元二次方程",
    "判别式",
    "不等式组",
    "因式分解",
    "整式",
    "有理数",
    "无理数",
    "实数",
    "数轴",
    "解集",
    "配方法",
    "牛顿第二定律",
    "加速度",
    "匀变速",
    "自由落体",
    "动能定理",
    "机械能守恒",
    "动量守恒",
    "摩擦力",
    "电场强度",
    "欧姆定律",
];

/// Words too common to tell questions apart.
const STOP_WORDS: [&str; 22] =
    ["的", "了", "是", "在", "和", "与", "为", "则", "之", "其", "或", "且", "及", "这", "那", "个", "中", "若", "设", "求", "已知", "下列"];

fn jieba() -> &'static Jieba {
    static JIEBA: OnceLock<Jieba> = OnceLock::new();
    JIEBA.get_or_init(|| {
        let mut jieba = Jieba::new();
        for word in SUBJECT_WORDS {
            jieba.add_word(word, Some(50_000), None);
        }
        jieba
    })
}

/// Loads the dictionary now (it takes a moment) rather than on the first search.
pub fn warm_up() {
    let _ = jieba();
}

/// LaTeX delimiters and commands out, ASCII lower-cased: `$\frac{1}{x}$` searches as `1 x`.
fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                // A command name (`\frac`) or a delimiter (`\(`): dropped.
                if chars.peek().is_some_and(|n| n.is_ascii_alphabetic()) {
                    while chars.peek().is_some_and(|n| n.is_ascii_alphabetic()) {
                        chars.next();
                    }
                } else {
                    chars.next();
                }
                out.push(' ');
            }
            '$' | '{' | '}' | '^' | '_' => out.push(' '),
            c => out.push(c.to_ascii_lowercase()),
        }
    }
    out
}

fn is_cjk(c: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&c) || ('\u{3400}'..='\u{4dbf}').contains(&c)
}

/// Whether a segment is a word worth indexing: Chinese (not a stop word), or letters and digits
/// of two characters or more.
fn keep(word: &str) -> bool {
    if word.chars().any(is_cjk) {
        return !STOP_WORDS.contains(&word);
    }
    word.chars().all(|c| c.is_alphanumeric()) && word.chars().count() >= 2
}

/// A question's words with how often each occurs, and how many words it has.
pub fn index_terms(text: &str) -> (HashMap<String, i64>, i64) {
    let text = normalise(text);
    let mut terms: HashMap<String, i64> = HashMap::new();
    let mut count = 0;
    for token in jieba().cut_for_search(&text, true) {
        let word = token.word.trim();
        if keep(word) {
            *terms.entry(word.to_owned()).or_default() += 1;
            count += 1;
        }
    }
    (terms, count)
}

/// A keyword's words, in order, each once.
pub fn query_terms(keyword: &str) -> Vec<String> {
    let text = normalise(keyword);
    let mut terms: Vec<String> = Vec::new();
    for token in jieba().cut(&text, true) {
        let word = token.word.trim();
        if keep(word) && !terms.iter().any(|t| t == word) {
            terms.push(word.to_owned());
        }
    }
    terms
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subject_terms_are_words_and_their_parts_are_indexed() {
        let (terms, count) = index_terms("已知二次函数$y=x^2-2x+3$，求它的最小值。");
        assert!(terms.contains_key("二次函数"), "{terms:?}");
        assert!(terms.contains_key("函数"), "{terms:?}");
        assert!(!terms.contains_key("的") && !terms.contains_key("已知"));
        assert_eq!(count, terms.values().sum::<i64>());
        assert_eq!(query_terms("二次函数的最小值"), ["二次函数", "最小值"]);
    }

    #[test]
    fn latex_is_searched_by_its_content_not_its_markup() {
        let (terms, _) = index_terms(r"化简 \(\frac{ab}{2}\) 与 $\sqrt{ab}$");
        assert!(terms.contains_key("ab"), "{terms:?}");
        assert!(!terms.keys().any(|t| t.contains("frac") || t.contains("sqrt")), "{terms:?}");
        assert!(query_terms("的 了 x").is_empty());
    }
}
