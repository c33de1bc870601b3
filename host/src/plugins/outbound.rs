//! Where a plugin's outbound requests may connect. A granted host *name* is resolved by the
//! host, and the request connects only to the public addresses it resolved to, with no second
//! lookup: a name that resolves (or is rebound between two lookups) to the loopback, a private
//! network, a link-local address or a cloud's metadata service reaches nothing there. An
//! operator who means a plugin to reach such an address grants the address itself
//! (`outbound_hosts = ["10.0.0.5:8080"]`), and the plugin names it so.

use std::net::{IpAddr, SocketAddr};

use reqwest::dns::{Addrs, Name, Resolve, Resolving};

/// Resolves host names to their public addresses only.
#[derive(Debug, Default, Clone, Copy)]
pub struct PublicAddresses;

impl Resolve for PublicAddresses {
    fn resolve(&self, name: Name) -> Resolving {
        Box::pin(async move {
            let host = name.as_str().to_string();
            let resolved: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            let public: Vec<SocketAddr> = resolved.into_iter().filter(|a| is_public(a.ip())).collect();
            if public.is_empty() {
                let refused = format!(
                    "`{host}` resolves to no public address: a private or local address is reached only when the \
                     operator grants that address itself"
                );
                return Err(refused.into());
            }
            Ok(Box::new(public.into_iter()) as Addrs)
        })
    }
}

/// An address on the public internet: not the loopback, a private or shared network, a link-local
/// address (a cloud's metadata service among them), a multicast, broadcast or unspecified one.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, ..] = v4.octets();
            !(v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_multicast()
                || v4.is_documentation()
                || a == 0
                // Shared address space (carrier-grade NAT), 100.64.0.0/10.
                || (a == 100 && (64..128).contains(&b))
                // Benchmarking, 198.18.0.0/15; reserved, 240.0.0.0/4.
                || (a == 198 && (18..20).contains(&b))
                || a >= 240)
        }
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_public(IpAddr::V4(v4));
            }
            let segments = v6.segments();
            let embedded = |high: u16, low: u16| {
                let [a, b] = high.to_be_bytes();
                let [c, d] = low.to_be_bytes();
                IpAddr::V4(std::net::Ipv4Addr::new(a, b, c, d))
            };
            // An IPv4 address carried in IPv6: NAT64 (64:ff9b::/96), 6to4 (2002::/16), the old
            // IPv4-compatible form (::a.b.c.d) reach that address.
            if segments[..6] == [0x64, 0xff9b, 0, 0, 0, 0] || (segments[..6] == [0; 6] && segments[6] != 0) {
                return is_public(embedded(segments[6], segments[7]));
            }
            if segments[0] == 0x2002 {
                return is_public(embedded(segments[1], segments[2]));
            }
            let first = segments[0];
            !(v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                // Unique local (fc00::/7, AWS's metadata fd00:ec2::254 among them), link-local.
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
                // Documentation, 2001:db8::/32; the deprecated site-local fec0::/10; local-use
                // NAT64, 64:ff9b:1::/48.
                || (first == 0x2001 && segments[1] == 0x0db8)
                || (first & 0xffc0) == 0xfec0
                || (first == 0x64 && segments[1] == 0xff9b && segments[2] == 1))
        }
    }
}

/// The client every plugin's outbound request goes through: public addresses only for names,
/// no redirects (each hop would be a host nobody granted), no proxy from the environment.
pub fn client() -> reqwest::Result<reqwest::Client> {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .dns_resolver(std::sync::Arc::new(PublicAddresses))
        .build()
}

/// A failed request's error with its causes (reqwest's own message leaves out why: a refused
/// address, a refused connection, a timeout).
pub fn explained(err: &reqwest::Error) -> String {
    let mut text = err.to_string();
    let mut cause = std::error::Error::source(err);
    while let Some(inner) = cause {
        let said = inner.to_string();
        if !text.contains(&said) {
            text = format!("{text}: {said}");
        }
        cause = inner.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_public_addresses_are_public() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "255.255.255.255",
            "::1",
            "fd00:ec2::254",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::",
            "64:ff9b::a00:5",
            "2002:a00:5::1",
            "::10.0.0.5",
            "64:ff9b:1::1",
        ] {
            assert!(!is_public(private.parse().expect("address")), "{private}");
        }
        for public in ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808"] {
            assert!(is_public(public.parse().expect("address")), "{public}");
        }
    }

    #[tokio::test]
    async fn a_name_that_resolves_to_the_loopback_is_refused() {
        let refused = PublicAddresses.resolve("localhost".parse().expect("name")).await;
        assert!(refused.is_err());
    }
}
