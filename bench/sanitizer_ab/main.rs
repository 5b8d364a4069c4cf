//! The Rust driver of bench/sanitizer_ab.py: `scrub_text` of two runtimes (the crates `before`
//! and `after`), interleaved round by round on the texts of the spec on stdin; prints their CPU
//! times (seconds).
#![allow(dead_code, unused_imports, clippy::all)]

use std::io::Read;

#[repr(C)]
struct Timespec {
    tv_sec: i64,
    tv_nsec: i64,
}

extern "C" {
    fn clock_gettime(clock: i32, spec: *mut Timespec) -> i32;
}

fn cpu_seconds() -> f64 {
    let mut spec = Timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes one timespec; CLOCK_PROCESS_CPUTIME_ID is 2 on Linux.
    unsafe { clock_gettime(2, &mut spec) };
    spec.tv_sec as f64 + spec.tv_nsec as f64 / 1e9
}

fn cpu(run: fn(&str) -> String, text: &str) -> f64 {
    let start = cpu_seconds();
    let out = run(text);
    let used = cpu_seconds() - start;
    std::hint::black_box(out);
    used
}

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("a spec on stdin");
    let spec: serde_json::Value = serde_json::from_str(&input).expect("a JSON spec");
    let texts: Vec<String> = spec["texts"].as_array().expect("texts").iter().map(|t| t.as_str().expect("text").to_owned()).collect();
    let rounds = spec["rounds"].as_u64().expect("rounds");
    let runs: [(&str, fn(&str) -> String); 2] = [("before", before::scrub_text), ("after", after::scrub_text)];
    let mut times = serde_json::Map::new();
    let mut table: Vec<Vec<Vec<f64>>> = vec![vec![Vec::new(); texts.len()]; 2];
    for (_, run) in runs {
        run("warm up: compile the rules");
    }
    for round in 0..rounds {
        let order: [usize; 2] = if round % 2 == 0 { [0, 1] } else { [1, 0] };
        for (i, text) in texts.iter().enumerate() {
            for side in order {
                table[side][i].push(cpu(runs[side].1, text));
            }
        }
    }
    for (side, (name, _)) in runs.iter().enumerate() {
        times.insert((*name).to_owned(), serde_json::to_value(&table[side]).expect("numbers"));
    }
    println!("{}", serde_json::Value::Object(times));
}
