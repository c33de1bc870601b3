//! Device access (/deviceAccess): the domains devices and apps are told to use per
//! country and service (domainManagement, service-domain), certificates signed by the
//! enterprise's own CA with revocation (certificateManagement), uploaded SSL certificates checked
//! and watched for expiry (ssl-certificate), and the enterprise's own domains served with them
//! (self-domain). The CA, its key and its revocation list are the host's (contract 0.1.12).

mod certificates;
mod domains;
mod messages;
mod ssl;

pub use certificates::{Certificate, CertificateInput};
pub use domains::{Domain, DomainInput, Resolved};
pub use ssl::{SslCertificate, SslInput};

use console_plugin_sdk::describe::{MODE, PAGING, QueryParam};
use console_plugin_sdk::export::ExportedFile;
use console_plugin_sdk::{Doc, Plugin, Router, export_plugin};

pub struct DeviceAccess;

impl Plugin for DeviceAccess {
    fn router() -> Router {
        Router::new()
            .resource::<domains::Domains>("/domains", "/domains/{id}")
            .get("/domain-resolve", domains::resolve)
            .with_query(&[
                QueryParam::text("country", "ISO 3166 alpha-2 country code of the device or app."),
                QueryParam::text("serviceName", "The service asked for (api, mqtt, ota, ...)."),
            ])
            .with_data::<Resolved>()
            .get("/certificates", certificates::list)
            .with_query(&[
                QueryParam::text("name", "Searched in the search mode."),
                QueryParam::text("certType", "service, client or mqtt."),
                QueryParam::text("status", "normal or revoked."),
                MODE,
                PAGING[0],
                PAGING[1],
            ])
            .with_data_page::<Doc<Certificate>>()
            .post("/certificates", certificates::generate)
            .with_body::<CertificateInput>()
            .with_data::<Doc<Certificate>>()
            .post("/certificates/{id}/revoke", certificates::revoke)
            .with_no_data()
            .post("/certificates/{id}/download", certificates::download)
            .with_body::<certificates::DownloadInput>()
            .with_data::<ExportedFile>()
            .delete("/certificates/{id}", certificates::delete)
            .with_no_data()
            .get("/authority", certificates::authority)
            .with_data::<certificates::AuthorityInfo>()
            .get("/ssl-certificates", ssl::list)
            .with_query(&[QueryParam::text("name", "Searched in the search mode."), MODE, PAGING[0], PAGING[1]])
            .with_data_page::<Doc<SslCertificate>>()
            .post("/ssl-certificates", ssl::upload)
            .with_body::<SslInput>()
            .with_data::<Doc<SslCertificate>>()
            .delete("/ssl-certificates/{id}", ssl::delete)
            .with_no_data()
            .get("/self-domains/ssl-options", ssl::options)
            .with_data_list::<ssl::SslOption>()
            // Device-facing (`caller = "device"` in the manifest).
            .get("/device/domain", domains::resolve)
            .with_query(&[
                QueryParam::text("country", "ISO 3166 alpha-2 country code of the device or app."),
                QueryParam::text("serviceName", "The service asked for (api, mqtt, ota, ...)."),
            ])
            .with_data::<Resolved>()
    }
}

export_plugin!(DeviceAccess);
