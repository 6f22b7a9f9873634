//! The one HTTP client for server-side fetches that a user or a model can steer (tools,
//! imports, navigation): it refuses loopback, private, link-local, metadata and other
//! non-public addresses, unless an admin allow-listed the host.
//!
//! The check runs where it cannot be dodged: on the addresses a host name resolves to,
//! at connect time, for the first request and every redirect hop (so DNS rebinding and
//! redirects to `127.0.0.1` fail alike); URLs with an IP literal, which skip DNS, are
//! checked before the request and on every redirect. System proxies are ignored, since a
//! proxy would resolve names on our behalf.

use std::collections::HashSet;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use futures::StreamExt;
use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use reqwest::{Method, RequestBuilder, Url, redirect};

use crate::lang::{Lang, fill};

const MAX_REDIRECTS: usize = 5;

#[derive(Debug, thiserror::Error, Clone, PartialEq)]
pub enum OutboundError {
    #[error("'{0}' is not a valid http(s) URL")]
    BadUrl(String),
    #[error("Refused to connect to {0}: it is a private or local address")]
    Refused(String),
    #[error("The response from {host} is larger than {limit} bytes")]
    TooLarge { host: String, limit: usize },
    #[error("The request to {host} failed: {message}")]
    Failed { host: String, message: String },
}

impl OutboundError {
    /// The error in `lang`, for the cards and the model's answer in the user's language
    /// (`Display` stays English, for logs). A failure's reason is one of the few this
    /// client gives; another (a caller's own) is kept as it is.
    pub fn in_lang(&self, lang: Lang) -> String {
        match self {
            Self::BadUrl(url) => fill(
                lang.pick([
                    "'{url}' is not a valid http(s) URL",
                    "“{url}”不是有效的 http(s) 地址",
                    "「{url}」不是有效的 http(s) 網址",
                    "'{url}' no es una URL http(s) válida",
                    "「{url}」は有効な http(s) URL ではありません",
                    "„{url}“ ist keine gültige http(s)-URL",
                    "« {url} » n’est pas une URL http(s) valide",
                ]),
                &[("url", url)],
            ),
            Self::Refused(host) => fill(
                lang.pick([
                    "Refused to connect to {host}: it is a private or local address",
                    "已拒绝连接 {host}：这是私有或本地地址",
                    "已拒絕連線到 {host}：這是私有或本機位址",
                    "Se rechazó la conexión con {host}: es una dirección privada o local",
                    "{host} への接続を拒否しました：プライベートまたはローカルのアドレスです",
                    "Verbindung zu {host} abgelehnt: Das ist eine private oder lokale Adresse",
                    "Connexion à {host} refusée : c’est une adresse privée ou locale",
                ]),
                &[("host", host)],
            ),
            Self::TooLarge { host, limit } => fill(
                lang.pick([
                    "The response from {host} is larger than {limit} bytes",
                    "{host} 的响应超过 {limit} 字节",
                    "{host} 的回應超過 {limit} 位元組",
                    "La respuesta de {host} supera los {limit} bytes",
                    "{host} からの応答が {limit} バイトを超えています",
                    "Die Antwort von {host} ist größer als {limit} Byte",
                    "La réponse de {host} dépasse {limit} octets",
                ]),
                &[("host", host), ("limit", &limit.to_string())],
            ),
            Self::Failed { host, message } => {
                let reason = REASONS.iter().find(|r| r[0] == message).map_or(message.as_str(), |r| lang.pick(*r));
                fill(
                    lang.pick([
                        "The request to {host} failed: {reason}",
                        "对 {host} 的请求失败：{reason}",
                        "對 {host} 的請求失敗：{reason}",
                        "La solicitud a {host} falló: {reason}",
                        "{host} へのリクエストが失敗しました：{reason}",
                        "Die Anfrage an {host} ist fehlgeschlagen: {reason}",
                        "La requête vers {host} a échoué : {reason}",
                    ]),
                    &[("host", host), ("reason", reason)],
                )
            }
        }
    }
}

