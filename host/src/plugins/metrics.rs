//! Per-plugin metrics in Prometheus format: calls by outcome, latency, memory peak.

use std::sync::Mutex;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct CallLabels {
    pub plugin: String,
    /// request, job or event.
    pub kind: String,
    /// ok, error (the plugin answered with an error), trap, timeout.
    pub outcome: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct PluginLabel {
    pub plugin: String,
}

pub struct PluginMetrics {
    registry: Mutex<Registry>,
    pub calls: Family<CallLabels, Counter>,
    pub latency: Family<PluginLabel, Histogram>,
    pub memory_peak: Family<PluginLabel, Gauge>,
    /// Events not delivered for want of room, by publisher: counted, not logged one by one.
    pub events_dropped: Family<PluginLabel, Counter>,
}

fn latency_histogram() -> Histogram {
    Histogram::new(exponential_buckets(0.0001, 2.0, 18))
}

impl Default for PluginMetrics {
    fn default() -> Self {
        let mut registry = Registry::with_prefix("console_plugin");
        let calls = Family::<CallLabels, Counter>::default();
        let latency = Family::<PluginLabel, Histogram>::new_with_constructor(latency_histogram as fn() -> Histogram);
        let memory_peak = Family::<PluginLabel, Gauge>::default();
        let events_dropped = Family::<PluginLabel, Counter>::default();
        registry.register("calls", "Plugin calls by kind and outcome", calls.clone());
        registry.register("call_duration_seconds", "Plugin call latency, instantiation included", latency.clone());
        registry.register(
            "memory_peak_bytes",
            "Largest linear memory a call of the plugin reached",
            memory_peak.clone(),
        );
        registry.register(
            "events_dropped",
            "Events not delivered: too many deliveries were under way",
            events_dropped.clone(),
        );
        PluginMetrics { registry: Mutex::new(registry), calls, latency, memory_peak, events_dropped }
    }
}

impl PluginMetrics {
    pub fn event_dropped(&self, publisher: &str) {
        self.events_dropped.get_or_create(&PluginLabel { plugin: publisher.into() }).inc();
    }

    pub fn record(&self, plugin: &str, kind: &str, outcome: &str, seconds: f64, memory_peak: usize) {
        let labels = CallLabels { plugin: plugin.into(), kind: kind.into(), outcome: outcome.into() };
        self.calls.get_or_create(&labels).inc();
        let plugin = PluginLabel { plugin: plugin.into() };
        self.latency.get_or_create(&plugin).observe(seconds);
        let peak = self.memory_peak.get_or_create(&plugin);
        let memory_peak = i64::try_from(memory_peak).unwrap_or(i64::MAX);
        if memory_peak > peak.get() {
            peak.set(memory_peak);
        }
    }

    /// Calls of a plugin with the given outcome, all kinds together.
    pub fn count(&self, plugin: &str, outcome: &str) -> u64 {
        ["request", "job", "event"]
            .iter()
            .map(|kind| {
                let labels = CallLabels { plugin: plugin.into(), kind: (*kind).into(), outcome: outcome.into() };
                self.calls.get_or_create(&labels).get()
            })
            .sum()
    }

    pub fn peak(&self, plugin: &str) -> i64 {
        self.memory_peak.get_or_create(&PluginLabel { plugin: plugin.into() }).get()
    }

    pub fn encode(&self) -> String {
        let mut out = String::new();
        if let Ok(registry) = self.registry.lock() {
            let _ = prometheus_client::encoding::text::encode(&mut out, &registry);
        }
        out
    }
}
