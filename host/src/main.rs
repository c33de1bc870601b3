use clap::Parser;
use console_host::Config;

fn main() -> std::process::ExitCode {
    // A template render worker (`renderers`): no runtime, no logging, only renders.
    if std::env::args().nth(1).as_deref() == Some(console_host::renderers::WORKER_ARG) {
        return console_host::renderers::serve_as_worker();
    }
    match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => {
            let config = Config::parse();
            // Traces are sent on this runtime: set up inside it, and flushed while it still runs.
            let telemetry = runtime.block_on(async {
                console_host::telemetry::init(&config.log_format, config.otlp_endpoint.as_deref(), &config.database_url)
            });
            let code = runtime.block_on(serve(config));
            telemetry.shutdown();
            // Blocking work still running (an archive being written) does not hold the exit.
            runtime.shutdown_timeout(std::time::Duration::from_secs(2));
            code
        }
        Err(err) => {
            eprintln!("cannot start the runtime: {err}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn serve(config: Config) -> std::process::ExitCode {
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
    if let Some(console_host::config::Command::Backup { into }) = &config.command {
        return match console_host::backup::backup(&config, into).await {
            Ok(backup) => {
                println!("database: {} ({} bytes)", backup.database.display(), backup.database_bytes);
                match backup.objects {
                    Some(files) => println!("objects: {files} files"),
                    None => println!("objects: in S3, not copied (back the bucket up with its own tools)"),
                }
                if !backup.master_key {
                    println!("master key: not copied (it comes from CONSOLE_MASTER_KEY): keep it with this backup");
                }
                std::process::ExitCode::SUCCESS
            }
            Err(err) => {
                eprintln!("backup failed: {err}");
                std::process::ExitCode::FAILURE
            }
        };
    }
    if let Some(console_host::config::Command::MigrateToPostgres { from, to }) = &config.command {
        return match console_host::db::copy::copy_sqlite_to_postgres(from, to).await {
            Ok(copied) => {
                for (table, rows) in copied {
                    println!("{table}: {rows} rows");
                }
                println!("copied; start the host with --database-url {to}");
                std::process::ExitCode::SUCCESS
            }
            Err(err) => {
                eprintln!("migration failed, the target is unchanged: {err}");
                std::process::ExitCode::FAILURE
            }
        };
    }
    if let Some(console_host::config::Command::Probe { url }) = &config.command {
        return console_host::health::probe(url).await;
    }
    let listen = config.listen;
    let grace = std::time::Duration::from_secs(config.shutdown_grace_secs);
    let state = match console_host::prepare(config).await {
        Ok(state) => state,
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
    let stopping = state.lifecycle.stopping.clone();
    let server = tokio::spawn(console_host::serve(
        listener,
        console_host::app(state.clone()),
        stopping.clone().cancelled_owned(),
    ));
    tokio::pin!(server);
    tokio::select! {
        () = stop_signal() => {}
        ended = &mut server => {
            if let Ok(Err(err)) = ended {
                tracing::error!("server error: {err}");
            }
            return std::process::ExitCode::FAILURE;
        }
    }
    // A rolling restart: no new connections; requests in flight finish and are answered, device
    // sessions close once what they handle is committed and acknowledged, within the grace.
    tracing::info!(grace_secs = grace.as_secs(), "stopping");
    let drained = async {
        let (served, ()) = tokio::join!(&mut server, state.lifecycle.stop(grace));
        if let Ok(Err(err)) = served {
            tracing::error!("server error while stopping: {err}");
        }
    };
    if tokio::time::timeout(grace, drained).await.is_err() {
        tracing::warn!("stopping: connections still open after the grace; exiting all the same");
    }
    // The pool closes once its connections are back; a request still running past the grace
    // does not hold the exit.
    if tokio::time::timeout(std::time::Duration::from_secs(5), state.db.close()).await.is_err() {
        tracing::warn!("stopping: database connections still in use; exiting all the same");
    }
    tracing::info!("stopped");
    std::process::ExitCode::SUCCESS
}

/// SIGTERM (an orchestrator, systemd) or SIGINT (Ctrl-C).
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                tokio::select! {
                    _ = terminate.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
                return;
            }
            Err(err) => tracing::warn!(%err, "SIGTERM not handled"),
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}
