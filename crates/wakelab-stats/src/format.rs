//! Number and header formatting matching Perl's `sprintf` as mmtests uses it.

/// `sprintf("%{width}.{prec}f", v)` as Perl prints it: NaN as `NaN`,
/// infinities as `Inf` / `-Inf`, right-aligned in `width`.
pub fn fixed(v: f64, width: usize, prec: usize) -> String {
    if v.is_nan() {
        format!("{:>width$}", "NaN")
    } else if v.is_infinite() {
        let s = if v > 0.0 { "Inf" } else { "-Inf" };
        format!("{s:>width$}")
    } else {
        format!("{v:>width$.prec$}")
    }
}

/// Split a kernel/test name over the two header lines the way
/// `Compare::_generateHeaderTable` does: cut at the first `-`, but if the text
/// following it contains `-rc<digit>` (Perl checks
/// `substr($name, $i, $i + 3) =~ /-rc[0-9]/`) move the cut four characters
/// further, so `5.10.0-rc6-schedstat` gives `("5.10.0-rc6", "schedstat")`
/// and `5.10.0-vanilla` gives `("5.10.0", "vanilla")`.
///
/// Deviation: a name without any `-` goes entirely on the second line (Perl
/// would print all but its last character on the first line and the whole
/// name on the second).
pub fn split_kernel_name(name: &str) -> (String, String) {
    let chars: Vec<char> = name.chars().collect();
    let Some(mut index) = chars.iter().position(|&c| c == '-') else {
        return (String::new(), name.to_string());
    };
    let end = (2 * index + 3).min(chars.len());
    let window = &chars[index..end];
    if window
        .windows(4)
        .any(|w| w[0] == '-' && w[1] == 'r' && w[2] == 'c' && w[3].is_ascii_digit())
    {
        index += 4;
    }
    let top: String = chars[..index.min(chars.len())].iter().collect();
    let bottom: String = chars
        .get(index + 1..)
        .map(|s| s.iter().collect())
        .unwrap_or_default();
    (top, bottom)
}

/// Render the two header lines: a blank field of `lead` characters, then
/// each name half right-aligned in `width` characters.
pub fn header_lines(kernels: &[String], lead: usize, width: usize) -> String {
    let parts: Vec<(String, String)> = kernels.iter().map(|k| split_kernel_name(k)).collect();
    let mut out = String::new();
    for line in 0..2 {
        out.push_str(&" ".repeat(lead));
        for (top, bottom) in &parts {
            let s = if line == 0 { top } else { bottom };
            out.push_str(&format!("{s:>width$}"));
        }
        out.push('\n');
    }
    out
}
