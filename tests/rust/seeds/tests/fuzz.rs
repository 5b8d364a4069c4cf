//! A fuzz target under `cargo test` (cargo-fuzz needs a nightly toolchain): every input of the
//! committed corpus (`tests/rust/fuzz/corpus/`), then `ERRGEN_FUZZ_CASES` inputs (default
//! 2,000) generated from a fixed seed (`ERRGEN_FUZZ_SEED`) — mutated corpus entries and
//! token soup of JSON's edge cases — go through every entry point of two generated crates,
//! on a thread with a small stack. Nothing may panic or abort, and what is read must write
//! back to the same text. tests/rust/test_rust_fuzz.py runs it (so `.ci/run` does).
use std::path::PathBuf;

const STACK: usize = 1 << 20;

/// xorshift64*: a tiny deterministic generator (no dependency).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

const TOKENS: &[&str] = &[
    "[", "]", "{", "}", ",", ":", " ", "\n", "\"", "\\", "\"code\":", "\"message\":", "\"status\":", "\"original\":",
    "\"isError\":", "\"structuredContent\":", "\"content\":", "\"type\":\"text\"", "\"text\":", "\"BAD_REQUEST\"",
    "\"UPSTREAM_ERROR\"", "\"invalid_input\"", "\"field\":", "\"allowed\":", "\"range\":", "\"provenance\":", "true",
    "false", "null", "0", "-0", "-0.0", "3.0", "4e2", "1e400", "-1e400", "1e-400", "9007199254740991",
    "9007199254740993", "18446744073709551616", "01", ".5", "1.", "NaN", "Infinity", "\"\\ud800\"", "\"\\udc00\\ud800\"",
    "\"\\ud83d\\ude00\"", "\"\\u0000\"", "\"a\tb\"", "\u{feff}", "\"é€😀\"", "\"password\":", "\"Bearer abc.def.ghi\"",
    "\"/home/alice/x\"", "\"min\":", "\"max\":", "\"retriable\":",
];

fn corpus() -> Vec<(String, Vec<u8>)> {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus");
    let mut files: Vec<_> = std::fs::read_dir(&folder).expect("the committed corpus").map(|e| e.unwrap().path()).collect();
    files.sort();
    files.into_iter().map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(p).unwrap())).collect()
}

fn generated(rng: &mut Rng, corpus: &[(String, Vec<u8>)]) -> Vec<u8> {
    match rng.below(4) {
        0 => {
            let mut bytes = rng.pick(corpus).1.clone();
            for _ in 0..=rng.below(8) {
                let at = if bytes.is_empty() { 0 } else { rng.below(bytes.len()) };
                match rng.below(5) {
                    0 if !bytes.is_empty() => bytes[at] = rng.next() as u8,
                    1 => bytes.splice(at..at, (*rng.pick(TOKENS)).bytes()).for_each(drop),
                    2 => bytes.truncate(at),
                    3 if !bytes.is_empty() => {
                        let end = (at + rng.below(64)).min(bytes.len());
                        let piece = bytes[at..end].to_vec();
                        bytes.splice(at..at, piece.iter().copied().cycle().take(piece.len() * rng.below(50)));
                    }
                    _ => bytes.splice(at..at, std::iter::repeat_n(*rng.pick(b"[{"), rng.below(3000))).for_each(drop),
                }
            }
            bytes.truncate(1 << 16);
            bytes
        }
        1 => (0..rng.below(256)).map(|_| rng.next() as u8).collect(),
        _ => {
            let mut text = String::new();
            for _ in 0..rng.below(120) {
                text.push_str(rng.pick::<&str>(TOKENS));
            }
            text.into_bytes()
        }
    }
}

macro_rules! entry_points {
    ($name:ident, $krate:ident) => {
        fn $name(bytes: &[u8], rng: &mut Rng) {
            use $krate as m;
            use m::{Json, JsonMap};
            let body = Json::from_body(bytes);
            let parsed = Json::from_slice(bytes);
            if let Ok(value) = &parsed {
                let text = value.to_string();
                let again = Json::parse(&text).expect("what was read writes back as JSON");
                assert_eq!(again.to_string(), text, "a value writes the same text twice");
                let _ = m::parse_result(value);
                let _ = m::parse_error(value);
                let _ = m::sanitize(value);
                if let Some(values) = value.as_object() {
                    let code = m::CODES[rng.below(m::CODES.len())].code;
                    if let Ok(error) = m::build_error(code, values, None) {
                        let again = m::parse_error(&Json::from(error.to_payload()));
                        assert_eq!(again.to_payload(), error.to_payload(), "a built error reads back");
                    }
                }
            }
            let text = String::from_utf8_lossy(bytes).into_owned();
            let mut block = JsonMap::new();
            block.insert("type", "text");
            block.insert("text", text.as_str());
            let mut result = JsonMap::new();
            result.insert("isError", true);
            result.insert("content", vec![Json::from(block)]);
            if let Some(error) = m::parse_result(&Json::from(result)) {
                let _ = (error.to_result(), error.to_jsonrpc_error(), error.to_string(), error.kind());
            }
            let status = *rng.pick(&[0u16, 100, 400, 404, 429, 500, 502, 599, 600, u16::MAX]);
            let headers = [("Retry-After", "5")];
            let headers = &headers[..rng.below(2)];
            if let Some(error) = m::map_http(status, Some(&text), Some(&body), headers) {
                let payload = error.to_payload();
                assert!(payload.get("message").and_then(Json::as_str).is_some_and(|m| !m.is_empty()));
            }
            let _ = m::scrub_text(&text);
            let _ = Json::from_serialize(&body);
        }
    };
}

entry_points!(napkin, napkin_errors);
entry_points!(workbook, workbook_errors);

#[test]
fn no_input_panics_or_aborts() {
    let cases: usize = std::env::var("ERRGEN_FUZZ_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(2_000);
    let seed: u64 = std::env::var("ERRGEN_FUZZ_SEED").ok().and_then(|n| n.parse().ok()).unwrap_or(20_240_611);
    let run = move || {
        let corpus = corpus();
        let mut rng = Rng(seed | 1);
        for (name, bytes) in &corpus {
            let replay = || {
                napkin(bytes, &mut Rng(seed | 1));
                workbook(bytes, &mut Rng(seed | 1));
            };
            if std::panic::catch_unwind(std::panic::AssertUnwindSafe(replay)).is_err() {
                panic!("corpus input {name} panicked");
            }
        }
        for case in 0..cases {
            let bytes = generated(&mut rng, &corpus);
            let check = || {
                let mut local = Rng(seed ^ case as u64 | 1);
                napkin(&bytes, &mut local);
                workbook(&bytes, &mut local);
            };
            if std::panic::catch_unwind(std::panic::AssertUnwindSafe(check)).is_err() {
                let kept = std::env::temp_dir().join(format!("errgen-fuzz-{seed}-{case}.bin"));
                std::fs::write(&kept, &bytes).unwrap();
                panic!("generated input {case} (seed {seed}) panicked; kept in {}", kept.display());
            }
        }
        println!("fuzz: {} corpus inputs and {cases} generated inputs (seed {seed}) passed", corpus.len());
    };
    std::thread::Builder::new().stack_size(STACK).spawn(run).unwrap().join().unwrap();
}
