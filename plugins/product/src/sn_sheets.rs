//! SN groups entered by hand or imported from an Excel workbook, and a group's SNs exported to
//! one (SNs one per line, a risk confirmation above 10, at most 20; Excel only, at
//! most 20 MB, not encrypted, which the host checks as the file arrives; "data does not match,
//! please re-enter" naming the row). The workbook is read here, inside the plugin, so a hostile
//! file meets the memory and time limits the host gives every call.
//!
//! The workbook's first sheet: a title row, then one SN per row in column A and, optionally,
//! the model code in column B; the export writes the same columns first, so it imports again.

use std::collections::{BTreeMap, HashMap};

use console_plugin_sdk::error::in_lang;
use console_plugin_sdk::export::{ExportedFile, XLSX, csv_cell, csv_line, file_stem};
use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Doc, PluginError, PluginResult, Query, Value, json, sheet, time, upload};
use rust_xlsxwriter::{Format, Workbook, XlsxError};
use serde::Deserialize;

use crate::models::ProductModel;
use crate::sn_groups::{
    ACTIVE, ENTERED, GROUPS, IMPORTED, MAX_RECORDS, SNS, SnGroup, device_key, new_secret, released_model, shown, store,
};

/// The upload purpose of SN workbooks (the manifest's `[[uploads]]`).
pub const PURPOSE: &str = "sn-excel";
pub const MAX_SN_LENGTH: usize = 64;
const PAGE: u32 = 1000;

const COLUMNS: [[&str; 7]; 5] = [
    ["SN", "SN", "SN", "SN", "SN", "SN", "SN"],
    ["型号编码", "Model code", "Modellcode", "Código de modelo", "Code du modèle", "Código do modelo", "Код модели"],
    ["分组", "Group", "Gruppe", "Grupo", "Groupe", "Grupo", "Группа"],
    ["已激活", "Activated", "Aktiviert", "Activado", "Activé", "Ativado", "Активирован"],
    [
        "激活时间 (UTC)",
        "Activated at (UTC)",
        "Aktiviert am (UTC)",
        "Activado el (UTC)",
        "Activé le (UTC)",
        "Ativado em (UTC)",
        "Время активации (UTC)",
    ],
];
const YES: [&str; 7] = ["是", "yes", "ja", "sí", "oui", "sim", "да"];
const NO: [&str; 7] = ["否", "no", "nein", "no", "non", "não", "нет"];

/// An SN is letters, digits and hyphens.
pub fn is_sn(text: &str) -> bool {
    !text.is_empty() && text.len() <= MAX_SN_LENGTH && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// Why a workbook's data does not match, with its row as Excel numbers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mismatch {
    NotAWorkbook,
    NoSns,
    TooMany,
    NotAnSn { row: u32 },
    OtherModel { row: u32, code: String },
    Repeated { row: u32, first: u32 },
    Exists { row: u32, sn: String },
}

