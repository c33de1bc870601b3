//! The enterprises' CAs in public (host/src/pki.rs): the CA certificate devices and services trust,
//! and its revocation list, which every certificate it signs names as its CRL distribution point.
//! Public: TLS stacks and devices fetch them without a session, and neither holds a secret.

use axum::extract::State;
use axum::http::{HeaderValue, Method, header};
use axum::response::{IntoResponse, Response};

use crate::AppState;
use crate::api::{ApiError, ApiPath, ApiResult, ApiRouter, Perm, RouteSpec};

use crate::pki::SEAL_SCOPE;

pub fn routes(api: ApiRouter) -> ApiRouter {
    api.route(
        RouteSpec::read(Method::GET, "/pki/{tenant}/ca.pem", Perm::Public, "An enterprise's CA certificate (PEM)"),
        authority,
    )
    .route(
        RouteSpec::read(
            Method::GET,
            "/pki/{tenant}/crl",
            Perm::Public,
            "An enterprise's certificate revocation list (DER)",
        ),
        revocation_list_route,
    )
    .route(
        RouteSpec::read(
            Method::GET,
            "/pki/mqtt-ca.pem",
            Perm::Public,
            "The CA of the MQTT gateway's TLS server certificate, when the host made it (PEM)",
        ),
        mqtt_authority,
    )
}

fn answer(body: impl IntoResponse, content_type: &'static str) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    // A revocation reaches a verifier within a minute.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=60"));
    response
}

async fn authority(State(app): State<AppState>, ApiPath(tenant): ApiPath<i64>) -> ApiResult<Response> {
    let stored = app.db.certificate_authority(tenant).await?.ok_or(ApiError::NotFound)?;
    Ok(answer(stored.certificate_pem, "application/x-pem-file"))
}

async fn revocation_list_route(State(app): State<AppState>, ApiPath(tenant): ApiPath<i64>) -> ApiResult<Response> {
    let der = revocation_list(&app, tenant).await?.ok_or(ApiError::NotFound)?;
    Ok(answer(der, "application/pkix-crl"))
}

/// The CA the MQTT gateway's own server certificate is signed by, when the host made it.
async fn mqtt_authority(State(app): State<AppState>) -> ApiResult<Response> {
    let pem = crate::mqtt::tls::own_authority(&app.config.data_dir).ok_or(ApiError::NotFound)?;
    Ok(answer(pem, "application/x-pem-file"))
}

/// The enterprise's CRL (DER), signed now; `None` when it has no CA. The MQTT gateway verifies
/// client certificates against the same lists.
pub async fn revocation_list(app: &AppState, tenant: i64) -> ApiResult<Option<Vec<u8>>> {
    let Some(stored) = app.db.certificate_authority(tenant).await? else { return Ok(None) };
    let key_pem = app.plugins.master_key().open(tenant, SEAL_SCOPE, &stored.sealed_key).map_err(ApiError::Internal)?;
    let authority = crate::pki::Authority { certificate_pem: stored.certificate_pem, key_pem };
    let revoked: Vec<_> = app
        .db
        .revoked_certificates(tenant)
        .await?
        .into_iter()
        .map(|(serial, revoked_at_ms)| crate::pki::Revoked { serial, revoked_at_ms })
        .collect();
    let now = crate::clock::now_ms();
    // Numbered by the second it is signed: each list a verifier sees is newer than the last.
    let number = u64::try_from(now / 1000).unwrap_or_default();
    let der = tokio::task::spawn_blocking(move || crate::pki::crl(&authority, &revoked, number, now))
        .await
        .map_err(|e| ApiError::Internal(e.to_string()))?
        .map_err(ApiError::Internal)?;
    Ok(Some(der))
}
