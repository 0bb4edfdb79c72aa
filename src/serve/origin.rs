//! Which web pages may open a connection: the `Origin` header a browser sends
//! with every WebSocket handshake, against an allow-list. Without the check any
//! page the user visits could drive the engine on their machine.

/// The site of PTN Ninja, allowed by default.
pub const PTN_NINJA: &str = "https://ptn.ninja";

/// True when a handshake with this `Origin` may connect: none at all (a client
/// that is not a browser: websocat, scripts, tests), PTN Ninja's site, a page
/// served from this machine (`http(s)://localhost`, `127.0.0.1` or `[::1]`, any
/// port), or one of `extra` (compared without regard to case or a trailing
/// slash).
pub fn allowed(origin: Option<&str>, extra: &[String]) -> bool {
    let Some(origin) = origin else {
        return true;
    };
    let origin = origin.trim().trim_end_matches('/').to_ascii_lowercase();
    if origin == PTN_NINJA || is_loopback_page(&origin) {
        return true;
    }
    extra
        .iter()
        .any(|o| o.trim().trim_end_matches('/').eq_ignore_ascii_case(&origin))
}

/// `http(s)://` + a loopback host + an optional `:port` (digits only).
fn is_loopback_page(origin: &str) -> bool {
    let Some(rest) = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
    else {
        return false;
    };
    ["localhost", "127.0.0.1", "[::1]"].iter().any(|host| {
        rest.strip_prefix(host).is_some_and(|port| {
            port.is_empty()
                || port
                    .strip_prefix(':')
                    .is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::allowed;

    #[test]
    fn the_default_list_and_extra_origins() {
        let none: Vec<String> = Vec::new();
        assert!(allowed(None, &none));
        for ok in [
            "https://ptn.ninja",
            "https://PTN.ninja/",
            "http://localhost:8080",
            "http://localhost",
            "https://127.0.0.1:9000",
            "http://[::1]:3000",
        ] {
            assert!(allowed(Some(ok), &none), "{ok}");
        }
        for bad in [
            "https://evil.example",
            "https://ptn.ninja.evil.example",
            "http://localhost.evil.example",
            "http://localhost:80x",
            "http://127.0.0.1.evil.example:80",
            "null",
            "",
        ] {
            assert!(!allowed(Some(bad), &none), "{bad}");
        }
        let extra = vec!["https://my.ninja.example".to_string()];
        assert!(allowed(Some("https://my.ninja.example"), &extra));
        assert!(!allowed(Some("https://other.example"), &extra));
    }
}
