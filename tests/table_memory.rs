//! The OS maps a table's pages when they are first written. A table up to 256
//! MiB is written page by page when it is made, so no search pays for that; a
//! larger one is made at once and mapped by `map_next_pages`, which threads
//! waiting for work call. Measured by the process's resident memory, so this
//! file holds one test (Linux only, where `/proc/self/status` says it).

#[cfg(target_os = "linux")]
#[test]
fn a_small_table_is_mapped_when_made_and_a_large_one_as_threads_wait() {
    use menhir::search::TranspositionTable;
    let resident_kib = || -> u64 {
        let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
        let line = status
            .lines()
            .find(|l| l.starts_with("VmRSS:"))
            .expect("a VmRSS line");
        line.split_whitespace()
            .nth(1)
            .and_then(|kib| kib.parse().ok())
            .expect("VmRSS in kB")
    };
    let start = resident_kib();
    let small = TranspositionTable::new(64);
    let with_small = resident_kib();
    assert!(
        with_small >= start + 60 * 1024,
        "64 MiB made: resident {start} KiB -> {with_small} KiB"
    );
    let large = TranspositionTable::new(512);
    let with_large = resident_kib();
    assert!(
        with_large < with_small + 16 * 1024,
        "512 MiB made: resident {with_small} KiB -> {with_large} KiB"
    );
    for _ in 0..128 {
        assert!(large.map_next_pages(), "512 MiB takes 2048 calls");
    }
    let mapped = resident_kib();
    assert!(
        mapped >= with_large + 30 * 1024,
        "128 calls of 256 KiB: resident {with_large} KiB -> {mapped} KiB"
    );
    assert!(!small.map_next_pages(), "the small table is mapped already");
}
