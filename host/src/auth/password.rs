//! Account passwords: argon2id hashes (PHC strings) and the password policy (6-18 characters
//! combining letters, numbers and special characters; two entries must match).

use rand::Rng;

use crate::api::ApiError;
use crate::i18n::Msg;

/// Longer than any password the policy allows (18): refused before it reaches argon2.
pub const MAX_LENGTH: usize = 128;

/// Hashes on the argon2 workers: argon2 is deliberately slow and takes 19 MiB a hash.
pub async fn hash(password: &str) -> Result<String, ApiError> {
    let password = password.to_owned();
    argon2_pool::run(move || argon2_pool::hash(&password).map_err(|err| ApiError::Internal(format!("argon2: {err}"))))
        .await?
}

/// Verifies against a stored hash; with `None` (unknown user) it verifies against a fixed hash
/// so that the answer takes as long as for a real account.
pub async fn verify(password: &str, stored: Option<String>) -> Result<bool, ApiError> {
    let password = password.to_owned();
    argon2_pool::run(move || {
        let known = stored.is_some();
        let stored = stored.unwrap_or_else(|| DUMMY_HASH.to_string());
        argon2_pool::verify(&password, &stored) && known
    })
    .await
}

/// A small fixed set of threads for argon2, fed by a bounded queue, each with one memory buffer
/// it reuses. Tokio's blocking pool ran hundreds of hashes at once, and even two threads that
/// allocate 19 MiB a hash left the allocator holding hundreds of MiB (64 unauthenticated
/// sign-ins took the host from 55 MiB to 1.4 GiB). Here at most `WORKERS` hashes run, in memory
/// allocated once per worker, and a full queue answers "busy".
mod argon2_pool {
    use std::cell::RefCell;
    use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
    use std::sync::{Arc, LazyLock, Mutex};

    use argon2::password_hash::{Output, PasswordHash, SaltString, rand_core::OsRng};
    use argon2::{Algorithm, Argon2, Block, Params, Version};

    use crate::api::ApiError;
    use crate::i18n::Msg;

    type Job = Box<dyn FnOnce() + Send>;

    const WORKERS: usize = 2;
    const QUEUE: usize = 256;
    /// Stored hashes asking for more memory than this (KiB) are refused; ours use 19 MiB.
    const MAX_M_COST: u32 = 64 * 1024;

    thread_local! {
        static BLOCKS: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
    }

    static POOL: LazyLock<SyncSender<Job>> = LazyLock::new(|| {
        let (sender, receiver) = sync_channel::<Job>(QUEUE);
        let receiver = Arc::new(Mutex::new(receiver));
        for n in 0..WORKERS {
            let receiver = receiver.clone();
            std::thread::Builder::new()
                .name(format!("argon2-{n}"))
                .spawn(move || work(&receiver))
                .expect("argon2 worker thread");
        }
        sender
    });

    fn work(receiver: &Mutex<Receiver<Job>>) {
        loop {
            let job = match receiver.lock() {
                Ok(receiver) => receiver.recv(),
                Err(_) => return,
            };
            match job {
                Ok(job) => job(),
                Err(_) => return,
            }
        }
    }

