//! The Rust driver of bench/parse.py: one catalog's generated parser (the dependency `generated`)
//! beside serde_json decoding the same inputs into a derived internally tagged enum (`plain.rs`,
//! written by bench/parse.py for the catalog), interleaved round by round.
//!
//!     driver time                 # spec on stdin; prints seconds per input of every entry and side
//!     driver count ENTRY SIDE N   # 2 warm passes, then N more of one side (for cachegrind)
#![allow(dead_code, clippy::all)]

mod plain;

use std::hint::black_box;
use std::io::Read;

use generated::{parse_error, parse_result_bytes, Json, ToolError};
use serde::Deserialize;

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

/// The decoded inputs: the results' JSON texts, the payloads as serde_json values and as the
/// runtime's `Json` (both decoded before timing), and each input's code.
struct Inputs {
    results: Vec<Vec<u8>>,
    values: Vec<serde_json::Value>,
    jsons: Vec<Json>,
    codes: Vec<String>,
}

fn typed(error: &ToolError, code: &str) -> bool {
    error.info().is_some() && error.code() == code
}

/// One pass over the inputs of `entry` by `side`; how many came back as their own code (the
/// check costs both sides alike: a string comparison).
fn pass(inputs: &Inputs, entry: &str, side: &str) -> usize {
    let mut good = 0;
    for (i, code) in inputs.codes.iter().enumerate() {
        let ok = match (entry, side) {
            ("result", "errgen") => black_box(parse_result_bytes(&inputs.results[i])).is_some_and(|e| typed(&e, code)),
            ("result", "plain") => black_box(serde_json::from_slice::<plain::PlainResult>(&inputs.results[i]))
                .is_ok_and(|r| r.structured.code() == code),
            ("payload", "errgen") => typed(&black_box(parse_error(&Json::from(&inputs.values[i]))), code),
            ("payload" | "payload_json", "plain") => {
                black_box(plain::Plain::deserialize(&inputs.values[i])).is_ok_and(|p| p.code() == code)
            }
            ("payload_json", "errgen") => typed(&black_box(parse_error(&inputs.jsons[i])), code),
            _ => panic!("no entry {entry} {side}"),
        };
        good += usize::from(ok);
    }
    good
}

fn strings(spec: &serde_json::Value, key: &str) -> Vec<String> {
    let items = spec[key].as_array().expect("a list in the spec");
    items.iter().map(|item| item.as_str().expect("strings").to_owned()).collect()
}

const ENTRIES: [&str; 3] = ["result", "payload", "payload_json"];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("a spec on stdin");
    let spec: serde_json::Value = serde_json::from_str(&input).expect("a JSON spec");
    let payloads = strings(&spec, "payloads");
    let values: Vec<serde_json::Value> =
        payloads.iter().map(|text| serde_json::from_str(text).expect("JSON payloads")).collect();
    let inputs = Inputs {
        results: strings(&spec, "results").into_iter().map(String::into_bytes).collect(),
        jsons: payloads.iter().map(|text| Json::parse(text).expect("JSON payloads")).collect(),
        values,
        codes: strings(&spec, "codes"),
    };
    if args.get(1).map(String::as_str) == Some("count") {
        let (entry, side) = (args[2].as_str(), args[3].as_str());
        let passes: usize = args[4].parse().expect("a number of passes");
        for _ in 0..2 + passes {
            pass(&inputs, entry, side);
        }
        return;
    }
    let rounds = spec["rounds"].as_u64().unwrap_or(7) as usize;
    let sample = spec["sample_s"].as_f64().unwrap_or(0.02);
    let n = inputs.codes.len();
    let mut out = serde_json::Map::new();
    for entry in ENTRIES {
        let checked: Vec<usize> = ["errgen", "plain"].iter().map(|side| pass(&inputs, entry, side)).collect();
        let start = cpu_seconds();
        pass(&inputs, entry, "errgen");
        pass(&inputs, entry, "plain");
        let once = (cpu_seconds() - start).max(1e-6);
        let reps = ((sample * 2.0 / once).ceil() as usize).max(1);
        let mut times = [Vec::new(), Vec::new()];
        for round in 0..rounds {
            let order = if round % 2 == 0 { [0, 1] } else { [1, 0] };
            for side in order {
                let name = ["errgen", "plain"][side];
                let start = cpu_seconds();
                for _ in 0..reps {
                    pass(&inputs, entry, name);
                }
                times[side].push((cpu_seconds() - start) / (reps * n) as f64);
            }
        }
        out.insert(
            entry.to_owned(),
            serde_json::json!({"errgen": times[0], "plain": times[1], "typed": checked[0], "plain_ok": checked[1],
                               "inputs": n, "reps": reps}),
        );
    }
    println!("{}", serde_json::Value::Object(out));
}
