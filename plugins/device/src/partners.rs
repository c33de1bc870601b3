//! Partner devices (deviceHaier, kept small): devices of a partner's cloud, imported from an Excel
//! workbook and listed apart from the platform's own. They do not speak to this platform: no
//! shadow, presence or commands, only what the sheet said.
//!
//! The workbook's first sheet: a title row, then per row the SN (A), the partner's device ID (B),
//! the model (C) and the name (D). An SN imported again is updated, not repeated. A workbook of
//! SNs (column A) deletes their records at once.

use std::collections::HashMap;

use console_plugin_sdk::describe::{MODE, PAGING, QueryParam};
use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, PluginError, PluginResult, Query, Value, json, sheet, upload};
use serde::{Deserialize, Serialize};

/// The upload purpose of partner workbooks (the manifest's `[[uploads]]`).
pub const PURPOSE: &str = "partner-excel";
pub const MAX_ROWS: usize = 5000;
pub const DEFAULT_PARTNER: &str = "Haier";
const IMPORT_STEP: usize = 500;

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PartnerDevice {
    pub partner: String,
    pub sn: String,
    pub partner_device_id: String,
    pub model: String,
    pub name: String,
    pub imported_at: i64,
    pub imported_by: String,
}

pub const PARTNER_DEVICES: Collection<PartnerDevice> = Collection::new("partner_devices");

/// Why a row of the workbook does not match, as Excel numbers the row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mismatch {
    NotAWorkbook,
    Empty,
    TooMany,
    NotAnSn { row: u32 },
    NoPartnerId { row: u32 },
    TooLong { row: u32 },
    Repeated { row: u32, first: u32 },
}

impl Mismatch {
    fn why(&self) -> [String; 7] {
        match *self {
            Mismatch::NotAWorkbook => sheet::unreadable(),
            Mismatch::Empty => [
                "第一个工作表中没有设备",
                "there is no device on the first sheet",
                "auf dem ersten Tabellenblatt steht kein Gerät",
                "no hay ningún dispositivo en la primera hoja",
                "aucun appareil sur la première feuille",
                "não há nenhum dispositivo na primeira folha",
                "на первом листе нет ни одного устройства",
            ]
            .map(str::to_string),
            Mismatch::TooMany => [
                format!("一次最多导入 {MAX_ROWS} 台设备"),
                format!("at most {MAX_ROWS} devices are imported at once"),
                format!("höchstens {MAX_ROWS} Geräte auf einmal"),
                format!("como máximo {MAX_ROWS} dispositivos a la vez"),
                format!("au plus {MAX_ROWS} appareils à la fois"),
                format!("no máximo {MAX_ROWS} dispositivos de cada vez"),
                format!("не более {MAX_ROWS} устройств за один раз"),
            ],
            Mismatch::NotAnSn { row } => [
                format!("第 {row} 行：A 列的 SN 只能由数字、字母和连字符组成，最多 64 个字符"),
                format!("row {row}: the SN in column A is numbers, letters and hyphens, at most 64 characters"),
                format!(
                    "Zeile {row}: die SN in Spalte A besteht aus Ziffern, Buchstaben und Bindestrichen, höchstens 64 Zeichen"
                ),
                format!(
                    "fila {row}: el SN de la columna A consta de números, letras y guiones, como máximo 64 caracteres"
                ),
                format!(
                    "ligne {row} : le SN de la colonne A se compose de chiffres, de lettres et de traits d’union, 64 caractères au plus"
                ),
                format!(
                    "linha {row}: o SN da coluna A é composto por números, letras e hífenes, no máximo 64 caracteres"
                ),
                format!("строка {row}: SN в столбце A состоит из цифр, букв и дефисов, не длиннее 64 символов"),
            ],
            Mismatch::NoPartnerId { row } => [
                format!("第 {row} 行：B 列缺少合作方设备 ID"),
                format!("row {row}: the partner's device ID is missing in column B"),
                format!("Zeile {row}: in Spalte B fehlt die Geräte-ID des Partners"),
                format!("fila {row}: falta el ID de dispositivo del socio en la columna B"),
                format!("ligne {row} : l’ID d’appareil du partenaire manque dans la colonne B"),
                format!("linha {row}: falta o ID de dispositivo do parceiro na coluna B"),
                format!("строка {row}: в столбце B нет ID устройства партнёра"),
            ],
            Mismatch::TooLong { row } => [
                format!("第 {row} 行：每个单元格最多 {SHORT_TEXT} 个字符"),
                format!("row {row}: a cell holds at most {SHORT_TEXT} characters"),
                format!("Zeile {row}: eine Zelle fasst höchstens {SHORT_TEXT} Zeichen"),
                format!("fila {row}: una celda admite como máximo {SHORT_TEXT} caracteres"),
                format!("ligne {row} : une cellule contient au plus {SHORT_TEXT} caractères"),
                format!("linha {row}: uma célula tem no máximo {SHORT_TEXT} caracteres"),
                format!("строка {row}: в ячейке не более {SHORT_TEXT} символов"),
            ],
            Mismatch::Repeated { row, first } => sheet::repeated_sn(row, first),
        }
    }
}