impl Mismatch {
    fn why(&self) -> [String; 7] {
        match self {
            Mismatch::NotAWorkbook => sheet::unreadable(),
            Mismatch::NoSns => [
                "第一个工作表的 A 列中没有 SN".into(),
                "there is no SN in column A of the first sheet".into(),
                "in Spalte A des ersten Tabellenblatts steht keine SN".into(),
                "no hay ningún SN en la columna A de la primera hoja".into(),
                "aucun SN dans la colonne A de la première feuille".into(),
                "não há nenhum SN na coluna A da primeira folha".into(),
                "в столбце A первого листа нет ни одного SN".into(),
            ],
            Mismatch::TooMany => {
                let n = MAX_RECORDS;
                [
                    format!("一次最多导入 {n} 个 SN"),
                    format!("at most {n} SNs are imported at once"),
                    format!("höchstens {n} SNs auf einmal"),
                    format!("como máximo {n} SN a la vez"),
                    format!("au plus {n} SN à la fois"),
                    format!("no máximo {n} SN de cada vez"),
                    format!("не более {n} SN за один раз"),
                ]
            }
            Mismatch::NotAnSn { row } => [
                format!("第 {row} 行：SN 只能由数字、字母和连字符组成，最多 {MAX_SN_LENGTH} 个字符"),
                format!("row {row}: an SN is numbers, letters and hyphens, at most {MAX_SN_LENGTH} characters"),
                format!(
                    "Zeile {row}: eine SN besteht aus Ziffern, Buchstaben und Bindestrichen, höchstens {MAX_SN_LENGTH} Zeichen"
                ),
                format!(
                    "fila {row}: un SN consta de números, letras y guiones, como máximo {MAX_SN_LENGTH} caracteres"
                ),
                format!(
                    "ligne {row} : un SN se compose de chiffres, de lettres et de traits d’union, {MAX_SN_LENGTH} caractères au plus"
                ),
                format!(
                    "linha {row}: um SN é composto por números, letras e hífenes, no máximo {MAX_SN_LENGTH} caracteres"
                ),
                format!("строка {row}: SN состоит из цифр, букв и дефисов, не длиннее {MAX_SN_LENGTH} символов"),
            ],
            Mismatch::OtherModel { row, code } => [
                format!("第 {row} 行：型号编码 {code} 不是所选型号的编码"),
                format!("row {row}: the model code {code} is not the chosen model's"),
                format!("Zeile {row}: der Modellcode {code} gehört nicht zum gewählten Modell"),
                format!("fila {row}: el código de modelo {code} no es el del modelo elegido"),
                format!("ligne {row} : le code de modèle {code} n’est pas celui du modèle choisi"),
                format!("linha {row}: o código de modelo {code} não é o do modelo escolhido"),
                format!("строка {row}: код модели {code} не совпадает с выбранной моделью"),
            ],
            Mismatch::Repeated { row, first } => sheet::repeated_sn(*row, *first),
            Mismatch::Exists { row, sn } => [
                format!("第 {row} 行：SN {sn} 已存在"),
                format!("row {row}: the SN {sn} already exists"),
                format!("Zeile {row}: die SN {sn} existiert bereits"),
                format!("fila {row}: el SN {sn} ya existe"),
                format!("ligne {row} : le SN {sn} existe déjà"),
                format!("linha {row}: o SN {sn} já existe"),
                format!("строка {row}: SN {sn} уже существует"),
            ],
        }
    }

    /// "Data does not match, please re-enter", and why.
    pub fn refusal(&self) -> PluginError {
        sheet::mismatch("uploadId", self.why())
    }
}

/// The SNs of a workbook's first sheet with their rows, checked against the model's code.
pub fn sheet_sns(bytes: Vec<u8>, model_code: &str) -> Result<Vec<(u32, String)>, Mismatch> {
    let rows = sheet::first_sheet_rows(bytes, MAX_RECORDS as usize).map_err(|e| match e {
        sheet::SheetError::Unreadable => Mismatch::NotAWorkbook,
        sheet::SheetError::TooManyRows => Mismatch::TooMany,
    })?;
    let mut sns = Vec::new();
    let mut seen: HashMap<String, u32> = HashMap::new();
    // A title row is skipped: the first row when its column A is no SN, or is the title "SN".
    // A sheet of SNs pasted from A1 without titles keeps its first SN.
    let titled = rows.first().is_some_and(|(_, first)| {
        let a = sheet::cell(first, 0);
        a.eq_ignore_ascii_case("SN") || !is_sn(a)
    });
    for (row, cells) in rows.iter().skip(usize::from(titled)) {
        let (row, sn, code) = (*row, sheet::cell(cells, 0).to_string(), sheet::cell(cells, 1).to_string());
        if sn.is_empty() && code.is_empty() {
            continue;
        }
        if !is_sn(&sn) {
            return Err(Mismatch::NotAnSn { row });
        }
        if !code.is_empty() && code != model_code {
            return Err(Mismatch::OtherModel { row, code });
        }
        if let Some(first) = seen.insert(sn.clone(), row) {
            return Err(Mismatch::Repeated { row, first });
        }
        sns.push((row, sn));
        if sns.len() > MAX_RECORDS as usize {
            return Err(Mismatch::TooMany);
        }
    }
    if sns.is_empty() { Err(Mismatch::NoSns) } else { Ok(sns) }
}

