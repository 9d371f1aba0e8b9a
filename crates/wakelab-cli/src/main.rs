fn main() {
    println!("wakelab");
}
