//! The machine's free memory, which bounds the table (`Engine::ensure_hash`
//! takes at most half of it).

/// Memory available for new allocations, in MiB (Linux; `None` elsewhere,
/// the browser included).
pub(super) fn available_mib() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}
