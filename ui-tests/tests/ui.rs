//! trybuild: static programs that must compile and run (`ui/pass`), and
//! one program per diagnostic that must not compile, with its reviewed
//! `.stderr` (`ui/fail`). The first line of every static-algebra error
//! names the rule that failed, with no typenum type in it.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.pass("tests/ui/pass/*.rs");
    t.compile_fail("tests/ui/fail/*.rs");
}
