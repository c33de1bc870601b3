//! The menu's external links (/process-manage, a workflow service, and /data-analysis, a big-data
//! site). Their addresses differ per environment, and the environment is told by the prefix of the
//! host name the console is reached at (local, dev, test, prod),
//! so one build serves every environment.

use std::fmt;

/// Where the console runs, from the host name it is reached at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Environment {
    Local,
    Dev,
    Test,
    Prod,
}

impl Environment {
    pub const ALL: [Environment; 4] = [Environment::Local, Environment::Dev, Environment::Test, Environment::Prod];

    pub fn name(self) -> &'static str {
        match self {
            Environment::Local => "local",
            Environment::Dev => "dev",
            Environment::Test => "test",
            Environment::Prod => "prod",
        }
    }

    /// `dev-console.example.com` and `dev.console.example.com` are dev; `localhost` and
    /// loopback addresses are local; a name with no known prefix is production.
    pub fn of_host(host: &str) -> Environment {
        let name = host_name(host).to_ascii_lowercase();
        if name == "localhost" || name.starts_with("127.") || name == "::1" || name == "[::1]" {
            return Environment::Local;
        }
        Environment::ALL
            .into_iter()
            .find(|env| {
                name.strip_prefix(env.name()).is_some_and(|rest| rest.starts_with(['.', '-']) || rest.is_empty())
            })
            .unwrap_or(Environment::Prod)
    }
}

/// The host name of a `Host` header: without the port (an IPv6 address keeps its brackets).
fn host_name(host: &str) -> &str {
    if host.starts_with('[') {
        return host.split_once(']').map_or(host, |(name, _)| &host[..=name.len()]);
    }
    host.rsplit_once(':').map_or(host, |(name, _)| name)
}

/// One address of an external link: `dev=https://flow.dev.example.com`; without `env=`, the
/// address of every environment no other entry names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnvLink {
    pub env: Option<Environment>,
    pub url: String,
}

impl std::str::FromStr for EnvLink {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (env, url) = match text.split_once('=') {
            Some((env, url)) if !env.contains('/') => {
                let env = Environment::ALL
                    .into_iter()
                    .find(|e| e.name() == env.trim())
                    .ok_or_else(|| format!("`{env}` is not an environment (local, dev, test, prod)"))?;
                (Some(env), url.trim())
            }
            _ => (None, text.trim()),
        };
        let parsed = url::Url::parse(url).map_err(|e| format!("`{url}`: {e}"))?;
        if !matches!(parsed.scheme(), "https" | "http") || parsed.host_str().is_none() {
            return Err(format!("`{url}` is not an http(s) address"));
        }
        Ok(EnvLink { env, url: url.to_string() })
    }
}

impl fmt::Display for EnvLink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.env {
            Some(env) => write!(f, "{}={}", env.name(), self.url),
            None => f.write_str(&self.url),
        }
    }
}

/// The address of a link for `env`: its own entry, else the entry for every environment.
pub fn resolve(links: &[EnvLink], env: Environment) -> Option<&str> {
    links.iter().find(|l| l.env == Some(env)).or_else(|| links.iter().find(|l| l.env.is_none())).map(|l| l.url.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_environment_is_the_host_name_prefix() {
        for (host, env) in [
            ("localhost:8080", Environment::Local),
            ("127.0.0.1:8080", Environment::Local),
            ("[::1]:8080", Environment::Local),
            ("local-console.example.com", Environment::Local),
            ("dev-console.example.com", Environment::Dev),
            ("dev.console.example.com:8443", Environment::Dev),
            ("TEST.console.example.com", Environment::Test),
            ("console.example.com", Environment::Prod),
            ("prod.console.example.com", Environment::Prod),
            // A prefix is a whole label, not the start of a word.
            ("developer.example.com", Environment::Prod),
            ("testing.example.com", Environment::Prod),
        ] {
            assert_eq!(Environment::of_host(host), env, "{host}");
        }
    }

    #[test]
    fn links_name_an_environment_or_all_and_are_http_addresses() {
        let links: Vec<EnvLink> = ["dev=https://flow.dev.example.com", "https://flow.example.com"]
            .iter()
            .map(|t| t.parse().expect("link"))
            .collect();
        assert_eq!(resolve(&links, Environment::Dev), Some("https://flow.dev.example.com"));
        assert_eq!(resolve(&links, Environment::Prod), Some("https://flow.example.com"));
        assert_eq!(resolve(&links[..1], Environment::Test), None);
        for bad in ["staging=https://x.example.com", "javascript:alert(1)", "dev=ftp://x.example.com", "dev="] {
            assert!(bad.parse::<EnvLink>().is_err(), "{bad}");
        }
        assert_eq!(links[0].to_string(), "dev=https://flow.dev.example.com");
    }
}