/// The reasons a request fails for, as [`describe`] and [`Outbound::check_destination`]
/// give them, in the seven languages.
const REASONS: [[&str; 7]; 5] = [
    ["it timed out", "请求超时", "請求逾時", "se agotó el tiempo de espera", "タイムアウトしました", "Zeitüberschreitung", "délai dépassé"],
    ["could not connect", "无法连接", "無法連線", "no se pudo conectar", "接続できませんでした", "keine Verbindung möglich", "connexion impossible"],
    [
        "too many redirects",
        "重定向次数过多",
        "重新導向次數過多",
        "demasiadas redirecciones",
        "リダイレクトが多すぎます",
        "zu viele Weiterleitungen",
        "trop de redirections",
    ],
    ["the connection failed", "连接失败", "連線失敗", "la conexión falló", "接続に失敗しました", "die Verbindung ist fehlgeschlagen", "la connexion a échoué"],
    [
        "its name does not resolve",
        "其域名无法解析",
        "其網域名稱無法解析",
        "su nombre no se resuelve",
        "名前を解決できません",
        "der Name lässt sich nicht auflösen",
        "son nom ne se résout pas",
    ],
];

/// Which hosts may be reached although they resolve to non-public addresses.
#[derive(Debug, Clone, Default)]
pub struct Policy {
    allow_hosts: HashSet<String>,
}

impl Policy {
    /// `hosts` are host names or IP literals (no ports), compared case-insensitively.
    pub fn allowing<I: IntoIterator<Item = S>, S: AsRef<str>>(hosts: I) -> Self {
        let allow_hosts =
            hosts.into_iter().map(|h| h.as_ref().trim().trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase()).filter(|h| !h.is_empty()).collect();
        Self { allow_hosts }
    }

    fn allows(&self, host: &str) -> bool {
        self.allow_hosts.contains(&host.trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase())
    }

    /// The URL may be requested: http(s), and an IP literal host must be public or allowed.
    pub fn check_url(&self, url: &Url) -> Result<(), OutboundError> {
        if !matches!(url.scheme(), "http" | "https") {
            return Err(OutboundError::BadUrl(url.to_string()));
        }
        let host = match url.host() {
            Some(host) => host,
            None => return Err(OutboundError::BadUrl(url.to_string())),
        };
        let ip = match host {
            url::Host::Ipv4(ip) => IpAddr::V4(ip),
            url::Host::Ipv6(ip) => IpAddr::V6(ip),
            url::Host::Domain(_) => return Ok(()),
        };
        if is_public(ip) || self.allows(&ip.to_string()) { Ok(()) } else { Err(OutboundError::Refused(ip.to_string())) }
    }
}

/// Whether an address is on the public internet.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local() // 169.254/16, cloud metadata included
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0
        || a >= 240 // reserved
        || (a == 100 && (64..128).contains(&b)) // carrier-grade NAT
        || (a == 192 && b == 0 && c == 0) // IETF protocol assignments
        || (a == 198 && (b == 18 || b == 19))) // benchmarking
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    if let Some(v4) = embedded_v4(ip) {
        return is_public_v4(v4);
    }
    let first = ip.segments()[0];
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_multicast()
        || (first & 0xfe00) == 0xfc00 // unique local
        || (first & 0xffc0) == 0xfe80 // link-local
        || (first & 0xffc0) == 0xfec0 // site-local (deprecated)
        || first == 0x2001 && ip.segments()[1] == 0x0db8) // documentation
}

/// The IPv4 address inside IPv4-mapped, IPv4-compatible, NAT64 and 6to4 addresses.
fn embedded_v4(ip: Ipv6Addr) -> Option<Ipv4Addr> {
    let s = ip.segments();
    let tail = |hi: u16, lo: u16| Ipv4Addr::new((hi >> 8) as u8, hi as u8, (lo >> 8) as u8, lo as u8);
    if let Some(v4) = ip.to_ipv4_mapped() {
        return Some(v4);
    }
    if s[..6] == [0, 0, 0, 0, 0, 0] && !ip.is_loopback() && !ip.is_unspecified() {
        return Some(tail(s[6], s[7]));
    }
    if s[0] == 0x64 && s[1] == 0xff9b && s[2..6] == [0, 0, 0, 0] {
        return Some(tail(s[6], s[7]));
    }
    if s[0] == 0x2002 {
        return Some(tail(s[1], s[2]));
    }
    None
}

