//! Client sockets: WebSocket connections from a rotating set of source addresses (one source
//! address has ~28k ephemeral ports), and the open-files limit thousands of sockets need.

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::{anyhow, Context};
use tokio::net::{lookup_host, TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::WebSocketStream;

pub type Ws = WebSocketStream<TcpStream>;

/// Local addresses to connect from, used in turn.
pub struct SourceAddrs {
    addrs: Vec<IpAddr>,
    next: AtomicUsize,
}

impl SourceAddrs {
    /// `spec`: comma-separated addresses, or a range `127.0.0.1-127.0.0.8`; empty means the
    /// system's choice.
    pub fn parse(spec: &str) -> anyhow::Result<SourceAddrs> {
        let mut addrs = Vec::new();
        for part in spec.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            if let Some((from, to)) = part.split_once('-') {
                let (from, to): (std::net::Ipv4Addr, std::net::Ipv4Addr) = (from.trim().parse()?, to.trim().parse()?);
                let (a, b) = (u32::from(from), u32::from(to));
                if b < a || b - a > 1024 {
                    return Err(anyhow!("bad source address range {part}"));
                }
                addrs.extend((a..=b).map(|n| IpAddr::V4(n.into())));
            } else {
                addrs.push(part.parse().with_context(|| format!("bad source address {part}"))?);
            }
        }
        Ok(SourceAddrs { addrs, next: AtomicUsize::new(0) })
    }

    pub fn none() -> SourceAddrs {
        SourceAddrs { addrs: Vec::new(), next: AtomicUsize::new(0) }
    }

    pub fn len(&self) -> usize {
        self.addrs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.addrs.is_empty()
    }

    fn take(&self) -> Option<IpAddr> {
        if self.addrs.is_empty() {
            return None;
        }
        Some(self.addrs[self.next.fetch_add(1, Ordering::Relaxed) % self.addrs.len()])
    }
}

/// Raises the soft open-files limit towards `wanted` (bounded by the hard limit); returns the
/// limit now in force.
pub fn raise_nofile(wanted: u64) -> u64 {
    use nix::sys::resource::{getrlimit, setrlimit, Resource};
    let Ok((soft, hard)) = getrlimit(Resource::RLIMIT_NOFILE) else { return 0 };
    let target = wanted.min(hard);
    if target > soft && setrlimit(Resource::RLIMIT_NOFILE, target, hard).is_ok() {
        return target;
    }
    soft
}

/// host:port of a ws:// or http:// URL.
fn authority(url: &str) -> anyhow::Result<&str> {
    let rest = url.split_once("://").map(|(_, r)| r).ok_or_else(|| anyhow!("URL without scheme: {url}"))?;
    Ok(rest.split(['/', '?']).next().unwrap_or(rest))
}

/// Opens a WebSocket to `url` (ws:// only) from the next source address.
pub async fn connect(url: &str, sources: &SourceAddrs) -> anyhow::Result<Ws> {
    let host = authority(url)?;
    let addr: SocketAddr = lookup_host(host).await?.next().ok_or_else(|| anyhow!("cannot resolve {host}"))?;
    let socket = if addr.is_ipv4() { TcpSocket::new_v4()? } else { TcpSocket::new_v6()? };
    if let Some(source) = sources.take() {
        socket.bind(SocketAddr::new(source, 0)).with_context(|| format!("binding to source address {source}"))?;
    }
    let stream = socket.connect(addr).await?;
    stream.set_nodelay(true)?;
    // Large documents arrive in one frame; the same cap as the server's.
    let config = WebSocketConfig::default().max_message_size(Some(64 << 20)).max_frame_size(Some(64 << 20));
    let (ws, _) = tokio_tungstenite::client_async_with_config(url, stream, Some(config)).await?;
    Ok(ws)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn source_address_lists_and_ranges() {
        let s = SourceAddrs::parse("127.0.0.1-127.0.0.3, 127.0.0.9").unwrap();
        assert_eq!(s.len(), 4);
        let taken: Vec<_> = (0..5).map(|_| s.take().unwrap().to_string()).collect();
        assert_eq!(taken, ["127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.9", "127.0.0.1"]);
        assert!(SourceAddrs::parse("").unwrap().is_empty());
        assert!(SourceAddrs::parse("127.0.0.5-127.0.0.1").is_err());
        assert!(SourceAddrs::parse("nope").is_err());
    }

    #[test]
    fn authority_of_urls() {
        assert_eq!(authority("ws://127.0.0.1:8080/collab/x?token=1").unwrap(), "127.0.0.1:8080");
        assert_eq!(authority("ws://h:1?x").unwrap(), "h:1");
        assert!(authority("nope").is_err());
    }
}
