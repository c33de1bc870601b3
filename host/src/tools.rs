//! The operators' tools of system configuration (/system-config: encrypt-decode, tools):
//! encrypting and decrypting what devices exchange with the ciphers they use, and checking the
//! signature a device computes over its identity. Pure functions; `routes::tools` puts them on
//! the API.

use aes_gcm::aead::{Aead, KeyInit};
use aes_gcm::aes::{Aes128, Aes256};
use aes_gcm::{Aes128Gcm, Aes256Gcm, Nonce};
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use cbc::cipher::block_padding::Pkcs7;
use cbc::cipher::{BlockDecryptMut, BlockEncryptMut, KeyIvInit};
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The most a tool encrypts or decrypts at once (a firmware config, a captured payload), so
/// that a call holds a bounded amount of memory.
pub const MAX_DATA_BYTES: usize = 4 * 1024 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
pub enum Algorithm {
    #[serde(rename = "AES-128-GCM")]
    Aes128Gcm,
    #[serde(rename = "AES-256-GCM")]
    Aes256Gcm,
    #[serde(rename = "AES-128-CBC")]
    Aes128Cbc,
    #[serde(rename = "AES-256-CBC")]
    Aes256Cbc,
}

impl Algorithm {
    pub fn key_bytes(self) -> usize {
        match self {
            Algorithm::Aes128Gcm | Algorithm::Aes128Cbc => 16,
            Algorithm::Aes256Gcm | Algorithm::Aes256Cbc => 32,
        }
    }

    /// GCM takes a 96-bit nonce (NIST SP 800-38D's recommended size), CBC a block.
    pub fn iv_bytes(self) -> usize {
        match self {
            Algorithm::Aes128Gcm | Algorithm::Aes256Gcm => 12,
            Algorithm::Aes128Cbc | Algorithm::Aes256Cbc => 16,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Aes128Gcm => "AES-128-GCM",
            Algorithm::Aes256Gcm => "AES-256-GCM",
            Algorithm::Aes128Cbc => "AES-128-CBC",
            Algorithm::Aes256Cbc => "AES-256-CBC",
        }
    }
}

/// How bytes are written as text: UTF-8 text as it is, hexadecimal, or Base64.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Encoding {
    Text,
    Hex,
    Base64,
}

impl Encoding {
    pub fn decode(self, text: &str) -> Result<Vec<u8>, Refusal> {
        match self {
            Encoding::Text => Ok(text.as_bytes().to_vec()),
            // Whitespace is how people paste hex and Base64 (lines of 64, groups of two).
            Encoding::Hex => hex::decode(without_spaces(text)).map_err(|_| Refusal::NotEncoded(self)),
            Encoding::Base64 => BASE64.decode(without_spaces(text)).map_err(|_| Refusal::NotEncoded(self)),
        }
    }

    pub fn encode(self, bytes: Vec<u8>) -> Result<String, Refusal> {
        match self {
            Encoding::Text => String::from_utf8(bytes).map_err(|_| Refusal::NotText),
            Encoding::Hex => Ok(hex::encode(bytes)),
            Encoding::Base64 => Ok(BASE64.encode(bytes)),
        }
    }
}

fn without_spaces(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Why a tool refused its input; the route names the field and words it per language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    NotEncoded(Encoding),
    KeyLength {
        algorithm: Algorithm,
        got: usize,
    },
    IvLength {
        algorithm: Algorithm,
        got: usize,
    },
    TooLarge,
    /// The key, the IV or the data is wrong, or the data was changed (GCM's tag or CBC's padding
    /// did not check out).
    DecryptionFailed,
    /// The result is not UTF-8 text: it has to be shown as hex or Base64.
    NotText,
}

pub struct Cipher {
    pub algorithm: Algorithm,
    pub key: Vec<u8>,
    pub iv: Vec<u8>,
}

impl Cipher {
    /// Checks the key's and the IV's lengths against the algorithm.
    pub fn new(algorithm: Algorithm, key: Vec<u8>, iv: Vec<u8>) -> Result<Cipher, (&'static str, Refusal)> {
        if key.len() != algorithm.key_bytes() {
            return Err(("key", Refusal::KeyLength { algorithm, got: key.len() }));
        }
        if iv.len() != algorithm.iv_bytes() {
            return Err(("iv", Refusal::IvLength { algorithm, got: iv.len() }));
        }
        Ok(Cipher { algorithm, key, iv })
    }