/// Resolves names and drops the addresses the policy refuses.
struct GuardedResolver {
    policy: Arc<Policy>,
}

impl Resolve for GuardedResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let policy = self.policy.clone();
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let found: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            if policy.allows(&host) {
                return Ok(Box::new(found.into_iter()) as Addrs);
            }
            let public: Vec<SocketAddr> = found.into_iter().filter(|a| is_public(a.ip())).collect();
            if public.is_empty() {
                return Err(Box::new(OutboundError::Refused(host)) as Box<dyn std::error::Error + Send + Sync>);
            }
            Ok(Box::new(public.into_iter()) as Addrs)
        })
    }
}

/// The guarded client. Cheap to clone.
#[derive(Clone)]
pub struct Outbound {
    client: reqwest::Client,
    policy: Arc<Policy>,
}

impl Outbound {
    pub fn new(policy: Policy) -> Self {
        let policy = Arc::new(policy);
        let hops = policy.clone();
        let client = reqwest::Client::builder()
            .no_proxy()
            .dns_resolver(GuardedResolver { policy: policy.clone() })
            .redirect(redirect::Policy::custom(move |attempt| {
                if attempt.previous().len() >= MAX_REDIRECTS {
                    return attempt.error("too many redirects");
                }
                match hops.check_url(attempt.url()) {
                    Ok(()) => attempt.follow(),
                    Err(refused) => attempt.error(refused),
                }
            }))
            .connect_timeout(Duration::from_secs(10))
            .timeout(Duration::from_secs(30))
            .user_agent(concat!("Waybill/", env!("CARGO_PKG_VERSION")))
            .build()
            .expect("the outbound client configuration is valid");
        Self { client, policy }
    }

    /// A request to `url`, refused before sending when the URL itself is not allowed.
    pub fn request(&self, method: Method, url: &str) -> Result<RequestBuilder, OutboundError> {
        let parsed = Url::parse(url).map_err(|_| OutboundError::BadUrl(url.to_owned()))?;
        self.policy.check_url(&parsed)?;
        Ok(self.client.request(method, parsed))
    }

    pub fn get(&self, url: &str) -> Result<RequestBuilder, OutboundError> {
        self.request(Method::GET, url)
    }

    /// Checks, before anything is stored or sent, that `url` is http(s) and its host
    /// resolves only to addresses this client may reach (an admin entering a base URL).
    pub async fn check_destination(&self, url: &str) -> Result<(), OutboundError> {
        let parsed = Url::parse(url).map_err(|_| OutboundError::BadUrl(url.to_owned()))?;
        self.policy.check_url(&parsed)?;
        let Some(url::Host::Domain(host)) = parsed.host() else { return Ok(()) };
        if self.policy.allows(host) {
            return Ok(());
        }
        let port = parsed.port_or_known_default().unwrap_or(443);
        let addrs: Vec<SocketAddr> = tokio::net::lookup_host((host, port))
            .await
            .map_err(|_| OutboundError::Failed { host: host.to_owned(), message: "its name does not resolve".into() })?
            .collect();
        match addrs.iter().find(|a| !is_public(a.ip())) {
            Some(private) => Err(OutboundError::Refused(format!("{host} ({})", private.ip()))),
            None => Ok(()),
        }
    }

    /// Sends the request and reads at most `limit` bytes of a successful body; a refusal
    /// anywhere on the way (first hop or a redirect) reads as [`OutboundError::Refused`].
    pub async fn fetch(&self, request: RequestBuilder, limit: usize) -> Result<(reqwest::StatusCode, Vec<u8>), OutboundError> {
        self.fetch_with_headers(request, limit).await.map(|(status, _, body)| (status, body))
    }

