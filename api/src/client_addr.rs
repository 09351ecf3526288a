//! The client's address for rate limits and logs: the connection's peer, unless the peer is one
//! of the deployment's own proxies (`EDUHUB_TRUSTED_PROXIES`), in which case the address the
//! proxies recorded (`X-Forwarded-For`, the right-most entry that is not itself a trusted proxy).
//! A client cannot choose its address by sending the header itself: from any other peer the header
//! is ignored.

use std::net::IpAddr;

use actix_web::HttpRequest;

/// Addresses and networks (`10.0.0.0/8`, `::1`) whose `X-Forwarded-For` is believed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<(IpAddr, u8)>);

impl TrustedProxies {
    /// A comma-separated list of addresses or networks; the entries that do not parse are
    /// answered so that the caller can say so.
    pub fn parse(list: &str) -> (TrustedProxies, Vec<String>) {
        let mut nets = Vec::new();
        let mut bad = Vec::new();
        for entry in list.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let (addr, prefix) = entry.split_once('/').map_or((entry, None), |(a, p)| (a, Some(p)));
            let parsed = addr.parse::<IpAddr>().ok().and_then(|ip| {
                let max = if ip.is_ipv4() { 32 } else { 128 };
                match prefix {
                    None => Some((ip, max)),
                    Some(p) => p.parse::<u8>().ok().filter(|p| *p <= max).map(|p| (ip, p)),
                }
            });
            match parsed {
                Some(net) => nets.push(net),
                None => bad.push(entry.to_owned()),
            }
        }
        (TrustedProxies(nets), bad)
    }

    pub fn contains(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|(net, prefix)| same_prefix(*net, ip, *prefix))
    }
}

fn same_prefix(net: IpAddr, ip: IpAddr, prefix: u8) -> bool {
    let (a, b, bits) = match (net, ip.to_canonical()) {
        (IpAddr::V4(n), IpAddr::V4(i)) => (u32::from(n) as u128, u32::from(i) as u128, 32u32),
        (IpAddr::V6(n), IpAddr::V6(i)) => (u128::from(n), u128::from(i), 128u32),
        _ => return false,
    };
    let shift = bits - u32::from(prefix);
    shift >= 128 || (a >> shift) == (b >> shift)
}

/// The client's address (`"unknown"` without a peer).
pub fn client_ip(req: &HttpRequest, trusted: &TrustedProxies) -> String {
    let Some(peer) = req.peer_addr().map(|a| a.ip().to_canonical()) else { return "unknown".into() };
    if !trusted.contains(peer) {
        return peer.to_string();
    }
    let forwarded: Vec<IpAddr> = req
        .headers()
        .get_all("x-forwarded-for")
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|a| a.trim().parse::<IpAddr>().ok())
        .collect();
    forwarded.into_iter().rev().find(|a| !trusted.contains(*a)).unwrap_or(peer).to_string()
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    #[test]
    fn networks_parse_and_match() {
        let (trusted, bad) = TrustedProxies::parse("10.0.0.0/8, 127.0.0.1, ::1, fd00::/8, nope, 1.2.3.4/40");
        assert_eq!(bad, ["nope", "1.2.3.4/40"]);
        for ip in ["10.1.2.3", "127.0.0.1", "::1", "fd12::1", "::ffff:10.9.9.9"] {
            assert!(trusted.contains(ip.parse().unwrap()), "{ip}");
        }
        for ip in ["11.0.0.1", "127.0.0.2", "::2", "fe80::1"] {
            assert!(!trusted.contains(ip.parse().unwrap()), "{ip}");
        }
        assert!(TrustedProxies::parse("0.0.0.0/0").0.contains("8.8.8.8".parse().unwrap()));
    }

    #[test]
    fn forwarded_for_only_from_trusted_peers() {
        let (trusted, _) = TrustedProxies::parse("127.0.0.1, 10.0.0.0/8");
        let peer = |p: &str| p.parse::<std::net::SocketAddr>().unwrap();
        let req = TestRequest::default().peer_addr(peer("127.0.0.1:5000")).insert_header(("x-forwarded-for", "6.6.6.6, 1.2.3.4, 10.0.0.7")).to_http_request();
        assert_eq!(client_ip(&req, &trusted), "1.2.3.4", "the right-most address that is not a proxy");
        let spoofed = TestRequest::default().peer_addr(peer("9.9.9.9:5000")).insert_header(("x-forwarded-for", "1.2.3.4")).to_http_request();
        assert_eq!(client_ip(&spoofed, &trusted), "9.9.9.9", "an untrusted peer's header is ignored");
        let none = TestRequest::default().peer_addr(peer("127.0.0.1:5000")).to_http_request();
        assert_eq!(client_ip(&none, &trusted), "127.0.0.1");
        assert_eq!(client_ip(&spoofed, &TrustedProxies::default()), "9.9.9.9");
    }
}
