//! Time the generated Rust sanitizer on growing adversarial inputs (for test_rust_linear.py);
//! the Rust twin of tests/hostile/linear_probe.py, reading the same spec on stdin:
//! `{"inputs": [[kind, a, b], …], "sizes": [...], "bound": 30, "floor": 0.0005}`. Each input
//! runs through the whole `scrub_text` at each size (CPU time of this process); a growth
//! beyond `bound` from one size to the next is timed again, both sizes interleaved, up to three
//! rounds keeping the least times (stopping once within the bound, or when a round still finds
//! three times the bound). Prints one JSON object per input: its times and whether it stayed within.
use std::io::Read;
use std::time::Duration;

use serde_json::{json, Value};

/// The input of `kind` made of the fragments `a` and `b`, `size` characters long.
fn text(kind: &str, a: &str, b: &str, size: usize) -> String {
    let (unit, head, tail) = match kind {
        "repeat" => (a.to_owned(), "", ""),
        "pair" => (format!("{a}{b}"), "", ""),
        _ => (b.to_owned(), a, "!"),
    };
    let body = size.saturating_sub(head.chars().count() + tail.chars().count());
    let units = unit.repeat(body / unit.chars().count().max(1) + 1);
    let end = units.char_indices().nth(body).map_or(units.len(), |(at, _)| at);
    format!("{head}{}{tail}", &units[..end])
}

fn cpu_time() -> Duration {
    let mut spec = Timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes one timespec; CLOCK_PROCESS_CPUTIME_ID is 2 on Linux.
    unsafe { clock_gettime(2, &mut spec) };
    Duration::new(spec.tv_sec as u64, spec.tv_nsec as u32)
}

#[repr(C)]
struct Timespec {
    tv_sec: i64,
    tv_nsec: i64,
}

extern "C" {
    fn clock_gettime(clock: i32, spec: *mut Timespec) -> i32;
}

fn best(value: &str, runs: usize) -> f64 {
    (0..runs)
        .map(|_| {
            let start = cpu_time();
            std::hint::black_box(napkin_errors::scrub_text(value));
            (cpu_time() - start).as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("a spec on stdin");
    let spec: Value = serde_json::from_str(&input).expect("a JSON spec");
    let sizes: Vec<usize> = spec["sizes"].as_array().unwrap().iter().map(|s| s.as_u64().unwrap() as usize).collect();
    let (bound, floor) = (spec["bound"].as_f64().unwrap(), spec["floor"].as_f64().unwrap());
    for case in spec["inputs"].as_array().unwrap() {
        let part = |i: usize| case[i].as_str().unwrap();
        let mut times: Vec<f64> = vec![];
        let mut linear = true;
        for (i, size) in sizes.iter().enumerate() {
            let value = text(part(0), part(1), part(2), *size);
            let mut elapsed = best(&value, 1);
            // A steep step is timed again, interleaved, up to three rounds (see linear_probe.py).
            if let Some(last) = times.last_mut() {
                let steep = elapsed > bound * last.max(floor);
                for _ in 0..if steep { 3 } else { 0 } {
                    *last = last.min(best(&text(part(0), part(1), part(2), sizes[i - 1]), 1));
                    elapsed = elapsed.min(best(&value, 1));
                    let growth = elapsed / last.max(floor);
                    if growth <= bound || growth >= 3.0 * bound {
                        break;
                    }
                }
            }
            times.push(elapsed);
            if times.len() > 1 && elapsed > bound * times[times.len() - 2].max(floor) {
                linear = false;
                break;
            }
        }
        println!("{}", json!({"input": case, "times": times, "linear": linear}));
    }
}
