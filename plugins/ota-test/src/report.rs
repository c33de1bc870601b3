//! A task's report: per device, successes, failures and timeouts, durations and failure
//! reasons; shown in the console and downloadable as CSV or Excel.

use std::collections::BTreeMap;

use console_plugin_sdk::export::{ExportedFile, XLSX, csv_cell, csv_line, file_stem};
use console_plugin_sdk::{Call, Doc, PluginError, PluginResult, Query, Value, json};
use rust_xlsxwriter::Workbook;
use serde::Serialize;

use crate::runner::{Outcome, RESULTS, StepResult};
use crate::tasks::{TASKS, Task};

#[derive(Debug, Default, Clone, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceReport {
    pub sn: String,
    pub steps_done: u32,
    pub succeeded: u32,
    pub failed: u32,
    pub timed_out: u32,
    pub average_ms: i64,
    pub longest_ms: i64,
    /// Distinct failure reasons with how often each occurred.
    pub reasons: BTreeMap<String, u32>,
}

fn results(call: &mut Call<'_>, task_id: &str) -> PluginResult<Vec<StepResult>> {
    let mut all = Vec::new();
    let mut page = 1;
    loop {
        let batch =
            RESULTS.query(call.host, &Query::new().eq("taskId", task_id).sort("step", false).page(page, 1000))?;
        let short = batch.list.len() < 1000;
        all.extend(batch.list.into_iter().map(|d| d.data));
        if short {
            return Ok(all);
        }
        page += 1;
    }
}

pub fn build(task: &Task, results: &[StepResult]) -> Vec<DeviceReport> {
    task.device_sns
        .iter()
        .map(|sn| {
            let mine: Vec<&StepResult> = results.iter().filter(|r| &r.sn == sn).collect();
            let mut report = DeviceReport { sn: sn.clone(), steps_done: mine.len() as u32, ..Default::default() };
            let mut total = 0;
            for result in &mine {
                match result.outcome {
                    Outcome::Success => report.succeeded += 1,
                    Outcome::Failure => report.failed += 1,
                    Outcome::Timeout => report.timed_out += 1,
                }
                if result.outcome != Outcome::Success {
                    *report.reasons.entry(result.reason.clone()).or_default() += 1;
                }
                total += result.duration_ms;
                report.longest_ms = report.longest_ms.max(result.duration_ms);
            }
            report.average_ms = if mine.is_empty() { 0 } else { total / mine.len() as i64 };
            report
        })
        .collect()
}

/// A task's report: per device and per step.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct TaskReport {
    #[schemars(with = "Doc<crate::tasks::Task>")]
    pub task: Value,
    pub devices: Vec<DeviceReport>,
    pub steps: Vec<StepResult>,
}

pub fn show(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let task = TASKS.find(call.host, &id)?;
    let steps = results(call, &id)?;
    let devices = build(&task.data, &steps);
    Ok(json!(TaskReport { task: crate::tasks::public(task), devices, steps }))
}

const HEADER: [&str; 8] =
    ["SN", "Steps done", "Succeeded", "Failed", "Timed out", "Average (ms)", "Longest (ms)", "Failure reasons"];

fn reasons(report: &DeviceReport) -> String {
    report.reasons.iter().map(|(reason, n)| format!("{reason} ×{n}")).collect::<Vec<_>>().join("; ")
}

pub fn csv(reports: &[DeviceReport]) -> String {
    let mut out = csv_line(HEADER);
    for r in reports {
        out += &csv_line([
            csv_cell(&r.sn),
            r.steps_done.to_string(),
            r.succeeded.to_string(),
            r.failed.to_string(),
            r.timed_out.to_string(),
            r.average_ms.to_string(),
            r.longest_ms.to_string(),
            csv_cell(&reasons(r)),
        ]);
    }
    out
}

pub fn xlsx(task: &Task, reports: &[DeviceReport]) -> Result<Vec<u8>, rust_xlsxwriter::XlsxError> {
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.set_name("Report")?;
    sheet.write_string(0, 0, &task.task_name)?;
    for (col, title) in HEADER.iter().enumerate() {
        sheet.write_string(2, col as u16, *title)?;
    }
    for (i, r) in reports.iter().enumerate() {
        let row = i as u32 + 3;
        sheet.write_string(row, 0, &r.sn)?;
        for (col, n) in [r.steps_done, r.succeeded, r.failed, r.timed_out].iter().enumerate() {
            sheet.write_number(row, col as u16 + 1, f64::from(*n))?;
        }
        sheet.write_number(row, 5, r.average_ms as f64)?;
        sheet.write_number(row, 6, r.longest_ms as f64)?;
        sheet.write_string(row, 7, reasons(r))?;
    }
    workbook.save_to_buffer()
}

/// `format=csv` or `xlsx`: `{fileName, contentType, content}` with the content in base64.
pub fn export(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let format = call.query("format").unwrap_or("csv").to_string();
    let task = TASKS.find(call.host, &id)?;
    let reports = build(&task.data, &results(call, &id)?);
    let (bytes, content_type) = match format.as_str() {
        "csv" => (csv(&reports).into_bytes(), "text/csv"),
        "xlsx" => (xlsx(&task.data, &reports).map_err(|e| PluginError::internal(e.to_string()))?, XLSX),
        _ => {
            return Err(PluginError::format(
                "format",
                [
                    "csv 或 xlsx",
                    "csv or xlsx",
                    "csv oder xlsx",
                    "csv o xlsx",
                    "csv ou xlsx",
                    "csv ou xlsx",
                    "csv или xlsx",
                ],
            ));
        }
    };
    let file_name = format!("{}-report.{format}", file_stem(&task.data.task_name));
    Ok(json!(ExportedFile::new(file_name, content_type, &bytes)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A device chooses its SN: written into the report, it must not run as a formula in Excel.
    #[test]
    fn a_device_written_formula_is_text_in_the_csv() {
        let report = DeviceReport {
            sn: "=cmd|'/c calc'!A1".into(),
            reasons: [("-2+3\rx".to_string(), 1)].into_iter().collect(),
            ..DeviceReport::default()
        };
        let text = csv(&[report]);
        let row = text.lines().nth(1).expect("a row");
        assert!(row.starts_with("\"'=cmd|"), "{row}");
        assert!(text.contains("\"'-2+3\rx ×1\""), "{text:?}");
    }
}
