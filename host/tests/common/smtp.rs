//! A local SMTP sink the mail tests start (the messaging plugin's and those of plugins that mail
//! through it): accepts every mail and keeps what it received.

use std::sync::{Arc, Mutex};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// What the sink received: envelope recipients and the raw message.
#[derive(Debug, Clone, Default)]
pub struct Received {
    /// `AUTH PLAIN` credentials, decoded: `\0user\0password`.
    pub credentials: String,
    pub recipients: Vec<String>,
    pub data: String,
}

/// A minimal SMTP server: accepts every mail and keeps it.
pub async fn smtp_sink(listener: TcpListener) -> Arc<Mutex<Vec<Received>>> {
    let inbox = Arc::new(Mutex::new(Vec::new()));
    let kept = inbox.clone();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            let kept = kept.clone();
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut lines = BufReader::new(read).lines();
                let mut mail = Received::default();
                write.write_all(b"220 sink ESMTP\r\n").await.ok();
                while let Ok(Some(line)) = lines.next_line().await {
                    let upper = line.to_ascii_uppercase();
                    let answer: &[u8] = if upper.starts_with("EHLO") || upper.starts_with("HELO") {
                        b"250-sink\r\n250 AUTH PLAIN LOGIN\r\n"
                    } else if upper.starts_with("AUTH PLAIN ") {
                        use base64::Engine as _;
                        let decoded =
                            base64::engine::general_purpose::STANDARD.decode(line[11..].trim()).unwrap_or_default();
                        mail.credentials = String::from_utf8_lossy(&decoded).into_owned();
                        b"235 accepted\r\n"
                    } else if upper.starts_with("RCPT TO:") {
                        mail.recipients.push(line[8..].trim().trim_matches(['<', '>']).to_string());
                        b"250 OK\r\n"
                    } else if upper.starts_with("DATA") {
                        write.write_all(b"354 go on\r\n").await.ok();
                        while let Ok(Some(data)) = lines.next_line().await {
                            if data == "." {
                                break;
                            }
                            mail.data.push_str(&data);
                            mail.data.push('\n');
                        }
                        let credentials = mail.credentials.clone();
                        kept.lock().expect("inbox").push(std::mem::take(&mut mail));
                        mail.credentials = credentials;
                        b"250 queued\r\n"
                    } else if upper.starts_with("QUIT") {
                        write.write_all(b"221 bye\r\n").await.ok();
                        break;
                    } else {
                        b"250 OK\r\n"
                    };
                    write.write_all(answer).await.ok();
                }
            });
        }
    });
    inbox
}
