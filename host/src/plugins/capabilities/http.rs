//! `http`: outbound requests only to the hosts the operator granted; no redirects elsewhere.

use super::Capability;
use crate::plugins::bindings::console::plugin::http::{self, OutboundRequest, OutboundResponse};
use crate::plugins::runtime::CallState;

const MAX_BODY: usize = 4 * 1024 * 1024;

/// `host` or `host:port` as granted; a grant without a port allows the scheme's default.
pub fn host_granted(url: &reqwest::Url, granted: &[String]) -> bool {
    let Some(host) = url.host_str() else { return false };
    let port = url.port_or_known_default();
    granted.iter().any(|grant| match grant.rsplit_once(':') {
        Some((h, p)) if p.chars().all(|c| c.is_ascii_digit()) => {
            h.eq_ignore_ascii_case(host) && p.parse::<u16>().ok() == port
        }
        _ => grant.eq_ignore_ascii_case(host) && url.port().is_none(),
    })
}

impl CallState {
    async fn fetch_granted(&mut self, request: OutboundRequest) -> Result<OutboundResponse, String> {
        self.check_grant(Capability::Http)?;
        let url = reqwest::Url::parse(&request.url).map_err(|e| format!("bad url: {e}"))?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err("only http and https".into());
        }
        if !host_granted(&url, &self.plugin.installed.grants.outbound_hosts) {
            return Err(format!("outbound host `{}` is not granted by the operator", url.host_str().unwrap_or("")));
        }
        if request.body.len() > MAX_BODY {
            return Err("request body too large".into());
        }
        let method = reqwest::Method::from_bytes(request.method.as_bytes()).map_err(|_| "bad method".to_string())?;
        let mut outbound = self.services.http.request(method, url).timeout(self.remaining()).body(request.body);
        for (name, value) in &request.headers {
            outbound = outbound.header(name, value);
        }
        self.before_outbound().await?;
        crate::plugins::cpu::CpuGate::release(&self.cpu_turn);
        let response = outbound
            .send()
            .await
            .map_err(|e| format!("request failed: {}", crate::plugins::outbound::explained(&e)))?;
        let status = response.status().as_u16();
        let headers = response
            .headers()
            .iter()
            .filter_map(|(k, v)| v.to_str().ok().map(|v| (k.to_string(), v.to_string())))
            .collect();
        Ok(OutboundResponse { status, headers, body: read_bounded(response).await? })
    }
}

/// The body, read as it streams in and abandoned at [`MAX_BODY`]: a granted host answering
/// 1.5 GB must not be held in memory first (four such fetches got the host OOM-killed).
async fn read_bounded(mut response: reqwest::Response) -> Result<Vec<u8>, String> {
    let too_large = || format!("response body larger than {} MiB", MAX_BODY >> 20);
    if response.content_length().is_some_and(|announced| announced > MAX_BODY as u64) {
        return Err(too_large());
    }
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(|e| format!("reading the response: {e}"))? {
        if body.len() + chunk.len() > MAX_BODY {
            return Err(too_large());
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

impl http::Host for CallState {
    async fn fetch(&mut self, request: OutboundRequest) -> wasmtime::Result<Result<OutboundResponse, String>> {
        Ok(self.fetch_granted(request).await)
    }
}

#[cfg(test)]
mod tests {
    use super::host_granted;

    #[test]
    fn only_granted_hosts_and_ports() {
        let granted = vec!["127.0.0.1:9000".to_string(), "api.example.com".to_string()];
        let ok = |url: &str| host_granted(&reqwest::Url::parse(url).expect("url"), &granted);
        assert!(ok("http://127.0.0.1:9000/x"));
        assert!(!ok("http://127.0.0.1:9001/x"));
        assert!(ok("https://api.example.com/v1"));
        assert!(!ok("https://api.example.com:8443/v1"));
        assert!(!ok("https://evil.example.com/"));
        assert!(!ok("https://api.example.com.evil.net/"));
    }
}
