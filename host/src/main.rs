use std::net::SocketAddr;

use clap::Parser;
use console_host::Config;
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn")))
        .init();
    let config = Config::parse();
    if config.pin_plugins {
        return match console_host::plugins::installation::pin(&config.plugins, config.pin_into.as_deref()) {
            Ok(pinned) => {
                for (id, sha) in pinned {
                    println!("pinned {id} {sha}");
                }
                std::process::ExitCode::SUCCESS
            }
            Err(err) => {
                eprintln!("cannot pin plugins: {err}");
                std::process::ExitCode::FAILURE
            }
        };
    }
    let listen = config.listen;
    let app = match console_host::start(config).await {
        Ok(app) => app,
        Err(err) => {
            tracing::error!("cannot start: {err}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let listener = match tokio::net::TcpListener::bind(listen).await {
        Ok(listener) => listener,
        Err(err) => {
            tracing::error!("cannot listen on {listen}: {err}");
            return std::process::ExitCode::FAILURE;
        }
    };
    tracing::info!("Device Console listening on http://{listen}");
    let service = app.into_make_service_with_connect_info::<SocketAddr>();
    let shutdown = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    if let Err(err) = axum::serve(listener, service).with_graceful_shutdown(shutdown).await {
        tracing::error!("server error: {err}");
        return std::process::ExitCode::FAILURE;
    }
    std::process::ExitCode::SUCCESS
}
