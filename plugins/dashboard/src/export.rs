//! The device dashboard's figures as an Excel workbook: a sheet per chart, in the user's
//! language. Product names are written as text cells, never as formulas (a name a tenant chose
//! that starts with `=` stays a name).

use console_plugin_sdk::export::{ExportedFile, XLSX};
use console_plugin_sdk::{Call, PluginError, PluginResult, Value, error::in_lang, json};
use rust_xlsxwriter::{Workbook, Worksheet, XlsxError};

use crate::activity::{EVENT_TYPES, figures};

const OVER_TIME: [&str; 7] = ["趋势", "Over time", "Zeitverlauf", "Evolución", "Évolution", "Evolução", "Динамика"];
const BUSIEST: [&str; 7] = [
    "最活跃产品",
    "Busiest products",
    "Aktivste Produkte",
    "Productos más activos",
    "Produits les plus actifs",
    "Produtos mais ativos",
    "Активные продукты",
];
const LATENCY: [&str; 7] = ["到达耗时", "Latency", "Latenz", "Latencia", "Latence", "Latência", "Задержка"];
const TIME: [&str; 7] = ["时间", "Time", "Zeit", "Tiempo", "Temps", "Tempo", "Время"];
const REPORTS: [&str; 7] = [
    "属性上报",
    "Property reports",
    "Eigenschaftsmeldungen",
    "Informes de propiedades",
    "Remontées de propriétés",
    "Relatórios de propriedades",
    "Сообщения о свойствах",
];
const EVENTS: [&str; 7] = ["事件", "Events", "Ereignisse", "Eventos", "Événements", "Eventos", "События"];
const REPLIES: [&str; 7] = [
    "服务回复",
    "Service replies",
    "Dienstantworten",
    "Respuestas de servicio",
    "Réponses de service",
    "Respostas de serviço",
    "Ответы сервисов",
];
const PRODUCT: [&str; 7] = ["产品", "Product", "Produkt", "Producto", "Produit", "Produto", "Продукт"];
const WAITED: [&str; 7] = ["耗时", "Took", "Dauer", "Tardó", "Délai", "Demorou", "Задержка"];

fn failed(e: XlsxError) -> PluginError {
    PluginError::internal(e.to_string())
}

fn header(sheet: &mut Worksheet, titles: &[String]) -> PluginResult<()> {
    for (column, title) in titles.iter().enumerate() {
        sheet.write_string(0, column as u16, title).map_err(failed)?;
    }
    Ok(())
}

/// `GET /device-activity/export`: the figures of the same query, one sheet per chart.
pub fn export(call: &mut Call<'_>) -> PluginResult<Value> {
    let activity = figures(call)?;
    let lang = call.lang().to_string();
    let t = |texts: &[&'static str; 7]| in_lang(&lang, texts).to_string();
    let mut workbook = Workbook::new();

    let sheet = workbook.add_worksheet().set_name(t(&OVER_TIME)).map_err(failed)?;
    let mut titles = vec![t(&TIME), t(&REPORTS)];
    titles.extend(EVENT_TYPES.iter().map(|kind| format!("{} · {kind}", t(&EVENTS))));
    titles.push(t(&REPLIES));
    header(sheet, &titles)?;
    for (n, label) in activity.labels.iter().enumerate() {
        let row = n as u32 + 1;
        sheet.write_string(row, 0, label).map_err(failed)?;
        let mut values = vec![activity.reports[n]];
        values.extend(EVENT_TYPES.iter().map(|kind| activity.events.get(*kind).map_or(0, |s| s[n])));
        values.push(activity.replies[n]);
        for (column, value) in values.into_iter().enumerate() {
            sheet.write_number(row, column as u16 + 1, value as f64).map_err(failed)?;
        }
    }

    let sheet = workbook.add_worksheet().set_name(t(&BUSIEST)).map_err(failed)?;
    header(sheet, &[t(&PRODUCT), t(&REPORTS), t(&EVENTS)])?;
    for (n, product) in activity.busiest.iter().enumerate() {
        let row = n as u32 + 1;
        sheet.write_string(row, 0, &product.product_name).map_err(failed)?;
        sheet.write_number(row, 1, product.reports as f64).map_err(failed)?;
        sheet.write_number(row, 2, product.events as f64).map_err(failed)?;
    }

    let sheet = workbook.add_worksheet().set_name(t(&LATENCY)).map_err(failed)?;
    header(sheet, &[t(&WAITED), t(&REPORTS)])?;
    for (n, (bucket, count)) in activity.latency.iter().enumerate() {
        sheet.write_string(n as u32 + 1, 0, bucket).map_err(failed)?;
        sheet.write_number(n as u32 + 1, 1, *count as f64).map_err(failed)?;
    }

    let bytes = workbook.save_to_buffer().map_err(failed)?;
    let name = format!("device-dashboard-{}-{}.xlsx", activity.range, activity.granularity);
    Ok(json!(ExportedFile::new(name, XLSX, &bytes)))
}
