//! Reading an uploaded .xlsx: the cells of its first sheet as text (the imports of accounts and of
//! exam groups). Everything in the file comes from a client: a file that is not a workbook, has
//! no sheet or too many rows is refused with the reason shown to the user.

use calamine::Reader;

/// The cells of the first sheet of `bytes`, trimmed, row by row (the header row first); at most
/// `max_rows` rows below the header. `what` names the rows in the refusal (`行`, `行学生`).
pub fn read_first_sheet(bytes: Vec<u8>, max_rows: usize, what: &str) -> Result<Vec<Vec<String>>, String> {
    // calamine 0.38 panics on some malformed files (a cell reference whose row overflows, found
    // by `make fuzz`): such a file is one it cannot read.
    std::panic::catch_unwind(move || read(bytes, max_rows, what)).unwrap_or_else(|_| Err(UNREADABLE.to_owned()))
}

const UNREADABLE: &str = "工作表无法读取";

fn read(bytes: Vec<u8>, max_rows: usize, what: &str) -> Result<Vec<Vec<String>>, String> {
    let mut book = calamine::Xlsx::new(std::io::Cursor::new(bytes)).map_err(|_| "不是有效的 Excel（.xlsx）文件".to_owned())?;
    let sheet = book.worksheet_range_at(0).ok_or("文件里没有工作表")?.map_err(|_| UNREADABLE.to_owned())?;
    if sheet.height() > max_rows + 1 {
        return Err(format!("最多导入{max_rows}{what}（文件有{}行）", sheet.height() - 1));
    }
    Ok(sheet.rows().map(|row| row.iter().map(|c| c.to_string().trim().to_owned()).collect()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_workbook_reads_as_its_cells() {
        let mut book = rust_xlsxwriter::Workbook::new();
        let sheet = book.add_worksheet();
        sheet.write_string(0, 0, "学号").unwrap();
        sheet.write_string(0, 1, " 姓名 ").unwrap();
        sheet.write_number(1, 0, 42.0).unwrap();
        sheet.write_string(1, 1, "学员1").unwrap();
        let rows = read_first_sheet(book.save_to_buffer().unwrap(), 10, "行").unwrap();
        assert_eq!(rows, vec![vec!["学号", "姓名"], vec!["42", "学员1"]]);
        assert_eq!(read_first_sheet(b"PK not a zip".to_vec(), 10, "行").unwrap_err(), "不是有效的 Excel（.xlsx）文件");
    }

    /// Found by the `xlsx_import` fuzz target: calamine's cell reference arithmetic overflows.
    #[test]
    fn a_file_that_breaks_the_reader_is_refused() {
        let bytes = include_bytes!("../tests/fixtures/xlsx-cell-reference-overflow.xlsx").to_vec();
        assert_eq!(read_first_sheet(bytes, 1000, "行").unwrap_err(), UNREADABLE);
    }
}
