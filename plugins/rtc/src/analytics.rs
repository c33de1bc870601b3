//! Call sessions reported by devices, and the charts of minutes and sessions per hour or day
//! and per product over the console's time ranges.

use std::collections::BTreeMap;

use console_plugin_sdk::time::{self, DAY_MS, HOUR_MS};
use console_plugin_sdk::validate;
use console_plugin_sdk::{Call, Collection, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::clients::{self, identifier};
use crate::{messages, whitelist};

pub const QUALITIES: [&str; 4] = ["excellent", "good", "poor", "bad"];

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Session {
    pub client_id: String,
    pub product_id: String,
    pub device_sn: String,
    pub channel: String,
    pub started_at: i64,
    pub ended_at: i64,
    pub minutes: i64,
    pub quality: String,
}

pub const SESSIONS: Collection<Session> = Collection::new("sessions");

/// Sessions read for one chart at most; beyond that the answer says it was capped.
const MAX_SESSIONS: u64 = 200_000;

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SessionReport {
    app_id: String,
    product_id: String,
    device_sn: String,
    channel: String,
    started_at: i64,
    ended_at: i64,
    quality: String,
}

/// A device reports a finished call. The product must be on the client's whitelist.
pub fn report(call: &mut Call<'_>) -> PluginResult<Value> {
    let input = call.body::<SessionReport>()?;
    let app_id = validate::required("appId", &input.app_id, 64)?;
    let product_id = identifier("productId", &input.product_id, 64)?;
    let device_sn = identifier("deviceSn", &input.device_sn, 64)?;
    let channel = identifier("channel", &input.channel, 64)?;
    let quality = validate::one_of("quality", &input.quality, &QUALITIES)?;
    if input.started_at <= 0 {
        return Err(PluginError::required("startedAt"));
    }
    if input.ended_at < input.started_at {
        return Err(messages::end_before_start());
    }
    let found = clients::CLIENTS.query(call.host, &Query::new().eq("appId", app_id.as_str()).page(1, 1))?;
    let client =
        found.list.into_iter().next().ok_or_else(|| PluginError::format("appId", crate::expected::CLIENT_APP_ID))?;
    clients::usable(call, &client.id)?;
    if !whitelist::allows(call, &client.id, &product_id)? {
        return Err(messages::product_not_whitelisted(&product_id));
    }
    let minutes = (input.ended_at - input.started_at + 59_999) / 60_000;
    let session = Session {
        client_id: client.id,
        product_id,
        device_sn,
        channel,
        started_at: input.started_at,
        ended_at: input.ended_at,
        minutes,
        quality,
    };
    Ok(json!(SESSIONS.insert(call.host, &session)?))
}

#[derive(Debug, Default, Clone, Copy, Serialize, schemars::JsonSchema)]
pub struct Tally {
    sessions: u64,
    minutes: i64,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct Bucket {
    /// The hour or day.
    label: String,
    #[serde(flatten)]
    tally: Tally,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductTally {
    product_id: String,
    #[serde(flatten)]
    tally: Tally,
}

/// Sessions and minutes over a range, per hour or day, per product and per quality.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    range: String,
    /// `hour` or `day`.
    granularity: String,
    buckets: Vec<Bucket>,
    products: Vec<ProductTally>,
    qualities: BTreeMap<String, u64>,
    total_sessions: u64,
    total_minutes: i64,
    /// More sessions than one summary reads: the figures cover the newest.
    capped: bool,
}

impl Tally {
    fn add(&mut self, session: &Session) {
        self.sessions += 1;
        self.minutes += session.minutes;
    }
}

/// Minutes and sessions per hour (ranges up to a day) or per day, per product and per quality.
pub fn summary(call: &mut Call<'_>) -> PluginResult<Value> {
    let range = call.query("range").unwrap_or("7d").to_string();
    let span = time::range_ms("range", &range)?;
    let now = call.host.now_ms();
    let hourly = span <= DAY_MS;
    let (step, label): (i64, fn(i64) -> String) =
        if hourly { (HOUR_MS, time::hour_label) } else { (DAY_MS, time::day_label) };

    let mut buckets: BTreeMap<String, Tally> = BTreeMap::new();
    let first = (now - span).div_euclid(step) * step;
    for start in (first..=now).step_by(step as usize) {
        buckets.insert(label(start), Tally::default());
    }
    let mut products: BTreeMap<String, Tally> = BTreeMap::new();
    let mut qualities: BTreeMap<String, u64> = QUALITIES.iter().map(|q| (q.to_string(), 0)).collect();
    let mut total = Tally::default();

    let base = Query::new().gte("startedAt", now - span).eq_opt("clientId", call.query("clientId"));
    let mut read = 0u64;
    let mut page = 1;
    let capped = loop {
        let batch = SESSIONS.query(call.host, &base.clone().sort("startedAt", false).page(page, 1000))?;
        for session in batch.list.iter().map(|s| &s.data) {
            buckets.entry(label(session.started_at)).or_default().add(session);
            products.entry(session.product_id.clone()).or_default().add(session);
            *qualities.entry(session.quality.clone()).or_default() += 1;
            total.add(session);
        }
        read += batch.list.len() as u64;
        if batch.list.len() < 1000 || read >= batch.total {
            break false;
        }
        if read >= MAX_SESSIONS {
            break true;
        }
        page += 1;
    };

    let mut by_product: Vec<(String, Tally)> = products.into_iter().collect();
    by_product.sort_by(|a, b| b.1.minutes.cmp(&a.1.minutes).then(a.0.cmp(&b.0)));
    Ok(json!(Summary {
        range,
        granularity: if hourly { "hour" } else { "day" }.into(),
        buckets: buckets.into_iter().map(|(label, tally)| Bucket { label, tally }).collect(),
        products: by_product.into_iter().map(|(product_id, tally)| ProductTally { product_id, tally }).collect(),
        qualities,
        total_sessions: total.sessions,
        total_minutes: total.minutes,
        capped,
    }))
}
