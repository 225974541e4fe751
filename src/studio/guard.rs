//! Who may talk to the studio: every request carries the session's token (a random secret
//! put in the URL the studio prints), and its `Host` (and `Origin`, when the browser sends
//! one) must name the studio itself, so a page of another site, even one whose name was
//! pointed at 127.0.0.1 (DNS rebinding), gets 403 and never the map or a write.
//!
//! The host rule: an IP literal (`127.0.0.1`, `[::1]`, the address `--listen` gave) or
//! `localhost`, on the studio's port. A rebinding attack needs a domain name of its own in
//! the `Host` header, and no name but `localhost` is ever accepted.

use std::net::IpAddr;

/// Bytes of randomness in a token (256 bits), written as 64 hex digits.
const TOKEN_BYTES: usize = 32;

/// A fresh token from the operating system's randomness (never the seeded game RNG, whose
/// output anyone with the seed could repeat).
pub fn new_token() -> Result<String, String> {
    let mut bytes = [0u8; TOKEN_BYTES];
    getrandom::fill(&mut bytes).map_err(|e| format!("no randomness for the token: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Why a request is refused, for the 403 body (never the token itself).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    Token,
    Host,
    Origin,
}

impl Refusal {
    pub fn message(self) -> &'static str {
        match self {
            Refusal::Token => "forbidden: this request does not carry the studio's token",
            Refusal::Host => "forbidden: the Host header does not name this studio",
            Refusal::Origin => "forbidden: the request comes from another site",
        }
    }
}

/// The checks every request passes: the token, the host and the origin.
#[derive(Debug, Clone)]
pub struct Guard {
    token: String,
    port: u16,
}

impl Guard {
    pub fn new(token: String, port: u16) -> Guard {
        Guard { token, port }
    }

    pub fn token(&self) -> &str {
        &self.token
    }

    /// `Ok` when the request may be served. `query` is the URL's query string, `host` and
    /// `origin` the headers as sent (`None` when absent).
    pub fn admit(
        &self,
        query: Option<&str>,
        host: Option<&str>,
        origin: Option<&str>,
    ) -> Result<(), Refusal> {
        if !host.is_some_and(|h| self.is_our_host(h)) {
            return Err(Refusal::Host);
        }
        if let Some(origin) = origin {
            let ours = origin
                .strip_prefix("http://")
                .is_some_and(|h| self.is_our_host(h));
            if !ours {
                return Err(Refusal::Origin);
            }
        }
        let given = query
            .into_iter()
            .flat_map(|q| q.split('&'))
            .find_map(|pair| pair.strip_prefix("token="));
        match given {
            Some(t) if same_secret(t.as_bytes(), self.token.as_bytes()) => Ok(()),
            _ => Err(Refusal::Token),
        }
    }

    /// `host[:port]` names this studio: an IP literal or `localhost`, on its port.
    fn is_our_host(&self, value: &str) -> bool {
        let (name, port) = match value.rsplit_once(':') {
            // `[::1]:8080`, `127.0.0.1:8080`, `localhost:8080`; a bare `::1` has colons
            // but no brackets and is not a host with a port.
            Some((name, port)) if !name.contains(':') || name.ends_with(']') => (name, port),
            _ => return false,
        };
        if port.parse::<u16>().ok() != Some(self.port) {
            return false;
        }
        let bare = name
            .strip_prefix('[')
            .and_then(|n| n.strip_suffix(']'))
            .unwrap_or(name);
        name.eq_ignore_ascii_case("localhost")
            || (bare.parse::<IpAddr>().is_ok() && (bare == name) != bare.contains(':'))
    }
}

/// Compares two secrets in time that does not depend on where they first differ.
fn same_secret(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guard() -> Guard {
        Guard::new("ab".repeat(32), 8123)
    }

    fn q(token: &str) -> String {
        format!("v=1&token={token}")
    }

    #[test]
    fn tokens_are_64_hex_digits_and_differ() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_eq!(a.len(), 64);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn the_token_is_required_and_must_match_whole() {
        let g = guard();
        let host = Some("127.0.0.1:8123");
        let good = q(g.token());
        assert_eq!(g.admit(Some(&good), host, None), Ok(()));
        assert_eq!(g.admit(None, host, None), Err(Refusal::Token));
        assert_eq!(g.admit(Some("v=1"), host, None), Err(Refusal::Token));
        let short = q(&g.token()[..63]);
        assert_eq!(g.admit(Some(&short), host, None), Err(Refusal::Token));
        let other = q(&"cd".repeat(32));
        assert_eq!(g.admit(Some(&other), host, None), Err(Refusal::Token));
        let longer = format!("{good}0");
        assert_eq!(g.admit(Some(&longer), host, None), Err(Refusal::Token));
    }

    #[test]
    fn only_ip_literals_and_localhost_on_our_port_are_our_host() {
        let g = guard();
        let t = q(g.token());
        for ok in [
            "127.0.0.1:8123",
            "localhost:8123",
            "LOCALHOST:8123",
            "[::1]:8123",
            "192.168.1.5:8123",
        ] {
            assert_eq!(g.admit(Some(&t), Some(ok), None), Ok(()), "{ok}");
        }
        for bad in [
            "evil.example:8123",
            "127.0.0.1.nip.io:8123",
            "127.0.0.1:8124",
            "127.0.0.1",
            "localhost",
            "::1:8123",
            "[localhost]:8123",
            "[127.0.0.1]:8123",
            "",
        ] {
            assert_eq!(
                g.admit(Some(&t), Some(bad), None),
                Err(Refusal::Host),
                "{bad}"
            );
        }
        assert_eq!(g.admit(Some(&t), None, None), Err(Refusal::Host));
    }

    #[test]
    fn an_origin_must_be_the_studio_itself() {
        let g = guard();
        let t = q(g.token());
        let host = Some("127.0.0.1:8123");
        assert_eq!(
            g.admit(Some(&t), host, Some("http://127.0.0.1:8123")),
            Ok(())
        );
        assert_eq!(
            g.admit(Some(&t), host, Some("http://localhost:8123")),
            Ok(())
        );
        for bad in [
            "null",
            "https://127.0.0.1:8123",
            "http://evil.example:8123",
            "http://127.0.0.1:9",
        ] {
            assert_eq!(
                g.admit(Some(&t), host, Some(bad)),
                Err(Refusal::Origin),
                "{bad}"
            );
        }
    }
}
