//! Copy libraries in Excel (the copy-library import): a library exported as a workbook a translator
//! fills in, and imported back. The first row names the columns: the keys, the description, the
//! function type and code, the placeholder count, then one column per language code. Every row is
//! checked before any is kept ("data does not match, please re-enter", naming the row); a key the
//! library has gets the texts of the file, a new key is added.

use console_plugin_sdk::export::{ExportedFile, XLSX, file_stem};
use console_plugin_sdk::validate;
use console_plugin_sdk::{Call, PluginError, PluginResult, Query, Value, json, sheet, upload};
use rust_xlsxwriter::{Workbook, XlsxError};
use serde::Deserialize;

use crate::copies::{COPIES, CopyInput, LIBRARIES, MAX_ENTRIES, key_path, required_languages};

pub const PURPOSE: &str = "copy-excel";
const COLUMNS: [&str; 7] =
    ["key1", "key2", "key3", "keyDescription", "functionType", "functionCode", "placeholderCount"];

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SheetInput {
    library: String,
    project_id: String,
    /// The workbook's upload id (purpose `copy-excel`: Excel only, at most 20 MB, not encrypted).
    upload_id: String,
}

fn library_of(library: &str, project_id: &str) -> PluginResult<(String, String)> {
    let library = validate::one_of("library", library, &LIBRARIES)?;
    let project_id =
        if library == "project" { validate::required("projectId", project_id, 64)? } else { String::new() };
    Ok((library, project_id))
}

/// `GET /copies/export?library=&projectId=`: the library as a workbook.
pub fn export(call: &mut Call<'_>) -> PluginResult<Value> {
    let (library, project_id) =
        library_of(call.query("library").unwrap_or_default(), call.query("projectId").unwrap_or_default())?;
    let languages = required_languages(call, &library, &project_id)?;
    let query = Query::new()
        .eq("library", library.as_str())
        .eq("projectId", project_id.as_str())
        .sort("keyPath", false)
        .page(1, MAX_ENTRIES);
    let entries = COPIES.query(call.host, &query)?.list;
    let failed = |e: XlsxError| PluginError::internal(e.to_string());
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    for (column, title) in
        COLUMNS.iter().chain(languages.iter().map(String::as_str).collect::<Vec<_>>().iter()).enumerate()
    {
        sheet.write_string(0, column as u16, *title).map_err(failed)?;
    }
    for (n, entry) in entries.iter().enumerate() {
        let e = &entry.data;
        let row = n as u32 + 1;
        let count = if e.placeholder { e.placeholder_count.to_string() } else { String::new() };
        let cells = [&e.key1, &e.key2, &e.key3, &e.key_description, &e.function_type, &e.function_code, &count];
        // Every cell as a string: a text starting with `=` stays text, never a formula.
        for (column, text) in cells.iter().enumerate() {
            sheet.write_string(row, column as u16, text.as_str()).map_err(failed)?;
        }
        for (i, lang) in languages.iter().enumerate() {
            let text = e.texts.get(lang).map_or("", String::as_str);
            sheet.write_string(row, (COLUMNS.len() + i) as u16, text).map_err(failed)?;
        }
    }
    let bytes = workbook.save_to_buffer().map_err(failed)?;
    let name = format!("copy-{}-{}.xlsx", library, file_stem(&project_id));
    Ok(json!(ExportedFile::new(name, XLSX, &bytes)))
}

/// `GET /copies/import-template?library=&projectId=`: the import's columns, one per language
/// the library requires, and no entry.
pub fn template(call: &mut Call<'_>) -> PluginResult<Value> {
    let (library, project_id) =
        library_of(call.query("library").unwrap_or_default(), call.query("projectId").unwrap_or_default())?;
    let languages = required_languages(call, &library, &project_id)?;
    let titles: Vec<&str> = COLUMNS.iter().copied().chain(languages.iter().map(String::as_str)).collect();
    Ok(json!(sheet::template(&format!("copy-{library}-import.xlsx"), &titles)?))
}

fn row_error(row: u32, error: &PluginError) -> PluginError {
    sheet::row_error("uploadId", row, error)
}

