//! The committed generated files of cute-static equal their generators'
//! output (regenerate with the commands in each generator's header).

#[path = "../examples/gen_tables.rs"]
#[allow(dead_code)]
mod gen_tables;

#[path = "../examples/gen_cross_check.rs"]
#[allow(dead_code)]
mod gen_cross_check;

#[test]
fn table_is_up_to_date() {
    assert!(
        gen_tables::generate() == include_str!("../../cute-static/src/data/table.rs"),
        "regenerate src/data/table.rs"
    );
}

#[test]
fn oracle_cases_are_up_to_date() {
    assert!(
        gen_cross_check::generate()
            == include_str!("../../cute-static/tests/generated/oracle_cases.rs"),
        "regenerate tests/generated/oracle_cases.rs"
    );
}

#[path = "../examples/gen_atoms.rs"]
#[allow(dead_code)]
mod gen_atoms;

#[test]
fn atoms_are_up_to_date() {
    assert!(
        gen_atoms::generate() == include_str!("../../cute-static/src/atom/generated.rs"),
        "regenerate src/atom/generated.rs"
    );
}
