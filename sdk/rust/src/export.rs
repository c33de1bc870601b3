//! Exports that are safe to open in a spreadsheet. A cell a tenant or a device wrote (an SN, a
//! reason, a name) that starts with `=`, `+`, `-`, `@`, a tab or a carriage return would run as a
//! formula in Excel (CSV injection): such a cell is prefixed with `'` and quoted.

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
