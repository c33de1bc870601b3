//! First start: the platform administrator. Its password comes from the configuration or is
//! generated, printed once and left in `<data>/initial-admin-password` (mode 0600) until the
//! administrator changes it. There is never a fixed default password.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::auth::password;
use crate::config::Config;
use crate::db::{AccountFields, Db};

pub const ADMIN_USERNAME: &str = "admin";

pub fn initial_password_file(data_dir: &Path) -> PathBuf {
    data_dir.join("initial-admin-password")
}

#[derive(Debug, thiserror::Error)]
pub enum BootstrapError {
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    #[error(
        "CONSOLE_ADMIN_PASSWORD does not meet the password policy (6-18 characters with letters, numbers and special characters)"
    )]
    WeakAdminPassword,
    #[error("hashing: {0}")]
    Hash(String),
    #[error("writing {0}: {1}")]
    File(PathBuf, std::io::Error),
}

/// Creates the platform administrator when the database has no account yet.
pub async fn ensure_admin(db: &Db, config: &Config) -> Result<(), BootstrapError> {
    if db.account_count().await? > 0 {
        return Ok(());
    }
    let (password, generated) = match &config.admin_password {
        Some(given) => {
            password::check_policy(given, given).map_err(|_| BootstrapError::WeakAdminPassword)?;
            (given.clone(), false)
        }
        None => (password::generate(), true),
    };
    let hash = password::hash(&password).await.map_err(|e| BootstrapError::Hash(e.to_string()))?;
    let role = db.insert_role(0, "平台管理员", "administrator", "Created on first start", 0).await?;
    let admin = AccountFields {
        username: ADMIN_USERNAME.into(),
        name: "Platform administrator".into(),
        department_id: None,
        avatar: String::new(),
        phone: String::new(),
        email: String::new(),
        account_type: "operation".into(),
        corresponding_id: String::new(),
        role_ids: vec![role],
    };
    db.insert_account(0, &admin, &hash, 0).await?;

    if generated {
        let file = initial_password_file(&config.data_dir);
        write_secret(&file, &password).map_err(|e| BootstrapError::File(file.clone(), e))?;
        // Printed once, on purpose: the operator needs it to sign in the first time.
        println!("\n  Device Console platform administrator created");
        println!("    user name: {ADMIN_USERNAME}");
        println!("    password:  {password}");
        println!("  (also in {} until the password is changed)\n", file.display());
    }
    tracing::info!(user = ADMIN_USERNAME, generated, "platform administrator created");
    Ok(())
}

pub(crate) fn write_secret(path: &Path, secret: &str) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path)?;
    writeln!(file, "{secret}")
}
