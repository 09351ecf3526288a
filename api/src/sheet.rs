//! Reading an uploaded .xlsx: the cells of its first sheet as text (the imports of accounts and of
//! exam groups). Everything in the file comes from a client: a file that is not a workbook, has
//! no sheet or too many rows is refused with the reason shown to the user.

use calamine::Reader;

/// The cells of the first sheet of `bytes`, trimmed, row by row (the header row first); at most
/// `max_rows` rows below the header. `what` names the rows in the refusal (`行`, `行学生`).
pub fn read_first_sheet(bytes: Vec<u8>, max_rows: usize, what: &str) -> Result<Vec<Vec<String>>, String> {
    let mut book = calamine::Xlsx::new(std::io::Cursor::new(bytes)).map_err(|_| "不是有效的 Excel（.xlsx）文件".to_owned())?;
    let sheet = book.worksheet_range_at(0).ok_or("文件里没有工作表")?.map_err(|_| "工作表无法读取".to_owned())?;
    if sheet.height() > max_rows + 1 {
        return Err(format!("最多导入{max_rows}{what}（文件有{}行）", sheet.height() - 1));
    }
    Ok(sheet.rows().map(|row| row.iter().map(|c| c.to_string().trim().to_owned()).collect()).collect())
}
