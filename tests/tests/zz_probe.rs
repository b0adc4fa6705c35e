use cute_dynamic::*;
#[test]
fn probe() {
    for (a, b) in [("(4,1):(1,100)", "8:1"), ("(4,8):(2,64)", "((4,8),2):((16,1),8)"), ("(8,8):(1,16)", "((4,8),2):((16,1),8)")] {
        let a: Layout = a.parse().unwrap();
        let b: Tiler = b.parse().unwrap();
        println!("{a} o {b} = {:?}", composition(&a, &b));
    }
    for l in ["(4,8):(1,0)", "(4,8):(0,1)", "(4,(4,2)):(0,(1,0))", "(4,(4,2)):(1,(0,6))", "(4,(4,2)):(1,(0,12))"] {
        let l: Layout = l.parse().unwrap();
        println!("{l}: li {:?} ri {:?} c {:?}", left_inverse(&l), right_inverse(&l), complement_default(&l));
    }
    println!("{:?}", complement(&"4:1".parse().unwrap(), 4));
}
