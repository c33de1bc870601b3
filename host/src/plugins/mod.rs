//! The plugin runtime: feature domains as WebAssembly components behind the versioned
//! `console:plugin` contract (`wit/plugin.wit`), run by wasmtime with deadlines, memory caps and
//! one database transaction per call, scoped to (tenant, plugin).

pub mod bindings;
pub mod budget;
pub mod cached_reads;
pub mod capabilities;
pub mod cpu;
pub mod engine;
pub mod ingest;
pub mod installation;
pub mod live_hub;
pub mod manifest;
pub mod metrics;
pub mod outbound;
pub mod quota;
pub mod registry;
pub mod remote;
pub mod runtime;
pub mod scheduler;
pub mod sockets;
pub mod wakes;

pub use registry::{LiveEvent, LoadedPlugin, Plugins};
