//! Ports for test hosts and servers to listen on.

/// A free port for a host to listen on, below the kernel's range of ephemeral ports (32768 and
/// up): a port taken from `bind(0)` and given back could go to another test's outgoing
/// connection before the host binds it (CI saw "Address already in use" and a host without MQTT).
pub fn listen_port() -> u16 {
    static NEXT: std::sync::atomic::AtomicU16 = std::sync::atomic::AtomicU16::new(0);
    let base = 20_000 + (std::process::id() % 40) as u16 * 300;
    for _ in 0..300 {
        let port = base + NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed) % 300;
        if std::net::TcpListener::bind(("127.0.0.1", port)).is_ok() {
            return port;
        }
    }
    panic!("no free port in {base}..{}", base + 300)
}
