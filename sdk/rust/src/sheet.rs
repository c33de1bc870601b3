//! The first sheet of an Excel workbook a user uploaded, as text rows (feature `excel`). Read
//! inside the plugin, so a hostile file meets the memory and time limits of the call.

use std::io::Cursor;

use calamine::{Data, Reader, Xlsx};

use crate::error::PluginError;

/// A cell as a user reads it: a column of digits stored as numbers is 1001, not 1001.0.
pub fn cell_text(cell: &Data) -> String {
    match cell {
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        other => other.to_string().trim().to_string(),
    }
}

/// Why a workbook gives no rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SheetError {
    /// No workbook, or its first sheet cannot be read.
    Unreadable,
    /// More rows than the caller takes (a title row allowed beside them).
    TooManyRows,
}

/// The columns a sheet may start right of A: past this, its first column is no data's.
const MAX_LEAD_COLUMNS: u32 = 26;

/// The rows of the workbook's first sheet with their numbers as Excel shows them (from 1), each
/// from column A (a sheet starting further right has empty leading cells). At most `max_rows`
/// rows and a title row: a taller sheet is refused before its cells become text.
pub fn first_sheet_rows(bytes: Vec<u8>, max_rows: usize) -> Result<Vec<(u32, Vec<String>)>, SheetError> {
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(bytes)).map_err(|_| SheetError::Unreadable)?;
    let range = book.worksheet_range_at(0).ok_or(SheetError::Unreadable)?.map_err(|_| SheetError::Unreadable)?;
    if range.height() > max_rows.saturating_add(1) {
        return Err(SheetError::TooManyRows);
    }
    let (first_row, first_column) = range.start().unwrap_or((0, 0));
    if first_column > MAX_LEAD_COLUMNS {
        return Err(SheetError::Unreadable);
    }
    let lead = vec![String::new(); first_column as usize];
    Ok(range
        .rows()
        .enumerate()
        .map(|(i, cells)| {
            let mut row = lead.clone();
            row.extend(cells.iter().map(cell_text));
            (first_row + i as u32 + 1, row)
        })
        .collect())
}

/// The Excel template of an import (`GET <import>-template`, which every Excel import offers):
/// an empty workbook named `file_name` with `titles` in its first row and every column kept as
/// text, so that an SN or a code typed into it keeps its leading zeros.
pub fn template(file_name: &str, titles: &[&str]) -> Result<crate::export::ExportedFile, PluginError> {
    use rust_xlsxwriter::{Format, Workbook, XlsxError};
    let failed = |e: XlsxError| PluginError::internal(e.to_string());
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    let text = Format::new().set_num_format("@");
    for (column, title) in titles.iter().enumerate() {
        let column = u16::try_from(column).map_err(|_| PluginError::internal("too many columns"))?;
        sheet.set_column_format(column, &text).map_err(failed)?;
        sheet.write_string(0, column, *title).map_err(failed)?;
    }
    let bytes = book.save_to_buffer().map_err(failed)?;
    Ok(crate::export::ExportedFile::new(file_name, crate::export::XLSX, &bytes))
}

/// The cell of `column` (0 for A), empty when the row is shorter.
pub fn cell(row: &[String], column: usize) -> &str {
    row.get(column).map_or("", String::as_str)
}

/// "Data does not match, please re-enter", and why (in the seven languages, naming the row),
/// on the field that carried the workbook.
pub fn mismatch(field: &str, why: [String; 7]) -> PluginError {
    let [zh, en, de, es, fr, pt, ru] = why;
    PluginError::localized(
        400,
        Some(field),
        [
            format!("数据不匹配，请重新输入（{zh}）"),
            format!("Data does not match, please re-enter ({en})."),
            format!("Die Daten stimmen nicht überein, bitte erneut eingeben ({de})."),
            format!("Los datos no coinciden, vuelva a introducirlos ({es})."),
            format!("Les données ne correspondent pas, veuillez les saisir à nouveau ({fr})."),
            format!("Os dados não correspondem, introduza-os novamente ({pt})."),
            format!("Данные не совпадают, введите их заново ({ru})."),
        ],
    )
}

/// Why: the workbook or its first sheet cannot be read.
pub fn unreadable() -> [String; 7] {
    [
        "无法读取该 Excel 文件的第一个工作表",
        "the first sheet of the workbook cannot be read",
        "das erste Tabellenblatt der Arbeitsmappe ist nicht lesbar",
        "no se puede leer la primera hoja del libro",
        "la première feuille du classeur est illisible",
        "não é possível ler a primeira folha do livro",
        "первый лист книги не читается",
    ]
    .map(str::to_string)
}

/// A row's refusal: `error` in each language, naming the row, as a mismatch on `field`.
pub fn row_error(field: &str, row: u32, error: &PluginError) -> PluginError {
    let words = ["第 {row} 行", "row {row}", "Zeile {row}", "fila {row}", "ligne {row}", "linha {row}", "строка {row}"];
    let why: [String; 7] = std::array::from_fn(|i| {
        format!("{}: {}", words[i].replace("{row}", &row.to_string()), error.render(crate::LANGS[i]))
    });
    mismatch(field, why)
}

/// Why: the header row lacks `names` (comma-separated).
pub fn missing_columns(names: &str) -> [String; 7] {
    let words = [
        "缺少列",
        "missing columns",
        "fehlende Spalten",
        "faltan columnas",
        "colonnes manquantes",
        "faltam colunas",
        "нет столбцов",
    ];
    words.map(|word| format!("{word}: {names}"))
}

/// Why: the SN of `row` repeats the one of `first`.
pub fn repeated_sn(row: u32, first: u32) -> [String; 7] {
    [
        format!("第 {row} 行：SN 与第 {first} 行重复"),
        format!("row {row}: the SN repeats row {first}"),
        format!("Zeile {row}: die SN wiederholt Zeile {first}"),
        format!("fila {row}: el SN repite la fila {first}"),
        format!("ligne {row} : le SN répète la ligne {first}"),
        format!("linha {row}: o SN repete a linha {first}"),
        format!("строка {row}: SN повторяет строку {first}"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine as _;

    #[test]
    fn a_template_reads_back_as_its_titles_alone() {
        let file = template("x.xlsx", &["SN", "名称"]).expect("template");
        assert_eq!((file.file_name.as_str(), file.content_type.as_str()), ("x.xlsx", crate::export::XLSX));
        let bytes = base64::engine::general_purpose::STANDARD.decode(&file.content).expect("base64");
        assert_eq!(first_sheet_rows(bytes, 10), Ok(vec![(1, vec!["SN".to_string(), "名称".to_string()])]));
    }
}
