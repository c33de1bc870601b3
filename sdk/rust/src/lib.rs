//! Guest SDK for Device Console plugins.
//!
//! A plugin implements [`Plugin`] (its routes, and optionally scheduled jobs and events) and
//! exports it with [`export_plugin!`]. Handlers receive a [`Call`] whose `host` gives the store,
//! templates, audit, log, events, files and outbound HTTP, all scoped by the host to the caller's
//! tenant and this plugin. Native unit tests run the same handlers against
//! [`testing::MemoryHost`].

pub mod approvals;
pub mod batch;
pub mod bindings;
pub mod certificates;
pub mod choices;
pub mod collection;
pub mod counters;
pub mod describe;
pub mod devices;
pub mod error;
pub mod expected;
pub mod export;
pub mod host;
pub mod limits;
pub mod live;
pub mod platform;
pub mod products;
pub mod proofs;
pub mod random;
pub mod resource;
// Its own tests run with the zone database of the dev-dependency below.
#[cfg(any(feature = "time-zones", test))]
pub mod rollup;
pub mod router;
pub mod search;
pub mod secrets;
pub mod series;
pub mod services;
#[cfg(feature = "excel")]
pub mod sheet;
pub mod signing;
pub mod sync;
pub mod testing;
pub mod thing_model;
pub mod time;
pub mod unreadable;
pub mod upload;
pub mod validate;

pub use collection::{Collection, Doc, PageOf, Query, SearchMode};
pub use error::{Expected, LANGS, Message, PluginError, PluginResult};
pub use host::{Host, WasmHost};
pub use resource::Resource;
pub use router::{Call, Context, Router};
pub use serde_json::{Value, json};

use bindings::console::plugin::types;

/// A plugin: its routes, and what it does on schedules and subscribed events.
pub trait Plugin {
    fn router() -> Router;

    /// A schedule of the manifest fired; `context` carries the tenant it runs for.
    fn run_job(_host: &mut dyn Host, _name: &str, _context: &Context) -> Result<(), String> {
        Ok(())
    }

    /// An event of a subscribed topic arrived.
    fn on_event(_host: &mut dyn Host, _topic: &str, _payload: &Value, _context: &Context) -> Result<(), String> {
        Ok(())
    }
}

fn context(c: types::Context) -> Context {
    Context {
        tenant_id: c.tenant_id,
        user_id: c.user_id,
        user_name: c.user_name,
        lang: c.lang,
        actions: c.actions,
        request_id: c.request_id,
    }
}

/// Runs one request through the plugin's router; used by [`export_plugin!`] and by tests.
pub fn handle<P: Plugin>(host: &mut dyn Host, request: types::Request) -> types::Response {
    if request.method == describe::DESCRIBE {
        return types::Response { status: 200, body: P::router().describe().to_string() };
    }
    let context = context(request.context);
    let lang = context.lang.clone();
    let body = match serde_json::from_str::<Value>(&request.body) {
        Ok(body) => body,
        Err(err) => {
            let err = PluginError::text(400, None, format!("Malformed request: {err}"));
            return types::Response { status: err.status, body: err.body(&lang) };
        }
    };
    let mut call = Call {
        method: request.method,
        path: request.path,
        params: Vec::new(),
        query: request.query,
        body,
        context,
        host,
    };
    match P::router().dispatch(&mut call) {
        // `to_string` writes straight into the buffer; `Value`'s `Display` goes through a
        // formatter per token and took a third of a list call's time in the guest.
        Ok(data) => {
            types::Response { status: 200, body: serde_json::to_string(&data).unwrap_or_else(|_| "null".into()) }
        }
        Err(err) => types::Response { status: err.status, body: err.body(&lang) },
    }
}

#[doc(hidden)]
pub fn run_job<P: Plugin>(job: types::Job) -> Result<(), String> {
    P::run_job(&mut WasmHost, &job.name, &context(job.context))
}

#[doc(hidden)]
pub fn on_event<P: Plugin>(event: types::Event) -> Result<(), String> {
    let payload = serde_json::from_str(&event.payload).map_err(|e| e.to_string())?;
    P::on_event(&mut WasmHost, &event.topic, &payload, &context(event.context))
}

/// Exports a [`Plugin`] as the component's `handler`. Only on wasm: natively the plugin is a
/// plain library whose logic tests call through [`testing::MemoryHost`].
#[macro_export]
macro_rules! export_plugin {
    ($plugin:ty) => {
        #[cfg(target_arch = "wasm32")]
        mod __console_plugin_export {
            #[allow(unused_imports)]
            use super::*;

            struct Guest;

            impl $crate::bindings::exports::console::plugin::handler::Guest for Guest {
                fn handle(
                    request: $crate::bindings::console::plugin::types::Request,
                ) -> $crate::bindings::console::plugin::types::Response {
                    $crate::handle::<$plugin>(&mut $crate::WasmHost, request)
                }

                fn run_job(job: $crate::bindings::console::plugin::types::Job) -> Result<(), String> {
                    $crate::run_job::<$plugin>(job)
                }

                fn on_event(event: $crate::bindings::console::plugin::types::Event) -> Result<(), String> {
                    $crate::on_event::<$plugin>(event)
                }
            }

            $crate::bindings::__export_plugin_world!(Guest with_types_in $crate::bindings);
        }
    };
}
