//! `mail` (contract 0.1.2): SMTP through lettre, only to the servers the operator granted
//! (`mail_servers = ["smtp.example.com:465"]`), TLS 1.2 or newer when TLS is asked for.

use std::time::Duration;

use lettre::message::{Mailbox, MultiPart, SinglePart, header::ContentType};
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters, TlsVersion};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use super::Capability;
use crate::plugins::bindings::console::plugin::mail::{self, OutgoingMail, Security, SmtpServer};
use crate::plugins::runtime::CallState;

const MAX_RECIPIENTS: usize = 100;
const MAX_BODY: usize = 1024 * 1024;

/// Whether `host:port` is among the granted servers (host compared without case).
pub fn server_granted(host: &str, port: u16, granted: &[String]) -> bool {
    granted.iter().any(|grant| {
        grant.rsplit_once(':').is_some_and(|(h, p)| h.eq_ignore_ascii_case(host) && p.parse::<u16>().ok() == Some(port))
    })
}

fn message(mail: &OutgoingMail) -> Result<Message, String> {
    let from: Mailbox = format!("{} <{}>", mail.from_name.replace(['<', '>', '"'], ""), mail.from_address)
        .parse()
        .map_err(|e| format!("sender address: {e}"))?;
    let mut builder = Message::builder().from(from).subject(mail.subject.clone());
    if mail.to.is_empty() || mail.to.len() > MAX_RECIPIENTS {
        return Err(format!("1 to {MAX_RECIPIENTS} recipients"));
    }
    for to in &mail.to {
        builder = builder.to(to.parse().map_err(|e| format!("recipient `{to}`: {e}"))?);
    }
    if mail.html_body.len() + mail.text_body.len() > MAX_BODY {
        return Err("the mail is larger than 1 MiB".into());
    }
    let html = SinglePart::builder().header(ContentType::TEXT_HTML).body(mail.html_body.clone());
    let built = if mail.text_body.is_empty() {
        builder.singlepart(html)
    } else {
        let text = SinglePart::builder().header(ContentType::TEXT_PLAIN).body(mail.text_body.clone());
        builder.multipart(MultiPart::alternative().singlepart(text).singlepart(html))
    };
    built.map_err(|e| e.to_string())
}

fn transport(server: &SmtpServer, timeout: Duration) -> Result<AsyncSmtpTransport<Tokio1Executor>, String> {
    let tls = || {
        TlsParameters::builder(server.host.clone())
            .set_min_tls_version(TlsVersion::Tlsv12)
            .build_rustls()
            .map_err(|e| format!("TLS: {e}"))
    };
    let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(server.host.clone())
        .port(server.port)
        .timeout(Some(timeout));
    builder = match server.security {
        Security::None => builder.tls(Tls::None),
        Security::Starttls => builder.tls(Tls::Required(tls()?)),
        Security::Tls => builder.tls(Tls::Wrapper(tls()?)),
    };
    if !server.username.is_empty() {
        builder = builder.credentials(Credentials::new(server.username.clone(), server.password.clone()));
    }
    Ok(builder.build())
}

impl CallState {
    async fn send_granted(&mut self, server: SmtpServer, mail: OutgoingMail) -> Result<(), String> {
        self.check_grant(Capability::Mail)?;
        if !server_granted(&server.host, server.port, &self.plugin.installed.grants.mail_servers) {
            return Err(format!("mail server `{}:{}` is not granted by the operator", server.host, server.port));
        }
        let message = message(&mail)?;
        let transport = transport(&server, self.remaining())?;
        self.before_outbound().await?;
        crate::plugins::cpu::CpuGate::release(&self.cpu_turn);
        transport.send(message).await.map(drop).map_err(|e| format!("the server refused or could not be reached: {e}"))
    }
}

impl mail::Host for CallState {
    async fn send(&mut self, server: SmtpServer, message: OutgoingMail) -> wasmtime::Result<Result<(), String>> {
        Ok(self.send_granted(server, message).await)
    }
}

#[cfg(test)]
mod tests {
    use super::server_granted;

    #[test]
    fn only_granted_servers_and_ports() {
        let granted = vec!["smtp.example.com:465".to_string(), "127.0.0.1:2525".to_string()];
        assert!(server_granted("SMTP.example.com", 465, &granted));
        assert!(!server_granted("smtp.example.com", 25, &granted));
        assert!(!server_granted("smtp.evil.com", 465, &granted));
        assert!(server_granted("127.0.0.1", 2525, &granted));
    }
}
