//! Runs the manifests' schedules in the host, for each tenant that enabled the plugin. Due runs
//! are claimed with a lease in the database so that several host processes share the work.

use std::sync::Arc;
use std::time::Duration;

use super::Plugins;
use super::bindings::console::plugin::types;
use super::runtime::{CallContext, EventBudget, Invocation, Returned};
use crate::db::now_ms;

const SCHEDULER_TICK: Duration = Duration::from_millis(500);

pub fn spawn(plugins: Arc<Plugins>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(SCHEDULER_TICK);
        loop {
            tick.tick().await;
            if let Err(err) = run_due(&plugins).await {
                tracing::error!(%err, "scheduler");
            }
        }
    })
}

async fn run_due(plugins: &Arc<Plugins>) -> Result<(), sqlx::Error> {
    // The platform (tenant 0) has its own data too (what it creates acting for all enterprises,
    // its own devices' keys), so its schedules run like an enterprise's.
    let tenants: Vec<i64> = std::iter::once(0).chain(plugins.db().active_tenant_ids().await?).collect();
    for plugin in plugins.all().into_iter().filter(|p| !p.manifest.schedules.is_empty()) {
        for tenant in &tenants {
            if !plugins.enabled_for(*tenant).await?.contains(&plugin.manifest.id) {
                continue;
            }
            for schedule in &plugin.manifest.schedules {
                let lease = i64::try_from(plugin.installed.grants.timeout_ms).unwrap_or(60_000) + 5_000;
                let first_run = schedule.first_run(now_ms()).unwrap_or(i64::MAX);
                let claimed =
                    plugins.db().claim_schedule(&plugin.manifest.id, &schedule.name, *tenant, first_run, lease).await?;
                if !claimed {
                    continue;
                }
                let context = CallContext {
                    tenant_id: *tenant,
                    user_id: 0,
                    platform_user: false,
                    user_name: "scheduler".into(),
                    lang: "en".into(),
                    actions: Vec::new(),
                    request_id: format!("schedule:{}:{}", plugin.manifest.id, schedule.name),
                    cascade: EventBudget::new(),
                    decision: None,
                    client_address: String::new(),
                    sealed: Default::default(),
                    user_actions: None,
                };
                let job = types::Job { name: schedule.name.clone(), context: context.to_wit() };
                let error = match plugins.call(plugin.clone(), context, Invocation::Job(job), 0).await {
                    Ok(finished) => match finished.returned {
                        Returned::Unit(Err(why)) => Some(why),
                        _ => None,
                    },
                    Err(failure) => Some(format!("{failure:?}")),
                };
                // A run missed while the host was down runs once, then the next one is in the future.
                let next_run = schedule.next_after(now_ms()).unwrap_or(i64::MAX);
                plugins
                    .db()
                    .finish_schedule(&plugin.manifest.id, &schedule.name, *tenant, next_run, error.as_deref())
                    .await?;
            }
        }
    }
    Ok(())
}