/// A group of SNs that came from outside the model's rules.
fn listed_group(
    call: &mut Call<'_>,
    label: String,
    model: &Doc<ProductModel>,
    sns: &[String],
    source: &str,
) -> PluginResult<SnGroup> {
    let (secret, key_fingerprint) = new_secret(call)?;
    Ok(SnGroup {
        label,
        model_id: model.id.clone(),
        model_code: model.data.code.clone(),
        prefix: String::new(),
        digit_count: 0,
        start_number: 0,
        record_count: sns.len() as u32,
        uppercase: false,
        attributes: BTreeMap::new(),
        state: ACTIVE.into(),
        secret,
        key_fingerprint,
        first_sn: sns.first().cloned().unwrap_or_default(),
        last_sn: sns.last().cloned().unwrap_or_default(),
        source: source.into(),
    })
}

fn sn_exists(field: &str, sn: &str) -> PluginError {
    PluginError::localized(
        409,
        Some(field),
        [
            format!("SN {sn} 已存在"),
            format!("The SN {sn} already exists."),
            format!("Die SN {sn} existiert bereits."),
            format!("El SN {sn} ya existe."),
            format!("Le SN {sn} existe déjà."),
            format!("O SN {sn} já existe."),
            format!("SN {sn} уже существует."),
        ],
    )
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct EnteredInput {
    label: String,
    model_id: String,
    /// One SN per line: above 10 the risk is confirmed, above 20 refused.
    sns: String,
    risk_confirmed: bool,
}

/// A group of SNs entered one per line.
pub fn enter(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: EnteredInput = call.body()?;
    let label = validate::required("label", &input.label, SHORT_TEXT)?;
    let model = released_model(call, &validate::required("modelId", &input.model_id, 64)?)?;
    let sns = validate::risky_lines("sns", &input.sns, input.risk_confirmed)?;
    if sns.is_empty() {
        return Err(PluginError::required("sns"));
    }
    if let Some(bad) = sns.iter().find(|sn| !is_sn(sn)) {
        return Err(PluginError::localized(
            400,
            Some("sns"),
            [
                format!("{bad}：SN 只能由数字、字母和连字符组成，最多 {MAX_SN_LENGTH} 个字符"),
                format!("{bad}: an SN is numbers, letters and hyphens, at most {MAX_SN_LENGTH} characters."),
                format!(
                    "{bad}: eine SN besteht aus Ziffern, Buchstaben und Bindestrichen, höchstens {MAX_SN_LENGTH} Zeichen."
                ),
                format!("{bad}: un SN consta de números, letras y guiones, como máximo {MAX_SN_LENGTH} caracteres."),
                format!(
                    "{bad} : un SN se compose de chiffres, de lettres et de traits d’union, {MAX_SN_LENGTH} caractères au plus."
                ),
                format!("{bad}: um SN é composto por números, letras e hífenes, no máximo {MAX_SN_LENGTH} caracteres."),
                format!("{bad}: SN состоит из цифр, букв и дефисов, не длиннее {MAX_SN_LENGTH} символов."),
            ],
        ));
    }
    let group = listed_group(call, label, &model, &sns, ENTERED)?;
    let created = store(call, group, &sns, |existing| sn_exists("sns", existing))?;
    call.host.audit("Enter an SN group", &format!("{} ({} SNs)", created.data.label, sns.len()));
    shown(call, &created)
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ImportInput {
    label: String,
    model_id: String,
    /// An Excel workbook uploaded for the `sn-excel` purpose.
    upload_id: String,
}

/// A group of the SNs in an uploaded Excel workbook; the workbook itself is not kept.
pub fn import(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: ImportInput = call.body()?;
    let label = validate::required("label", &input.label, SHORT_TEXT)?;
    let model = released_model(call, &validate::required("modelId", &input.model_id, 64)?)?;
    let file = upload::claim(call.host, "uploadId", &input.upload_id, PURPOSE)?;
    let bytes = call.host.file_get(&file.name).map_err(PluginError::internal)?.ok_or_else(PluginError::not_found)?;
    call.host.file_delete(&file.name).map_err(PluginError::internal)?;
    let rows = sheet_sns(bytes, &model.data.code).map_err(|m| m.refusal())?;
    let sns: Vec<String> = rows.iter().map(|(_, sn)| sn.clone()).collect();
    let group = listed_group(call, label, &model, &sns, IMPORTED)?;
    let created = store(call, group, &sns, |existing| {
        let row = rows.iter().find(|(_, sn)| sn == existing).map_or(0, |(row, _)| *row);
        Mismatch::Exists { row, sn: existing.to_string() }.refusal()
    })?;
    call.host
        .audit("Import an SN group", &format!("{} ({} SNs from {})", created.data.label, sns.len(), file.file_name));
    shown(call, &created)
}

fn titles(lang: &str, workbook: &mut Workbook) -> Result<(), XlsxError> {
    let sheet = workbook.add_worksheet();
    sheet.set_name("SN")?;
    // Columns A and B are text: an SN typed as 000123 keeps its zeros.
    let text = Format::new().set_num_format("@");
    for (column, title) in COLUMNS.iter().enumerate() {
        sheet.write_string(0, column as u16, in_lang(lang, title))?;
        sheet.set_column_width(column as u16, if column == 0 { 28 } else { 18 })?;
        if column < 2 {
            sheet.set_column_format(column as u16, &text)?;
        }
    }
    Ok(())
}

fn failed(err: XlsxError) -> PluginError {
    PluginError::internal(format!("workbook: {err}"))
}

/// A group's SNs as an Excel workbook, in SN order. Every cell a user or device wrote is a
/// string cell, never a formula.
/// Every SN of a group in SN order, a page at a time (keyset paging: 100,000 SNs stay cheap).
fn for_each_sn(
    call: &mut Call<'_>,
    group_id: &str,
    mut each: impl FnMut(&crate::sn_groups::DeviceSn) -> PluginResult<()>,
) -> PluginResult<u32> {
    let mut count = 0u32;
    let mut after: Option<String> = None;
    loop {
        let mut query = Query::new().eq("groupId", group_id).sort("sn", false).page(1, PAGE);
        if let Some(last) = &after {
            query = query.gt("sn", last.as_str());
        }
        let page = SNS.query(call.host, &query)?;
        for doc in &page.list {
            each(&doc.data)?;
            count += 1;
        }
        match page.list.last() {
            Some(last) if page.list.len() == PAGE as usize => after = Some(last.data.sn.clone()),
            _ => return Ok(count),
        }
    }
}

pub fn export(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let group = GROUPS.find(call.host, &id)?;
    let lang = call.lang().to_string();
    let mut workbook = Workbook::new();
    titles(&lang, &mut workbook).map_err(failed)?;
    let sheet = workbook.worksheet_from_index(0).map_err(failed)?;
    let mut row = 0u32;
    let count = for_each_sn(call, &id, |sn| {
        row += 1;
        let activated_at = sn.activated_at.map(time::second_label).unwrap_or_default();
        let activated = in_lang(&lang, if sn.activated { &YES } else { &NO });
        for (column, text) in [&sn.sn, &group.data.model_code, &group.data.label].into_iter().enumerate() {
            sheet.write_string(row, column as u16, text).map_err(failed)?;
        }
        sheet.write_string(row, 3, activated).map_err(failed)?;
        sheet.write_string(row, 4, &activated_at).map_err(failed)?;
        Ok(())
    })?;
    let bytes = workbook.save_to_buffer().map_err(failed)?;
    call.host.audit("Export an SN group", &format!("{} ({count} SNs)", group.data.label));
    Ok(json!(ExportedFile::new(format!("{}-SN.xlsx", file_stem(&group.data.label)), XLSX, &bytes)))
}

/// The factory key file of a group: each SN with its private key, for the production line that
/// writes keys into devices (and the device simulator). The one place a key leaves the plugin:
/// under its own button, recorded in the operation log, a cancelled group's never.
pub fn factory_keys(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let group = GROUPS.find(call.host, &id)?;
    if group.data.state != ACTIVE {
        return Err(PluginError::conflict());
    }
    let secret = console_plugin_sdk::secrets::open(call.host, &group.data.secret)?;
    let mut csv = csv_line(["sn", "key"]);
    let count = for_each_sn(call, &id, |sn| {
        csv.push_str(&csv_line([csv_cell(&sn.sn), device_key(&secret, &sn.sn)]));
        Ok(())
    })?;
    call.host.audit("Export the factory keys of an SN group", &format!("{} ({count} SNs)", group.data.label));
    Ok(json!(ExportedFile::new(format!("{}-keys.csv", file_stem(&group.data.label)), "text/csv", csv.as_bytes())))
}

/// An empty workbook with the titles, to fill in for an import.
pub fn import_template(call: &mut Call<'_>) -> PluginResult<Value> {
    let mut workbook = Workbook::new();
    titles(call.lang(), &mut workbook).map_err(failed)?;
    let bytes = workbook.save_to_buffer().map_err(failed)?;
    Ok(json!(ExportedFile::new("SN-import.xlsx", XLSX, &bytes)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn workbook(rows: &[&[&str]]) -> Vec<u8> {
        let mut book = Workbook::new();
        let sheet = book.add_worksheet();
        for (r, cells) in rows.iter().enumerate() {
            for (c, text) in cells.iter().enumerate() {
                if !text.is_empty() {
                    sheet.write_string(r as u32, c as u16, *text).expect("cell");
                }
            }
        }
        book.save_to_buffer().expect("workbook")
    }

    #[test]
    fn a_workbook_gives_its_sns_with_their_rows() {
        let bytes = workbook(&[&["SN", "Model code"], &["RV-0001", "RV"], &["", ""], &["RV-0002", ""]]);
        assert_eq!(sheet_sns(bytes, "RV"), Ok(vec![(2, "RV-0001".to_string()), (4, "RV-0002".to_string())]));
    }

    #[test]
    fn sns_pasted_from_a1_without_titles_keep_the_first() {
        let bytes = workbook(&[&["RV-0001"], &["RV-0002"]]);
        assert_eq!(sheet_sns(bytes, "RV"), Ok(vec![(1, "RV-0001".to_string()), (2, "RV-0002".to_string())]));
        let titled = workbook(&[&["sn"], &["RV-0001"]]);
        assert_eq!(sheet_sns(titled, "RV"), Ok(vec![(2, "RV-0001".to_string())]));
    }

    #[test]
    fn a_number_cell_is_read_as_its_digits() {
        let mut book = Workbook::new();
        let sheet = book.add_worksheet();
        sheet.write_string(0, 0, "SN").expect("title");
        sheet.write_number(1, 0, 100_200_300.0).expect("number");
        let bytes = book.save_to_buffer().expect("workbook");
        assert_eq!(sheet_sns(bytes, "RV"), Ok(vec![(2, "100200300".to_string())]));
    }

    #[test]
    fn data_that_does_not_match_names_its_row() {
        let cases: [(&[&[&str]], Mismatch); 4] = [
            (&[&["SN"], &["RV 0001"]], Mismatch::NotAnSn { row: 2 }),
            (&[&["SN"], &["RV-1", "RV"], &["RV-2", "TV"]], Mismatch::OtherModel { row: 3, code: "TV".into() }),
            (&[&["SN"], &["RV-1"], &["RV-2"], &["RV-1"]], Mismatch::Repeated { row: 4, first: 2 }),
            (&[&["SN"]], Mismatch::NoSns),
        ];
        for (rows, expected) in cases {
            assert_eq!(sheet_sns(workbook(rows), "RV"), Err(expected.clone()), "{expected:?}");
        }
        let message = Mismatch::Repeated { row: 4, first: 2 }.refusal().render("en");
        assert_eq!(message, "Data does not match, please re-enter (row 4: the SN repeats row 2).");
    }

    #[test]
    fn what_is_not_a_workbook_is_refused() {
        assert_eq!(sheet_sns(b"PK\x03\x04 not really a zip".to_vec(), "RV"), Err(Mismatch::NotAWorkbook));
        assert_eq!(sheet_sns(Vec::new(), "RV"), Err(Mismatch::NotAWorkbook));
    }

    #[test]
    fn an_sn_is_letters_digits_and_hyphens() {
        assert!(is_sn("RV-2026-000001"));
        for bad in ["", "RV 1", "=cmd", "RV_1", &"A".repeat(65)] {
            assert!(!is_sn(bad), "{bad:?}");
        }
    }
}
