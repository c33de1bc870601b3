//! The host's integration tests in one binary: one link instead of one per file (each is
//! ~250 MB with wasmtime), which saves CI minutes and ~9 GB of disk. Tests that measure the
//! process (memory, CPU fairness, latency under load, the soak) or move its clock
//! (`clock::advance_for_tests`: content, retention) stay alone in their own binaries.

#[path = "../common/mod.rs"]
mod common;

mod ai_data;
mod app;
mod approvals;
mod auth;
mod avatars;
mod cancellation;
mod certificates;
mod cluster;
mod compression;
mod contract;
mod counters;
mod customer_service;
mod dashboard;
mod device;
mod durability;
mod escalation;
mod globalization;
mod hot_update;
mod ingest;
mod lifecycle;
mod live;
mod messaging;
mod migrate;
mod mqtt;
mod mqtt_external;
mod mqtt_v5;
mod oauth;
mod ota_test;
mod permissions;
mod pet;
mod pinning;
mod plugins;
mod portal;
mod product;
mod quotas;
mod read_cache;
mod records;
mod rtc;
mod s3;
mod sealed_fields;
mod search;
mod security_center;
mod services;
mod signed_requests;
mod signin_memory;
mod sync;
mod tasks;
mod tenancy;
mod tenant_lifecycle;
mod tools;
mod traces;
mod upgrade;
mod upload_memory;
mod uploads;
mod validation;
mod voice;
