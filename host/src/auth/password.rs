//! Account passwords: argon2id hashes (PHC strings) and the spec's password policy
//! (device-and-product-domain.md §5: 6-18 characters combining letters, numbers and special
//! characters; two entries must match).

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng};
use rand::Rng;

use crate::api::ApiError;
use crate::i18n::Msg;

/// Hashes off the async threads: argon2 is deliberately slow.
pub async fn hash(password: &str) -> Result<String, ApiError> {
    let password = password.to_owned();
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|hash| hash.to_string())
            .map_err(|err| ApiError::Internal(format!("argon2: {err}")))
    })
    .await
    .map_err(|err| ApiError::Internal(err.to_string()))?
}

/// Verifies against a stored hash; with `None` (unknown user) it verifies against a fixed hash
/// so that the answer takes as long as for a real account.
pub async fn verify(password: &str, stored: Option<String>) -> bool {
    let password = password.to_owned();
    tokio::task::spawn_blocking(move || {
        let known = stored.is_some();
        let stored = stored.unwrap_or_else(|| DUMMY_HASH.to_string());
        let Ok(parsed) = PasswordHash::new(&stored) else { return false };
        Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok() && known
    })
    .await
    .unwrap_or(false)
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
        assert!(verify("abc12!", Some(stored.clone())).await);
        assert!(!verify("abc12?", Some(stored)).await);
        assert!(!verify("abc12!", None).await);
    }
}