    /// GCM's output is the ciphertext followed by its 16-byte tag, as devices send it; CBC's is
    /// padded with PKCS#7.
    pub fn encrypt(&self, plain: &[u8]) -> Result<Vec<u8>, Refusal> {
        if plain.len() > MAX_DATA_BYTES {
            return Err(Refusal::TooLarge);
        }
        let (key, iv) = (&self.key[..], &self.iv[..]);
        let sealed = match self.algorithm {
            Algorithm::Aes128Gcm => Aes128Gcm::new_from_slice(key).map(|c| c.encrypt(Nonce::from_slice(iv), plain)),
            Algorithm::Aes256Gcm => Aes256Gcm::new_from_slice(key).map(|c| c.encrypt(Nonce::from_slice(iv), plain)),
            Algorithm::Aes128Cbc => {
                return cbc::Encryptor::<Aes128>::new_from_slices(key, iv)
                    .map(|c| c.encrypt_padded_vec_mut::<Pkcs7>(plain))
                    .map_err(|_| Refusal::KeyLength { algorithm: self.algorithm, got: key.len() });
            }
            Algorithm::Aes256Cbc => {
                return cbc::Encryptor::<Aes256>::new_from_slices(key, iv)
                    .map(|c| c.encrypt_padded_vec_mut::<Pkcs7>(plain))
                    .map_err(|_| Refusal::KeyLength { algorithm: self.algorithm, got: key.len() });
            }
        };
        sealed
            .map_err(|_| Refusal::KeyLength { algorithm: self.algorithm, got: key.len() })?
            .map_err(|_| Refusal::TooLarge)
    }

    pub fn decrypt(&self, sealed: &[u8]) -> Result<Vec<u8>, Refusal> {
        if sealed.len() > MAX_DATA_BYTES + 32 {
            return Err(Refusal::TooLarge);
        }
        let (key, iv) = (&self.key[..], &self.iv[..]);
        let opened = match self.algorithm {
            Algorithm::Aes128Gcm => {
                Aes128Gcm::new_from_slice(key).ok().and_then(|c| c.decrypt(Nonce::from_slice(iv), sealed).ok())
            }
            Algorithm::Aes256Gcm => {
                Aes256Gcm::new_from_slice(key).ok().and_then(|c| c.decrypt(Nonce::from_slice(iv), sealed).ok())
            }
            Algorithm::Aes128Cbc => cbc::Decryptor::<Aes128>::new_from_slices(key, iv)
                .ok()
                .and_then(|c| c.decrypt_padded_vec_mut::<Pkcs7>(sealed).ok()),
            Algorithm::Aes256Cbc => cbc::Decryptor::<Aes256>::new_from_slices(key, iv)
                .ok()
                .and_then(|c| c.decrypt_padded_vec_mut::<Pkcs7>(sealed).ok()),
        };
        opened.ok_or(Refusal::DecryptionFailed)
    }
}

/// What a device signs to sign in (the Alink scheme): its client ID, SN and
/// product key and the time stamp, joined, under HMAC-SHA256 with the SN's secret.
pub fn device_sign_content(client_id: &str, sn: &str, product_key: &str, timestamp: &str) -> String {
    format!("{client_id}{sn}{product_key}{timestamp}")
}