    /// Runs `job` on a worker; a caller that goes away leaves it to finish on its own.
    pub async fn run<T: Send + 'static>(job: impl FnOnce() -> T + Send + 'static) -> Result<T, ApiError> {
        let (answer, answered) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = answer.send(job());
        });
        match POOL.try_send(job) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => return Err(ApiError::Client { code: 429, msg: Msg::Busy }),
            Err(TrySendError::Disconnected(_)) => return Err(ApiError::Internal("argon2 workers stopped".into())),
        }
        answered.await.map_err(|_| ApiError::Internal("argon2 worker failed".into()))
    }

    /// argon2 into `out`, in this thread's reused memory.
    fn compute(argon: &Argon2<'_>, params: &Params, password: &str, salt: &[u8], out: &mut [u8]) -> argon2::Result<()> {
        BLOCKS.with(|blocks| {
            let mut blocks = blocks.borrow_mut();
            let count = params.block_count();
            if blocks.len() < count {
                blocks.resize(count, Block::default());
            }
            argon.hash_password_into_with_memory(password.as_bytes(), salt, out, &mut blocks[..count])
        })
    }

    /// An argon2id PHC string with the default parameters and a random salt.
    pub fn hash(password: &str) -> Result<String, String> {
        let salt = SaltString::generate(&mut OsRng);
        let mut salt_bytes = [0u8; 64];
        let salt_raw = salt.decode_b64(&mut salt_bytes).map_err(|e| e.to_string())?;
        let params = Params::default();
        let argon = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
        let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
        compute(&argon, &params, password, salt_raw, &mut out).map_err(|e| e.to_string())?;
        let phc = PasswordHash {
            algorithm: Algorithm::Argon2id.ident(),
            version: Some(Version::V0x13.into()),
            params: (&params).try_into().map_err(|e: argon2::password_hash::Error| e.to_string())?,
            salt: Some(salt.as_salt()),
            hash: Some(Output::new(&out).map_err(|e| e.to_string())?),
        };
        Ok(phc.to_string())
    }

    /// Whether `password` matches the PHC string `stored` (compared in constant time).
    pub fn verify(password: &str, stored: &str) -> bool {
        let Ok(phc) = PasswordHash::new(stored) else { return false };
        let (Some(salt), Some(expected)) = (phc.salt, phc.hash) else { return false };
        let Ok(params) = Params::try_from(&phc) else { return false };
        let (Ok(algorithm), Some(Ok(version))) =
            (Algorithm::try_from(phc.algorithm), phc.version.map(Version::try_from))
        else {
            return false;
        };
        if params.m_cost() > MAX_M_COST {
            return false;
        }
        let mut salt_bytes = [0u8; 64];
        let Ok(salt_raw) = salt.decode_b64(&mut salt_bytes) else { return false };
        let argon = Argon2::new(algorithm, version, params.clone());
        let mut out = vec![0u8; expected.len()];
        compute(&argon, &params, password, salt_raw, &mut out).is_ok()
            && Output::new(&out).is_ok_and(|computed| computed == expected)
    }
}

// argon2id hash of a random string nobody knows; only used to equalise timing.
const DUMMY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$Y2gDG5m8xh0ZlY8uBXCxwbNCoHfm2HDXOH6l0l7yHbc";

/// The policy for system accounts, checked on every create, reset and change.
pub fn check_policy(password: &str, confirm: &str) -> Result<(), ApiError> {
    let length = password.chars().count();
    let has_letter = password.chars().any(|c| c.is_ascii_alphabetic());
    let has_digit = password.chars().any(|c| c.is_ascii_digit());
    let has_special = password.chars().any(|c| c.is_ascii_punctuation());
    let only_allowed = password.chars().all(|c| c.is_ascii_graphic());
    if !(6..=18).contains(&length) || !has_letter || !has_digit || !has_special || !only_allowed {
        return Err(ApiError::invalid("password", Msg::PasswordPolicy));
    }
    if password != confirm {
        return Err(ApiError::invalid("confirmPassword", Msg::PasswordsDiffer));
    }
    Ok(())
}

/// A random password that meets the policy: for the first administrator.
pub fn generate() -> String {
    const LETTERS: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ";
    const DIGITS: &[u8] = b"23456789";
    const SPECIALS: &[u8] = b"!@#%^*-_+=";
    let mut rng = rand::rng();
    let mut pick = |set: &[u8]| set[rng.random_range(0..set.len())] as char;
    let mut chars: Vec<char> = (0..13).map(|_| pick(LETTERS)).collect();
    chars.extend([pick(DIGITS), pick(DIGITS), pick(SPECIALS)]);
    // Move the digits and the special character to random places.
    for i in (1..chars.len()).rev() {
        let j = rand::rng().random_range(0..=i);
        chars.swap(i, j);
    }
    chars.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn policy_needs_letters_numbers_and_specials() {
        assert!(check_policy("abc12!", "abc12!").is_ok());
        assert!(check_policy("abcdef", "abcdef").is_err(), "letters only");
        assert!(check_policy("abc123", "abc123").is_err(), "no special character");
        assert!(check_policy("ab1!", "ab1!").is_err(), "too short");
        assert!(check_policy("abcdefghij12345!@#x", "abcdefghij12345!@#x").is_err(), "19 characters");
        assert!(check_policy("abc 12!", "abc 12!").is_err(), "space");
        assert_eq!(check_policy("abc12!", "abc12?").unwrap_err().code(), 400);
    }

    #[test]
    fn generated_passwords_meet_the_policy() {
        for _ in 0..50 {
            let p = generate();
            assert!(check_policy(&p, &p).is_ok(), "{p}");
        }
    }

    #[tokio::test]
    async fn hash_verifies_and_rejects() {
        let stored = hash("abc12!").await.unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(verify("abc12!", Some(stored.clone())).await.unwrap());
        assert!(!verify("abc12?", Some(stored)).await.unwrap());
        assert!(!verify("abc12!", None).await.unwrap());
    }
}
