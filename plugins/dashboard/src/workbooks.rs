//! Every dashboard page's figures as an Excel workbook, a sheet per chart, headed in the
//! user's language: the same figures the page shows for the same query. Names a tenant or a
//! device chose (versions, codes, models) are written as text cells, never as formulas.

use console_plugin_sdk::export::{ExportedFile, XLSX};
use console_plugin_sdk::{Call, PluginError, PluginResult, Value, error::in_lang, json};
use rust_xlsxwriter::{Workbook, XlsxError};

/// A header or sheet name in the seven languages (zhCn, en, de, es, fr, pt, ru).
type Text = [&'static str; 7];

const TIME: Text = ["时间", "Time", "Zeit", "Tiempo", "Temps", "Tempo", "Время"];
const OVER_TIME: Text = ["趋势", "Over time", "Zeitverlauf", "Evolución", "Évolution", "Evolução", "Динамика"];
const DEVICES: Text = ["设备数", "Devices", "Geräte", "Dispositivos", "Appareils", "Dispositivos", "Устройства"];
const ONLINE: Text = ["在线", "Online", "Online", "En línea", "En ligne", "Online", "В сети"];
const ACTIVE_1D: Text = [
    "近 1 天活跃",
    "Active (1 day)",
    "Aktiv (1 Tag)",
    "Activos (1 día)",
    "Actifs (1 jour)",
    "Ativos (1 dia)",
    "Активны (1 день)",
];
const ACTIVE_7D: Text = [
    "近 7 天活跃",
    "Active (7 days)",
    "Aktiv (7 Tage)",
    "Activos (7 días)",
    "Actifs (7 jours)",
    "Ativos (7 dias)",
    "Активны (7 дней)",
];
const USERS: Text = [
    "APP 用户",
    "App users",
    "App-Nutzer",
    "Usuarios de la app",
    "Utilisateurs de l’app",
    "Usuários do app",
    "Пользователи приложения",
];
const ACTIVE_USERS: Text = [
    "今日活跃用户",
    "Active today",
    "Heute aktiv",
    "Activos hoy",
    "Actifs aujourd’hui",
    "Ativos hoje",
    "Активны сегодня",
];
const OPEN_ORDERS: Text = [
    "未关闭工单",
    "Open work orders",
    "Offene Arbeitsaufträge",
    "Órdenes abiertas",
    "Ordres ouverts",
    "Ordens abertas",
    "Открытые заявки",
];
const BREACHED: Text = [
    "超时工单",
    "Past a deadline",
    "Frist überschritten",
    "Fuera de plazo",
    "Hors délai",
    "Fora do prazo",
    "Срок нарушен",
];
const FIRMWARE: Text = [
    "固件版本",
    "Firmware version",
    "Firmware-Version",
    "Versión de firmware",
    "Version de firmware",
    "Versão de firmware",
    "Версия прошивки",
];
const WORK_STATE: Text = [
    "工作状态",
    "Work state",
    "Arbeitszustand",
    "Estado de trabajo",
    "État de fonctionnement",
    "Estado de trabalho",
    "Рабочее состояние",
];
const ERRORS: Text = ["故障数", "Errors", "Fehler", "Errores", "Erreurs", "Erros", "Ошибки"];
const CODE: Text = ["故障码", "Code", "Code", "Código", "Code", "Código", "Код"];
const MESSAGE: Text = ["说明", "Message", "Meldung", "Mensaje", "Message", "Mensagem", "Сообщение"];
const BEFORE: Text = [
    "上一时段",
    "Period before",
    "Zeitraum davor",
    "Periodo anterior",
    "Période précédente",
    "Período anterior",
    "Предыдущий период",
];
const PRODUCT: Text = ["产品", "Product", "Produkt", "Producto", "Produit", "Produto", "Продукт"];
const COUNT: Text = ["次数", "Count", "Anzahl", "Cantidad", "Nombre", "Quantidade", "Количество"];
const KIND: Text = ["类型", "Kind", "Art", "Tipo", "Type", "Tipo", "Тип"];
const SUCCEEDED: Text = ["成功", "Succeeded", "Erfolgreich", "Correctos", "Réussis", "Com sucesso", "Успешно"];
const FAILED: Text = ["失败", "Failed", "Fehlgeschlagen", "Fallidos", "Échoués", "Com falha", "С ошибкой"];
const APP_VERSION: Text = [
    "APP 版本",
    "App version",
    "App-Version",
    "Versión de la app",
    "Version de l’app",
    "Versão do app",
    "Версия приложения",
];
const PHONE_SYSTEM: Text = [
    "手机系统",
    "Phone system",
    "Telefonsystem",
    "Sistema del teléfono",
    "Système du téléphone",
    "Sistema do telefone",
    "Система телефона",
];
const PHONE_MODEL: Text = [
    "手机型号",
    "Phone model",
    "Telefonmodell",
    "Modelo de teléfono",
    "Modèle de téléphone",
    "Modelo de telefone",
    "Модель телефона",
];
const COUNTRY: Text = ["国家", "Country", "Land", "País", "Pays", "País", "Страна"];
const ON_NEWEST: Text = [
    "最新版本占比（%）",
    "On the newest (%)",
    "Auf der neuesten (%)",
    "En la más reciente (%)",
    "Sur la plus récente (%)",
    "Na mais recente (%)",
    "На новейшей (%)",
];
const ENTERPRISE: Text = ["企业", "Enterprise", "Unternehmen", "Empresa", "Entreprise", "Empresa", "Предприятие"];
const CATEGORY: Text = ["产品品类", "Category", "Kategorie", "Categoría", "Catégorie", "Categoria", "Категория"];
const REGION: Text = ["地区", "Region", "Region", "Región", "Région", "Região", "Регион"];
const LOGINS: Text = [
    "设备登录",
    "Device logins",
    "Geräteanmeldungen",
    "Inicios de sesión de dispositivos",
    "Connexions d’appareils",
    "Logins de dispositivos",
    "Входы устройств",
];
const MODEL: Text = ["产品型号", "Model", "Modell", "Modelo", "Modèle", "Modelo", "Модель"];

/// A cell: a name (always text) or a figure (empty when there is none).
enum Cell {
    Text(String),
    Number(Option<f64>),
}

fn text(value: &str) -> Cell {
    Cell::Text(value.to_string())
}

fn number(value: i64) -> Cell {
    Cell::Number(Some(value as f64))
}

fn maybe(value: Option<i64>) -> Cell {
    Cell::Number(value.map(|v| v as f64))
}

/// A sheet: its name, its headers (in the user's language, or names such as error codes), its
/// rows.
struct Sheet {
    name: Text,
    columns: Vec<String>,
    rows: Vec<Vec<Cell>>,
}

/// The headers in `lang`.
fn headers(lang: &str, titles: &[Text]) -> Vec<String> {
    titles.iter().map(|t| in_lang(lang, t).to_string()).collect()
}

fn failed(e: XlsxError) -> PluginError {
    PluginError::internal(e.to_string())
}

/// The workbook of `sheets`, headed in `lang`, as the file the page downloads.
fn workbook(lang: &str, file_name: String, sheets: Vec<Sheet>) -> PluginResult<Value> {
    let mut book = Workbook::new();
    for sheet in sheets {
        let page = book.add_worksheet().set_name(in_lang(lang, &sheet.name)).map_err(failed)?;
        for (column, title) in sheet.columns.iter().enumerate() {
            page.write_string(0, column as u16, title).map_err(failed)?;
        }
        for (n, row) in sheet.rows.iter().enumerate() {
            for (column, cell) in row.iter().enumerate() {
                let (r, c) = (n as u32 + 1, column as u16);
                match cell {
                    Cell::Text(value) => page.write_string(r, c, value).map(drop).map_err(failed)?,
                    Cell::Number(Some(value)) => page.write_number(r, c, *value).map(drop).map_err(failed)?,
                    Cell::Number(None) => {}
                }
            }
        }
    }
    let bytes = book.save_to_buffer().map_err(failed)?;
    Ok(json!(ExportedFile::new(file_name, XLSX, &bytes)))
}

/// Rows of (name, count).
fn counted(list: &[(String, i64)]) -> Vec<Vec<Cell>> {
    list.iter().map(|(name, n)| vec![text(name), number(*n)]).collect()
}

/// `GET /overview/export`.
pub fn overview(call: &mut Call<'_>) -> PluginResult<Value> {
    let lang = &call.context.lang.clone();
    let figures = crate::overview::overview_figures(call)?;
    let card = |name: &str| figures.cards.iter().find(|c| c.name == name).map(|c| c.trend.clone()).unwrap_or_default();
    let names =
        ["devices", "online", "active:1d", "active:7d", "app:users", "app:active", "orders:open", "orders:breached"];
    let trends: Vec<Vec<Option<i64>>> = names.iter().map(|n| card(n)).collect();
    let rows = figures
        .labels
        .iter()
        .enumerate()
        .map(|(i, label)| {
            let mut row = vec![text(label)];
            row.extend(trends.iter().map(|t| maybe(t.get(i).copied().flatten())));
            row
        })
        .collect();
    let sheets = vec![
        Sheet {
            name: OVER_TIME,
            columns: headers(
                lang,
                &[TIME, DEVICES, ONLINE, ACTIVE_1D, ACTIVE_7D, USERS, ACTIVE_USERS, OPEN_ORDERS, BREACHED],
            ),
            rows,
        },
        Sheet { name: FIRMWARE, columns: headers(lang, &[FIRMWARE, DEVICES]), rows: counted(&figures.firmware) },
        Sheet { name: WORK_STATE, columns: headers(lang, &[WORK_STATE, DEVICES]), rows: counted(&figures.work_states) },
    ];
    let name = format!("overview-{}-{}.xlsx", figures.range, figures.granularity);
    workbook(lang, name, sheets)
}

/// `GET /errors/export`.
pub fn errors(call: &mut Call<'_>) -> PluginResult<Value> {
    let lang = &call.context.lang.clone();
    let figures = crate::errors::error_figures(call)?;
    let mut columns = headers(lang, &[TIME, ERRORS]);
    let codes: Vec<&(String, Vec<i64>)> = figures.codes_over_time.iter().collect();
    columns.extend(codes.iter().map(|(code, _)| format!("{} {code}", in_lang(lang, &CODE))));
    let mut over_time: Vec<Vec<Cell>> = vec![];
    for (i, label) in figures.labels.iter().enumerate() {
        let mut row = vec![text(label), number(figures.errors.get(i).copied().unwrap_or(0))];
        row.extend(codes.iter().map(|(_, counts)| number(counts.get(i).copied().unwrap_or(0))));
        over_time.push(row);
    }
    let code_rows = figures
        .codes
        .iter()
        .map(|c| vec![text(&c.code), text(&c.message), number(c.count), number(c.previous)])
        .collect();
    let sheets = vec![
        Sheet { name: OVER_TIME, columns, rows: over_time },
        Sheet { name: CODE, columns: headers(lang, &[CODE, MESSAGE, ERRORS, BEFORE]), rows: code_rows },
        Sheet { name: FIRMWARE, columns: headers(lang, &[FIRMWARE, ERRORS]), rows: counted(&figures.by_firmware) },
        Sheet { name: PRODUCT, columns: headers(lang, &[PRODUCT, ERRORS]), rows: counted(&figures.by_product) },
    ];
    let name = format!("error-analysis-{}-{}.xlsx", figures.range, figures.granularity);
    workbook(lang, name, sheets)
}

/// `GET /device-logs/export`.
pub fn device_logs(call: &mut Call<'_>) -> PluginResult<Value> {
    let lang = &call.context.lang.clone();
    let figures = crate::logins::log_figures(call)?;
    let mut over_time = Vec::new();
    let mut by = [Vec::new(), Vec::new(), Vec::new()];
    for kind in &figures.kinds {
        for (i, label) in figures.labels.iter().enumerate() {
            over_time.push(vec![
                text(&kind.kind),
                text(label),
                number(kind.succeeded.get(i).copied().unwrap_or(0)),
                number(kind.failed.get(i).copied().unwrap_or(0)),
            ]);
        }
        for (sheet, list) in by.iter_mut().zip([&kind.by_app, &kind.by_phone, &kind.by_country]) {
            sheet.extend(list.iter().map(|(name, n)| vec![text(&kind.kind), text(name), number(*n)]));
        }
    }
    let [by_app, by_phone, by_country] = by;
    let sheets = vec![
        Sheet { name: OVER_TIME, columns: headers(lang, &[KIND, TIME, SUCCEEDED, FAILED]), rows: over_time },
        Sheet { name: APP_VERSION, columns: headers(lang, &[KIND, APP_VERSION, COUNT]), rows: by_app },
        Sheet { name: PHONE_SYSTEM, columns: headers(lang, &[KIND, PHONE_SYSTEM, COUNT]), rows: by_phone },
        Sheet { name: COUNTRY, columns: headers(lang, &[KIND, COUNTRY, COUNT]), rows: by_country },
    ];
    let name = format!("device-logs-{}-{}.xlsx", figures.range, figures.granularity);
    workbook(lang, name, sheets)
}

/// `GET /apps/export`.
pub fn apps(call: &mut Call<'_>) -> PluginResult<Value> {
    let lang = &call.context.lang.clone();
    let figures = crate::overview::app_figures(call)?;
    let rows = figures
        .labels
        .iter()
        .enumerate()
        .map(|(i, label)| {
            vec![
                text(label),
                maybe(figures.users.get(i).copied().flatten()),
                maybe(figures.active.get(i).copied().flatten()),
                Cell::Number(figures.adoption.get(i).copied().flatten()),
            ]
        })
        .collect();
    let sheets = vec![
        Sheet { name: OVER_TIME, columns: headers(lang, &[TIME, USERS, ACTIVE_USERS, ON_NEWEST]), rows },
        Sheet { name: APP_VERSION, columns: headers(lang, &[APP_VERSION, USERS]), rows: counted(&figures.versions) },
        Sheet { name: PHONE_MODEL, columns: headers(lang, &[PHONE_MODEL, USERS]), rows: counted(&figures.phones) },
    ];
    let name = format!("apps-{}-{}.xlsx", figures.range, figures.granularity);
    workbook(lang, name, sheets)
}

/// `GET /rankings/export`.
pub fn rankings(call: &mut Call<'_>) -> PluginResult<Value> {
    let lang = &call.context.lang.clone();
    let figures = crate::overview::ranking_figures(call)?;
    let rows = |list: &[crate::overview::Ranked]| -> Vec<Vec<Cell>> {
        list.iter().map(|r| vec![text(&r.name), number(r.devices)]).collect()
    };
    let sheets = vec![
        Sheet { name: ENTERPRISE, columns: headers(lang, &[ENTERPRISE, DEVICES]), rows: rows(&figures.enterprises) },
        Sheet { name: CATEGORY, columns: headers(lang, &[CATEGORY, DEVICES]), rows: rows(&figures.categories) },
        Sheet { name: MODEL, columns: headers(lang, &[MODEL, DEVICES]), rows: rows(&figures.models) },
    ];
    workbook(lang, "enterprise-rankings.xlsx".into(), sheets)
}

/// `GET /world/export`: devices, app users and logins by country, and devices by region.
pub fn world(call: &mut Call<'_>) -> PluginResult<Value> {
    let lang = &call.context.lang.clone();
    let figures = crate::world::world_figures(call)?;
    let rows = |list: &[(String, i64)]| -> Vec<Vec<Cell>> {
        list.iter().map(|(code, n)| vec![text(code), number(*n)]).collect()
    };
    let sheets = vec![
        Sheet { name: DEVICES, columns: headers(lang, &[COUNTRY, DEVICES]), rows: rows(&figures.devices) },
        Sheet { name: USERS, columns: headers(lang, &[COUNTRY, USERS]), rows: rows(&figures.users) },
        Sheet { name: LOGINS, columns: headers(lang, &[COUNTRY, LOGINS]), rows: rows(&figures.logins) },
        Sheet { name: REGION, columns: headers(lang, &[REGION, DEVICES]), rows: rows(&figures.subdivisions) },
    ];
    workbook(lang, format!("world-{}.xlsx", figures.range), sheets)
}
