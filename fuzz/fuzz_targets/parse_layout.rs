//! The CuTe-notation parsers on arbitrary text: never panic; whatever
//! parses prints back to text that parses to the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(l) = text.parse::<cute_dynamic::Layout>() {
        let printed = l.to_string();
        assert_eq!(printed.parse::<cute_dynamic::Layout>().unwrap(), l);
        let _ = l.cosize();
        let _ = l.call(l.size() - 1);
    }
    if let Ok(t) = text.parse::<cute_dynamic::Tiler>() {
        assert_eq!(t.to_string().parse::<cute_dynamic::Tiler>().unwrap(), t);
    }
    if let Ok(c) = text.parse::<cute_dynamic::Coord>() {
        assert_eq!(c.to_string().parse::<cute_dynamic::Coord>().unwrap(), c);
    }
});
