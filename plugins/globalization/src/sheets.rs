//! Texts in Excel for translators: the columns `module`, `key`, `description`, then one per
//! platform language. An import checks every row before it keeps any ("data does not match,
//! please re-enter", naming the row); a key the kind has gets the file's texts, others are added.
//! Every cell is written as a string: a text starting with `=` stays text, never a formula.

use console_plugin_sdk::export::{ExportedFile, XLSX};
use console_plugin_sdk::resource::Resource;
use console_plugin_sdk::{Call, PluginError, PluginResult, Value, json, platform, sheet, upload};
use rust_xlsxwriter::{Workbook, XlsxError};
use serde::{Deserialize, Serialize};

use crate::texts::{Kind, MAX_TEXTS, TEXTS, TextInput, Texts, all_of, existing};

const COLUMNS: [&str; 3] = ["module", "key", "description"];

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SheetInput {
    /// The workbook's upload id (purpose `<kind>-excel`: Excel only, at most 20 MB, not encrypted).
    upload_id: String,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct Imported {
    pub added: u32,
    pub updated: u32,
}

/// `GET /<kind>/export`: every text of the kind.
pub fn export<R: KindPage>(call: &mut Call<'_>) -> PluginResult<Value> {
    let languages = platform::languages(call.host)?;
    let texts = all_of(call, R::KIND, None)?;
    let failed = |e: XlsxError| PluginError::internal(e.to_string());
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    let titles = COLUMNS.iter().copied().chain(languages.iter().map(String::as_str));
    for (column, title) in titles.enumerate() {
        sheet.write_string(0, column as u16, title).map_err(failed)?;
    }
    for (n, doc) in texts.iter().enumerate() {
        let row = n as u32 + 1;
        let text = &doc.data;
        let cells = [&text.module, &text.key, &text.description]
            .into_iter()
            .map(String::as_str)
            .chain(languages.iter().map(|l| text.texts.get(l).map_or("", String::as_str)));
        for (column, cell) in cells.enumerate() {
            sheet.write_string(row, column as u16, cell).map_err(failed)?;
        }
    }
    let bytes = workbook.save_to_buffer().map_err(failed)?;
    Ok(json!(ExportedFile::new(format!("{}-texts.xlsx", R::KIND), XLSX, &bytes)))
}

/// `GET /<kind>/import-template`: the import's columns, one per platform language, and no text.
pub fn template<R: KindPage>(call: &mut Call<'_>) -> PluginResult<Value> {
    let languages = platform::languages(call.host)?;
    let titles: Vec<&str> = COLUMNS.iter().copied().chain(languages.iter().map(String::as_str)).collect();
    Ok(json!(sheet::template(&format!("{}-import.xlsx", R::KIND), &titles)?))
}

/// `POST /<kind>/import`: a filled-in workbook, all rows or none.
pub fn import<R: KindPage>(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: SheetInput = call.body()?;
    let languages = platform::languages(call.host)?;
    let file = upload::claim(call.host, "uploadId", &input.upload_id, R::PURPOSE)?;
    let bytes = call.host.file_get(&file.name).map_err(PluginError::internal)?.unwrap_or_default();
    call.host.file_delete(&file.name).map_err(PluginError::internal)?;
    let rows = sheet::first_sheet_rows(bytes, MAX_TEXTS as usize + 1)
        .map_err(|_| sheet::mismatch("uploadId", sheet::unreadable()))?;
    let Some((_, header)) = rows.first() else { return Err(sheet::mismatch("uploadId", sheet::unreadable())) };
    let position = |title: &str| header.iter().position(|h| h.trim() == title);
    let missing: Vec<&str> = COLUMNS.iter().copied().filter(|c| position(c).is_none()).collect();
    if !missing.is_empty() {
        return Err(sheet::mismatch("uploadId", sheet::missing_columns(&missing.join(", "))));
    }
    let cell = |row: &[String], name: &str| position(name).map_or(String::new(), |c| sheet::cell(row, c).to_string());

    let mut checked = Vec::new();
    for (number, row) in rows.iter().skip(1) {
        if row.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        let mut entry = TextInput {
            module: cell(row, "module"),
            key: cell(row, "key"),
            description: cell(row, "description"),
            ..Default::default()
        };
        for lang in &languages {
            entry.texts.insert(lang.clone(), cell(row, lang));
        }
        let text = entry.validate::<R::K>(&languages).map_err(|e| sheet::row_error("uploadId", *number, &e))?;
        if checked.iter().any(|(_, t): &(_, crate::Text)| t.module == text.module && t.key == text.key) {
            let repeated =
                PluginError::invalid("key", console_plugin_sdk::Message::Duplicate { fields: vec![text.key.clone()] });
            return Err(sheet::row_error("uploadId", *number, &repeated));
        }
        let current = existing(call, R::KIND, &text.module, &text.key)?;
        checked.push((current, text));
    }
    let (mut added, mut updated) = (0, 0);
    for (current, mut text) in checked {
        match current {
            Some(current) => {
                // What the file leaves empty keeps its text.
                for (lang, kept) in current.data.texts {
                    text.texts.entry(lang).or_insert(kept);
                }
                TEXTS.update(call.host, &current.id, &text, Some(current.version))?;
                updated += 1;
            }
            None => {
                TEXTS.insert(call.host, &text)?;
                added += 1;
            }
        }
        crate::synced::upserted(call, &text)?;
    }
    call.host.audit("Import texts from Excel", &format!("{}: {added} added, {updated} updated", R::KIND));
    Ok(json!(Imported { added, updated }))
}

/// A kind's page: its resource, its kind and its upload purpose.
pub trait KindPage: Resource {
    type K: Kind;
    const KIND: &'static str = <Self::K as Kind>::KIND;
    const PURPOSE: &'static str;
}

impl KindPage for Texts<crate::texts::ModuleKind> {
    type K = crate::texts::ModuleKind;
    const PURPOSE: &'static str = "modules-excel";
}

impl KindPage for Texts<crate::texts::CodeKind> {
    type K = crate::texts::CodeKind;
    const PURPOSE: &'static str = "codes-excel";
}
