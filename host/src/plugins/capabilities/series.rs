//! `series` (contract 0.1.17): numbers over time of the call's enterprise and plugin, appended in
//! the call's transaction and read by range (see `db::series`). Bounded as every capability:
//! points per call, name lengths, the days a point may fall on, buckets and rows read.

use crate::db::series::{self as db, DAY_MS, Point};
use crate::plugins::bindings::console::plugin::series::{self as wit, Bucket};
use crate::plugins::runtime::CallState;

/// Points one `append` takes.
const MAX_POINTS: usize = 10_000;
const MAX_NAME_CHARS: usize = 64;
const MAX_BUCKETS: u32 = 2_000;
const MAX_POINTS_READ: u32 = 10_000;

fn named(what: &str, text: &str) -> Result<(), String> {
    if text.is_empty() || text.chars().count() > MAX_NAME_CHARS {
        return Err(format!("a point's {what} has 1 to {MAX_NAME_CHARS} characters"));
    }
    Ok(())
}

impl CallState {
    fn series_owner(&self) -> (i64, String) {
        (self.call.tenant_id, self.plugin.manifest.id.clone())
    }

    /// The times a point may have: within the kept days, at most a day ahead.
    fn series_window(&self) -> (i64, i64) {
        let now = crate::clock::now_ms();
        let today = db::day_of(now);
        ((today - self.services.series_days + 1) * DAY_MS, now + DAY_MS)
    }

    /// A database error dooms the call, as a store one does.
    fn series_failed(&mut self, error: sqlx::Error) -> String {
        if crate::db::serialization_failure(&error) {
            self.rerun = true;
        }
        tracing::warn!(plugin = %self.plugin.manifest.id, %error, "series error: the call will be rolled back");
        self.doomed = true;
        error.to_string()
    }
}

impl wit::Host for CallState {
    async fn append(&mut self, points: Vec<wit::Point>) -> wasmtime::Result<Result<(), String>> {
        if points.len() > MAX_POINTS {
            return Ok(Err(format!("at most {MAX_POINTS} points a call")));
        }
        let (first, last) = self.series_window();
        let mut kept = Vec::with_capacity(points.len());
        for p in points {
            if let Err(why) = named("subject", &p.subject).and_then(|()| named("name", &p.name)) {
                return Ok(Err(why));
            }
            if !p.value.is_finite() {
                return Ok(Err(format!("`{}`: a point's value is a finite number", p.name)));
            }
            if !(first..=last).contains(&p.at) {
                return Ok(Err(format!(
                    "`{}` at {}: a point falls within the {} days kept and at most a day ahead",
                    p.name, p.at, self.services.series_days
                )));
            }
            kept.push(Point { subject: p.subject, name: p.name, at: p.at, value: p.value });
        }
        if kept.is_empty() {
            return Ok(Ok(()));
        }
        let (tenant, plugin) = self.series_owner();
        let mut days: Vec<i64> = kept.iter().map(|p| db::day_of(p.at)).collect();
        days.sort_unstable();
        days.dedup();
        let database = self.services.db.clone();
        for day in days {
            if let Err(error) = db::ensure_day(&database, self.write_conn().await?, day).await {
                return Ok(Err(self.series_failed(error)));
            }
        }
        let written = db::append(self.write_conn().await?, (tenant, &plugin), &kept).await;
        Ok(written.map_err(|e| self.series_failed(e)))
    }

    async fn read(
        &mut self,
        subject: String,
        name: String,
        from: i64,
        to: i64,
        buckets: u32,
    ) -> wasmtime::Result<Result<Vec<Bucket>, String>> {
        if !(1..=MAX_BUCKETS).contains(&buckets) {
            return Ok(Err(format!("a read has 1 to {MAX_BUCKETS} buckets")));
        }
        let Some(span) = to.checked_sub(from).filter(|span| *span > 0) else {
            return Ok(Err("a range ends after it begins".into()));
        };
        let count = i64::from(buckets);
        let width = span / count + i64::from(span % count != 0);
        let (tenant, plugin) = self.series_owner();
        let read =
            db::read(self.read_conn().await?, (tenant, &plugin), (&subject, &name), (from, to), width.max(1)).await;
        Ok(read
            .map(|rows| {
                rows.into_iter()
                    .map(|b| Bucket {
                        at: b.bucket,
                        count: u64::try_from(b.count).unwrap_or(0),
                        min: b.min,
                        max: b.max,
                        avg: b.avg,
                    })
                    .collect()
            })
            .map_err(|e| self.series_failed(e)))
    }

    async fn points(
        &mut self,
        subject: String,
        from: i64,
        to: i64,
        limit: u32,
    ) -> wasmtime::Result<Result<Vec<wit::Point>, String>> {
        if !(1..=MAX_POINTS_READ).contains(&limit) {
            return Ok(Err(format!("a read answers 1 to {MAX_POINTS_READ} points")));
        }
        if to <= from {
            return Ok(Err("a range ends after it begins".into()));
        }
        let (tenant, plugin) = self.series_owner();
        let read = db::points(self.read_conn().await?, (tenant, &plugin), &subject, (from, to), i64::from(limit)).await;
        Ok(read
            .map(|rows| {
                rows.into_iter()
                    .map(|p| wit::Point { subject: p.subject, name: p.name, at: p.at, value: p.value })
                    .collect()
            })
            .map_err(|e| self.series_failed(e)))
    }
}
