//! Exports that are safe to open in a spreadsheet. A cell a tenant or a device wrote (an SN, a
//! reason, a name) that starts with `=`, `+`, `-`, `@`, a tab or a carriage return would run as a
//! formula in Excel (CSV injection): such a cell is prefixed with `'` and quoted. In an Excel
//! workbook, write such text as a string cell (rust_xlsxwriter's `write_string`), never as a
//! formula.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use serde::Serialize;

/// The media type of an Excel workbook.
pub const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// A file a route answers for the browser to save (the TS SDK's `downloadBase64`).
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedFile {
    pub file_name: String,
    pub content_type: String,
    /// The bytes in base64.
    pub content: String,
}

impl ExportedFile {
    pub fn new(file_name: impl Into<String>, content_type: &str, bytes: &[u8]) -> Self {
        ExportedFile { file_name: file_name.into(), content_type: content_type.into(), content: STANDARD.encode(bytes) }
    }
}

/// A name safe in a file name: letters and digits kept, anything else `_`.
pub fn file_stem(name: &str) -> String {
    name.chars().map(|c| if c.is_alphanumeric() || c == '-' { c } else { '_' }).collect()
}

/// One CSV cell of text.
pub fn csv_cell(text: &str) -> String {
    let formula = text.starts_with(['=', '+', '-', '@', '\t', '\r']);
    let text = if formula { format!("'{text}") } else { text.to_string() };
    if formula || text.contains([',', '"', '\n', '\r']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text }
}

/// One CSV line of cells already made safe (text through [`csv_cell`], numbers as they are).
pub fn csv_line<S: AsRef<str>>(cells: impl IntoIterator<Item = S>) -> String {
    let cells: Vec<String> = cells.into_iter().map(|c| c.as_ref().to_string()).collect();
    cells.join(",") + "\r\n"
}

#[cfg(test)]
mod tests {
    use super::csv_cell;

    #[test]
    fn formulas_are_defused_and_separators_quoted() {
        assert_eq!(csv_cell("SN-001"), "SN-001");
        assert_eq!(csv_cell("=HYPERLINK(\"http://x\")"), "\"'=HYPERLINK(\"\"http://x\"\")\"");
        for start in ["+1", "-1+2", "@SUM(A1)", "\tcmd", "\rcmd"] {
            assert!(csv_cell(start).starts_with("\"'"), "{start:?}");
        }
        assert_eq!(csv_cell("a,b"), "\"a,b\"");
        assert_eq!(csv_cell("line\rbreak"), "\"line\rbreak\"");
    }
}