fn is_sn(text: &str) -> bool {
    !text.is_empty() && text.len() <= 64 && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// The devices of a sheet's rows (a title row skipped), or the first row that does not match.
pub fn partner_rows(rows: &[(u32, Vec<String>)]) -> Result<Vec<PartnerDevice>, Mismatch> {
    // A title row: column A says "SN" or is no SN at all.
    let titled = rows.first().is_some_and(|(_, first)| {
        let a = sheet::cell(first, 0);
        a.eq_ignore_ascii_case("SN") || !is_sn(a)
    });
    let mut devices = Vec::new();
    let mut seen: HashMap<&str, u32> = HashMap::new();
    for (row, cells) in rows.iter().skip(usize::from(titled)) {
        let row = *row;
        let [sn, partner_id, model, name] = [0, 1, 2, 3].map(|column| sheet::cell(cells, column));
        if [sn, partner_id, model, name].iter().all(|c| c.is_empty()) {
            continue;
        }
        if !is_sn(sn) {
            return Err(Mismatch::NotAnSn { row });
        }
        if partner_id.is_empty() {
            return Err(Mismatch::NoPartnerId { row });
        }
        if [partner_id, model, name].iter().any(|c| c.chars().count() > SHORT_TEXT) {
            return Err(Mismatch::TooLong { row });
        }
        if let Some(first) = seen.insert(sn, row) {
            return Err(Mismatch::Repeated { row, first });
        }
        devices.push(PartnerDevice {
            sn: sn.into(),
            partner_device_id: partner_id.into(),
            model: model.into(),
            name: name.into(),
            ..PartnerDevice::default()
        });
        if devices.len() > MAX_ROWS {
            return Err(Mismatch::TooMany);
        }
    }
    if devices.is_empty() { Err(Mismatch::Empty) } else { Ok(devices) }
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ImportInput {
    pub upload_id: String,
    /// The partner's name; Haier when empty.
    pub partner: String,
}

/// The titles of an import's columns B to D in each language ([`console_plugin_sdk::LANGS`]
/// order); column A says "SN", which tells the reader the first row holds titles.
const TITLES: [[&str; 3]; 7] = [
    ["合作方设备 ID", "型号", "名称"],
    ["Partner's device ID", "Model", "Name"],
    ["Geräte-ID des Partners", "Modell", "Name"],
    ["ID de dispositivo del socio", "Modelo", "Nombre"],
    ["ID de l’appareil chez le partenaire", "Modèle", "Nom"],
    ["ID do dispositivo do parceiro", "Modelo", "Nome"],
    ["ID устройства у партнёра", "Модель", "Название"],
];

/// `GET /partner-devices/import-template`: the import's four columns, titled, and no device.
pub fn import_template(call: &mut Call<'_>) -> PluginResult<Value> {
    let at = console_plugin_sdk::LANGS.iter().position(|l| *l == call.lang()).unwrap_or(1);
    let [id, model, name] = TITLES[at];
    Ok(json!(sheet::template("partner-devices-import.xlsx", &["SN", id, model, name])?))
}

/// `GET /partner-devices/delete-import-template`: the SN column of a deletion, and no SN.
pub fn delete_import_template(_: &mut Call<'_>) -> PluginResult<Value> {
    Ok(json!(sheet::template("partner-devices-delete.xlsx", &["SN"])?))
}

/// Imports a workbook: every row is checked before any is kept; an SN already imported is
/// updated. The workbook itself is not kept.
pub fn import(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: ImportInput = call.body()?;
    let partner = match validate::optional("partner", &input.partner, SHORT_TEXT)? {
        name if name.is_empty() => DEFAULT_PARTNER.to_string(),
        name => name,
    };
    let rows = workbook_rows(call, &input.upload_id)?;
    let devices = rows.and_then(|rows| partner_rows(&rows)).map_err(|m| sheet::mismatch("uploadId", m.why()))?;
    let (now, by) = (call.host.now_ms(), call.context.user_name.clone());
    let (mut added, mut updated) = (0, 0);
    // In steps: the SNs already imported are read in one query per step, the new ones written
    // in one statement.
    for step in devices.chunks(IMPORT_STEP) {
        let sns: Vec<Value> = step.iter().map(|d| Value::from(d.sn.as_str())).collect();
        let known = PARTNER_DEVICES.query(call.host, &Query::new().one_of("sn", sns).page(1, IMPORT_STEP as u32))?;
        let known: HashMap<String, console_plugin_sdk::Doc<PartnerDevice>> =
            known.list.into_iter().map(|d| (d.data.sn.clone(), d)).collect();
        let mut new = Vec::new();
        for device in step {
            let device =
                PartnerDevice { partner: partner.clone(), imported_at: now, imported_by: by.clone(), ..device.clone() };
            match known.get(&device.sn) {
                Some(doc) => {
                    PARTNER_DEVICES.update(call.host, &doc.id, &device, None)?;
                    updated += 1;
                }
                None => new.push(device),
            }
        }
        added += new.len();
        if !new.is_empty() {
            PARTNER_DEVICES.insert_many(call.host, &new)?;
        }
    }
    call.host.audit("Partner devices imported", &format!("{partner}: {added} added, {updated} updated"));
    Ok(json!({ "added": added, "updated": updated }))
}

/// The SNs of a sheet's first column (a title row skipped, repeats kept once), or the first row
/// whose first cell is not an SN.
pub fn sn_rows(rows: &[(u32, Vec<String>)]) -> Result<Vec<String>, Mismatch> {
    let titled = rows.first().is_some_and(|(_, first)| {
        let a = sheet::cell(first, 0);
        a.eq_ignore_ascii_case("SN") || !is_sn(a)
    });
    let mut sns: Vec<String> = Vec::new();
    for (row, cells) in rows.iter().skip(usize::from(titled)) {
        let sn = sheet::cell(cells, 0);
        if sn.is_empty() {
            continue;
        }
        if !is_sn(sn) {
            return Err(Mismatch::NotAnSn { row: *row });
        }
        if !sns.iter().any(|s| s == sn) {
            sns.push(sn.to_string());
        }
    }
    if sns.is_empty() { Err(Mismatch::Empty) } else { Ok(sns) }
}

/// A sheet's rows: row number and cells.
type Rows = Vec<(u32, Vec<String>)>;

/// The first sheet's rows of an uploaded workbook, which is read once and not kept.
fn workbook_rows(call: &mut Call<'_>, upload_id: &str) -> PluginResult<Result<Rows, Mismatch>> {
    let file = upload::claim(call.host, "uploadId", upload_id, PURPOSE)?;
    let bytes = call.host.file_get(&file.name).map_err(PluginError::internal)?.unwrap_or_default();
    call.host.file_delete(&file.name).map_err(PluginError::internal)?;
    Ok(sheet::first_sheet_rows(bytes, MAX_ROWS).map_err(|e| match e {
        sheet::SheetError::Unreadable => Mismatch::NotAWorkbook,
        sheet::SheetError::TooManyRows => Mismatch::TooMany,
    }))
}

/// An import with no deletable device records gives a message saying so.
fn nothing_to_delete() -> PluginError {
    PluginError::localized(
        400,
        Some("uploadId"),
        [
            "文件中没有可删除的设备记录。",
            "The file names no device record that can be deleted.",
            "Die Datei nennt keinen Gerätedatensatz, der gelöscht werden kann.",
            "El archivo no indica ningún registro de dispositivo que se pueda eliminar.",
            "Le fichier ne désigne aucun enregistrement d’appareil pouvant être supprimé.",
            "O ficheiro não indica nenhum registo de dispositivo que possa ser eliminado.",
            "В файле нет записей устройств, которые можно удалить.",
        ]
        .map(str::to_string),
    )
}

/// `POST /partner-devices/delete-import`: deletes the partner devices whose SNs the workbook's
/// first column lists; the SNs with no record are counted, and a file with none to delete is
/// refused with a message saying so (nothing changes).
pub fn delete_import(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: ImportInput = call.body()?;
    let rows = workbook_rows(call, &input.upload_id)?;
    let sns = rows.and_then(|rows| sn_rows(&rows)).map_err(|m| sheet::mismatch("uploadId", m.why()))?;
    let mut found = Vec::new();
    for step in sns.chunks(IMPORT_STEP) {
        let values: Vec<Value> = step.iter().map(|sn| Value::from(sn.as_str())).collect();
        found.extend(
            PARTNER_DEVICES.query(call.host, &Query::new().one_of("sn", values).page(1, IMPORT_STEP as u32))?.list,
        );
    }
    if found.is_empty() {
        return Err(nothing_to_delete());
    }
    for doc in &found {
        PARTNER_DEVICES.delete(call.host, &doc.id)?;
    }
    call.host.audit("Partner devices deleted by workbook", &format!("{} deleted", found.len()));
    Ok(json!({ "deleted": found.len(), "notFound": sns.len() - found.len() }))
}

pub const LIST_QUERY: [QueryParam; 5] = [
    QueryParam::text("sn", "Searched in the search mode."),
    QueryParam::text("partner", "One partner."),
    PAGING[0],
    PAGING[1],
    MODE,
];

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let query = Query::new()
        .search("sn", call.query("sn"), call.search_mode())
        .eq_opt("partner", call.query("partner"))
        .sort("importedAt", true)
        .paged_by(call)?;
    Ok(json!(PARTNER_DEVICES.query(call.host, &query)?))
}

pub fn delete(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let found = PARTNER_DEVICES.find(call.host, &id)?;
    call.confirm_name(&found.data.sn)?;
    PARTNER_DEVICES.delete(call.host, &id)?;
    call.host.audit("Partner device deleted", &found.data.sn);
    Ok(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(rows: &[&[&str]]) -> Vec<(u32, Vec<String>)> {
        rows.iter().enumerate().map(|(i, r)| (i as u32 + 1, r.iter().map(|c| c.to_string()).collect())).collect()
    }

    #[test]
    fn a_sheet_gives_its_devices_after_the_title_row_and_skips_empty_rows() {
        let sheet =
            rows(&[&["SN", "Haier ID", "Model", "Name"], &["HR-1", "h-001", "X1", "Kitchen"], &[], &["HR-2", "h-002"]]);
        let devices = partner_rows(&sheet).expect("devices");
        let found: Vec<(&str, &str, &str)> =
            devices.iter().map(|d| (d.sn.as_str(), d.partner_device_id.as_str(), d.model.as_str())).collect();
        assert_eq!(found, [("HR-1", "h-001", "X1"), ("HR-2", "h-002", "")]);
        let untitled = rows(&[&["HR-1", "h-001"]]);
        assert_eq!(partner_rows(&untitled).expect("kept").len(), 1, "a sheet without titles keeps its first row");
    }

    #[test]
    fn the_first_row_that_does_not_match_is_named() {
        let title: &[&str] = &["SN", "ID"];
        let cases: [(&[&str], Mismatch); 3] = [
            (&["HR 1", "h"], Mismatch::NotAnSn { row: 2 }),
            (&["HR-1", ""], Mismatch::NoPartnerId { row: 2 }),
            (&["HR-1", "h", &"x".repeat(81)], Mismatch::TooLong { row: 2 }),
        ];
        for (row, expected) in cases {
            assert_eq!(partner_rows(&rows(&[title, row])), Err(expected));
        }
        let twice = rows(&[title, &["HR-1", "a"], &["HR-1", "b"]]);
        assert_eq!(partner_rows(&twice), Err(Mismatch::Repeated { row: 3, first: 2 }));
        assert_eq!(partner_rows(&rows(&[title])), Err(Mismatch::Empty));
    }

    #[test]
    fn a_deletion_sheet_gives_its_sns_once_and_names_a_row_that_is_not_one() {
        let sheet = rows(&[&["SN"], &["HR-1"], &[], &["HR-2", "ignored"], &["HR-1"]]);
        assert_eq!(sn_rows(&sheet), Ok(vec!["HR-1".to_string(), "HR-2".to_string()]));
        assert_eq!(sn_rows(&rows(&[&["SN"], &["HR 3"]])), Err(Mismatch::NotAnSn { row: 2 }));
        assert_eq!(sn_rows(&rows(&[&["SN"]])), Err(Mismatch::Empty));
    }
}