    /// As [`Outbound::fetch`], with the response's headers (a `Retry-After` to honour).
    pub async fn fetch_with_headers(
        &self,
        request: RequestBuilder,
        limit: usize,
    ) -> Result<(reqwest::StatusCode, reqwest::header::HeaderMap, Vec<u8>), OutboundError> {
        let (client, request) = request.build_split();
        let request = request.map_err(|e| OutboundError::BadUrl(e.to_string()))?;
        let host = request.url().host_str().unwrap_or_default().to_owned();
        let response = client.execute(request).await.map_err(|e| describe(&host, &e))?;
        let status = response.status();
        let headers = response.headers().clone();
        let mut body = Vec::new();
        let mut stream = response.bytes_stream();
        while let Some(chunk) = stream.next().await {
            let chunk = chunk.map_err(|e| describe(&host, &e))?;
            if body.len() + chunk.len() > limit {
                return Err(OutboundError::TooLarge { host, limit });
            }
            body.extend_from_slice(&chunk);
        }
        Ok((status, headers, body))
    }
}

/// Turns a reqwest error into ours, finding a refusal however deep it is wrapped.
fn describe(host: &str, err: &reqwest::Error) -> OutboundError {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(err);
    while let Some(e) = source {
        if let Some(ours) = e.downcast_ref::<OutboundError>() {
            return ours.clone();
        }
        source = e.source();
    }
    let message = if err.is_timeout() {
        "it timed out".to_owned()
    } else if err.is_connect() {
        "could not connect".to_owned()
    } else if err.is_redirect() {
        "too many redirects".to_owned()
    } else {
        "the connection failed".to_owned()
    };
    OutboundError::Failed { host: host.to_owned(), message }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_read_in_the_users_language_and_keep_unknown_reasons() {
        let timeout = OutboundError::Failed { host: "api.open-meteo.com".into(), message: "it timed out".into() };
        assert_eq!(timeout.in_lang(Lang::En), timeout.to_string());
        assert_eq!(timeout.in_lang(Lang::De), "Die Anfrage an api.open-meteo.com ist fehlgeschlagen: Zeitüberschreitung");
        assert_eq!(timeout.in_lang(Lang::ZhCn), "对 api.open-meteo.com 的请求失败：请求超时");
        let other = OutboundError::Failed { host: "h".into(), message: "status 418".into() };
        assert_eq!(other.in_lang(Lang::Fr), "La requête vers h a échoué : status 418");
        for lang in Lang::ALL {
            for error in [OutboundError::BadUrl("x".into()), OutboundError::Refused("10.0.0.1".into()), OutboundError::TooLarge { host: "h".into(), limit: 5 }]
            {
                let text = error.in_lang(lang);
                assert!(!text.contains('{'), "{lang:?}: {text}");
                assert_eq!(lang == Lang::En, text == error.to_string(), "{lang:?}: {text}");
            }
        }
    }

    #[test]
    fn private_local_and_metadata_addresses_are_not_public() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "255.255.255.255",
            "224.0.0.1",
            "::1",
            "::",
            "fd00:ec2::254",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "64:ff9b::a9fe:a9fe",
            "2002:7f00:1::",
            "::127.0.0.1",
        ] {
            assert!(!is_public(ip.parse().unwrap()), "{ip} must be refused");
        }
        for ip in ["8.8.8.8", "1.1.1.1", "93.184.216.34", "2606:4700:4700::1111", "::ffff:8.8.8.8"] {
            assert!(is_public(ip.parse().unwrap()), "{ip} is public");
        }
    }

    #[test]
    fn urls_are_checked_for_scheme_and_ip_literals_and_the_allow_list_wins() {
        let policy = Policy::allowing(["127.0.0.1", "Internal.Example"]);
        let check = |u: &str| policy.check_url(&Url::parse(u).unwrap());
        assert!(check("http://127.0.0.1:8080/x").is_ok(), "allow-listed");
        assert_eq!(check("http://10.0.0.1/"), Err(OutboundError::Refused("10.0.0.1".into())));
        assert_eq!(check("http://[::1]/"), Err(OutboundError::Refused("::1".into())));
        assert!(check("http://169.254.169.254/latest/meta-data/").is_err());
        assert!(check("file:///etc/passwd").is_err());
        assert!(check("ftp://example.com/").is_err());
        assert!(check("https://example.com/").is_ok(), "names are checked when they resolve");
        assert!(policy.allows("internal.example"));
    }
}