/// `POST /copies/import`: a workbook into a library, all rows or none.
pub fn import(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: SheetInput = call.body()?;
    let (library, project_id) = library_of(&input.library, &input.project_id)?;
    let languages = required_languages(call, &library, &project_id)?;
    let file = upload::claim(call.host, "uploadId", &input.upload_id, PURPOSE)?;
    let bytes = call.host.file_get(&file.name).map_err(PluginError::internal)?.unwrap_or_default();
    call.host.file_delete(&file.name).map_err(PluginError::internal)?;
    let rows = sheet::first_sheet_rows(bytes, MAX_ENTRIES as usize + 1)
        .map_err(|_| sheet::mismatch("uploadId", sheet::unreadable()))?;
    let Some((_, header)) = rows.first() else { return Err(sheet::mismatch("uploadId", sheet::unreadable())) };
    let position = |title: &str| header.iter().position(|h| h.trim() == title);
    let missing: Vec<&str> = COLUMNS.iter().copied().filter(|c| position(c).is_none()).collect();
    if !missing.is_empty() {
        let names = missing.join(", ");
        let why = sheet::missing_columns(&names);
        return Err(sheet::mismatch("uploadId", why));
    }
    let language_columns: Vec<(String, usize)> =
        languages.iter().filter_map(|lang| position(lang).map(|column| (lang.clone(), column))).collect();
    let text =
        |row: &[String], name: &str| position(name).map_or(String::new(), |c| sheet::cell(row, c).trim().to_string());

    // Every row checked first; then kept.
    let mut checked = Vec::new();
    for (row_number, row) in rows.iter().skip(1) {
        if row.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        let count = text(row, "placeholderCount");
        let placeholder_count = if count.is_empty() {
            0
        } else {
            count.parse::<u32>().map_err(|_| row_error(*row_number, &PluginError::required("placeholderCount")))?
        };
        let mut entry = CopyInput {
            library: library.clone(),
            project_id: project_id.clone(),
            key1: text(row, "key1"),
            key2: text(row, "key2"),
            key3: text(row, "key3"),
            key_description: text(row, "keyDescription"),
            placeholder: placeholder_count > 0,
            placeholder_count,
            function_type: text(row, "functionType"),
            function_code: text(row, "functionCode"),
            ..CopyInput::default()
        };
        for (lang, column) in &language_columns {
            entry.texts.insert(lang.clone(), sheet::cell(row, *column).trim().to_string());
        }
        let key_path = key_path([&entry.key1, &entry.key2, &entry.key3], &entry.function_type, &entry.function_code);
        let current = COPIES
            .query(
                call.host,
                &Query::new()
                    .eq("library", library.as_str())
                    .eq("projectId", project_id.as_str())
                    .eq("keyPath", key_path.as_str())
                    .page(1, 1),
            )?
            .list
            .into_iter()
            .next();
        // A key the library has keeps what the file leaves out.
        if let Some(current) = &current {
            entry.assignee = current.data.assignee.clone();
            entry.parent_function_type = current.data.parent_function_type.clone();
            entry.project_type = current.data.project_type.clone();
            for (lang, text) in &current.data.texts {
                entry.texts.entry(lang.clone()).or_insert_with(|| text.clone());
            }
        }
        if checked.iter().any(|(path, _, _)| *path == key_path) {
            return Err(row_error(
                *row_number,
                &PluginError::invalid("key1", console_plugin_sdk::Message::Duplicate { fields: vec![key_path] }),
            ));
        }
        let data = entry.validate(call, current.as_ref()).map_err(|e| row_error(*row_number, &e))?;
        checked.push((key_path, current.map(|c| (c.id, c.version)), data));
    }
    let (mut added, mut updated) = (0, 0);
    for (_, current, data) in checked {
        match current {
            Some((id, version)) => {
                COPIES.update(call.host, &id, &data, Some(version))?;
                updated += 1;
            }
            None => {
                COPIES.insert(call.host, &data)?;
                added += 1;
            }
        }
        crate::synced_copies::saved(call, &data)?;
    }
    call.host.audit(
        "Import a copy library from Excel",
        &format!("{library} {project_id}: {added} added, {updated} updated"),
    );
    Ok(json!({ "added": added, "updated": updated }))
}
