//! The tools of system configuration: the encryption tool (/system-config/encrypt-decode) and
//! the device signature check (/system-config/tools). Reads in the API's sense: they change
//! nothing, so no operation record keeps the keys they are given.

use axum::http::Method;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::api::{ApiError, ApiJson, ApiResult, ApiRouter, Envelope, Perm, RouteSpec};
use crate::clock::now_ms;
use crate::i18n::Msg;
use crate::tools::{self, Algorithm, Cipher, Encoding, Refusal};

pub fn routes(api: ApiRouter) -> ApiRouter {
    api.route(
        RouteSpec::read(
            Method::POST,
            "/authority-service/tools/crypt",
            Perm::Action("crypt:use"),
            "Encrypt or decrypt text or a file with a device cipher (AES-GCM, AES-CBC)",
        )
        // A file of MAX_DATA_BYTES in Base64, and the rest of the form.
        .max_body(tools::MAX_DATA_BYTES / 3 * 4 + 64 * 1024)
        .body::<CryptInput>()
        .data::<CryptAnswer>(),
        crypt,
    )
    .route(
        RouteSpec::read(
            Method::POST,
            "/authority-service/tools/device-signature",
            Perm::Action("tools:use"),
            "Compute and check the signature a device signs in with",
        )
        .body::<SignatureInput>()
        .data::<SignatureAnswer>(),
        device_signature,
    )
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Operation {
    Encrypt,
    Decrypt,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CryptInput {
    operation: Operation,
    algorithm: Algorithm,
    #[schema(write_only)]
    key: String,
    key_encoding: Encoding,
    /// GCM's 12-byte nonce or CBC's 16-byte IV.
    iv: String,
    iv_encoding: Encoding,
    /// The plaintext (to encrypt) or the ciphertext (to decrypt); a file travels in Base64.
    data: String,
    data_encoding: Encoding,
    output_encoding: Encoding,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CryptAnswer {
    output: String,
    /// The result's length in bytes.
    bytes: usize,
}

async fn crypt(ApiJson(input): ApiJson<CryptInput>) -> ApiResult<Envelope<CryptAnswer>> {
    let key = input.key_encoding.decode(&input.key).map_err(|r| refused("key", r))?;
    let iv = input.iv_encoding.decode(&input.iv).map_err(|r| refused("iv", r))?;
    let data = input.data_encoding.decode(&input.data).map_err(|r| refused("data", r))?;
    let cipher = Cipher::new(input.algorithm, key, iv).map_err(|(field, r)| refused(field, r))?;
    // Megabytes of AES are milliseconds of CPU, but not the runtime's to spend.
    let operation = input.operation;
    let result = tokio::task::spawn_blocking(move || match operation {
        Operation::Encrypt => cipher.encrypt(&data),
        Operation::Decrypt => cipher.decrypt(&data),
    })
    .await
    .map_err(|e| ApiError::Internal(e.to_string()))?
    .map_err(|r| refused("data", r))?;
    let bytes = result.len();
    let output = input.output_encoding.encode(result).map_err(|r| refused("outputEncoding", r))?;
    Ok(Envelope(CryptAnswer { output, bytes }))
}

/// The refusal as the form shows it, on its field.
fn refused(field: &str, refusal: Refusal) -> ApiError {
    let msg = match refusal {
        Refusal::NotEncoded(encoding) => Msg::Format {
            field: field.into(),
            expected: match encoding {
                Encoding::Hex => "hexadecimal digits",
                _ => "Base64",
            },
        },
        Refusal::KeyLength { algorithm, got } => {
            Msg::CipherKeyLength { algorithm: algorithm.name(), expected: algorithm.key_bytes(), got }
        }
        Refusal::IvLength { algorithm, got } => {
            Msg::CipherIvLength { algorithm: algorithm.name(), expected: algorithm.iv_bytes(), got }
        }
        Refusal::TooLarge => Msg::FileTooLarge { max_mib: (tools::MAX_DATA_BYTES >> 20) as u64 },
        Refusal::DecryptionFailed => Msg::DecryptionFailed,
        Refusal::NotText => Msg::NotText,
    };
    ApiError::invalid(field, msg)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignatureInput {
    client_id: String,
    sn: String,
    product_key: String,
    /// Milliseconds since 1970, as the device sent it.
    timestamp: String,
    /// The SN's secret.
    #[schema(write_only)]
    secret: String,
    secret_encoding: Encoding,
    /// The signature the device sent, to check (hex or Base64); empty to only compute it.
    #[serde(default)]
    signature: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignatureAnswer {
    /// What is signed: client ID, SN, product key and time stamp, joined.
    content: String,
    /// HMAC-SHA256 of the content under the secret, lower-case hex.
    signature: String,
    /// Whether the given signature is that one; null when none was given.
    matches: Option<bool>,
    /// How far the time stamp is from the host's clock, in seconds (positive: in the past).
    skew_seconds: i64,
}

async fn device_signature(ApiJson(input): ApiJson<SignatureInput>) -> ApiResult<Envelope<SignatureAnswer>> {
    for (field, value) in [("clientId", &input.client_id), ("sn", &input.sn), ("productKey", &input.product_key)] {
        crate::validate::required(field, value, 128)?;
    }
    let timestamp: i64 = input.timestamp.trim().parse().map_err(|_| {
        ApiError::invalid("timestamp", Msg::Format { field: "timestamp".into(), expected: "milliseconds since 1970" })
    })?;
    let secret = input.secret_encoding.decode(&input.secret).map_err(|r| refused("secret", r))?;
    if secret.is_empty() {
        return Err(ApiError::required("secret"));
    }
    let content = tools::device_sign_content(&input.client_id, &input.sn, &input.product_key, input.timestamp.trim());
    let signature = tools::hmac_sha256_hex(&secret, &content);
    let matches =
        (!input.signature.trim().is_empty()).then(|| tools::signature_matches(&secret, &content, &input.signature));
    let skew_seconds = (now_ms() - timestamp) / 1000;
    Ok(Envelope(SignatureAnswer { content, signature, matches, skew_seconds }))
}
