//! Time series (contract 0.1.17): numbers over time of the call's enterprise and this plugin,
//! kept by day and read by range in buckets. What a device reports of its numeric properties
//! belongs here, not in a collection: the host keeps them in day partitions it drops whole.

use crate::error::{PluginError, PluginResult};
use crate::host::{Bucket, Host, Point};

/// A point of `subject`'s `name` at `at` (Unix ms).
pub fn point(subject: &str, name: &str, at: i64, value: f64) -> Point {
    Point { subject: subject.to_string(), name: name.to_string(), at, value }
}

/// Appends points in the call's transaction (at most 10,000 a call).
pub fn append(host: &mut dyn Host, points: &[Point]) -> PluginResult<()> {
    if points.is_empty() {
        return Ok(());
    }
    host.series_append(points).map_err(PluginError::internal)
}

/// `subject`'s `name` from `from` to `to` (excluded) in at most `buckets` buckets, oldest first.
/// Buckets of ten minutes or more are summed from the host's ten-minute rollups: each is a whole
/// number of ten minutes wide, from the ten minutes `from` falls in, so fewer may come back.
pub fn read(
    host: &mut dyn Host,
    subject: &str,
    name: &str,
    (from, to): (i64, i64),
    buckets: u32,
) -> PluginResult<Vec<Bucket>> {
    host.series_read(subject, name, from, to, buckets).map_err(|why| PluginError::text(400, None, why))
}

/// `subject`'s points from `from` to `to` (excluded), every name, newest first.
pub fn points(host: &mut dyn Host, subject: &str, (from, to): (i64, i64), limit: u32) -> PluginResult<Vec<Point>> {
    host.series_points(subject, from, to, limit).map_err(|why| PluginError::text(400, None, why))
}

/// A reported value as a number the series keeps: a number, or a boolean as 1 or 0; anything
/// else (text, a structure) is not a series' point.
pub fn number(value: &serde_json::Value) -> Option<f64> {
    match value {
        serde_json::Value::Number(n) => n.as_f64().filter(|v| v.is_finite()),
        serde_json::Value::Bool(b) => Some(if *b { 1.0 } else { 0.0 }),
        _ => None,
    }
}
