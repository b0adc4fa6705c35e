//! The descriptor-grammar parser (and the coordinate-layout and swizzle
//! parsers) on arbitrary text: never panic; parse(print(parse(s))) ==
//! parse(s).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(d) = text.parse::<cute_dynamic::Descriptor>() {
        let again: cute_dynamic::Descriptor = d.to_string().parse().expect("printed descriptor parses");
        assert_eq!(again, d);
    }
    if let Ok(c) = text.parse::<cute_dynamic::CoordLayout>() {
        let again: cute_dynamic::CoordLayout = c.to_string().parse().expect("printed layout parses");
        assert_eq!(again, c);
    }
    let _ = cute_tools::apply("swizzle", &[text, "12345"]);
});