/// HMAC-SHA256 of `content` under `secret`, in lower-case hex.
pub fn hmac_sha256_hex(secret: &[u8], content: &str) -> String {
    let mut mac = <Hmac<sha2::Sha256> as Mac>::new_from_slice(secret).expect("HMAC takes a key of any length");
    mac.update(content.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

/// Compares a signature a device sent (hex, any case, or Base64) with the expected one in
/// constant time.
pub fn signature_matches(secret: &[u8], content: &str, signature: &str) -> bool {
    let signature = without_spaces(signature);
    let Some(given) = hex::decode(&signature).ok().or_else(|| BASE64.decode(&signature).ok()) else {
        return false;
    };
    let mut mac = <Hmac<sha2::Sha256> as Mac>::new_from_slice(secret).expect("HMAC takes a key of any length");
    mac.update(content.as_bytes());
    mac.verify_slice(&given).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// NIST's GCM test case 2 (McGrew and Viega, "The Galois/Counter Mode of Operation"):
    /// zero key, zero IV, one zero block.
    #[test]
    fn aes_128_gcm_gives_the_published_test_vector() {
        let cipher = Cipher::new(Algorithm::Aes128Gcm, vec![0; 16], vec![0; 12]).expect("cipher");
        let sealed = cipher.encrypt(&[0; 16]).expect("sealed");
        assert_eq!(hex::encode(&sealed), "0388dace60b6a392f328c2b971b2fe78ab6e47d42cec13bdf53a67b21257bddf");
        assert_eq!(cipher.decrypt(&sealed).expect("opened"), vec![0; 16]);
    }

    /// NIST SP 800-38A F.2.1, CBC-AES128 encryption, first block (plus the PKCS#7 block).
    #[test]
    fn aes_128_cbc_gives_the_published_test_vector() {
        let key = hex::decode("2b7e151628aed2a6abf7158809cf4f3c").expect("hex");
        let iv = hex::decode("000102030405060708090a0b0c0d0e0f").expect("hex");
        let cipher = Cipher::new(Algorithm::Aes128Cbc, key, iv).expect("cipher");
        let plain = hex::decode("6bc1bee22e409f96e93d7e117393172a").expect("hex");
        let sealed = cipher.encrypt(&plain).expect("sealed");
        assert_eq!(hex::encode(&sealed[..16]), "7649abac8119b246cee98e9b12e9197d");
        assert_eq!(sealed.len(), 32, "a whole block of padding after a whole block");
        assert_eq!(cipher.decrypt(&sealed).expect("opened"), plain);
    }

    #[test]
    fn a_wrong_key_or_a_changed_byte_is_refused_not_garbled() {
        for algorithm in [Algorithm::Aes128Gcm, Algorithm::Aes256Gcm, Algorithm::Aes128Cbc, Algorithm::Aes256Cbc] {
            let (n, iv) = (algorithm.key_bytes(), vec![7; algorithm.iv_bytes()]);
            let cipher = Cipher::new(algorithm, vec![1; n], iv.clone()).expect("cipher");
            let sealed = cipher.encrypt(b"{\"power\":true}").expect("sealed");
            // CBC's padding checks out by chance for about one key in 256: a fixed wrong key
            // that does not.
            let wrong = Cipher::new(algorithm, vec![2; n], iv).expect("cipher");
            assert_eq!(wrong.decrypt(&sealed), Err(Refusal::DecryptionFailed), "{algorithm:?}");
            if matches!(algorithm, Algorithm::Aes128Gcm | Algorithm::Aes256Gcm) {
                let mut changed = sealed.clone();
                changed[0] ^= 1;
                assert_eq!(cipher.decrypt(&changed), Err(Refusal::DecryptionFailed), "{algorithm:?}");
            }
        }
    }

    #[test]
    fn key_and_iv_lengths_are_checked_against_the_algorithm() {
        assert_eq!(
            Cipher::new(Algorithm::Aes256Gcm, vec![0; 16], vec![0; 12]).err(),
            Some(("key", Refusal::KeyLength { algorithm: Algorithm::Aes256Gcm, got: 16 }))
        );
        assert_eq!(
            Cipher::new(Algorithm::Aes128Cbc, vec![0; 16], vec![0; 12]).err(),
            Some(("iv", Refusal::IvLength { algorithm: Algorithm::Aes128Cbc, got: 12 }))
        );
    }

    #[test]
    fn encodings_read_what_people_paste_and_refuse_what_is_not() {
        assert_eq!(Encoding::Hex.decode("0a 0B\n0c").expect("hex"), vec![10, 11, 12]);
        assert_eq!(Encoding::Base64.decode("AQID\nBA==").expect("base64"), vec![1, 2, 3, 4]);
        assert_eq!(Encoding::Hex.decode("0g"), Err(Refusal::NotEncoded(Encoding::Hex)));
        assert_eq!(Encoding::Text.encode(vec![0xff, 0xfe]), Err(Refusal::NotText));
    }

    /// RFC 4231 test case 2.
    #[test]
    fn the_signature_is_hmac_sha256_and_is_checked_in_hex_or_base64() {
        let expected = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843";
        assert_eq!(hmac_sha256_hex(b"Jefe", "what do ya want for nothing?"), expected);
        assert!(signature_matches(b"Jefe", "what do ya want for nothing?", &expected.to_uppercase()));
        let base64 = BASE64.encode(hex::decode(expected).expect("hex"));
        assert!(signature_matches(b"Jefe", "what do ya want for nothing?", &base64));
        assert!(!signature_matches(b"Jefe", "what do ya want for something?", expected));
        assert_eq!(device_sign_content("c1", "SN1", "pk", "1700000000000"), "c1SN1pk1700000000000");
    }
}
