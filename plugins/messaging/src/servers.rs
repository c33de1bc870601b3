//! Mail servers (required: server name, domain, port, SSL/TLS choice, sender, password): the
//! password is sealed and never answered.

use console_plugin_sdk::host::{Security, SmtpServer};
use console_plugin_sdk::secrets::{self, mask};
use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, Host, PluginError, PluginResult, Resource, Value, json};
use serde::{Deserialize, Serialize};

/// Alibaba Cloud, Amazon SES, NetEase 163, or another provider.
pub const MAIL_TYPES: [&str; 4] = ["aliyun", "amazon", "163", "other"];

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailServer {
    pub server_name: String,
    pub mail_type: String,
    /// The SMTP host.
    pub domain: String,
    pub port: u16,
    /// TLS from the start (SMTPS).
    pub ssl: bool,
    /// STARTTLS with TLS 1.2 or newer (when not `ssl`).
    pub tls12: bool,
    pub sender_address: String,
    pub sender_name: String,
    /// Sealed; never answered (so not in the answers' schema either).
    #[schemars(skip)]
    pub password: String,
    pub password_hint: String,
}

pub const SERVERS: Collection<MailServer> = Collection::new("servers");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ServerInput {
    server_name: String,
    mail_type: String,
    domain: String,
    port: Option<u32>,
    ssl: bool,
    tls12: bool,
    sender_address: String,
    sender_name: String,
    /// Empty on edit keeps the stored one.
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    password: String,
}

fn email(field: &str, value: &str) -> PluginResult<String> {
    let value = validate::required(field, value, 254)?;
    let ok = value.split_once('@').is_some_and(|(user, domain)| {
        !user.is_empty() && domain.contains('.') && !domain.starts_with('.') && !value.contains(char::is_whitespace)
    });
    if ok {
        Ok(value)
    } else {
        Err(PluginError::format(
            field,
            [
                "邮箱地址",
                "an e-mail address",
                "eine E-Mail-Adresse",
                "una dirección de correo electrónico",
                "une adresse e-mail",
                "um endereço de email",
                "адрес электронной почты",
            ],
        ))
    }
}

impl ServerInput {
    fn validate(self, host: &mut dyn Host, stored: Option<&MailServer>) -> PluginResult<MailServer> {
        let domain = validate::required("domain", &self.domain, 253)?;
        if !domain.chars().all(|c| c.is_ascii_alphanumeric() || ".-".contains(c)) {
            return Err(PluginError::format(
                "domain",
                [
                    "形如 smtp.example.com 的主机名",
                    "a host name such as smtp.example.com",
                    "ein Hostname wie smtp.example.com",
                    "un nombre de host como smtp.example.com",
                    "un nom d’hôte comme smtp.example.com",
                    "um nome de anfitrião como smtp.example.com",
                    "имя хоста вида smtp.example.com",
                ],
            ));
        }
        let port = self.port.ok_or_else(|| PluginError::required("port"))?;
        validate::range("port", f64::from(port), 1.0, 65535.0)?;
        let (password, password_hint) = match (self.password.as_str(), stored) {
            ("", Some(stored)) => (stored.password.clone(), stored.password_hint.clone()),
            ("", None) => return Err(PluginError::required("password")),
            (plain, _) => (secrets::seal(host, validate::required("password", plain, 256)?.as_str())?, mask(plain)),
        };
        Ok(MailServer {
            server_name: validate::required("serverName", &self.server_name, SHORT_TEXT)?,
            mail_type: validate::one_of("mailType", &self.mail_type, &MAIL_TYPES)?,
            domain,
            port: port as u16,
            ssl: self.ssl,
            tls12: self.tls12,
            sender_address: email("senderAddress", &self.sender_address)?,
            sender_name: validate::optional("senderName", &self.sender_name, SHORT_TEXT)?,
            password,
            password_hint,
        })
    }
}

/// The server as the console sees it: no password.
pub fn public(doc: Doc<MailServer>) -> Value {
    let mut value = json!(doc);
    if let Some(map) = value.as_object_mut() {
        map.remove("password");
    }
    value
}

/// What the host's mail capability needs, the password opened.
pub fn smtp(host: &mut dyn Host, server: &MailServer) -> PluginResult<SmtpServer> {
    let security = if server.ssl {
        Security::Tls
    } else if server.tls12 {
        Security::Starttls
    } else {
        Security::None
    };
    Ok(SmtpServer {
        host: server.domain.clone(),
        port: server.port,
        security,
        username: server.sender_address.clone(),
        password: secrets::open(host, &server.password)?,
    })
}

/// Mail servers as a declarative resource: searched by name, deleted by the name typed again,
/// answered without their password.
pub struct Servers;

impl Resource for Servers {
    type Data = MailServer;
    type Input = ServerInput;
    const COLLECTION: Collection<MailServer> = SERVERS;
    const SEARCH: &'static [&'static str] = &["serverName"];

    fn name(server: &MailServer) -> &str {
        &server.server_name
    }
    fn validate(
        call: &mut Call<'_>,
        input: ServerInput,
        current: Option<&Doc<MailServer>>,
    ) -> PluginResult<MailServer> {
        input.validate(call.host, current.map(|doc| &doc.data))
    }
    fn shown(_call: &mut Call<'_>, doc: &Doc<MailServer>) -> Value {
        public(doc.clone())
    }
}
