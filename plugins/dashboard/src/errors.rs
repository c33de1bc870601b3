//! The error analysis (/echartGroup/error-analysis): device events of the error type
//! counted by code, product and firmware version as they arrive (`rollups`), shown over a range
//! beside the period before it. A code's message is its return-code message in the user's
//! language (the globalization plugin). A spike, at least twice the period before and at least
//! [`SPIKE_FLOOR`] errors, is flagged.

use std::collections::BTreeMap;

use console_plugin_sdk::rollup::series;
use console_plugin_sdk::{Call, PluginResult, Value, json, services};
use serde::{Deserialize, Serialize};

use crate::overview::window;
use crate::rollups::Rolled;

/// Fewer errors than this are never a spike, whatever the period before.
pub const SPIKE_FLOOR: i64 = 5;
/// The codes listed, and those drawn over time.
const TOP_CODES: usize = 10;
const CODES_OVER_TIME: usize = 5;

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErrorCode {
    pub code: String,
    /// The return-code message in the user's language; empty when none is written.
    pub message: String,
    pub count: i64,
    /// In the period of the same length before the range.
    pub previous: i64,
    pub spike: bool,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErrorAnalysis {
    pub range: String,
    pub granularity: String,
    pub time_zone: String,
    pub labels: Vec<String>,
    /// Errors per bucket.
    pub errors: Vec<i64>,
    pub total: i64,
    pub previous_total: i64,
    pub spike: bool,
    /// The most frequent codes, most first, with their messages.
    pub codes: Vec<ErrorCode>,
    /// The five most frequent codes, each per bucket.
    pub codes_over_time: Vec<(String, Vec<i64>)>,
    pub by_firmware: Vec<(String, i64)>,
    /// By product name.
    pub by_product: Vec<(String, i64)>,
    /// Every report kept up to this time (Unix ms) is counted.
    pub counted_until: i64,
}

/// Whether `now` against `before` is a spike.
pub fn is_spike(now: i64, before: i64) -> bool {
    now >= SPIKE_FLOOR && now >= 2 * before
}

/// Sums of `product/part` keys by part, for one product or all, most first.
fn by_part(rows: &[console_plugin_sdk::counters::Counted], product: Option<&str>) -> Vec<(String, i64)> {
    let mut sums = BTreeMap::<String, i64>::new();
    for row in rows {
        let Some((of, part)) = row.key.split_once('/') else { continue };
        if product.is_none_or(|p| p == of) {
            *sums.entry(part.to_string()).or_default() += row.value;
        }
    }
    let mut list: Vec<(String, i64)> = sums.into_iter().collect();
    list.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    list
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct ProductName {
    product_id: String,
    product_name: String,
}

/// `GET /errors`.
pub fn analysis(call: &mut Call<'_>) -> PluginResult<Value> {
    Ok(json!(error_figures(call)?))
}

/// The figures `analysis` answers.
pub fn error_figures(call: &mut Call<'_>) -> PluginResult<ErrorAnalysis> {
    let (w, zone, time_zone) = window(call)?;
    let product = call.query("productId").filter(|p| !p.is_empty()).map(str::to_string);
    let keys: Vec<&str> = product.as_deref().into_iter().collect();
    let span = w.now - w.from;
    let (before_from, before_to) = (w.first - span, w.first - 1);

    let hourly = Rolled::new(&["errors"], w.first, w.now, w.granularity)
        .keys(&keys)
        .all_enterprises(w.all)
        .by_bucket()
        .run(call.host)?;
    let points: Vec<(i64, i64)> = hourly.iter().map(|c| (c.bucket, c.value)).collect();
    let buckets = series(&points, w.from, w.now, w.granularity, &zone);
    let labels = buckets.iter().map(|(b, _)| b.label.clone()).collect();
    let errors: Vec<i64> = buckets.iter().map(|(_, n)| *n).collect();
    let total: i64 = points.iter().map(|(_, n)| n).sum();
    let previous_total: i64 = Rolled::new(&["errors"], before_from, before_to, w.granularity)
        .keys(&keys)
        .all_enterprises(w.all)
        .run(call.host)?
        .iter()
        .map(|c| c.value)
        .sum();

    let code_rows =
        Rolled::new(&["error:code"], w.first, w.now, w.granularity).all_enterprises(w.all).by_key().run(call.host)?;
    let codes_now = by_part(&code_rows, product.as_deref());
    let before_rows = Rolled::new(&["error:code"], before_from, before_to, w.granularity)
        .all_enterprises(w.all)
        .by_key()
        .run(call.host)?;
    let codes_before: BTreeMap<String, i64> = by_part(&before_rows, product.as_deref()).into_iter().collect();
    let top: Vec<(String, i64)> = codes_now.into_iter().take(TOP_CODES).collect();
    let wanted: Vec<String> = top.iter().map(|(code, _)| code.clone()).collect();
    let ask = json!({ "codes": wanted, "lang": call.context.lang });
    let messages: BTreeMap<String, String> =
        services::post(call.host, "i18n-service", "/internal/return-codes", &ask).unwrap_or_default();
    let codes = top
        .iter()
        .map(|(code, count)| {
            let previous = codes_before.get(code).copied().unwrap_or(0);
            ErrorCode {
                code: code.clone(),
                message: messages.get(code).cloned().unwrap_or_default(),
                count: *count,
                previous,
                spike: is_spike(*count, previous),
            }
        })
        .collect();

    // The five most frequent codes per bucket: their keys (a code of every product) asked for.
    let drawn: Vec<&str> = top.iter().take(CODES_OVER_TIME).map(|(code, _)| code.as_str()).collect();
    let full_keys: Vec<&str> = code_rows
        .iter()
        .filter_map(|row| {
            let (of, code) = row.key.split_once('/')?;
            (drawn.contains(&code) && product.as_deref().is_none_or(|p| p == of)).then_some(row.key.as_str())
        })
        .take(1000)
        .collect();
    let over_time = if full_keys.is_empty() {
        Vec::new()
    } else {
        Rolled::new(&["error:code"], w.first, w.now, w.granularity)
            .keys(&full_keys)
            .all_enterprises(w.all)
            .by_bucket()
            .by_key()
            .run(call.host)?
    };
    let codes_over_time = drawn
        .iter()
        .map(|code| {
            let points: Vec<(i64, i64)> = over_time
                .iter()
                .filter(|row| row.key.split_once('/').is_some_and(|(_, c)| c == *code))
                .map(|row| (row.bucket, row.value))
                .collect();
            let counts = series(&points, w.from, w.now, w.granularity, &zone).into_iter().map(|(_, n)| n).collect();
            (code.to_string(), counts)
        })
        .collect();

    let firmware_rows = Rolled::new(&["error:firmware"], w.first, w.now, w.granularity)
        .all_enterprises(w.all)
        .by_key()
        .run(call.host)?;
    let by_firmware = by_part(&firmware_rows, product.as_deref()).into_iter().take(TOP_CODES).collect();
    let product_rows = Rolled::new(&["errors"], w.first, w.now, w.granularity)
        .keys(&keys)
        .all_enterprises(w.all)
        .by_key()
        .run(call.host)?;
    let mut by_product: Vec<(String, i64)> = product_rows.into_iter().map(|c| (c.key, c.value)).collect();
    by_product.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    by_product.truncate(TOP_CODES);
    if !by_product.is_empty() {
        let names: Vec<ProductName> =
            services::get(call.host, "product-service", "/internal/product-categories").unwrap_or_default();
        for (id, _) in &mut by_product {
            if let Some(named) = names.iter().find(|p| &p.product_id == id) {
                id.clone_from(&named.product_name);
            }
        }
    }
    let cursor = crate::rollups::cursor(call.host)?.map(|d| d.data).unwrap_or_default();
    Ok(ErrorAnalysis {
        range: w.range.clone(),
        granularity: w.granularity_name.clone(),
        time_zone,
        labels,
        errors,
        total,
        previous_total,
        spike: is_spike(total, previous_total),
        codes,
        codes_over_time,
        by_firmware,
        by_product,
        counted_until: cursor.counted_until,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_spike_is_twice_the_period_before_and_at_least_the_floor() {
        assert!(super::is_spike(10, 5));
        assert!(!super::is_spike(9, 5));
        assert!(super::is_spike(5, 0));
        assert!(!super::is_spike(4, 0), "a handful is never a spike");
    }
}
