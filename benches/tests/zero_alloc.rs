//! The dynamic algebra allocates nothing on the heap for operands of rank ≤ 8
//! (the layouts of the benchmarks: Cecka's tables): a counting global
//! allocator (stats_alloc) counts every allocation made while the operations
//! run, and the count must be 0.

use std::alloc::System;

use benches::{COMPOSITIONS, DIVIDES, PRODUCTS, TABLE_LAYOUTS};
use cute_dynamic::Layout;
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

fn pairs(list: &[(&str, &str)]) -> Vec<(Layout, Layout)> {
    list.iter()
        .map(|(a, b)| (a.parse().unwrap(), b.parse().unwrap()))
        .collect()
}

#[test]
fn the_algebra_does_not_allocate() {
    let comp = pairs(COMPOSITIONS);
    let div = pairs(DIVIDES);
    let prod = pairs(PRODUCTS);
    let tab: Vec<Layout> = TABLE_LAYOUTS.iter().map(|s| s.parse().unwrap()).collect();
    let cos: Vec<i64> = tab.iter().map(|l| l.cosize().unwrap() * 2).collect();
    let mut results = Vec::with_capacity(1024);
    let region = Region::new(GLOBAL);
    for (a, b) in &comp {
        results.push(cute_dynamic::composition(a, b));
    }
    for (a, b) in &div {
        results.push(cute_dynamic::logical_divide(a, b));
    }
    for (a, b) in &prod {
        results.push(cute_dynamic::logical_product(a, b));
    }
    for (l, &m) in tab.iter().zip(&cos) {
        results.push(Ok(cute_dynamic::coalesce(l)));
        results.push(cute_dynamic::complement(l, m));
        results.push(cute_dynamic::right_inverse(l));
        results.push(cute_dynamic::left_inverse(l));
    }
    let stats = region.change();
    assert!(results.iter().all(Result::is_ok));
    assert_eq!(
        (stats.allocations, stats.reallocations),
        (0, 0),
        "the dynamic algebra allocated on the heap"
    );
    // The counter works: an allocation is seen.
    let region = Region::new(GLOBAL);
    let v: Vec<u8> = Vec::with_capacity(16);
    assert_eq!(region.change().allocations, 1);
    drop(v);
}
