//! `console-host backup <folder>`: a consistent copy of a running installation, made while it
//! serves, that the host starts on as its data folder.
//!
//! The database is copied with SQLite's `VACUUM INTO`, which reads one snapshot (writers go on,
//! WAL mode) and writes a compact file. The local object folder is copied after it, so every
//! object a copied row names is there (objects are written before the row that claims them
//! commits). The master key goes along when it lives in the data folder: without it the sealed
//! secrets in the copy could not be opened.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use sqlx::ConnectOptions;
use sqlx::sqlite::SqliteConnectOptions;

use crate::Config;

/// What a backup holds, for the operator.
#[derive(Debug)]
pub struct Backup {
    pub database: PathBuf,
    pub database_bytes: u64,
    /// Object files copied; `None` when objects live in S3 (back the bucket up with its tools).
    pub objects: Option<u64>,
    /// Whether `master.key` was copied (not when the key comes from `CONSOLE_MASTER_KEY`).
    pub master_key: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("{0} exists and is not empty: a backup goes into a new folder")]
    NotEmpty(PathBuf),
    #[error("only the embedded SQLite database is backed up this way; back PostgreSQL up with pg_dump")]
    NotSqlite,
    #[error("{0}: {1}")]
    Io(PathBuf, std::io::Error),
    #[error("the database: {0}")]
    Database(#[from] sqlx::Error),
}

pub async fn backup(config: &Config, into: &Path) -> Result<Backup, BackupError> {
    if !config.database_url.starts_with("sqlite:") {
        return Err(BackupError::NotSqlite);
    }
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |err| BackupError::Io(path, err)
    };
    if std::fs::read_dir(into).is_ok_and(|mut entries| entries.next().is_some()) {
        return Err(BackupError::NotEmpty(into.to_path_buf()));
    }
    std::fs::create_dir_all(into).map_err(io(into))?;

    let database = into.join("console.db");
    // Never created or migrated from here: the copy is of the database as it is.
    let mut source = SqliteConnectOptions::from_str(&config.database_url)?
        .create_if_missing(false)
        .busy_timeout(Duration::from_secs(30))
        .connect()
        .await?;
    sqlx::query("VACUUM INTO ?").bind(database.to_string_lossy().as_ref()).execute(&mut source).await?;
    let database_bytes = std::fs::metadata(&database).map_err(io(&database))?.len();

    let objects = match config.object_store.as_deref().filter(|s| !s.is_empty()) {
        Some(_) => None,
        None => Some(copy_tree(&config.data_dir.join("objects"), &into.join("objects"))?),
    };

    let key = config.data_dir.join("master.key");
    let master_key = config.master_key.is_none() && key.exists();
    if master_key {
        let copied = into.join("master.key");
        std::fs::copy(&key, &copied).map_err(io(&copied))?;
        restrict(&copied).map_err(io(&copied))?;
    }
    Ok(Backup { database, database_bytes, objects, master_key })
}

/// Copies a folder's files; a file that goes away during the copy (an upload swept, a staged
/// object of a call that rolled back) is skipped. Returns how many files were copied.
fn copy_tree(from: &Path, to: &Path) -> Result<u64, BackupError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |err| BackupError::Io(path, err)
    };
    let entries = match std::fs::read_dir(from) {
        Ok(entries) => entries,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(err) => return Err(BackupError::Io(from.to_path_buf(), err)),
    };
    std::fs::create_dir_all(to).map_err(io(to))?;
    let mut copied = 0;
    for entry in entries {
        let entry = entry.map_err(io(from))?;
        let (source, target) = (entry.path(), to.join(entry.file_name()));
        let Ok(kind) = entry.file_type() else { continue };
        if kind.is_dir() {
            copied += copy_tree(&source, &target)?;
        } else if kind.is_file() {
            match std::fs::copy(&source, &target) {
                Ok(_) => copied += 1,
                Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
                Err(err) => return Err(BackupError::Io(source, err)),
            }
        }
    }
    Ok(copied)
}

#[cfg(unix)]
fn restrict(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
}

#[cfg(not(unix))]
fn restrict(_: &Path) -> std::io::Result<()> {
    Ok(())
}
